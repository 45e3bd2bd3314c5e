// Cashfree behind the PaymentProvider interface (payments/provider.ts; issue 39): the one module that
// turns the platform's requests into Cashfree's PG calls (payments/cashfree-api.ts) and Cashfree's
// entities and webhooks back into the platform's words. Cashfree's names (cf_payment_id,
// payment_session_id, order_status, payment_group, refund_status, x-webhook-signature…) stop here.
// In emulator mode the same adapter talks to the API's own emulator (/emulator/cashfree/pg).
import { z } from 'zod';
import { toPaise, toRupees } from '../contract/money';
import type { Env } from '../env';
import { selfBaseUrl } from '../urls';
import {
  cashfreeBaseUrl,
  CashfreeError,
  createCashfreeClient,
  verifyWebhookSignature,
  type CashfreeClient,
  type CashfreeOrderStatus,
  type CashfreePaymentStatus,
  type CashfreeRefundStatus,
  type PaymentEntity,
  type RefundEntity,
} from './cashfree-api';
import {
  PaymentProviderError,
  type FetchLike,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderOrderStatus,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from './provider';

/** The emulator's cashfree.js v3 stand-in, served by this API (payments/emulator.ts). */
export const EMULATOR_SDK_PATH = '/emulator/cashfree/sdk/v3/cashfree.js';
export const CASHFREE_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js';

/**
 * The origins cashfree.js v3 needs in sandbox and production, as Cashfree's own CSP guidance lists
 * them: scripts from sdk; calls to api and sandbox; frames and form posts to sdk, api, sandbox,
 * payments and payments-test. The emulator needs none (it is this API).
 */
export const CASHFREE_ORIGINS = {
  script: ['https://sdk.cashfree.com'],
  connect: ['https://api.cashfree.com', 'https://sandbox.cashfree.com'],
  frame: [
    'https://sdk.cashfree.com',
    'https://api.cashfree.com',
    'https://sandbox.cashfree.com',
    'https://payments.cashfree.com',
    'https://payments-test.cashfree.com',
  ],
  form: [
    'https://api.cashfree.com',
    'https://sandbox.cashfree.com',
    'https://payments.cashfree.com',
    'https://payments-test.cashfree.com',
  ],
};

/** Where Cashfree sends webhooks: the public path DESIGN.md section 3 fixes. */
export const CASHFREE_WEBHOOK_PATH = '/api/cashfree/webhook';

/** Cashfree payment_group → the SPEC's payment method words. */
export function paymentMethodLabel(paymentGroup: string | undefined | null): string {
  switch (paymentGroup) {
    case 'upi':
    case 'upi_ppi':
    case 'upi_credit_card':
      return 'UPI';
    case 'credit_card':
    case 'credit_card_emi':
      return 'Credit Card';
    case 'debit_card':
    case 'debit_card_emi':
    case 'prepaid_card':
      return 'Debit Card';
    case 'net_banking':
      return 'Net Banking';
    case 'wallet':
      return 'Wallet';
    case 'pay_later':
      return 'Pay Later';
    default:
      return paymentGroup ? paymentGroup : 'Online';
  }
}

const ORDER_STATUS: Record<CashfreeOrderStatus, ProviderOrderStatus> = {
  ACTIVE: 'open',
  // Asked to end but not ended yet: a payment may still land, so it is unpaid and open.
  TERMINATION_REQUESTED: 'open',
  PAID: 'paid',
  EXPIRED: 'closed',
  TERMINATED: 'closed',
};

const PAYMENT_STATUS: Record<CashfreePaymentStatus, ProviderPaymentStatus> = {
  SUCCESS: 'succeeded',
  FAILED: 'failed',
  USER_DROPPED: 'failed',
  CANCELLED: 'failed',
  VOID: 'failed',
  NOT_ATTEMPTED: 'pending',
  PENDING: 'pending',
};

const REFUND_STATUS: Record<CashfreeRefundStatus, ProviderRefund['status']> = {
  SUCCESS: 'succeeded',
  PENDING: 'processing',
  ONHOLD: 'processing',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

const paymentOf = (
  p: Pick<PaymentEntity, 'cf_payment_id' | 'payment_status' | 'payment_group' | 'payment_amount'> &
    Partial<Pick<PaymentEntity, 'payment_message' | 'error_details'>>,
): ProviderPayment => {
  const status = PAYMENT_STATUS[p.payment_status] ?? 'pending';
  // Cashfree's message for the buyer, else its error's description (issue 40: a failure says why).
  const reason = status === 'failed' ? p.payment_message?.trim() || p.error_details?.error_description?.trim() : undefined;
  return {
    id: String(p.cf_payment_id),
    status,
    method: paymentMethodLabel(p.payment_group),
    amountPaise: toPaise(Number(p.payment_amount)),
    ...(reason ? { failureReason: reason } : {}),
  };
};

const refundOf = (
  r: Pick<RefundEntity, 'refund_id' | 'order_id' | 'refund_status'> & {
    cf_refund_id?: string | number | null;
    status_description?: string | null;
  },
): ProviderRefund => ({
  refundId: r.refund_id,
  orderId: r.order_id,
  status: REFUND_STATUS[r.refund_status] ?? 'processing',
  reference: r.cf_refund_id ? String(r.cf_refund_id) : null,
  description: r.status_description ?? null,
});

/** Cashfree's error as the provider's: 409 a duplicate, 400/404/422 a request no retry can change, else try later. */
function providerError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (!(error instanceof CashfreeError)) return new PaymentProviderError(0, String(error), 'unavailable');
  const kind =
    error.status === 409
      ? 'duplicate'
      : error.status === 400 || error.status === 404 || error.status === 422
        ? 'rejected'
        : 'unavailable';
  return new PaymentProviderError(error.status, error.message, kind, error.code);
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error);
  }
}

