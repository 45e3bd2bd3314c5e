// Payment events (DESIGN.md section 5): what the payment provider says of an order once checkout
// (services/checkout.ts) has opened it: GET /api/cashfree/verify-payment asks it, its signed webhook
// tells it, reconciliation asks again for orders left open, and a free order's e-mailed link
// confirms it. Only the provider's word (a verify call or a signed webhook) turns an order PAID,
// through fulfilment.ts, which makes the order's positions its attendees (decision 040).
import { isDatabaseUnavailable, isStorageFull } from '../db/errors';
import { and, eq, getTableColumns, gte, inArray, isNotNull } from 'drizzle-orm';
import type { ConfirmEmailResponse, VerifyPaymentResponse } from '../contract';
import { orders } from '../db/schema';
import { describeProviderError, type PaymentEvent, type PaymentProvider, type ProviderPayment } from '../payments/provider';
import { failOrder, fulfilOrder, type FulfilOutcome } from './fulfilment';
import { releaseHold } from './holds';
import { isHolder } from './hold-ownership';
import { confirmFreeOrder } from './email-confirmation';
import { applyProviderRefund, pendingRefundIds, sendRefund } from './refunds';
import { CheckoutRefusal, confirmationQueuedColumn, issuedTicket, PAYMENT_MESSAGES, type CheckoutDeps } from './checkout';

type OrderRow = typeof orders.$inferSelect;

async function outcomeResponse(
  deps: Pick<CheckoutDeps, 'db' | 'env'>,
  orderId: string,
  outcome: FulfilOutcome,
): Promise<VerifyPaymentResponse> {
  if (outcome.kind === 'paid') {
    const reference = outcome.order.bookingReference;
    return { orderId, status: 'PAID', registration: await deps.db.query((db) => issuedTicket(db, deps.env, orderId, reference)) };
  }
  return {
    orderId,
    status: 'FAILED',
    refundRequired: true,
    message: 'Your payment was received after the tickets sold out. It will be refunded.',
  };
}

/**
 * Fulfils from a payment the provider reports taken. A payment that could not be fulfilled
 * (or a second payment of a paid order) left a pending refund: it is sent once the fulfilment has
 * committed (the refunds worker sends it otherwise).
 */
export async function fulfilFromPayment(
  deps: Pick<CheckoutDeps, 'db' | 'env'> & { provider?: PaymentProvider },
  orderId: string,
  payment: Pick<ProviderPayment, 'id' | 'method' | 'amountPaise'>,
) {
  const outcome = await deps.db.transaction((tx) =>
    fulfilOrder(tx, deps.env, orderId, {
      providerPaymentId: payment.id,
      paymentMethod: payment.method,
      amountPaise: payment.amountPaise,
    }),
  );
  const provider = deps.provider;
  // A payment fulfilled just now left no refund to send; one that could not be fulfilled, or a
  // second payment of a paid order, did.
  const freshlyPaid = outcome.kind === 'paid' && outcome.created;
  if (provider && !freshlyPaid) {
    for (const id of await deps.db.query((db) => pendingRefundIds(db, orderId))) {
      await sendRefund({ db: deps.db, provider }, id).catch((error: unknown) =>
        console.warn(`[payments] refund ${id} of order ${orderId} left for the worker:`, error),
      );
    }
  }
  return outcome;
}

/**
 * GET /api/cashfree/verify-payment/:orderId. The order id travels in return URLs, so the signed
 * ticket link goes only to the browser that made the order (its checkout cookie's hash, decision
 * 027); anyone else learns the status alone. Reconciliation passes no holder: it needs the status.
 */
export async function verifyCheckoutPayment(
  deps: CheckoutDeps,
  orderId: string,
  holderHash: string | null = null,
): Promise<VerifyPaymentResponse> {
  const { answer, order } = await verifyForAnyone(deps, orderId);
  if (!answer.registration || isHolder(order.holderHash, holderHash)) return answer;
  const { registration: _withheld, ...statusOnly } = answer;
  return statusOnly;
}

/**
 * POST /api/cashfree/confirm-email/:orderId: the link e-mailed for a free order (decision 027).
 * Whoever follows it proved they read the buyer's mail, where the tickets go anyway: they get them.
 */
export async function confirmFreeRegistration(
  deps: Pick<CheckoutDeps, 'db' | 'env'>,
  orderId: string,
  token: string,
  now = new Date(),
): Promise<ConfirmEmailResponse> {
  const outcome = await deps.db.transaction((tx) => confirmFreeOrder(tx, deps.env, orderId, token, now));
  switch (outcome.kind) {
    case 'not_found':
      throw new CheckoutRefusal('not_found', 'Registration not found');
    case 'invalid':
      throw new CheckoutRefusal('invalid', 'This confirmation link is not valid', {
        token: 'This confirmation link is not valid',
      });
    case 'lapsed':
      throw new CheckoutRefusal(
        'conflict',
        'This registration was not confirmed in time and its places were released. Please register again.',
      );
    case 'confirmed':
      return {
        orderId,
        status: 'PAID',
        registration: await deps.db.query((db) => issuedTicket(db, deps.env, orderId, outcome.bookingReference)),
        email: outcome.email,
      };
  }
}

