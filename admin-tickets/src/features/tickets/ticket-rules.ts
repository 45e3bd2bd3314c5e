// The Tickets Management rules of SPEC.md section 2, apart from the screen so they are tested alone.
import type { Ticket } from '@tdk/api/contract';
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
