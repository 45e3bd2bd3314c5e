// Cancelling an event (decision 025). The cancellation is one transaction: the event turns
// Cancelled, its unpaid holds are released, its waiting list ends, and every paid order is listed
// `to_refund` beside the cancellation's row (who, when, why, the fee kept per attendee). The
// refunds are made afterwards by the cancellation job, a bounded batch per turn: each order's refund
// is decided in its own transaction (refundOrder, the order row locked) that also moves its row out
// of `to_refund` and queues the buyer's one e-mail (the cancellation, with the amount), and the
// provider is asked after the commit (the refunds worker resends what a crash left unsent). A
// restart resumes where the last committed order left off; no order is refunded twice.
import { isAttendee } from '../db/attendee-rows';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EventCancellationView } from '../contract';
import type { Database, Db } from '../db/client';
import { forUpdate } from '../db/functions';
import {
  PAID_ORDER_STATUSES,
  eventCancellationOrders,
  eventCancellations,
  events,
  orders,
  refunds,
  registrations,
} from '../db/schema';
import type { Env } from '../env';
import { enqueueRefundEmail } from '../mail/outbox';
import type { PaymentProvider } from '../payments/provider';
import { recordAudit } from './audit';
import { claimLease, JOBS } from './job-leases';
import { releaseHold } from './holds';
import { toRupees } from '../contract/money';
import { orderPaymentsAndRefunds, RefundRefusal, refundOrder, retryRefund, sendRefund, type RefundActor } from './refunds';
import { endWaitingListForEvent } from './waiting-list';
import { orderForOfflineBooking } from './offline-refunds';
import { recordWebhookEvent } from './webhook-outbox';

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;
type StaffActor = Extract<RefundActor, { kind: 'staff' }>;

export type CancellationRefusalReason = 'not_found' | 'invalid' | 'already_cancelled' | 'completed';

/** Why an event cannot be cancelled (or a refund retried); the route maps the reason to a status. */
export class CancellationRefusal extends Error {
  override name = 'CancellationRefusal';
  constructor(
    readonly reason: CancellationRefusalReason,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Whether an event has paid orders (refunded or not): such an event is cancelled, never deleted, so
 * that its registrations, orders, payments and refunds are kept.
 */
export async function hasPaidAttendees(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), inArray(orders.status, [...PAID_ORDER_STATUSES])))
    .limit(1);
  return row !== undefined;
}

export interface CancelEventInput {
  eventId: number;
  /** The event's title, typed by the staff member to confirm. */
  confirmTitle: string;
  /** Kept per paid attendee; 0 refunds in full. Less than the lowest price any attendee paid. */
  feePaise: number;
  reason: string;
  actor: StaffActor;
}

/** Cancels the event in the caller's transaction; the refunds follow in the job (processCancellations). */
export async function cancelEvent(tx: Db, env: MailEnv, input: CancelEventInput, now = new Date()) {
  const [event] = await forUpdate(tx.select().from(events).where(eq(events.id, input.eventId)));
  if (!event) throw new CancellationRefusal('not_found', 'Event not found');
  if (event.status === 'Cancelled') throw new CancellationRefusal('already_cancelled', 'This event is already cancelled');
  if (event.status === 'Completed') {
    throw new CancellationRefusal('completed', 'A completed event cannot be cancelled: refund its orders one by one instead');
  }
  if (input.confirmTitle.trim() !== event.title.trim()) {
    const message = "Type the event's title exactly as it is to cancel it";
    throw new CancellationRefusal('invalid', message, { confirmTitle: message });
  }
  // Attendees paid offline without an order of their own (cash at a desk, the demo data): their
  // booking gets one (decision 045), so that they are refunded, offline, and told, like the rest.
  const orderless = await tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, event.id),
        isNull(registrations.orderId),
        eq(registrations.paymentStatus, 'Paid'),
        isAttendee,
      ),
    )
    .orderBy(asc(registrations.id));
  for (const attendee of orderless) {
    // A later attendee of a booking already given its order (above) has it now.
    const [still] = await tx
      .select({ orderId: registrations.orderId })
      .from(registrations)
      .where(eq(registrations.id, attendee.id));
    if (!still?.orderId) await orderForOfflineBooking(tx, attendee, now);
  }
  const paidOrders = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, event.id), inArray(orders.status, [...PAID_ORDER_STATUSES])))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (input.feePaise > 0) {
    const [cheapest] = await tx
      .select({ paise: sql<number>`min(${registrations.amountPaise})` })
      .from(registrations)
      .where(
        and(eq(registrations.eventId, event.id), eq(registrations.paymentStatus, 'Paid'), sql`${registrations.amountPaise} > 0`),
      );
    const lowest = cheapest?.paise === null || cheapest?.paise === undefined ? 0 : Number(cheapest.paise);
    if (input.feePaise >= lowest) {
      const message =
        lowest === 0
          ? 'No attendee paid for a ticket: there is no fee to keep'
          : `The fee must be less than ${toRupees(lowest)} rupees, the lowest price an attendee paid`;
      throw new CancellationRefusal('invalid', message, { fee: message });
    }
  }

  const at = now.toISOString();
  await tx.update(events).set({ status: 'Cancelled', pendingStatus: null, updatedAt: at }).where(eq(events.id, event.id));
  await recordWebhookEvent(tx, event.organisationId, 'event.updated', event.id, now);
  await recordWebhookEvent(tx, event.organisationId, 'event.cancelled', event.id, now);
  await tx.insert(eventCancellations).values({
    eventId: event.id,
    reason: input.reason,
    feePaise: input.feePaise,
    cancelledBy: String(input.actor.userId),
    cancelledByEmail: input.actor.email,
    completedAt: paidOrders.length === 0 ? at : null,
    createdAt: at,
    updatedAt: at,
  });
  if (paidOrders.length > 0) {
    await tx
      .insert(eventCancellationOrders)
      .values(paidOrders.map((o) => ({ eventId: event.id, orderId: o.id, createdAt: at, updatedAt: at })));
  }
  // Unpaid holds: their seats go back and the orders end (a payment arriving later is refunded as
  // any late payment is, decision 022: the event is no longer Active).
  const unpaid = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, event.id), eq(orders.status, 'CREATED')));
  for (const order of unpaid) await releaseHold(tx, order.id, 'FAILED', now);
  const waitingList = await endWaitingListForEvent(tx, env, event.id, now);
  await recordAudit(tx, {
    actorUserId: input.actor.userId,
    actorEmail: input.actor.email,
    action: 'cancel',
    entity: 'event',
    entityId: event.id,
    detail: {
      title: event.title,
      status: { from: event.status, to: 'Cancelled' },
      reason: input.reason,
      feePaise: input.feePaise,
      ordersToRefund: paidOrders.length,
      holdsReleased: unpaid.length,
      waitingListEnded: waitingList.length,
    },
    ip: input.actor.ip ?? null,
  });
  return { ordersToRefund: paidOrders.length, holdsReleased: unpaid.length, waitingListEnded: waitingList.length };
}

