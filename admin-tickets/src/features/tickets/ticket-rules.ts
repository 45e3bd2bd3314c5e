// The Tickets Management rules of SPEC.md section 2, apart from the screen so they are tested alone.
import type { Gender, Ticket } from '@tdk/api/contract';
import { indiaDateKey } from '@tdk/shared-ui';

export type ValidityState = 'anytime' | 'upcoming' | 'current' | 'ended';

/**
 * Where today (in Asia/Kolkata) falls in a ticket's validity window, which runs from the start of
 * validFrom's day to the end of validUntil's day. Dates compare as YYYY-MM-DD keys of India's day.
 */
export function validityOf(ticket: Pick<Ticket, 'validFrom' | 'validUntil'>, now: Date = new Date()): ValidityState {
  if (!ticket.validFrom && !ticket.validUntil) return 'anytime';
  const today = indiaDateKey(now);
  const from = ticket.validFrom ? indiaDateKey(`${ticket.validFrom.slice(0, 10)}T12:00:00+05:30`) : null;
  const until = ticket.validUntil ? indiaDateKey(`${ticket.validUntil.slice(0, 10)}T12:00:00+05:30`) : null;
  if (from && today < from) return 'upcoming';
  if (until && today > until) return 'ended';
  return 'current';
}

/** A ticket category's gender as the list shows it. */
export const GENDER_FACTS: Record<Gender, string> = { male: 'Men', female: 'Women', other: 'Other gender' };

/** A ticket category's gender as the form offers it; `Any` is the open category (null). */
export const GENDER_CHOICES: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

type Facts = Pick<Ticket, 'minAge' | 'maxAge' | 'gender' | 'teamMin' | 'teamMax' | 'bibFrom' | 'bibTo'>;

function ageFact(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return min === max ? `Age ${min}` : `${min}–${max}`;
  if (min !== null) return `${min}+`;
  if (max !== null) return `Up to ${max}`;
  return null;
}

/**
 * The small facts the list shows under a ticket type's name, those that are set, in order: its
 * ages ("18+", "18–35", "Up to 14") and gender ("Women"), team size ("Team of 4", "Team of 7–11")
 * and bibs ("Bibs 1001–2999").
 */
export function ticketFacts(ticket: Facts): string[] {
  const facts: string[] = [];
  const age = ageFact(ticket.minAge, ticket.maxAge);
  if (age) facts.push(age);
  if (ticket.gender) facts.push(GENDER_FACTS[ticket.gender]);
  if (ticket.teamMin !== null) {
    const max = ticket.teamMax ?? ticket.teamMin;
    facts.push(max === ticket.teamMin ? `Team of ${max}` : `Team of ${ticket.teamMin}–${max}`);
  }
  if (ticket.bibFrom !== null && ticket.bibTo !== null) facts.push(`Bibs ${ticket.bibFrom}–${ticket.bibTo}`);
  return facts;
}

/** A number input of the ticket form whose empty value means "none": null, else its number. */
export const numberOrNull = (value: unknown): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  return Number(value);
};
