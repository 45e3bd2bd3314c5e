import { describe, expect, it } from 'vitest';
import { bookingOpensMessage, bookingOpensOn, capacityMessage, isBookingOpen } from './platform-limits';

describe('booking window', () => {
  it('opens the given number of days before the event, by India date', () => {
    expect(bookingOpensOn('2027-03-15', 90)).toBe('2026-12-15');
    expect(isBookingOpen('2027-03-15', 90, '2026-12-14')).toBe(false);
    expect(isBookingOpen('2027-03-15', 90, '2026-12-15')).toBe(true);
    expect(bookingOpensMessage('2027-03-15', 90)).toBe('Booking opens on 15 December 2026');
  });
});

it('names the capacity in Indian digits', () => {
  expect(capacityMessage(10000)).toBe("Max participants must be at most 10,000 (the platform's max event capacity)");
});
