// The money an event has actually taken (issue 27): what its buyers paid, less what was refunded.
// Events Management's Revenue column reads it; nothing estimates revenue from prices or capacity.
import { sql } from 'drizzle-orm';

/**
 * An event's net takings in paise, as a correlated subquery on the `events` row of the query it is
 * selected or sorted in (one statement per list page): the amounts of its PAID orders. It names
 * `events.id` itself: drizzle drops the table from column names in a single-table select.
 * Registrations from before orders existed (no order) count by their own Paid amount, as the
 * dashboard's revenue counts them, so the two screens agree. Refunds are subtracted here, from their own rows, once they
 * exist; every screen that shows money taken goes through this one expression.
 */
export function netTakenPaise() {
  return sql<number>`(coalesce((
    select sum(o.amount_paise) from orders o where o.event_id = events.id and o.status = 'PAID'
  ), 0) + coalesce((
    select sum(r.amount_paise) from registrations r
    where r.event_id = events.id and r.order_id is null and r.payment_status = 'Paid'
  ), 0))`;
}
