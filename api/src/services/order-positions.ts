// Positions from the first hold (issue 39, decision 040): create-order writes one row of
// `registrations` per ticket, in the transaction of the hold, marked `on_hold` (a position of an
// unpaid order, not an attendee); fulfilment turns them into attendees (numbered, Confirmed, Paid)
// and never creates them. A lapsed, failed or replaced hold leaves its positions on hold: its
// order's status says why, and a payment that lands late still finds them (DESIGN.md section 5).
// Nothing outside checkout and fulfilment reads a position on hold (`isAttendee`, db/attendee-rows.ts).
import { and, asc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, orderLines, orders, registrations } from '../db/schema';
import { attendeeTicketNumber, attendeesOfOrder, consentColumns, participantColumns, type StoredAttendee } from './attendees';
import { ticketCode } from './registrations';

type OrderRow = typeof orders.$inferSelect;
type PositionInsert = typeof registrations.$inferInsert;
export type PositionRow = typeof registrations.$inferSelect;

/**
 * A position's ticket number until it is paid: the order's id and its place. Never shown (nothing
 * reads a position on hold but checkout and fulfilment) and never a ticket number's shape
 * (order ids have '_', ticket numbers are REG and letters and digits), so no number is used up by an
 * unpaid hold: the booking reference and ticket numbers are given at payment, as before.
 */
export const heldNumber = (orderId: string, position: number) => `${orderId}-${position}`;

/** The rows create-order writes for its attendees, in the buyer's order (position 1, 2, ...). */
export function heldPositions(
  order: Pick<OrderRow, 'id' | 'orderNote' | 'promoCodeId'> & { eventId: number; organisationId: number },
  attendees: StoredAttendee[],
  ticketNames: Map<number, string>,
  nowIso: string,
): PositionInsert[] {
  return attendees.map((attendee, i) => {
    const price = attendee.pricePaise ?? 0;
    return {
      registrationNumber: heldNumber(order.id, i + 1),
      bookingReference: '',
      position: i + 1,
      onHold: true,
      answers: attendee.answers ?? {},
      orderId: order.id,
      eventId: order.eventId,
      organisationId: order.organisationId,
      ticketId: attendee.ticketId,
      ticketName: ticketNames.get(attendee.ticketId) ?? '',
      ticketPricePaise: attendee.listPricePaise ?? price,
      quantity: 1,
      // What this attendee's ticket costs; the order's total is the sum over its attendees.
      amountPaise: price,
      // Decision 031: what discounts took off, and the GST rate a refund's credit note reverses.
      discountPaise: attendee.discountPaise ?? 0,
      gstRate: attendee.gstRate ?? 0,
      // Decision 033: one use of the order's promo code once paid (while on hold the order's
      // `promo_uses` counts it; the code's counts read attendees only).
      promoCodeId: attendee.promo ? order.promoCodeId : null,
      promoDiscountPaise: attendee.promo ? (attendee.promoDiscountPaise ?? 0) : 0,
      // Decision 060: the convenience fee and its GST paid on top of amount_paise (the platform's,
      // so never in the organiser's takings) and the commission taken from it, frozen at the sale.
      feePaise: attendee.fees?.feePaise ?? 0,
      feeGstPaise: attendee.fees?.feeGstPaise ?? 0,
      commissionPaise: attendee.fees?.commissionPaise ?? 0,
      registrationDate: nowIso,
      status: 'Pending' as const,
      paymentStatus: 'Pending' as const,
      qrCode: '',
      notes: i === 0 ? order.orderNote : '',
      teamName: attendee.team ?? '',
      ...participantColumns(attendee.participant),
      ...consentColumns(attendee),
      createdAt: nowIso,
      updatedAt: nowIso,
    };
  });
}

/** Writes an order's positions on hold (one INSERT). */
export async function holdPositions(tx: Db, rows: PositionInsert[]): Promise<void> {
  if (rows.length > 0) await tx.insert(registrations).values(rows);
}

/** An order's positions (on hold or not), in order. */
export async function positionsOf(tx: Db, orderId: string): Promise<PositionRow[]> {
  return tx.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(asc(registrations.position));
}

/** `CASE position WHEN 1 THEN a WHEN 2 THEN b ... END`: one value per position, in one UPDATE. */
function byPosition<T>(values: T[]): SQL {
  const cases = values.map((value, i) => sql`when ${i + 1} then ${value}`);
  return sql`(case ${registrations.position} ${sql.join(cases, sql` `)} end)`;
}

