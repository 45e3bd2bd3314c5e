// Payments and refunds as records of their own (decision 022). An order's money is what its rows
// say: paid = its payments, refunded = its refunds the provider completed, due = refunds asked for
// and not settled, refundable = paid less both. A refund is decided in ONE transaction (the order row
// locked, so two staff refunding the same attendee wait for each other and the second is refused):
// the attendees are cancelled and marked Refunded, their seats go back through inventory, the
// buyer's e-mail is queued and the audit entry written, and a refund row is left `pending`. The
// provider is asked after that commits (sendRefund), with a refund id derived from the row's id,
// so a retry (the request's own, or the worker's after a crash) can never refund twice.
import { ticketRefund } from './fee-refunds';
import { isAttendee } from '../db/attendee-rows';
import { CreditNoteRefusal, issueCreditNote, type InvoiceRow } from './invoices';
import { issueFeeCreditNote } from './fee-invoices';
import { refundShares } from './refund-shares';
export { refundShares } from './refund-shares';
import { and, asc, desc, eq, inArray, isNotNull, lte, lt, notExists, sql, type SQLWrapper } from 'drizzle-orm';
import type { OrderMoneyView, OrderPaymentView, OrderRefundView, RefundStatus } from '../contract';
import type { Database, Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { LIVE_REFUND_STATUSES, orders, payments, refundAttendees, refunds, registrations } from '../db/schema';
import type { Env } from '../env';
import { enqueueRefundEmail } from '../mail/outbox';
import { describeProviderError, PaymentProviderError, type PaymentProvider, type ProviderRefund } from '../payments/provider';
import { recordAudit } from './audit';
import { releaseSoldSeat } from './inventory';
import { toRupees } from '../contract/money';
import { recordAttendeesCancelled, recordOrderWebhookEvent } from './webhook-outbox';

type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type RegistrationRow = typeof registrations.$inferSelect;
type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

/** Who asked for a refund: a staff member, the platform itself (a late payment), or the buyer. */
export type RefundActor =
  { kind: 'staff'; userId: number; email: string; ip?: string | null } | { kind: 'system' } | { kind: 'buyer' };

export interface RefundInput {
  orderId: string;
  /** Registration ids of the order, or every attendee not yet refunded. */
  attendeeIds: number[] | 'all';
  /** Defaults to the chosen attendees' prices, at most what is left to refund. */
  amountPaise?: number;
  reason: string;
  actor: RefundActor;
  /** False when the caller sends its own notice instead (an event's cancellation, decision 025). */
  notify?: boolean;
  /**
   * Money given back outside the provider (decision 045): the row is settled at once and marked
   * offline, and no provider is asked. By default, an order no provider was paid through (cash, a
   * booking recorded without an online order) is refunded offline; any other online.
   */
  offline?: boolean;
  /**
   * Decision 060: give back the chosen attendees' convenience fee and its GST with their ticket money,
   * in full (what is left of it): the organiser cancelled or postponed the event, or the order could
   * not be fulfilled. Otherwise (the buyer's own cancellation, a staff refund) the platform keeps the fee.
   */
  returnConvenienceFee?: boolean;
  /**
   * Decision 071: the chosen attendees stay (a race swap to a cheaper race gives back part of their
   * price): they are neither cancelled nor their seats released; the refund is still theirs (shares,
   * refunded_paise, the credit note).
   */
  keepAttendees?: boolean;
}

/** What an offline refund's provider_reference holds (decision 045): no provider ever saw it. */
export const OFFLINE_REFUND_REFERENCE = 'offline';
export const isOfflineRefund = (refund: Pick<RefundRow, 'providerReference'>) =>
  refund.providerReference === OFFLINE_REFUND_REFERENCE;

export type RefundRefusalReason = 'not_found' | 'not_paid' | 'invalid' | 'already_refunded' | 'too_much';

/** Why a refund was refused; the route maps each reason to its status (never an HTTP status here). */
export class RefundRefusal extends Error {
  override name = 'RefundRefusal';
  constructor(
    readonly reason: RefundRefusalReason,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The provider's refund id for a refund row: ours, stable, 3 to 40 letters, digits, '_' and '-'. */
export const providerRefundIdOf = (refundId: number) => `TDK_RF_${refundId}`;

// ----- Payments -------------------------------------------------------------------------------

/** Records a payment the provider reported; idempotent on its payment id (a free order's has none). */
export async function recordPayment(
  tx: Db,
  orderId: string,
  payment: { providerPaymentId: string | null; amountPaise: number; method: string },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  // One statement in the usual case: the provider's id is unique, so a payment already recorded
  // (a second webhook, a verify racing it) inserts nothing and is then read.
  const [row] = await tx
    .insert(payments)
    .values({
      orderId,
      providerPaymentId: payment.providerPaymentId,
      amountPaise: payment.amountPaise,
      method: payment.method,
      status: 'SUCCESS',
      paidAt: now.toISOString(),
      createdAt: now.toISOString(),
    })
    .onConflictDoNothing({ target: payments.providerPaymentId })
    .returning({ id: payments.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerPaymentId, payment.providerPaymentId!));
  return { id: existing!.id, created: false };
}

/**
 * Attendees marked Refunded before refunds were rows (the demo data, an older install) get the
 * refund that must have been made, as a `succeeded` row asked by the system, so that their
 * order's money adds up. Once per order: an order with any refund row is left alone. Returns how
 * many it recorded.
 */
export async function recordPastRefunds(tx: Db, now = new Date()): Promise<number> {
  const refunded = await tx
    .select({
      id: registrations.id,
      orderId: registrations.orderId,
      amountPaise: registrations.amountPaise,
      refundedPaise: registrations.refundedPaise,
    })
    .from(registrations)
    .where(
      and(
        eq(registrations.paymentStatus, 'Refunded'),
        isNotNull(registrations.orderId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(refunds)
            .where(eq(refunds.orderId, registrations.orderId)),
        ),
      ),
    )
    .orderBy(asc(registrations.orderId), asc(registrations.position));
  const byOrder = new Map<string, typeof refunded>();
  for (const row of refunded) byOrder.set(row.orderId!, [...(byOrder.get(row.orderId!) ?? []), row]);
  const at = now.toISOString();
  let recorded = 0;
  for (const [orderId, attendees] of byOrder) {
    const shares = attendees.map((a) => ({ registrationId: a.id, sharePaise: a.refundedPaise || a.amountPaise }));
    const amountPaise = shares.reduce((n, a) => n + a.sharePaise, 0);
    if (amountPaise <= 0) continue;
    const [payment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        paymentId: payment?.id ?? null,
        amountPaise,
        status: 'succeeded',
        reason: 'Refunded before refunds were recorded',
        requestedBy: 'system',
        requestedByEmail: 'system',
        processedAt: at,
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: refunds.id });
    await tx.insert(refundAttendees).values(shares.map((share) => ({ refundId: refund!.id, ...share })));
    await recountRefunded(
      tx,
      shares.map((a) => a.registrationId),
    );
    recorded++;
  }
  return recorded;
}

// ----- The order's money ----------------------------------------------------------------------

export interface OrderMoney {
  paidPaise: number;
  refundedPaise: number;
  duePaise: number;
  refundablePaise: number;
}

export function moneyOf(
  paid: Pick<PaymentRow, 'amountPaise' | 'status'>[],
  given: Pick<RefundRow, 'amountPaise' | 'status'>[],
): OrderMoney {
  const paidPaise = paid.filter((p) => p.status === 'SUCCESS').reduce((n, p) => n + p.amountPaise, 0);
  const refundedPaise = given.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amountPaise, 0);
  const duePaise = given
    .filter((r) => r.status === 'pending' || r.status === 'processing')
    .reduce((n, r) => n + r.amountPaise, 0);
  return { paidPaise, refundedPaise, duePaise, refundablePaise: Math.max(0, paidPaise - refundedPaise - duePaise) };
}

export const moneyView = (m: OrderMoney): OrderMoneyView => ({
  paid: toRupees(m.paidPaise),
  refunded: toRupees(m.refundedPaise),
  due: toRupees(m.duePaise),
  refundable: toRupees(m.refundablePaise),
});

export const paymentView = (p: PaymentRow): OrderPaymentView => ({
  id: p.id,
  providerPaymentId: p.providerPaymentId,
  amount: toRupees(p.amountPaise),
  method: p.method,
  status: p.status,
  paidAt: p.paidAt,
});

/** A refund with the attendees it covers (refund_attendees), as the console shows it. */
export type RefundWithAttendees = RefundRow & { attendeeIds: number[] };

export const refundView = (r: RefundWithAttendees): OrderRefundView => ({
  id: r.id,
  providerRefundId: r.providerRefundId,
  amount: toRupees(r.amountPaise),
  status: r.status as RefundStatus,
  reason: r.reason,
  requestedBy: r.requestedByEmail,
  attendeeIds: r.attendeeIds,
  createdAt: r.createdAt,
  processedAt: r.processedAt,
  note: r.statusDescription ?? r.lastError,
  offline: isOfflineRefund(r),
});

/** An order's payments and refunds, oldest first, and the figures derived from them. */
export async function orderPaymentsAndRefunds(db: Db, orderId: string) {
  const paid = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  const covered = new Map<number, number[]>(rows.map((r) => [r.id, []]));
  if (rows.length > 0) {
    const links = await db
      .select({ refundId: refundAttendees.refundId, registrationId: refundAttendees.registrationId })
      .from(refundAttendees)
      .innerJoin(registrations, eq(registrations.id, refundAttendees.registrationId))
      .where(inArray(refundAttendees.refundId, [...covered.keys()]))
      .orderBy(asc(registrations.position), asc(registrations.id));
    for (const link of links) covered.get(link.refundId)!.push(link.registrationId);
  }
  const given: RefundWithAttendees[] = rows.map((r) => ({ ...r, attendeeIds: covered.get(r.id)! }));
  return { payments: paid, refunds: given, money: moneyOf(paid, given) };
}

/**
 * Recounts `registrations.refunded_paise`, the cache of each attendee's shares of the refunds that
 * give (or gave) them money back: pending, processing or succeeded. The one writer of the column;
 * every change to a refund's status or attendees calls it in the same transaction
 * (services/refund-recount.test.ts compares it with the rows).
 */
export async function recountRefunded(tx: Db, registrationIds: readonly number[]): Promise<void> {
  if (registrationIds.length === 0) return;
  await tx
    .update(registrations)
    .set({ refundedPaise: refundedSharesOf(registrations.id), feeRefundedPaise: refundedFeeSharesOf(registrations.id) })
    .where(inArray(registrations.id, [...new Set(registrationIds)]));
}

/** The sum of an attendee's shares of live refunds (what recountRefunded stores), as SQL. */
export const refundedSharesOf = (registrationId: SQLWrapper) =>
  sql<number>`coalesce((select sum(${refundAttendees.sharePaise}) from ${refundAttendees} inner join ${refunds} on ${refunds.id} = ${refundAttendees.refundId} where ${refundAttendees.registrationId} = ${registrationId} and ${refunds.status} in ${LIVE_REFUND_STATUSES}), 0)`;

/** The sum of an attendee's convenience fee given back by live refunds (decision 060), as SQL. */
export const refundedFeeSharesOf = (registrationId: SQLWrapper) =>
  sql<number>`coalesce((select sum(${refundAttendees.feeSharePaise}) from ${refundAttendees} inner join ${refunds} on ${refunds.id} = ${refundAttendees.refundId} where ${refundAttendees.registrationId} = ${registrationId} and ${refunds.status} in ${LIVE_REFUND_STATUSES}), 0)`;

async function attendeesOf(tx: Db, refundId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: refundAttendees.registrationId })
    .from(refundAttendees)
    .where(eq(refundAttendees.refundId, refundId));
  return rows.map((r) => r.id);
}

