// The money taken (issues 27 and 40, decision 036): what buyers paid for their attendees, less what
// was refunded to them. Every figure of money taken on every screen (Events' Revenue column and
// sort, Tickets' and Registrations' Total Revenue, the dashboard, Analytics, top events) is a sum of
// this one per-attendee amount, so the screens agree; nothing estimates revenue from prices,
// capacity or seats sold.
import { sql } from 'drizzle-orm';
import { registrations } from '../db/schema';

/** One attendee's takings in paise: their price when paid (or later refunded), less what was refunded to them. */
export const attendeeTakenPaise = sql<number>`case when ${registrations.paymentStatus} in ('Paid', 'Refunded') then ${registrations.amountPaise} - ${registrations.refundedPaise} else 0 end`;

/** The takings of the registrations a query aggregates (its FROM and WHERE choose them). */
export const takenPaise = () => sql<number>`coalesce(sum(${attendeeTakenPaise}), 0)`.mapWith(Number);

/**
 * An event's takings in paise, as a correlated subquery on the `events` row of the query it is
 * selected or sorted in (one statement per list page). It names `events.id` itself: drizzle drops
 * the table from column names in a single-table select.
 */
export function netTakenPaise() {
  return sql<number>`(select coalesce(sum(${attendeeTakenPaise}), 0) from registrations where registrations.event_id = events.id)`;
}