export interface IssuedPositions {
  bookingReference: string;
  bibs: (number | null)[];
  ticketNames: string[];
  paymentMethod: string;
  transactionId: string;
  eventId: number;
  nowIso: string;
}

/**
 * Fulfilment's one UPDATE: the order's positions on hold become its attendees, numbered in order
 * (the booking reference and the place), with their bibs and ticket codes, Confirmed and Paid.
 */
export async function issuePositions(tx: Db, orderId: string, count: number, issued: IssuedPositions): Promise<PositionRow[]> {
  const numbers = Array.from({ length: count }, (_, i) => attendeeTicketNumber(issued.bookingReference, i + 1));
  const rows = await tx
    .update(registrations)
    .set({
      registrationNumber: byPosition(numbers),
      bookingReference: issued.bookingReference,
      bib: issued.bibs.some((b) => b !== null) ? byPosition(issued.bibs.map((b) => sql`cast(${b} as integer)`)) : null,
      ticketName: byPosition(issued.ticketNames),
      qrCode: byPosition(numbers.map((n) => ticketCode(n, issued.eventId))),
      onHold: false,
      status: 'Confirmed',
      paymentStatus: 'Paid',
      paymentMethod: issued.paymentMethod,
      transactionId: issued.transactionId,
      registrationDate: issued.nowIso,
      updatedAt: issued.nowIso,
    })
    .where(and(eq(registrations.orderId, orderId), eq(registrations.onHold, true)))
    .returning();
  return rows.sort((a, b) => a.position - b.position);
}

/** A position on hold as fulfilment reads it: what the order's attendees were (the old JSON's shape). */
export const storedAttendeeOf = (row: PositionRow): StoredAttendee & { ticketId: number } => ({
  ticketId: row.ticketId ?? 0,
  pricePaise: row.amountPaise,
  promo: row.promoCodeId !== null,
});

/**
 * An order from before positions (its attendees in `orders.participant`, no rows): its positions
 * written from the JSON, which is then emptied, so the order has one shape. Run once for every open
 * order by the data upgrade `positions-from-the-first-hold`, and by fulfilment for an order another
 * instance of the old code wrote during an upgrade. Returns how many positions it wrote.
 */
export async function positionsFromStoredOrder(tx: Db, order: OrderRow, nowIso = new Date().toISOString()): Promise<number> {
  if (order.eventId === null) return 0;
  const [existing] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.orderId, order.id))
    .limit(1);
  if (existing) return 0;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
  if (lines.length === 0) return 0;
  const attendees = attendeesOfOrder(order.participant, lines).map((a) => ({
    ...a,
    // The line's price for an attendee stored without their own (an order from before issue 23).
    pricePaise: a.pricePaise ?? lines.find((l) => l.ticketTypeId === a.ticketId)?.unitPricePaise ?? 0,
  }));
  const [event] = await tx.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, order.eventId));
  if (!event) return 0;
  const rows = heldPositions(
    { ...order, eventId: order.eventId, organisationId: event.organisationId },
    attendees,
    new Map(),
    nowIso,
  );
  await holdPositions(tx, rows);
  await tx.update(orders).set({ participant: {} }).where(eq(orders.id, order.id));
  return rows.length;
}

/** The data upgrade: every order not paid yet whose attendees are still JSON gets its positions. */
export async function positionsForOpenOrders(tx: Db): Promise<number> {
  const open = await tx
    .select()
    .from(orders)
    .where(inArray(orders.status, ['CREATED', 'EXPIRED', 'FAILED']));
  let written = 0;
  const nowIso = new Date().toISOString();
  for (const order of open) written += await positionsFromStoredOrder(tx, order, nowIso);
  return written;
}

/**
 * Drops the positions of orders that will not be paid: lapsed, failed, replaced or refunded orders
 * created before `before` (reconciliation's look-back: the provider's order closed long before, so
 * no payment can still come for them). Their personal details go with them; the order keeps its
 * lines and money. One bounded batch; returns how many it dropped.
 */
export async function dropLapsedPositions(tx: Db, before: string, limit = 500): Promise<number> {
  const due = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(orders, eq(orders.id, registrations.orderId))
    .where(
      and(sql`${registrations.onHold}`, ne(orders.status, 'CREATED'), ne(orders.status, 'PAID'), lt(orders.createdAt, before)),
    )
    .limit(limit);
  if (due.length === 0) return 0;
  await tx.delete(registrations).where(
    inArray(
      registrations.id,
      due.map((r) => r.id),
    ),
  );
  return due.length;
}