// ----- Deciding a refund ----------------------------------------------------------------------

const actorColumns = (actor: RefundActor) =>
  actor.kind === 'staff'
    ? { requestedBy: String(actor.userId), requestedByEmail: actor.email }
    : { requestedBy: actor.kind, requestedByEmail: actor.kind };

const attendeeName = (a: RegistrationRow) => `${a.firstName} ${a.lastName}`.trim();

/** A refund that gave nothing back (failed, cancelled) no longer counts against its attendees' revenue. */
async function returnShares(tx: Db, refund: RefundRow) {
  await recountRefunded(tx, await attendeesOf(tx, refund.id));
}

/**
 * Refunds attendees of an order (or the order's money when it has none, as a late payment's), in
 * the caller's transaction: the refund row is written `pending`; call sendRefund after the commit.
 * Event cancellation and a buyer's own cancellation call this too.
 */
export async function refundOrder(
  tx: Db,
  env: MailEnv,
  input: RefundInput,
  now = new Date(),
): Promise<{ refund: RefundRow; attendees: RegistrationRow[]; money: OrderMoney; creditNote: InvoiceRow | null }> {
  // Locked: a second refund of this order (another staff member, a double click) waits here and
  // then sees the first one's attendees refunded.
  const [order] = await forUpdate(tx.select().from(orders).where(eq(orders.id, input.orderId)));
  if (!order) throw new RefundRefusal('not_found', 'Order not found');
  if (order.status !== 'PAID' && order.status !== 'REFUND_REQUIRED') {
    throw new RefundRefusal('not_paid', 'This order was not paid: there is nothing to refund');
  }
  const { payments: paid, refunds: given, money } = await orderPaymentsAndRefunds(tx, order.id);
  if (money.paidPaise === 0) throw new RefundRefusal('not_paid', 'Nothing was paid for this order: there is nothing to refund');

  const all = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.orderId, order.id), isAttendee))
    .orderBy(asc(registrations.position));
  let chosen: RegistrationRow[];
  if (input.attendeeIds === 'all') {
    chosen = all.filter((a) => a.paymentStatus !== 'Refunded');
    if (all.length > 0 && chosen.length === 0) {
      throw new RefundRefusal('already_refunded', 'Every attendee of this order is already refunded');
    }
  } else {
    const byId = new Map(all.map((a) => [a.id, a]));
    const ids = [...new Set(input.attendeeIds)];
    const strangers = ids.filter((id) => !byId.has(id));
    if (strangers.length > 0) {
      const message = `Attendee ${strangers.join(', ')} is not in this order`;
      throw new RefundRefusal('invalid', message, { attendeeIds: message });
    }
    chosen = ids.map((id) => byId.get(id)!);
    const refunded = chosen.filter((a) => a.paymentStatus === 'Refunded');
    if (refunded.length > 0) {
      throw new RefundRefusal(
        'already_refunded',
        `${refunded.map(attendeeName).join(', ')} ${refunded.length === 1 ? 'is' : 'are'} already refunded`,
      );
    }
  }

  // In order, so that a refund's shares are counted the same way when it is undone (returnShares).
  chosen.sort((a, b) => a.position - b.position || a.id - b.id);
  // Issue 40: a refund naming attendees gives back at most what was paid for them and not yet
  // refunded, so another attendee's money is never taken with theirs (and no credit note line
  // exceeds what its invoice line charged for them).
  const attendeesPaise = chosen.reduce((n, a) => n + Math.max(0, a.amountPaise - a.refundedPaise), 0);
  const capPaise = chosen.length === 0 ? money.refundablePaise : Math.min(attendeesPaise, money.refundablePaise);
  const amountPaise = input.amountPaise ?? capPaise;
  if (input.amountPaise !== undefined && input.amountPaise > money.refundablePaise) {
    const message = `At most ${toRupees(money.refundablePaise)} rupees is left to refund on this order`;
    throw new RefundRefusal('too_much', message, { amount: message });
  }
  if (chosen.length > 0 && attendeesPaise === 0 && money.refundablePaise > 0) {
    const message = `Nothing was paid for ${chosen.map(attendeeName).join(', ')}: there is nothing to refund for them`;
    throw new RefundRefusal('too_much', message, { amount: message });
  }
  if (input.amountPaise !== undefined && input.amountPaise > capPaise) {
    const message = `At most ${toRupees(capPaise)} rupees can be refunded for ${chosen.map(attendeeName).join(', ')}: what was paid for them`;
    throw new RefundRefusal('too_much', message, { amount: message });
  }
  if (amountPaise <= 0) {
    throw new RefundRefusal('too_much', 'Nothing is left to refund on this order', { amount: 'Nothing is left to refund' });
  }
  // The convenience fee and its GST (decision 060), given back only when the buyer is not the cause,
  // never beyond what is left of the order's money (ticketRefund's rule, per attendee).
  const feeShares = new Map<number, number>();
  if (input.returnConvenienceFee) {
    for (const a of chosen) {
      const back = ticketRefund({ ...a, netPaise: a.amountPaise }, 0, 'event');
      if (back.feePaise + back.feeGstPaise > 0) feeShares.set(a.id, back.feePaise + back.feeGstPaise);
    }
  }
  let feeBackPaise = [...feeShares.values()].reduce((n, v) => n + v, 0);
  if (amountPaise + feeBackPaise > money.refundablePaise) {
    // Never more than was paid: what an older refund already gave back comes off the fee's part.
    feeBackPaise = Math.max(0, money.refundablePaise - amountPaise);
    let left = feeBackPaise;
    for (const [id, v] of feeShares) {
      feeShares.set(id, Math.min(v, left));
      left -= feeShares.get(id)!;
    }
  }

  const at = now.toISOString();
  // The tickets stop admitting at once, whatever the provider later says: the money is owed.
  for (const attendee of input.keepAttendees ? [] : chosen) {
    if (attendee.paymentStatus === 'Paid' && attendee.status !== 'Cancelled' && attendee.ticketId !== null) {
      await releaseSoldSeat(tx, { ticketTypeId: attendee.ticketId, quantity: attendee.quantity }, at);
    }
  }
  if (chosen.length > 0 && !input.keepAttendees) {
    await tx
      .update(registrations)
      .set({ status: 'Cancelled', paymentStatus: 'Refunded', updatedAt: at })
      .where(
        inArray(
          registrations.id,
          chosen.map((a) => a.id),
        ),
      );
    // attendee.cancelled, and order.cancelled once none of the order is left (decision 074).
    await recordAttendeesCancelled(
      tx,
      chosen.filter((a) => a.status !== 'Cancelled').map((a) => a.id),
      now,
    );
  }
  const payment = paid.find((p) => p.status === 'SUCCESS');
  // Offline (decision 045): asked for, or an order whose money no provider took.
  const offline = input.offline ?? !paid.some((p) => p.status === 'SUCCESS' && p.providerPaymentId !== null);
  const [inserted] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: payment?.id ?? null,
      // What the buyer gets back: the ticket money and any convenience fee with its GST.
      amountPaise: amountPaise + feeBackPaise,
      status: offline ? 'succeeded' : 'pending',
      reason: input.reason,
      ...actorColumns(input.actor),
      nextAttemptAt: at,
      ...(offline
        ? {
            providerReference: OFFLINE_REFUND_REFERENCE,
            statusDescription: 'Refunded offline by staff (cash or bank transfer): no payment provider was asked',
            processedAt: at,
          }
        : {}),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  // An offline refund succeeded as it was recorded: the organisation's webhooks hear of it now (decision 064).
  if (offline) await recordOrderWebhookEvent(tx, order.id, 'order.refunded', now);
  // An offline refund has no provider id: nothing is ever sent for it (sendRefund leaves it be).
  const [refund] = offline
    ? [inserted!]
    : await tx
        .update(refunds)
        .set({ providerRefundId: providerRefundIdOf(inserted!.id) })
        .where(eq(refunds.id, inserted!.id))
        .returning();
  // Each attendee's share of the ticket money (the organiser's: refunded_paise, takings) and their fee given back.
  const shares = [...refundShares(amountPaise, chosen)].map(([registrationId, sharePaise]) => ({
    refundId: refund!.id,
    registrationId,
    sharePaise,
    feeSharePaise: feeShares.get(registrationId) ?? 0,
  }));
  if (shares.length > 0) await tx.insert(refundAttendees).values(shares);
  await recountRefunded(
    tx,
    chosen.map((a) => a.id),
  );

  // The credit note against the order's tax invoice (decision 031), in its own series; the
  // buyer's notice names it and links it.
  // The organiser's credit note covers their ticket money only: the fee is the platform's supply.
  const creditNote = await issueCreditNote(tx, { ...refund!, amountPaise }, chosen, now).catch((error: unknown) => {
    // Never reached through the cap above, unless older refunds already took more than was paid.
    if (!(error instanceof CreditNoteRefusal)) throw error;
    const message = 'This refund is more than the tax invoice charged for these tickets';
    throw new RefundRefusal('too_much', message, { amount: message });
  });
  // The platform's credit note for the fee it gives back (decision 067), after the organisation's.
  const feeCreditNote = await issueFeeCreditNote(
    tx,
    refund!,
    chosen.map((a) => ({
      ticketName: a.ticketName,
      feePaise: a.feePaise,
      feeGstPaise: a.feeGstPaise,
      feeSharePaise: feeShares.get(a.id) ?? 0,
    })),
    now,
  );
  if (input.notify !== false) {
    await enqueueRefundEmail(tx, env, order, chosen, amountPaise, now, undefined, undefined, creditNote);
  }
  await recordAudit(tx, {
    actorUserId: input.actor.kind === 'staff' ? input.actor.userId : null,
    actorEmail: input.actor.kind === 'staff' ? input.actor.email : input.actor.kind,
    action: 'refund',
    entity: 'order',
    entityId: order.id,
    detail: {
      refundId: refund!.id,
      amountPaise,
      reason: input.reason,
      ...(offline ? { offline: true } : {}),
      attendees: chosen.map((a) => ({ id: a.id, ticketNumber: a.registrationNumber, name: attendeeName(a) })),
      ...(creditNote ? { creditNote: creditNote.number } : {}),
      ...(feeCreditNote ? { feeCreditNote: feeCreditNote.number } : {}),
    },
    ip: input.actor.kind === 'staff' ? (input.actor.ip ?? null) : null,
  });
  return { refund: refund!, attendees: chosen, money: moneyOf(paid, [...given, refund!]), creditNote };
}

