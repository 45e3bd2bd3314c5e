import { describe, expect, it } from 'vitest';
import { EVENT_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES, TICKET_STATUSES } from '@tdk/api/contract';
import {
  EVENT_STATUS_TONES,
  PAYMENT_STATUS_TONES,
  REGISTRATION_STATUS_TONES,
  TICKET_STATUS_TONES,
  eventStatusTone,
  paymentStatusTone,
  registrationStatusTone,
  ticketStatusTone,
} from './status-tones';

// Each expectation is copied from SPEC.md section 4.
describe('event status tones', () => {
  it.each([
    ['Active', 'green'],
    ['Upcoming', 'blue'],
    ['Completed', 'grey'],
    ['Draft', 'yellow'],
  ])('%s is %s', (status, tone) => {
    expect(eventStatusTone(status)).toBe(tone);
  });
  it('covers every event status of the contract', () => {
    expect(Object.keys(EVENT_STATUS_TONES).sort()).toEqual([...EVENT_STATUSES].sort());
  });
});

describe('ticket status tones', () => {
  it.each([
    ['Active', 'green'],
    ['Upcoming', 'blue'],
    ['Sold Out', 'red'],
    ['Expired', 'grey'],
  ])('%s is %s', (status, tone) => {
    expect(ticketStatusTone(status)).toBe(tone);
  });
  it('covers every ticket status of the contract', () => {
    expect(Object.keys(TICKET_STATUS_TONES).sort()).toEqual([...TICKET_STATUSES].sort());
  });
});

describe('registration status tones', () => {
  it.each([
    ['Confirmed', 'green'],
    ['Pending', 'yellow'],
    ['Cancelled', 'red'],
    ['Checked-In', 'blue'],
    ['No-Show', 'grey'],
  ])('%s is %s', (status, tone) => {
    expect(registrationStatusTone(status)).toBe(tone);
  });
  it('covers every registration status of the contract', () => {
    expect(Object.keys(REGISTRATION_STATUS_TONES).sort()).toEqual([...REGISTRATION_STATUSES].sort());
  });
});

describe('payment status tones', () => {
  it.each([
    ['Paid', 'green'],
    ['Pending', 'yellow'],
    ['Failed', 'red'],
    ['Refunded', 'grey'],
  ])('%s is %s', (status, tone) => {
    expect(paymentStatusTone(status)).toBe(tone);
  });
  it('covers every payment status of the contract', () => {
    expect(Object.keys(PAYMENT_STATUS_TONES).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });
});

describe('unknown statuses', () => {
  it.each([eventStatusTone, ticketStatusTone, registrationStatusTone, paymentStatusTone])('%o falls back to grey', (toneOf) => {
    for (const value of ['Archived', 'active', '', null, undefined, 'toString', '__proto__']) {
      expect(toneOf(value)).toBe('grey');
    }
  });
});
