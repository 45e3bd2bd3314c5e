// The payment that paid an order, read where it lives (decision 036): the order's first SUCCESS row
// in `payments`. A second one is a payment made twice (two tabs), recorded and given back; a free
// order's is a row of 0 paise with no provider id. The order keeps no copy of it.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';

export interface OrderPayment {
  /** The provider's id of the payment; null for a free order or one paid offline. */
  providerPaymentId: string | null;
  /** SPEC's words: 'UPI', 'Credit Card', 'Net Banking', 'Free'… */
  method: string;
  paidAt: string;
}

const paymentColumns = {
  orderId: payments.orderId,
  providerPaymentId: payments.providerPaymentId,
  method: payments.method,
  paidAt: payments.paidAt,
};

/** The payment that paid each of these orders, by order id (orders not paid are absent). */
export async function paymentsOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderPayment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .where(and(inArray(payments.orderId, [...new Set(orderIds)]), eq(payments.status, 'SUCCESS')))
    .orderBy(asc(payments.id));
  const byOrder = new Map<string, OrderPayment>();
  for (const { orderId, ...payment } of rows) if (!byOrder.has(orderId)) byOrder.set(orderId, payment);
  return byOrder;
}

/** The payment that paid this order; undefined when none has. */
export async function paymentOfOrder(db: Db, orderId: string): Promise<OrderPayment | undefined> {
  return (await paymentsOfOrders(db, [orderId])).get(orderId);
}
