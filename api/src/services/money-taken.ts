// The money taken (issues 27 and 40, decision 036): what buyers paid for their attendees, less what
// was refunded to them. Every figure of money taken on every screen (Events' Revenue column and
// sort, Tickets' and Registrations' Total Revenue, the dashboard, Analytics, top events) is a sum of
// this one per-attendee amount, so the screens agree; nothing estimates revenue from prices,
// capacity or seats sold.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, registrations } from '../db/schema';

/** One attendee's takings in paise: their price when paid (or later refunded), less what was refunded to them. */
export const attendeeTakenPaise = sql<number>`case when ${registrations.paymentStatus} in ('Paid', 'Refunded') then ${registrations.amountPaise} - ${registrations.refundedPaise} else 0 end`;

/** The takings of the registrations a query aggregates (its FROM and WHERE choose them). */
export const takenPaise = () => sql<number>`coalesce(sum(${attendeeTakenPaise}), 0)`.mapWith(Number);

/**
 * An event's takings in paise as counted from its attendees (the recount of events.taken_paise),
 * as a correlated subquery on the `events` row of the query it is
 * selected or sorted in (one statement per list page). It names `events.id` itself: drizzle drops
 * the table from column names in a single-table select.
 */
export function netTakenPaise() {
  return sql<number>`(select coalesce(sum(${attendeeTakenPaise}), 0) from registrations where registrations.event_id = events.id)`;
}

/**
 * An event's takings in paise as the lists read and sort them: events.taken_paise, the cache the
 * database keeps in step with every change to an attendee's payment state, price or refund
 * (triggers on registrations, decision 041), so a page sorted by revenue walks events_taken_idx
 * instead of summing every event's attendees. recountMoneyTaken() checks and mends it.
 */
export const cachedTakenPaise = () => events.takenPaise;

/**
 * Recounts events' takings (one event's, or every event's) from their attendees and writes the
 * recount over the cache where they differ; answers the ids of the events it corrected (none while
 * the triggers keep it, which the tests check after random sequences of sales and refunds).
 */
export async function recountMoneyTaken(tx: Db, eventId?: number): Promise<number[]> {
  const counted = netTakenPaise();
  const drifted = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eventId === undefined ? undefined : eq(events.id, eventId), ne(events.takenPaise, counted)));
  const ids = drifted.map((row) => row.id);
  if (ids.length > 0) await tx.update(events).set({ takenPaise: counted }).where(inArray(events.id, ids));
  return ids;
}
