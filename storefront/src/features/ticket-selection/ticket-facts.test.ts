import { describe, expect, it } from 'vitest';
import { aTicket } from '@tdk/shared-ui/testing';
import { ticketFacts } from './ticket-facts';

describe('ticketFacts', () => {
  it('says a team size, the ages and the gender a ticket type is for', () => {
    expect(ticketFacts(aTicket({ teamMin: 4, teamMax: 4, minAge: 18, gender: 'female' }))).toEqual([
      { key: 'ticketFact.team', values: { count: 4 } },
      { key: 'ticketFact.minAge', values: { min: 18 } },
      { key: 'ticketFact.female' },
    ]);
    expect(ticketFacts(aTicket({ teamMin: 7, teamMax: 11, minAge: 10, maxAge: 14 }))).toEqual([
      { key: 'ticketFact.teamRange', values: { min: 7, max: 11 } },
      { key: 'ticketFact.ageRange', values: { min: 10, max: 14 } },
    ]);
    expect(ticketFacts(aTicket({ teamMin: 4, teamMax: null, maxAge: 12, gender: 'male' }))).toEqual([
      { key: 'ticketFact.team', values: { count: 4 } },
      { key: 'ticketFact.maxAge', values: { max: 12 } },
      { key: 'ticketFact.male' },
    ]);
  });

  it('says nothing of a ticket open to anyone', () => {
    expect(ticketFacts(aTicket())).toEqual([]);
  });
});