/** The fee's share of an order: what is refunded is its unrefunded attendees' prices less the fee on each paid ticket. */
async function amountFor(tx: Db, orderId: string, feePaise: number): Promise<number | undefined> {
  if (feePaise === 0) return undefined;
  const attendees = await tx
    .select({ amountPaise: registrations.amountPaise, paymentStatus: registrations.paymentStatus })
    .from(registrations)
    .where(and(eq(registrations.orderId, orderId), isAttendee));
  const open = attendees.filter((a) => a.paymentStatus !== 'Refunded');
  if (open.length === 0) return undefined;
  const { money } = await orderPaymentsAndRefunds(tx, orderId);
  const owed = open.reduce((n, a) => n + Math.max(0, a.amountPaise - (a.amountPaise > 0 ? feePaise : 0)), 0);
  return Math.min(owed, money.refundablePaise);
}

export interface CancellationDeps {
  db: Database;
  env: MailEnv;
  provider: PaymentProvider;
}

/**
 * The cancellation job's turn: decides the refunds of up to `limit` orders still `to_refund`, each
 * in its own transaction, and asks the provider after each commit. Returns how many it decided.
 */
export async function processCancellations(deps: CancellationDeps, now = new Date(), limit = 20): Promise<number> {
  const due = await deps.db.query((db) =>
    db
      .select({ id: eventCancellationOrders.id })
      .from(eventCancellationOrders)
      .where(eq(eventCancellationOrders.status, 'to_refund'))
      .orderBy(asc(eventCancellationOrders.id))
      .limit(limit),
  );
  let decided = 0;
  const touched = new Set<number>();
  for (const { id } of due) {
    const refundId = await deps.db.transaction(async (tx) => {
      const [row] = await forUpdate(tx.select().from(eventCancellationOrders).where(eq(eventCancellationOrders.id, id)));
      if (!row || row.status !== 'to_refund') return undefined; // another turn decided it
      touched.add(row.eventId);
      const [cancellation] = await tx.select().from(eventCancellations).where(eq(eventCancellations.eventId, row.eventId));
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
      const notice = { feePaise: cancellation!.feePaise, reason: cancellation!.reason };
      const at = now.toISOString();
      try {
        const { refund, attendees, creditNote } = await refundOrder(
          tx,
          deps.env,
          {
            orderId: row.orderId,
            attendeeIds: 'all',
            amountPaise: await amountFor(tx, row.orderId, cancellation!.feePaise),
            reason: `Event cancelled: ${cancellation!.reason}`.slice(0, 500),
            // The organiser cancelled: the buyer's convenience fee and its GST go back too (decision 060).
            returnConvenienceFee: true,
            actor: { kind: 'staff', userId: Number(cancellation!.cancelledBy), email: cancellation!.cancelledByEmail },
            notify: false,
          },
          now,
        );
        await tx
          .update(eventCancellationOrders)
          .set({ status: 'refunded', refundId: refund.id, updatedAt: at })
          .where(eq(eventCancellationOrders.id, row.id));
        await enqueueRefundEmail(tx, deps.env, order!, attendees, refund.amountPaise, now, notice, undefined, creditNote);
        return refund.id;
      } catch (error) {
        // Refunded before the cancellation (staff, a late payment's refund): only the news is due.
        if (!(error instanceof RefundRefusal) || error.reason === 'not_found' || error.reason === 'invalid') throw error;
        await tx
          .update(eventCancellationOrders)
          .set({ status: 'nothing_to_refund', updatedAt: at })
          .where(eq(eventCancellationOrders.id, row.id));
        await enqueueRefundEmail(tx, deps.env, order!, [], 0, now, notice);
        return null;
      }
    });
    if (refundId === undefined) continue;
    decided++;
    if (refundId !== null) await sendRefund({ db: deps.db, provider: deps.provider }, refundId, now);
  }
  for (const eventId of touched) {
    await deps.db.query((db) =>
      db
        .update(eventCancellations)
        .set({ completedAt: now.toISOString(), updatedAt: now.toISOString() })
        .where(
          and(
            eq(eventCancellations.eventId, eventId),
            sql`not exists (select 1 from event_cancellation_orders eco where eco.event_id = ${eventId} and eco.status = 'to_refund')`,
          ),
        ),
    );
  }
  return decided;
}