const PAYMENT_WEBHOOK_TYPES = ['PAYMENT_SUCCESS_WEBHOOK', 'PAYMENT_FAILED_WEBHOOK', 'PAYMENT_USER_DROPPED_WEBHOOK'] as const;
const REFUND_WEBHOOK_TYPE = 'REFUND_STATUS_WEBHOOK';
const HANDLED_WEBHOOK_TYPES: readonly string[] = [...PAYMENT_WEBHOOK_TYPES, REFUND_WEBHOOK_TYPE];
const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid order id');

/**
 * Cashfree's webhooks as it documents them: payment webhooks carry their order and payment, refund
 * webhooks (decision 022) the RefundEntity; other types (settlements…) are acknowledged and
 * ignored, so that Cashfree does not retry them for ever.
 */
export const cashfreeWebhookSchema = z.union([
  z.object({
    type: z.enum(PAYMENT_WEBHOOK_TYPES),
    data: z.object({
      order: z.object({ order_id: orderIdSchema }),
      payment: z.object({
        cf_payment_id: z.union([z.string().min(1), z.number().int().nonnegative()]),
        payment_status: z.string(),
        payment_amount: z.number().nonnegative().optional(),
        payment_group: z.string().nullish(),
      }),
    }),
  }),
  z.object({
    type: z.literal(REFUND_WEBHOOK_TYPE),
    data: z.object({
      refund: z.object({
        refund_id: z.string().min(1).max(64),
        order_id: orderIdSchema,
        cf_refund_id: z.union([z.string(), z.number()]).transform(String),
        refund_status: z.enum(['SUCCESS', 'FAILED', 'CANCELLED', 'PENDING', 'ONHOLD']),
        status_description: z.string().nullish(),
        processed_at: z.string().nullish(),
      }),
    }),
  }),
  z.object({
    type: z.string().refine((type) => !HANDLED_WEBHOOK_TYPES.includes(type)),
    data: z.unknown(),
  }),
]);

/** A webhook Cashfree sent, in the platform's words. */
export function cashfreeWebhookEvent(hook: z.output<typeof cashfreeWebhookSchema>): PaymentEvent {
  if (hook.type === REFUND_WEBHOOK_TYPE) {
    return { kind: 'refund', refund: refundOf((hook.data as { refund: RefundEntity }).refund) };
  }
  if (!(PAYMENT_WEBHOOK_TYPES as readonly string[]).includes(hook.type)) return { kind: 'ignored' };
  const { order, payment } = (hook as Extract<typeof hook, { type: (typeof PAYMENT_WEBHOOK_TYPES)[number] }>).data;
  switch (hook.type) {
    case 'PAYMENT_SUCCESS_WEBHOOK':
      // A success webhook must say SUCCESS and how much was paid; anything else is not acted on.
      if (payment.payment_status !== 'SUCCESS' || payment.payment_amount === undefined) return { kind: 'ignored' };
      return {
        kind: 'payment_succeeded',
        orderId: order.order_id,
        payment: paymentOf({
          cf_payment_id: String(payment.cf_payment_id),
          payment_status: 'SUCCESS',
          payment_group: payment.payment_group ?? '',
          payment_amount: payment.payment_amount,
        }),
      };
    case 'PAYMENT_FAILED_WEBHOOK':
    case 'PAYMENT_USER_DROPPED_WEBHOOK':
      return { kind: 'payment_failed', orderId: order.order_id };
    default:
      return { kind: 'ignored' };
  }
}