// ----- Talking to the provider ----------------------------------------------------------------

/** A pending refund's next try after n failed attempts: 30 s, 2 min, 8 min… at most an hour. */
export const refundRetryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 4 ** Math.max(0, attempts - 1));

const isFinal = (status: string) => status === 'succeeded' || status === 'failed' || status === 'cancelled';

/**
 * Records what the provider says of a refund (its answer to create or read, or a webhook):
 * a final status is kept (a late PENDING read never undoes a SUCCESS). Undefined when no refund of
 * ours has this id on this order.
 */
export async function applyProviderRefund(
  tx: Db,
  news: Pick<ProviderRefund, 'refundId' | 'orderId' | 'status' | 'reference' | 'description'>,
  now = new Date(),
): Promise<{ refund: RefundRow; changed: boolean } | undefined> {
  const [row] = await forUpdate(
    tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.providerRefundId, news.refundId), eq(refunds.orderId, news.orderId))),
  );
  if (!row) return undefined;
  const status: RefundStatus = news.status;
  if (isFinal(row.status) || (row.status === status && row.providerReference)) return { refund: row, changed: false };
  const [updated] = await tx
    .update(refunds)
    .set({
      status,
      providerReference: news.reference ?? row.providerReference,
      statusDescription: isFinal(status) ? news.description : row.statusDescription,
      processedAt: isFinal(status) ? now.toISOString() : null,
      lastError: null,
      updatedAt: now.toISOString(),
    })
    .where(eq(refunds.id, row.id))
    .returning();
  if (status === 'failed' || status === 'cancelled') await returnShares(tx, row);
  if (status === 'succeeded') await recordOrderWebhookEvent(tx, row.orderId, 'order.refunded', now);
  if (isFinal(status)) {
    await recordAudit(tx, {
      actorUserId: null,
      actorEmail: 'system',
      action: `refund_${status}`,
      entity: 'order',
      entityId: row.orderId,
      detail: { refundId: row.id, amountPaise: row.amountPaise, provider: news.description },
    });
  }
  return { refund: updated!, changed: true };
}

