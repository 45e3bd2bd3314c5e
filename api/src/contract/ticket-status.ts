// A ticket type's status as buyers and staff see it (decision 036): staff set only whether it is on
// sale (Active) or not yet / paused (Upcoming); it is Expired once its last valid day is past and
// Sold Out while no seat is left, whatever was set. One function, for the API and any screen.
import type { TicketSaleSetting, TicketStatus } from './types';

export function ticketStatusOf(
  ticket: { setting: TicketSaleSetting; available: number; validFrom: string | null; validUntil: string | null },
  /** India's day, 'YYYY-MM-DD'. */
  today: string,
): TicketStatus {
  if (ticket.validUntil && ticket.validUntil.slice(0, 10) < today) return 'Expired';
  if (ticket.setting === 'Upcoming' || (ticket.validFrom && ticket.validFrom.slice(0, 10) > today)) return 'Upcoming';
  return ticket.available <= 0 ? 'Sold Out' : 'Active';
}
