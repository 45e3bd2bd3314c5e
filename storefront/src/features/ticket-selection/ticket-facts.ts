// Who a ticket type is for (issue 23), as the short facts its card shows: a team's size, the ages
// on the event day and the one gender of a category. The words are the storefront catalogue's.
import type { Ticket } from '@tdk/api/contract';

export type TicketFactKey =
  | 'ticketFact.team'
  | 'ticketFact.teamRange'
  | 'ticketFact.minAge'
  | 'ticketFact.maxAge'
  | 'ticketFact.ageRange'
  | 'ticketFact.female'
  | 'ticketFact.male'
  | 'ticketFact.other';

export interface TicketFact {
  key: TicketFactKey;
  values?: Record<string, number>;
}

const GENDER_FACT = { female: 'ticketFact.female', male: 'ticketFact.male', other: 'ticketFact.other' } as const;

/** 'Team of 4' or 'Team of 7–11'; undefined for a ticket for one person. */
export function teamFact(ticket: Pick<Ticket, 'teamMin' | 'teamMax'>): TicketFact | undefined {
  if (ticket.teamMin === null || ticket.teamMin <= 0) return undefined;
  const max = ticket.teamMax ?? ticket.teamMin;
  return max > ticket.teamMin
    ? { key: 'ticketFact.teamRange', values: { min: ticket.teamMin, max } }
    : { key: 'ticketFact.team', values: { count: ticket.teamMin } };
}

/** Its facts in the order a card shows them: team, ages, gender. */
export function ticketFacts(ticket: Pick<Ticket, 'teamMin' | 'teamMax' | 'minAge' | 'maxAge' | 'gender'>): TicketFact[] {
  const facts: TicketFact[] = [];
  const team = teamFact(ticket);
  if (team) facts.push(team);
  const { minAge: min, maxAge: max } = ticket;
  if (min !== null && max !== null) facts.push({ key: 'ticketFact.ageRange', values: { min, max } });
  else if (min !== null) facts.push({ key: 'ticketFact.minAge', values: { min } });
  else if (max !== null) facts.push({ key: 'ticketFact.maxAge', values: { max } });
  if (ticket.gender) facts.push({ key: GENDER_FACT[ticket.gender] });
  return facts;
}
