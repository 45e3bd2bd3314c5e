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

/** Hidden unless 'Show expired tickets' is on: a ticket whose window excludes today. */
export const isOutsideWindow = (ticket: Pick<Ticket, 'validFrom' | 'validUntil'>, now?: Date) => {
  const state = validityOf(ticket, now);
  return state === 'upcoming' || state === 'ended';
};

/** 'Search tickets...': ticket name, event name or category, case-insensitive. */
export function matchesTicketSearch(ticket: Ticket, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [ticket.name, ticket.eventName, ticket.category].some((text) => text.toLowerCase().includes(needle));
}

export interface TicketSummary {
  /** Total quantity of Active tickets. */
  activeQuantity: number;
  /** How many ticket types are Active. */
  activeTypes: number;
  sold: number;
  /** Quantity minus sold, summed. */
  available: number;
  /** Sold × price, summed. */
  revenue: number;
}

export function summarise(tickets: readonly Ticket[]): TicketSummary {
  const active = tickets.filter((t) => t.status === 'Active');
  return {
    activeQuantity: active.reduce((n, t) => n + t.quantity, 0),
    activeTypes: active.length,
    sold: tickets.reduce((n, t) => n + t.sold, 0),
    available: tickets.reduce((n, t) => n + Math.max(0, t.quantity - t.sold), 0),
    revenue: tickets.reduce((n, t) => n + t.sold * t.price, 0),
  };
}