/** The cancellation's progress for the console: orders refunded, on their way, to refund, failed. */
export async function cancellationProgress(db: Db, eventId: number): Promise<EventCancellationView | undefined> {
  const [cancellation] = await db.select().from(eventCancellations).where(eq(eventCancellations.eventId, eventId));
  if (!cancellation) return undefined;
  const rows = await db
    .select({ row: eventCancellationOrders, order: orders })
    .from(eventCancellationOrders)
    .innerJoin(orders, eq(orders.id, eventCancellationOrders.orderId))
    .where(eq(eventCancellationOrders.eventId, eventId))
    .orderBy(asc(eventCancellationOrders.id));
  const orderIds = rows.map((r) => r.row.orderId);
  const given =
    orderIds.length === 0
      ? []
      : await db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id));
  // The refund that speaks for an order: the cancellation's own, or the latest retry of it.
  const latest = new Map<number, (typeof given)[number]>();
  const byId = new Map(given.map((r) => [r.id, r]));
  for (const r of given) {
    let root = r;
    while (root.retryOf !== null && byId.has(root.retryOf)) root = byId.get(root.retryOf)!;
    latest.set(root.id, r);
  }
  const counts = { toRefund: 0, refunding: 0, refunded: 0, nothingToRefund: 0, failed: 0 };
  const failures: EventCancellationView['failures'] = [];
  for (const { row, order } of rows) {
    if (row.status === 'to_refund') counts.toRefund++;
    else if (row.status === 'nothing_to_refund') counts.nothingToRefund++;
    else {
      const refund = row.refundId === null ? undefined : latest.get(row.refundId);
      if (!refund || refund.status === 'succeeded') counts.refunded++;
      else if (refund.status === 'pending' || refund.status === 'processing') counts.refunding++;
      else {
        counts.failed++;
        failures.push({
          orderId: order.id,
          bookingReference: order.bookingReference ?? order.id,
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          refundId: refund.id,
          amount: toRupees(refund.amountPaise),
          note: refund.statusDescription ?? refund.lastError ?? refund.status,
        });
      }
    }
  }
  return {
    eventId,
    reason: cancellation.reason,
    fee: toRupees(cancellation.feePaise),
    cancelledBy: cancellation.cancelledByEmail,
    cancelledAt: cancellation.createdAt,
    completedAt: cancellation.completedAt,
    orders: rows.length,
    ...counts,
    failures,
  };
}

/** Staff retry a failed refund of a cancelled event's order; send it after the commit. */
export async function retryCancellationRefund(tx: Db, eventId: number, refundId: number, actor: StaffActor, now = new Date()) {
  const [refund] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  const [listed] = refund
    ? await tx
        .select({ id: eventCancellationOrders.id })
        .from(eventCancellationOrders)
        .where(and(eq(eventCancellationOrders.eventId, eventId), eq(eventCancellationOrders.orderId, refund.orderId)))
    : [];
  if (!listed) throw new CancellationRefusal('not_found', "Refund not found among this event's cancellation refunds");
  return retryRefund(tx, refundId, actor, now);
}

/** How often cancelled events' orders still to refund are refunded, a batch at a time (the cancellation job, jobs/scheduler.ts). */
export const CANCELLATIONS_INTERVAL_MS = 60_000;

/**
 * One turn of the cancellation job, under its lease: the orders of cancelled events still to
 * refund, a bounded batch, each decided once (decision 025). Exported for the route (a turn right
 * after the cancellation) and tests (a restart is a turn from a fresh state).
 */
export async function cancellationTurn(
  database: Database,
  env: MailEnv,
  provider: PaymentProvider,
  holder: string,
  now = new Date(),
): Promise<number> {
  const mine = await database.query((db) => claimLease(db, JOBS.cancellations, holder, 2 * CANCELLATIONS_INTERVAL_MS, now));
  if (!mine) return 0;
  return processCancellations({ db: database, env, provider }, now);
}
