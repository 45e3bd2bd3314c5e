import { describe, expect, it } from 'vitest';
import { demandLine, offerState } from './offer-state';

describe('offerState', () => {
  it('names each state, an offer with its end in India time and a used one with its order', () => {
    expect(offerState({ status: 'waiting', offerExpiresAt: null, orderId: null })).toEqual({ label: 'Waiting', tone: 'grey' });
    expect(offerState({ status: 'offered', offerExpiresAt: '2026-03-01T20:00:00.000Z', orderId: null }).label).toBe(
      'Offered until 2 Mar 2026, 1:30 am',
    );
    expect(offerState({ status: 'used', offerExpiresAt: null, orderId: 'TDK_1' }).label).toBe('Used (order TDK_1)');
    expect(offerState({ status: 'expired', offerExpiresAt: null, orderId: null }).label).toBe('Expired');
  });
});

describe('demandLine', () => {
  it('counts people and seats', () => {
    expect(demandLine({ people: 0, seats: 0 })).toBe('Nobody is waiting');
    expect(demandLine({ people: 1, seats: 1 })).toBe('1 person wants 1 seat');
    expect(demandLine({ people: 3, seats: 5 })).toBe('3 people want 5 seats');
  });
});
