// An order's fee lines as they were frozen at the sale (decision 060): read from
// order_lines.fee_paise / fee_gst_paise, never recomputed from today's event or settings.
import { eq, sql } from 'drizzle-orm';
import type { QuoteFeeLine } from '../contract';
import type { Db } from '../db/client';
import { orderLines, registrations } from '../db/schema';
import { CONVENIENCE_FEE_GST_RATE } from './pricing';

/**
 * The order's convenience-fee line (empty when no ticket paid one). Its quantity is the attendees
 * who paid a fee (their registrations' frozen fee_paise), or, before the order's attendees exist
 * (an unpaid order, decision 040), the tickets of the lines that carry one.
 */
export async function orderFeeLines(db: Db, orderId: string): Promise<QuoteFeeLine[]> {
  const [sums] = await db
    .select({
      feePaise: sql<number>`coalesce(sum(${orderLines.feePaise}), 0)`.mapWith(Number),
      gstPaise: sql<number>`coalesce(sum(${orderLines.feeGstPaise}), 0)`.mapWith(Number),
      lineQuantity:
        sql<number>`coalesce(sum(case when ${orderLines.feePaise} > 0 then ${orderLines.quantity} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  if (!sums || sums.feePaise + sums.gstPaise === 0) return [];
  const [paying] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(registrations)
    .where(sql`${registrations.orderId} = ${orderId} and ${registrations.feePaise} > 0`);
  return [
    {
      kind: 'convenience',
      quantity: paying && paying.n > 0 ? paying.n : sums.lineQuantity,
      feePaise: sums.feePaise,
      gstRate: CONVENIENCE_FEE_GST_RATE,
      gstPaise: sums.gstPaise,
      totalPaise: sums.feePaise + sums.gstPaise,
    },
  ];
}
