import { describe, expect, it } from 'vitest';
import { validityOf } from './ticket-rules';

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
  });
});
