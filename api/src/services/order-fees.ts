// An order's fee lines as they were frozen at the sale (decision 060): read from
// order_lines.fee_paise / fee_gst_paise, never recomputed from today's event or settings.
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { QuoteFeeLine } from '../contract';
import type { Db } from '../db/client';
import { orderLines, registrations } from '../db/schema';
import { CONVENIENCE_FEE_GST_RATE } from './pricing';

/**
 * Each order's convenience-fee line (an order without a fee is absent from the map). Its quantity
 * is the attendees who paid a fee (their registrations' frozen fee_paise), or, before the order's
 * attendees exist (an unpaid order, decision 040), the tickets of the lines that carry one.
 */
export async function feeLinesOfOrders(db: Db, orderIds: string[]): Promise<Map<string, QuoteFeeLine[]>> {
  const found = new Map<string, QuoteFeeLine[]>();
  if (orderIds.length === 0) return found;
  const sums = await db
    .select({
      orderId: orderLines.orderId,
      feePaise: sql<number>`coalesce(sum(${orderLines.feePaise}), 0)`.mapWith(Number),
      gstPaise: sql<number>`coalesce(sum(${orderLines.feeGstPaise}), 0)`.mapWith(Number),
      lineQuantity:
        sql<number>`coalesce(sum(case when ${orderLines.feePaise} > 0 then ${orderLines.quantity} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), gt(orderLines.feePaise, 0)))
    .groupBy(orderLines.orderId);
  if (sums.length === 0) return found;
  const paying = new Map(
    (
      await db
        .select({ orderId: registrations.orderId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(registrations)
        .where(
          and(
            inArray(
              registrations.orderId,
              sums.map((s) => s.orderId),
            ),
            gt(registrations.feePaise, 0),
          ),
        )
        .groupBy(registrations.orderId)
    ).map((r) => [r.orderId, r.n]),
  );
  for (const s of sums) {
    found.set(s.orderId, [
      {
        kind: 'convenience',
        quantity: paying.get(s.orderId) || s.lineQuantity,
        feePaise: s.feePaise,
        gstRate: CONVENIENCE_FEE_GST_RATE,
        gstPaise: s.gstPaise,
        totalPaise: s.feePaise + s.gstPaise,
      },
    ]);
  }
  return found;
}

/** One order's convenience-fee line; empty when no ticket paid one. */
export async function orderFeeLines(db: Db, orderId: string): Promise<QuoteFeeLine[]> {
  return (await feeLinesOfOrders(db, [orderId])).get(orderId) ?? [];
}