export interface RefundDeps {
  db: Database;
  provider: PaymentProvider;
}

/**
 * Asks the provider to pay a pending refund back, outside any transaction. Safe to run twice at
 * once and again after a crash: the provider refuses a second refund with the same id, and then
 * its status is read instead. A network or server error leaves it pending for the worker.
 */
export async function sendRefund(deps: RefundDeps, refundId: number, now = new Date()): Promise<RefundRow | undefined> {
  const [row] = await deps.db.query((db) => db.select().from(refunds).where(eq(refunds.id, refundId)));
  if (!row || row.status !== 'pending' || !row.providerRefundId) return row;
  const providerRefundId = row.providerRefundId;
  let news: ProviderRefund;
  try {
    news = await deps.provider.createRefund(row.orderId, {
      refundId: providerRefundId,
      amountPaise: row.amountPaise,
      note: row.reason,
    });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'duplicate') {
      // Sent before (a retry after a lost answer, or another instance): read what the provider holds.
      try {
        news = await deps.provider.getRefund(row.orderId, providerRefundId);
      } catch (readError) {
        return deferRefund(deps.db, row, readError, now);
      }
    } else if (error instanceof PaymentProviderError && error.kind === 'rejected') {
      // The request itself is wrong (amount, order state): no retry can change it.
      return deps.db.transaction(async (tx) => {
        const [failed] = await tx
          .update(refunds)
          .set({
            status: 'failed',
            lastError: `${error.status} ${error.message}`,
            statusDescription: `The payment provider refused the refund: ${error.message}`,
            processedAt: now.toISOString(),
            attempts: row.attempts + 1,
            updatedAt: now.toISOString(),
          })
          .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
          .returning();
        if (failed) {
          await returnShares(tx, failed);
          await recordAudit(tx, {
            actorUserId: null,
            actorEmail: 'system',
            action: 'refund_failed',
            entity: 'order',
            entityId: row.orderId,
            detail: { refundId: row.id, amountPaise: row.amountPaise, provider: error.message },
          });
        }
        return failed ?? row;
      });
    } else {
      return deferRefund(deps.db, row, error, now);
    }
  }
  return deps.db.transaction(async (tx) => (await applyProviderRefund(tx, news, now))?.refund ?? row);
}