export interface CashfreeProviderOptions {
  env: Pick<Env, 'payments' | 'publicUrl' | 'port'>;
  /** Tests route the client's calls into the in-process app (its emulator). */
  fetch?: FetchLike;
  /** A client of one's own (tests that make the provider fail); by default one for env's mode and credentials. */
  client?: CashfreeClient;
}

/** Cashfree (or, in emulator mode, the API's own stand-in for it) as the platform's PaymentProvider. */
export function createCashfreeProvider({ env, fetch, client }: CashfreeProviderOptions): PaymentProvider {
  const cashfree =
    client ??
    createCashfreeClient({
      baseUrl: cashfreeBaseUrl(env),
      appId: env.payments.appId,
      secretKey: env.payments.secretKey,
      fetch,
    });
  const emulated = env.payments.mode === 'emulator';

  /** Cashfree wants https callbacks outside the emulator; an http URL would be refused there. */
  function orderMeta(returnPath: string) {
    const base = selfBaseUrl(env);
    if (!emulated && !base.startsWith('https://')) return undefined;
    const separator = returnPath.includes('?') ? '&' : '?';
    return {
      notify_url: `${base}${CASHFREE_WEBHOOK_PATH}`,
      // Cashfree fills in {order_id}.
      return_url: `${base}${returnPath}${separator}order_id={order_id}`,
    };
  }

  return {
    browser: {
      config: {
        provider: 'cashfree',
        // The emulator stands in for Cashfree's sandbox, so the SDK is told 'sandbox'.
        mode: emulated ? 'sandbox' : (env.payments.mode as 'sandbox' | 'production'),
        sdkUrl: emulated ? EMULATOR_SDK_PATH : CASHFREE_SDK_URL,
        emulated,
      },
      origins: emulated ? { script: [], connect: [], frame: [], form: [] } : CASHFREE_ORIGINS,
    },

    async createOrder(order) {
      // Cashfree takes the 10-digit national number.
      const phone = order.buyer.phone.replace(/^\+91/, '');
      const entity = await calling(() =>
        cashfree.createOrder(
          {
            order_id: order.orderId,
            order_amount: toRupees(order.amountPaise),
            order_currency: 'INR',
            customer_details: {
              customer_id: `cust_${phone}`,
              customer_phone: phone,
              customer_email: order.buyer.email,
              customer_name: order.buyer.name,
            },
            order_meta: orderMeta(order.returnPath),
            // Cashfree's minimum is 15 minutes ahead.
            order_expiry_time: order.expiresAt,
            order_note: order.note || undefined,
            order_tags: order.tags,
          },
          order.idempotencyKey,
        ),
      );
      const session = entity.payment_session_id;
      return { sessionId: typeof session === 'string' && session ? session : null };
    },

    async getOrder(orderId) {
      const entity = await calling(() => cashfree.getOrder(orderId));
      const status = ORDER_STATUS[entity.order_status] ?? 'open';
      // A closed order's payments change nothing: they are not asked for.
      if (status === 'closed') return { status, payments: [] };
      const payments = await calling(() => cashfree.getPayments(orderId));
      return { status, payments: payments.map(paymentOf) };
    },

    async createRefund(orderId, refund) {
      const entity = await calling(() =>
        cashfree.createRefund(orderId, {
          refund_amount: toRupees(refund.amountPaise),
          refund_id: refund.refundId,
          refund_note: refund.note.slice(0, 100),
          refund_speed: 'STANDARD',
        }),
      );
      return refundOf(entity);
    },

    async getRefund(orderId, refundId) {
      return refundOf(await calling(() => cashfree.getRefund(orderId, refundId)));
    },

    verifyWebhook(rawBody, header, now) {
      return verifyWebhookSignature(
        env.payments.secretKey,
        rawBody,
        header('x-webhook-signature'),
        header('x-webhook-timestamp'),
        now,
      );
    },

    readWebhook(body) {
      const parsed = cashfreeWebhookSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return { ok: false, problem: `${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim() };
      }
      return { ok: true, event: cashfreeWebhookEvent(parsed.data) };
    },
  };
}
