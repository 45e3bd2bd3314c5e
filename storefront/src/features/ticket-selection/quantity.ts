import { MAX_ATTENDEES_PER_ORDER, MAX_TICKETS_PER_LINE, type Ticket } from '@tdk/api/contract';

/** A typed or stepped quantity as a whole number between 0 and the tickets available. */
export function clampQuantity(value: number, available: number): number {
  const max = Math.max(0, Math.floor(Number.isFinite(available) ? available : 0));
  if (!Number.isFinite(value)) return 0;
  return Math.min(max, Math.max(0, Math.floor(value)));
}

/**
 * The most seats of a type one order may take: staff's maximum (decision 027); when unknown, 10,
 * or a whole order's attendees for a team entry.
 */
export const perOrderMaximum = (ticket: Partial<Pick<Ticket, 'maxPerOrder' | 'teamMin'>>): number =>
  Math.min(MAX_ATTENDEES_PER_ORDER, ticket.maxPerOrder ?? (ticket.teamMin ? MAX_ATTENDEES_PER_ORDER : MAX_TICKETS_PER_LINE));

/**
 * The most of one ticket type a visitor can pick: what is available, up to the type's per-order
 * maximum (the API refuses more). A team entry's quantity counts teams: as many teams of its fewest
 * members as the places available and the type's maximum allow.
 */
export function purchasableQuantity(
  ticket: Pick<Ticket, 'available'> & Partial<Pick<Ticket, 'teamMin' | 'maxPerOrder'>>,
): number {
  const available = Math.max(0, Math.floor(ticket.available));
  const teamMin = ticket.teamMin ?? 0;
  if (teamMin > 0) return Math.floor(Math.min(available, perOrderMaximum(ticket)) / teamMin);
  return Math.min(available, perOrderMaximum(ticket));
}

export interface SelectionLine {
  ticket: Ticket;
  /** Tickets, or a team entry's teams. */
  quantity: number;
  /** Rupees, computed in paise so that 0.1 + 0.2 never shows up (a team entry's: see orderSummary). */
  subtotal: number;
}

export type Quantities = Record<number, number>;

export function selectionLines(tickets: Ticket[], quantities: Quantities): SelectionLine[] {
  return tickets
    .map((ticket) => {
      const quantity = clampQuantity(quantities[ticket.id] ?? 0, purchasableQuantity(ticket));
      return { ticket, quantity, subtotal: (Math.round(ticket.price * 100) * quantity) / 100 };
    })
    .filter((line) => line.quantity > 0);
}

export const selectionTotal = (lines: SelectionLine[]) =>
  lines.reduce((paise, line) => paise + Math.round(line.subtotal * 100), 0) / 100;

export const selectionCount = (lines: SelectionLine[]) => lines.reduce((n, line) => n + line.quantity, 0);
