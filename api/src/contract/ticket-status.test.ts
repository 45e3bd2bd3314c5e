import { describe, expect, it } from 'vitest';
import { ticketStatusOf } from './ticket-status';

const today = '2026-11-28';
const on = { setting: 'Active' as const, available: 10, validFrom: null, validUntil: null };

describe("a ticket type's status", () => {
  it('is what staff set while it has seats and is in its dates', () => {
    expect(ticketStatusOf(on, today)).toBe('Active');
    expect(ticketStatusOf({ ...on, setting: 'Upcoming' }, today)).toBe('Upcoming');
    expect(ticketStatusOf({ ...on, validFrom: '2026-11-28', validUntil: '2026-11-28' }, today)).toBe('Active');
  });

  it('is Sold Out with no seat left, whatever the counters were set to', () => {
    expect(ticketStatusOf({ ...on, available: 0 }, today)).toBe('Sold Out');
    expect(ticketStatusOf({ ...on, available: -2 }, today)).toBe('Sold Out');
  });

  it('is Expired after its last valid day (India), and Upcoming before its first', () => {
    expect(ticketStatusOf({ ...on, validUntil: '2026-11-27' }, today)).toBe('Expired');
    expect(ticketStatusOf({ ...on, available: 0, validUntil: '2026-11-27T23:59' }, today)).toBe('Expired');
    expect(ticketStatusOf({ ...on, setting: 'Upcoming', validUntil: '2026-11-01' }, today)).toBe('Expired');
    expect(ticketStatusOf({ ...on, validFrom: '2026-11-29' }, today)).toBe('Upcoming');
  });
});
