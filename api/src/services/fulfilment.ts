// Turning a paid order into its attendees (DESIGN.md sections 4-5, decision 021), in the ONE
// transaction it is handed: the order becomes PAID with its booking reference, its held seats become
// sold, the order's positions (written on hold by create-order, decision 040) become its attendees,
// Confirmed/Paid, each numbered (booking reference and place) with its ticket code and bib, and the
// e-mails are queued. Fulfilment never creates an attendee row. Idempotent on the order's status and on the provider's payment id: a duplicate webhook
// or a verify racing the webhook finds the order PAID and returns the same attendees.
// A payment that lands after its hold lapsed is fulfilled only while capacity remains
// (sold + held + q <= quantity); otherwise the order is flagged REFUND_REQUIRED and its payment is
// refunded through the provider (decision 022: a pending refund row, sent after the commit). Never
// oversold. Every payment is recorded as a row of `payments`, idempotent on the provider's id.
import { issueInvoice } from './invoices';
import { draftFeeInvoice, issueFeeInvoice } from './fee-invoices';
import { asc, eq } from 'drizzle-orm';
import { eventFactsOf, NOT_ADMITTED, selectAttendees, type AttendeeRow as RegistrationRow } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { events, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import type { Env } from '../env';
import { enqueueOrderEmails } from '../mail/outbox';
import { feeDocumentOf, orderDocument, planOrderEmails } from '../mail/order-templates';
import { nextBibs } from './bibs';
import { lockEventSeats, sellSeats } from './inventory';
import { issuePositions, positionsFromStoredOrder, positionsOf, storedAttendeeOf } from './order-positions';
import { releaseLines } from './holds';
import { promoProblem, promoRow, syncBlock, takeFromBlock } from './promo-codes';
import { keepChildrenOffLists } from './personal-data';
import { generateRegistrationNumber } from './registrations';
import { recordPayment, refundOrder } from './refunds';
import { recordWebhookEvent } from './webhook-outbox';

/** The payment an order is fulfilled with. */
export interface ReceivedPayment {
  /** The payment provider's id of the payment; null for a free order, which no provider saw. */
  providerPaymentId: string | null;
  /** SPEC's words: 'UPI', 'Credit Card', 'Debit Card', 'Net Banking', 'Free'… */
  paymentMethod: string;
  amountPaise: number;
}

type OrderRow = typeof orders.$inferSelect;

/** A paid order: its booking reference and its attendees in order (decision 021). */
export interface PaidOrder {
  bookingReference: string;
  attendees: RegistrationRow[];
}

export type FulfilOutcome =
  { kind: 'paid'; order: PaidOrder; created: boolean } | { kind: 'refund_required'; reason: string } | { kind: 'not_found' };

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

/** The attendees of a paid order, in order. */
export async function attendeesOf(tx: Db, orderId: string): Promise<RegistrationRow[]> {
  return selectAttendees(tx).where(eq(registrations.orderId, orderId)).orderBy(asc(registrations.position));
}

export async function fulfilOrder(
  tx: Db,
  env: MailEnv,
  orderId: string,
  payment: ReceivedPayment,
  now = new Date(),
): Promise<FulfilOutcome> {
  // Locked: a verify and a webhook for the same order wait for each other here.
  const [order] = await forUpdate(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!order) return { kind: 'not_found' } as const;
  if (order.status === 'PAID') {
    const attendees = await attendeesOf(tx, orderId);
    if (payment.providerPaymentId) {
      // The payment that paid it is recorded (a row per provider id): the same one reported again
      // (a second webhook, a verify after it) records nothing; another one is the order paid twice
      // (two tabs), recorded and given back, once.
      const second = await recordPayment(tx, order.id, providerPayment(payment), now);
      if (second.created && payment.amountPaise > 0) {
        console.warn(`[payments] order ${orderId} was paid twice (${payment.providerPaymentId} is the second): refunding it`);
        await refundOrder(
          tx,
          env,
          {
            orderId,
            attendeeIds: [],
            amountPaise: payment.amountPaise,
            reason: 'The order was paid twice: the second payment is refunded',
            actor: { kind: 'system' },
          },
          now,
        );
      }
    }
    if (attendees.length > 0 && order.bookingReference) {
      return { kind: 'paid', order: { bookingReference: order.bookingReference, attendees }, created: false } as const;
    }
    return { kind: 'refund_required', reason: 'Order is paid but has no attendees' } as const;
  }
  if (order.status === 'REFUND_REQUIRED') return { kind: 'refund_required', reason: 'Already flagged for refund' } as const;
  // Its buyer's personal data was erased while it was open (issue 40): given back, never half a booking.
  if (order.erasedAt) return flagForRefund(tx, env, order, payment, now, "The buyer's personal data was erased");

  if (payment.amountPaise !== order.amountPaise) {
    return flagForRefund(tx, env, order, payment, now, `Paid ${payment.amountPaise} paise for an order of ${order.amountPaise}`);
  }
  const [event] = order.eventId === null ? [] : await tx.select().from(events).where(eq(events.id, order.eventId));
  // The order's lines with their ticket types, in one read (a deleted type leaves its line without one).
  const lineRows = await tx
    .select({ line: orderLines, type: ticketTypes })
    .from(orderLines)
    .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  const lines = lineRows.map((r) => r.line);
  const types = lineRows.flatMap((r) => (r.type ? [r.type] : []));
  const typeById = new Map(types.map((t) => [t.id, t]));
  // The order's positions, written on hold by create-order (decision 040); an order from before
  // them (its attendees still JSON, written by an older instance during an upgrade) gets them now.
  let positions = await positionsOf(tx, orderId);
  if (positions.length === 0 && (await positionsFromStoredOrder(tx, order, now.toISOString())) > 0) {
    positions = await positionsOf(tx, orderId);
  }
  const held = positions.filter((p) => p.onHold);
  const attendees = held.map(storedAttendeeOf);
  if (!event || lines.length === 0 || attendees.length === 0 || attendees.some((a) => !typeById.has(a.ticketId))) {
    return flagForRefund(tx, env, order, payment, now, 'The event or a ticket type no longer exists');
  }

  // Everything read before the seats' rows are locked: from sellSeats to the commit, every other
  // buyer of these tickets waits on them, so only writes follow it. An order whose seats are held
  // (the usual case) moves them to sold last of all, after its attendees and e-mails are written,
  // so that those rows are locked for one statement and the commit; a late payment must find room
  // before anything is written, and numbered bibs are allocated under that lock, so those sell first.
  const emails = await planOrderEmails(tx, order, event);
  // The platform's invoice for its convenience fee (decision 067), drafted from the lines read above.
  const feeInvoice = await draftFeeInvoice(
    tx,
    order,
    event,
    lineRows.map(({ line, type }) => ({ ...line, ticketName: type?.name ?? 'Ticket' })),
  );
  const holding = order.status === 'CREATED' && order.holdReleasedAt === null;
  if (lines.some((l) => l.ticketTypeId === null)) return flagForRefund(tx, env, order, payment, now, 'A ticket type was deleted');
  const seats = lines.map((l) => ({ ticketTypeId: l.ticketTypeId!, quantity: l.quantity }));
  const sellLast = holding && types.every((t) => t.bibFrom === null);
  if (!sellLast) {
    // A late payment with a code whose block kept its seats when its hold lapsed takes them from
    // the block (decision 033); a sale that fails after all gives the block what it should keep.
    if (!holding && (await lateSaleOverLimit(tx, order, event.id, attendees, now))) {
      return flagForRefund(tx, env, order, payment, now, 'The promo code was used up while the payment was late');
    }
    const fromBlock = holding ? 0 : await takeBlockForLateSale(tx, order, seats);
    const unsellable = await sellSeats(tx, event.id, seats, holding, now);
    if (unsellable) {
      if (fromBlock > 0) await syncBlock(tx, order.promoCodeId!, now);
      return flagForRefund(tx, env, order, payment, now, unsellable);
    }
  }

  const bookingReference = generateRegistrationNumber(now);
  const nowIso = now.toISOString();
  // Numbered in order of payment, now that this order's types are locked (services/bibs.ts).
  const bibs = await nextBibs(
    tx,
    event.id,
    attendees.map((a) => ({
      ticketId: a.ticketId,
      bibFrom: typeById.get(a.ticketId)!.bibFrom,
      bibTo: typeById.get(a.ticketId)!.bibTo,
    })),
  );
  const rows = await issuePositions(tx, order.id, attendees.length, {
    bookingReference,
    bibs,
    ticketNames: attendees.map((a) => typeById.get(a.ticketId)!.name),
    paymentMethod: payment.paymentMethod,
    transactionId: payment.providerPaymentId ?? order.id,
    eventId: event.id,
    nowIso,
  });
  const attendeeRows = rows.map((row) => ({ ...row, ...eventFactsOf(event), ...NOT_ADMITTED }));
  // No marketing to children (decision 030): a child attendee's own address leaves the newsletter.
  await keepChildrenOffLists(tx, rows);

  await tx
    .update(orders)
    .set({
      status: 'PAID',
      bookingReference,
      holdReleasedAt: order.holdReleasedAt ?? nowIso,
      updatedAt: nowIso,
    })
    .where(eq(orders.id, order.id));
  await recordPayment(tx, order.id, providerPayment(payment), now);
  // The organisation's webhooks (decision 064): committed with the payment or not at all.
  await recordWebhookEvent(tx, event.organisationId, 'order.paid', order.id, now);
  // Each position became an attendee here (decision 040): attendee.created, one per attendee, in the
  // same one read and one INSERT (decision 074).
  await recordWebhookEvent(
    tx,
    event.organisationId,
    'attendee.created',
    rows.map((row) => row.id),
    now,
  );

  const paid = { bookingReference, attendees: attendeeRows };
  if (sellLast && (await sellSeats(tx, event.id, seats, true, now))) {
    // The order's row is locked and its hold not released, so its seats are still held: only a
    // broken count gets here, and the whole payment is undone rather than sold without seats.
    throw new Error(`Order ${order.id} holds seats that its ticket types no longer count as held`);
  }
  // The tax invoice (decision 031), numbered last: its series' counter row is the platform's
  // hottest lock, held from here to the commit. The e-mails follow it because the buyer's
  // confirmation names the invoice and links it; everything they need was read before (`emails`),
  // so under that lock there is one INSERT of the outbox rows and the wake-up, nothing read.
  const invoice = await issueInvoice(tx, order, now);
  // The platform's series after the organisation's, as every transaction takes them (refunds too).
  const feeDocument = feeInvoice ? feeDocumentOf(env, await issueFeeInvoice(tx, feeInvoice, now)) : undefined;
  await enqueueOrderEmails(
    tx,
    env,
    order,
    paid,
    now,
    emails,
    orderDocument(env, invoice, bookingReference, order.amountPaise),
    feeDocument,
  );
  return { kind: 'paid', order: paid, created: true } as const;
}

async function flagForRefund(
  tx: Db,
  env: MailEnv,
  order: OrderRow,
  payment: ReceivedPayment,
  now: Date,
  reason: string,
): Promise<FulfilOutcome> {
  await releaseLines(tx, order, now);
  await tx
    .update(orders)
    .set({
      status: 'REFUND_REQUIRED',
      updatedAt: now.toISOString(),
    })
    .where(eq(orders.id, order.id));
  console.warn(`[payments] order ${order.id} needs a refund: ${reason}`);
  // The money is given back through the provider, recorded as a refund asked by the system.
  const recorded = await recordPayment(tx, order.id, providerPayment(payment), now);
  if (recorded.created && payment.amountPaise > 0) {
    await refundOrder(
      tx,
      env,
      {
        orderId: order.id,
        attendeeIds: 'all',
        reason: `Paid but could not be fulfilled: ${reason}`,
        actor: { kind: 'system' },
        // Nothing was supplied: the convenience fee goes back too (decision 060).
        returnConvenienceFee: true,
      },
      now,
    );
  }
  return { kind: 'refund_required', reason };
}

/**
 * A payment after its hold lapsed: the code's uses its hold counted were given back, so its limits
 * are judged again (under the event's seat lock) as for a new order. Its window is not: the buyer
 * began paying while it was open.
 */
async function lateSaleOverLimit(tx: Db, order: OrderRow, eventId: number, attendees: { ticketId: number }[], now: Date) {
  if (order.promoCodeId === null || order.promoUses === 0) return false;
  await lockEventSeats(tx, eventId);
  const code = await promoRow(tx, order.promoCodeId);
  if (!code) return false;
  const problem = await promoProblem(
    tx,
    { ...code, active: true, validFrom: null, validUntil: null },
    { attendees, email: order.customerEmail, ownOrderWritten: false },
    now,
  );
  return problem !== undefined && problem.reason !== 'notForTickets';
}

/** The seats of a late-paid order's code block it may take (its hold lapsed back into the block). */
async function takeBlockForLateSale(tx: Db, order: OrderRow, seats: { ticketTypeId: number; quantity: number }[]) {
  if (order.promoCodeId === null || order.promoUses === 0) return 0;
  let taken = 0;
  for (const line of seats) {
    taken += await takeFromBlock(tx, order.promoCodeId, line.ticketTypeId, Math.min(line.quantity, order.promoUses - taken));
  }
  return taken;
}

const providerPayment = (payment: ReceivedPayment) => ({
  providerPaymentId: payment.providerPaymentId,
  amountPaise: payment.amountPaise,
  method: payment.paymentMethod,
});

/** A failed or abandoned payment: the order fails and its hold is released (if still CREATED). */
export async function failOrder(tx: Db, orderId: string, now = new Date()): Promise<boolean> {
  const [order] = await forUpdate(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!order || order.status !== 'CREATED') return false;
  await releaseLines(tx, order, now);
  await tx.update(orders).set({ status: 'FAILED', updatedAt: now.toISOString() }).where(eq(orders.id, orderId));
  return true;
}
