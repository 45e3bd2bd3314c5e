import { describe, expect, it } from 'vitest';
import { numberOrNull, ticketFacts, validityOf } from './ticket-rules';

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

describe("a ticket type's facts", () => {
  const open = { minAge: null, maxAge: null, gender: null, teamMin: null, teamMax: null, bibFrom: null, bibTo: null };

  it('are none for an open ticket for one person without bibs', () => {
    expect(ticketFacts(open)).toEqual([]);
  });

  it('give the ages on the event day and the gender', () => {
    expect(ticketFacts({ ...open, minAge: 18, gender: 'female' })).toEqual(['18+', 'Women']);
    expect(ticketFacts({ ...open, minAge: 18, maxAge: 35, gender: 'male' })).toEqual(['18–35', 'Men']);
    expect(ticketFacts({ ...open, maxAge: 14 })).toEqual(['Up to 14']);
    expect(ticketFacts({ ...open, minAge: 12, maxAge: 12, gender: 'other' })).toEqual(['Age 12', 'Other gender']);
  });

  it('give the team size and the bibs', () => {
    expect(ticketFacts({ ...open, teamMin: 4, teamMax: 4 })).toEqual(['Team of 4']);
    expect(ticketFacts({ ...open, teamMin: 7, teamMax: 11, bibFrom: 1001, bibTo: 2999 })).toEqual([
      'Team of 7–11',
      'Bibs 1001–2999',
    ]);
  });
});

describe('an optional number of the ticket form', () => {
  it('is null when empty, else its number', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('18')).toBe(18);
    expect(numberOrNull('0')).toBe(0);
  });
});
