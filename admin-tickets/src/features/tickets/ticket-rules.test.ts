import { describe, expect, it } from 'vitest';
import { aTicket } from '@tdk/shared-ui/testing';
import { isOutsideWindow, matchesTicketSearch, summarise, validityOf } from './ticket-rules';

// 00:10 on 1 March in India is still 28 February in UTC.
const earlyMorningIst = new Date('2027-02-28T18:40:00Z');
const lateNightIst = new Date('2027-03-01T18:20:00Z'); // 23:50 on 1 March in India

describe('the validity window', () => {
  it("is 'Anytime' without dates", () => {
    expect(validityOf({ validFrom: null, validUntil: null })).toBe('anytime');
  });

  it("starts at the start of validFrom's day in India", () => {
    expect(validityOf({ validFrom: '2027-03-01', validUntil: null }, earlyMorningIst)).toBe('current');
    expect(validityOf({ validFrom: '2027-03-02', validUntil: null }, lateNightIst)).toBe('upcoming');
  });

  it("ends at the end of validUntil's day in India", () => {
    expect(validityOf({ validFrom: null, validUntil: '2027-03-01' }, lateNightIst)).toBe('current');
    expect(validityOf({ validFrom: null, validUntil: '2027-02-28' }, earlyMorningIst)).toBe('ended');
    expect(isOutsideWindow({ validFrom: null, validUntil: '2027-02-28' }, earlyMorningIst)).toBe(true);
  });
});

describe('tickets', () => {
  it('searches ticket name, event name and category', () => {
    const ticket = aTicket({ name: 'Early Bird', eventName: 'Pune Hill Run', category: 'Student' });
    expect(['early', 'HILL', 'stud'].every((q) => matchesTicketSearch(ticket, q))).toBe(true);
    expect(matchesTicketSearch(ticket, 'vip')).toBe(false);
  });

  it('sums the four cards as the spec says', () => {
    const summary = summarise([
      aTicket({ status: 'Active', quantity: 100, sold: 40, price: 500 }),
      aTicket({ status: 'Active', quantity: 50, sold: 50, price: 200 }),
      aTicket({ status: 'Expired', quantity: 30, sold: 10, price: 100 }),
    ]);
    expect(summary).toEqual({ activeQuantity: 150, activeTypes: 2, sold: 100, available: 80, revenue: 31000 });
  });
});