/** The order's status (and ticket, once paid), with the order as it was read before any provider call. */
async function verifyForAnyone(deps: CheckoutDeps, orderId: string): Promise<{ answer: VerifyPaymentResponse; order: OrderRow }> {
  // With whether its confirmation was queued, so a paid order's answer reads nothing more.
  const [local] = await deps.db.query((q) =>
    q
      .select({ ...getTableColumns(orders), confirmationQueued: confirmationQueuedColumn() })
      .from(orders)
      .where(eq(orders.id, orderId)),
  );
  if (!local) throw new CheckoutRefusal('not_found', 'Order not found');
  return { answer: await statusOf(deps, local), order: local };
}

async function statusOf(deps: CheckoutDeps, local: OrderRow & { confirmationQueued?: number }): Promise<VerifyPaymentResponse> {
  const { db } = deps;
  const orderId = local.id;
  if (local.status === 'PAID') {
    return {
      orderId,
      status: 'PAID',
      ...(local.bookingReference
        ? {
            registration: await db.query((q) =>
              issuedTicket(q, deps.env, orderId, local.bookingReference!, local.confirmationQueued),
            ),
          }
        : {}),
    };
  }
  if (local.status === 'REFUND_REQUIRED') return outcomeResponse(deps, orderId, { kind: 'refund_required', reason: '' });
  if (!local.providerSessionId) {
    return { orderId, status: local.status === 'CREATED' ? 'PENDING' : local.status === 'EXPIRED' ? 'EXPIRED' : 'FAILED' };
  }

  try {
    const remote = await deps.provider.getOrder(orderId);
    if (remote.status === 'paid') {
      const success = remote.payments.find((p) => p.status === 'succeeded');
      if (!success) return { orderId, status: 'PENDING' };
      return outcomeResponse(deps, orderId, await fulfilFromPayment(deps, orderId, success));
    }
    if (remote.status === 'closed') {
      await db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED'));
      return { orderId, status: local.status === 'FAILED' ? 'FAILED' : 'EXPIRED' };
    }
    // Open: unpaid. What did the last attempt say? A refusal says why, in the provider's words.
    const last = remote.payments.at(-1);
    const failed = (): VerifyPaymentResponse => ({
      orderId,
      status: 'FAILED',
      ...(last?.status === 'failed' && last.failureReason ? { reason: last.failureReason } : {}),
    });
    if (local.status === 'FAILED') return failed();
    if (local.status === 'EXPIRED') return { orderId, status: 'EXPIRED' };
    if (last?.status === 'failed') {
      await db.transaction((tx) => failOrder(tx, orderId));
      return failed();
    }
    return { orderId, status: 'PENDING' };
  } catch (error) {
    // Our own storage failing (a full disk, the database down) is not the provider's: 503, not 502.
    if (error instanceof CheckoutRefusal || isStorageFull(error) || isDatabaseUnavailable(error)) throw error;
    console.error(`[payments] verify ${orderId} failed:`, describeProviderError(error));
    throw new CheckoutRefusal('provider_failed', PAYMENT_MESSAGES.verifyFailed);
  }
}

/** How far back reconciliation looks: the provider's own order expiry (the hold and two minutes) is far shorter. */
export const RECONCILE_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Asks the provider about every order it was sent that is not settled here (still CREATED, or
 * EXPIRED while a payment may have landed), and fulfils what it reports paid. Run at startup, so
 * that a crash between the provider's PAID and the fulfilment commit is repaired, and then every few
 * minutes in case a webhook never arrives. Fulfilment is idempotent: never twice.
 */
export async function reconcileOpenOrders(deps: CheckoutDeps, now = new Date()): Promise<{ checked: number; fulfilled: number }> {
  const since = new Date(now.getTime() - RECONCILE_LOOKBACK_MS).toISOString();
  const open = await deps.db.query((db) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(inArray(orders.status, ['CREATED', 'EXPIRED']), isNotNull(orders.providerSessionId), gte(orders.createdAt, since)),
      ),
  );
  let fulfilled = 0;
  for (const { id } of open) {
    try {
      const answer = await verifyCheckoutPayment(deps, id);
      if (answer.status === 'PAID') fulfilled++;
    } catch (error) {
      // One unreachable order must not stop the others; the next run tries it again.
      console.warn(`[payments] reconcile ${id} failed:`, error instanceof Error ? error.message : error);
    }
  }
  if (fulfilled > 0) console.log(`[payments] reconciled ${fulfilled} paid order(s) that had no registration`);
  return { checked: open.length, fulfilled };
}

/** A refund webhook for a refund we never asked for: the route answers 404 and nothing changes. */
export class UnknownRefund extends Error {
  override name = 'UnknownRefund';
}

/**
 * A provider's webhook, verified by the route and read by the provider (payments/provider.ts): a
 * payment taken is fulfilled, a failed or abandoned one fails its order, a refund's news is
 * recorded; anything else is acknowledged.
 */
export async function handlePaymentWebhook(
  deps: Pick<CheckoutDeps, 'db' | 'env'> & { provider?: PaymentProvider },
  event: PaymentEvent,
): Promise<{ handled: string }> {
  switch (event.kind) {
    case 'refund': {
      const { refund } = event;
      const applied = await deps.db.transaction((tx) => applyProviderRefund(tx, refund));
      if (!applied) throw new UnknownRefund(`No refund ${refund.refundId} on order ${refund.orderId}`);
      return { handled: `refund_${applied.refund.status}` };
    }
    case 'payment_succeeded':
      return { handled: (await fulfilFromPayment(deps, event.orderId, event.payment)).kind };
    case 'payment_failed':
      return { handled: (await deps.db.transaction((tx) => failOrder(tx, event.orderId))) ? 'failed' : 'unchanged' };
    case 'ignored':
      return { handled: 'ignored' };
  }
}
