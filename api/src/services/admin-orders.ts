// The admin order view (GET /api/admin/orders, GET /api/admin/orders/:orderId): an order with its
// lines, its attendees (never the positions of an unpaid order, decision 040), the e-mails sent
// about it, and its payments and refunds with the figures derived from them.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AdminOrderResponse } from '../contract';
import { selectAttendees } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { emailOutbox, invoices, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import type { Env } from '../env';
import { toRupees } from '../contract/money';
import { toRegistration } from './registrations';
import { orderFeeLines } from './order-fees';
import { promoCodeName } from './promo-codes';
import { moneyView, orderPaymentsAndRefunds, paymentView, refundView } from './refunds';
import { paymentOfOrder, paymentsOfOrders } from './order-payment';
import { inOwnEvents, type OrganisationId } from '../db/tenancy';

type OrderRow = typeof orders.$inferSelect;

/** GET /api/admin/orders?status= */
export async function listOrders(db: Db, organisationId: OrganisationId, status?: OrderRow['status'], limit = 200) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(inOwnEvents(orders.eventId, organisationId), status ? eq(orders.status, status) : undefined))
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(limit);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderLines.orderId,
            ticketId: orderLines.ticketTypeId,
            quantity: orderLines.quantity,
            unitPricePaise: orderLines.unitPricePaise,
            ticketName: ticketTypes.name,
          })
          .from(orderLines)
          .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
          .where(
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          );
  const paid = await paymentsOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((o) => ({
    orderId: o.id,
    eventId: o.eventId,
    amount: toRupees(o.amountPaise),
    status: o.status,
    // The console's wire name, kept (the admin screens show it as Cashfree's payment id).
    cfPaymentId: paid.get(o.id)?.providerPaymentId ?? null,
    paymentMethod: paid.get(o.id)?.method ?? null,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    holdExpiresAt: o.holdExpiresAt,
    holdReleasedAt: o.holdReleasedAt,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    tickets: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        ticketId: l.ticketId,
        ticketName: l.ticketName ?? 'Deleted ticket',
        quantity: l.quantity,
        unitPrice: toRupees(l.unitPricePaise),
      })),
  }));
}

/** GET /api/admin/orders/:orderId: the order, its attendees in order, and the e-mails sent about it; undefined when none. */
export async function orderDetail(db: Db, env: Env, orderId: string): Promise<AdminOrderResponse | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const payment = await paymentOfOrder(db, orderId);
  const lines = await db
    .select({
      ticketId: orderLines.ticketTypeId,
      quantity: orderLines.quantity,
      unitPricePaise: orderLines.unitPricePaise,
      ticketName: ticketTypes.name,
    })
    .from(orderLines)
    .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  const attendees = await selectAttendees(db).where(eq(registrations.orderId, orderId)).orderBy(registrations.position);
  const messages =
    attendees.length === 0
      ? []
      : await db
          .select({
            id: emailOutbox.id,
            kind: emailOutbox.kind,
            to: emailOutbox.to,
            subject: emailOutbox.subject,
            status: emailOutbox.status,
            attempts: emailOutbox.attempts,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(
            inArray(
              emailOutbox.registrationId,
              attendees.map((a) => a.id),
            ),
          )
          .orderBy(emailOutbox.id);
  return {
    order: {
      orderId: order.id,
      bookingReference: order.bookingReference,
      status: order.status,
      amount: toRupees(order.amountPaise),
      paymentMethod: payment?.method ?? null,
      // The console's wire name, kept (AdminOrderResponse; the order dialog labels it Cashfree's).
      cfPaymentId: payment?.providerPaymentId ?? null,
      buyer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
      language: order.language,
      createdAt: order.createdAt,
      lines: lines.map((l) => ({
        ticketId: l.ticketId,
        ticketName: l.ticketName ?? 'Deleted ticket',
        quantity: l.quantity,
        unitPrice: toRupees(l.unitPricePaise),
      })),
      promoCode: await promoCodeName(db, order.promoCodeId),
      fees: await orderFeeLines(db, orderId),
    },
    attendees: attendees.map((row) => toRegistration(row, env, attendees.length)),
    messages,
    // Its invoice and credit notes, for support to download one for a caller (decision 047).
    documents: await db
      .select({
        id: invoices.id,
        number: invoices.number,
        kind: invoices.kind,
        issuer: invoices.issuer,
        issuedAt: invoices.issuedAt,
      })
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(invoices.id),
    ...(await orderMoneyDetail(db, orderId)),
  };
}

/** An order's payments and refunds as the console shows them, with the figures derived from them. */
export async function orderMoneyDetail(db: Db, orderId: string) {
  const found = await orderPaymentsAndRefunds(db, orderId);
  return {
    payments: found.payments.map(paymentView),
    refunds: found.refunds.map(refundView),
    money: moneyView(found.money),
  };
}