async function deferRefund(db: Database, row: RefundRow, error: unknown, now: Date): Promise<RefundRow> {
  const message = describeProviderError(error);
  console.warn(`[payments] refund ${row.id} of order ${row.orderId} not sent yet: ${message}`);
  const attempts = row.attempts + 1;
  const [updated] = await db.query((q) =>
    q
      .update(refunds)
      .set({
        attempts,
        lastError: message,
        nextAttemptAt: new Date(now.getTime() + refundRetryDelayMs(attempts)).toISOString(),
        updatedAt: now.toISOString(),
      })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
      .returning(),
  );
  return updated ?? row;
}

/** A refund the provider accepted but has not settled after this long is asked about. */
export const REFUND_POLL_AFTER_MS = 10 * 60_000;

/**
 * The refunds worker's turn: sends every pending refund that is due (unsent after a crash, or
 * failed to reach the provider), then reads the status of those the provider has held for a
 * while (a webhook that never came). Returns how many it sent and settled.
 */
export async function processRefunds(deps: RefundDeps, now = new Date(), limit = 50): Promise<{ sent: number; settled: number }> {
  const at = now.toISOString();
  const due = await deps.db.query((db) =>
    db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, at)))
      .orderBy(asc(refunds.nextAttemptAt))
      .limit(limit),
  );
  let sent = 0;
  for (const { id } of due) {
    const after = await sendRefund(deps, id, now);
    if (after && after.status !== 'pending') sent++;
  }
  const quiet = new Date(now.getTime() - REFUND_POLL_AFTER_MS).toISOString();
  const open = await deps.db.query((db) =>
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.status, 'processing'), lt(refunds.updatedAt, quiet)))
      .orderBy(desc(refunds.updatedAt))
      .limit(limit),
  );
  let settled = 0;
  for (const row of open) {
    try {
      const news = await deps.provider.getRefund(row.orderId, row.providerRefundId!);
      const applied = await deps.db.transaction((tx) => applyProviderRefund(tx, news, now));
      if (applied?.changed && isFinal(applied.refund.status)) settled++;
      else {
        // Asked again after another interval, not on every turn.
        await deps.db.query((db) => db.update(refunds).set({ updatedAt: at }).where(eq(refunds.id, row.id)));
      }
    } catch (error) {
      console.warn(`[payments] refund ${row.id} status unknown:`, error instanceof Error ? error.message : error);
    }
  }
  return { sent, settled };
}

