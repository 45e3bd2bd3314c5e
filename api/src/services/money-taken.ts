// The money an event has actually taken (issue 27): what its buyers paid, less what was refunded.
// Events Management's Revenue column reads it; nothing estimates revenue from prices or capacity.
import { sql } from 'drizzle-orm';

/**
 * An event's net takings in paise, as a correlated subquery on the `events` row of the query it is
 * selected or sorted in (one statement per list page): the amounts of its PAID orders less the
 * refunds given to their attendees (`refunded_paise`, their shares of the refund rows, decision
 * 022), as Analytics counts revenue. Registrations from before orders existed (no order) count by
 * their own Paid amount less what was refunded, as the dashboard counts them, so the screens agree.
 * It names `events.id` itself: drizzle drops the table from column names in a single-table select.
 * Every screen that shows an event's money taken goes through this one expression.
 */
export function netTakenPaise() {
  return sql<number>`(coalesce((
    select sum(o.amount_paise) from orders o where o.event_id = events.id and o.status = 'PAID'
  ), 0) - coalesce((
    select sum(r.refunded_paise) from registrations r where r.event_id = events.id and r.order_id is not null
  ), 0) + coalesce((
    select sum(r.amount_paise - r.refunded_paise) from registrations r
    where r.event_id = events.id and r.order_id is null and r.payment_status in ('Paid', 'Refunded')
  ), 0))`;
}