/** An order's refunds that still wait to be sent (what a caller sends after its transaction commits). */
export async function pendingRefundIds(db: Db, orderId: string): Promise<number[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return rows.map((r) => r.id);
}

/**
 * Asks again for a refund the provider failed or cancelled (decision 025): a new `pending` row for
 * the same amount and attendees (their shares counted again), `retry_of` naming the old one, so a
 * refund is retried once (the unique index refuses a second) and never while money is still due.
 * Send it after the commit.
 */
export async function retryRefund(tx: Db, refundId: number, actor: RefundActor, now = new Date()): Promise<RefundRow> {
  const [old] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  if (!old) throw new RefundRefusal('not_found', 'Refund not found');
  await forUpdate(tx.select({ id: orders.id }).from(orders).where(eq(orders.id, old.orderId)));
  if (old.status !== 'failed' && old.status !== 'cancelled') {
    throw new RefundRefusal('invalid', 'Only a failed or cancelled refund can be retried');
  }
  const [again] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.retryOf, old.id));
  if (again) throw new RefundRefusal('already_refunded', 'This refund was already retried');
  const { payments: paid, money } = await orderPaymentsAndRefunds(tx, old.orderId);
  if (old.amountPaise > money.refundablePaise) {
    const message = `At most ${toRupees(money.refundablePaise)} rupees is left to refund on this order`;
    throw new RefundRefusal('too_much', message, { amount: message });
  }
  const at = now.toISOString();
  const [inserted] = await tx
    .insert(refunds)
    .values({
      orderId: old.orderId,
      paymentId: paid.find((p) => p.status === 'SUCCESS')?.id ?? old.paymentId,
      amountPaise: old.amountPaise,
      status: 'pending',
      reason: old.reason,
      ...actorColumns(actor),
      retryOf: old.id,
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const [refund] = await tx
    .update(refunds)
    .set({ providerRefundId: providerRefundIdOf(inserted!.id) })
    .where(eq(refunds.id, inserted!.id))
    .returning();
  // The same attendees with the same shares (the fee given back with them too, decision 060), counted again.
  const shares = await tx
    .select({
      registrationId: refundAttendees.registrationId,
      sharePaise: refundAttendees.sharePaise,
      feeSharePaise: refundAttendees.feeSharePaise,
    })
    .from(refundAttendees)
    .where(eq(refundAttendees.refundId, old.id));
  if (shares.length > 0) await tx.insert(refundAttendees).values(shares.map((share) => ({ refundId: refund!.id, ...share })));
  await recountRefunded(
    tx,
    shares.map((share) => share.registrationId),
  );
  await recordAudit(tx, {
    actorUserId: actor.kind === 'staff' ? actor.userId : null,
    actorEmail: actor.kind === 'staff' ? actor.email : actor.kind,
    action: 'refund_retry',
    entity: 'order',
    entityId: old.orderId,
    detail: { refundId: refund!.id, retryOf: old.id, amountPaise: old.amountPaise },
    ip: actor.kind === 'staff' ? (actor.ip ?? null) : null,
  });
  return refund!;
}
