// A local stand-in for Cashfree's PG (DESIGN.md section 5), mounted at /emulator/cashfree in
// emulator mode: the REST calls the client makes, a checkout page, a cashfree.js v3-compatible SDK,
// a pay endpoint, refunds (created PENDING, settled SUCCESS after a moment or by hand through the
// settle endpoint, each settlement announced by a signed REFUND_STATUS_WEBHOOK; decision 022), and
// webhooks signed and retried as Cashfree does.
//
// Its state is kept by an EmulatorStore: the API's database in the app (payments/emulator-store.ts,
// so every instance sees it), memory in unit tests. Nothing the platform owns is kept here.
import { randomBytes, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  CASHFREE_API_VERSION,
  signWebhook,
  type CashfreePaymentStatus,
  type CashfreeRefundStatus,
  type CreateOrderRequest,
  type RefundEntity,
  type OrderEntity,
  type PaymentEntity,
} from './cashfree-api';
import type { FetchLike } from './provider';
import { CHECKOUT_PAGE_SCRIPT, SDK_SCRIPT, checkoutPageHtml } from './emulator-assets';

/** Cashfree's default retry policy: 2, 10 and 30 minutes after the first failed delivery. */
export const CASHFREE_WEBHOOK_RETRY_DELAYS_MS = [2 * 60_000, 10 * 60_000, 30 * 60_000];

export interface EmulatorOptions {
  appId: string;
  secretKey: string;
  /** Where webhooks go when an order has no notify_url. */
  defaultNotifyUrl: string;
  fetch?: FetchLike;
  /** Delays before each retry of a failed delivery; scaled down in tests. */
  retryDelaysMs?: number[];
  /** false: record payments but send no webhooks (tests that deliver them by hand). */
  webhooks?: boolean;
  /** Where the orders are kept: the database (every instance sees them), or memory by default. */
  store?: EmulatorStore;
  /**
   * How long a refund stays PENDING before it succeeds on its own (Cashfree's sandbox settles in
   * moments); null: only when settled through POST /refunds/:orderId/:refundId/settle (tests).
   */
  refundSettleMs?: number | null;
}

export interface EmulatedOrder {
  entity: OrderEntity;
  appId: string;
  payments: PaymentEntity[];
  refunds: RefundEntity[];
}

/** How the emulator settles a refund: as Cashfree reports it in its webhook. */
export const REFUND_OUTCOMES = { success: 'SUCCESS', failed: 'FAILED', cancelled: 'CANCELLED' } as const;
export const DEFAULT_REFUND_SETTLE_MS = 3_000;

/** The emulator's orders. `change` reads, updates and writes one order, one change at a time. */
export interface EmulatorStore {
  get(orderId: string): Promise<EmulatedOrder | undefined>;
  bySession(sessionId: string): Promise<EmulatedOrder | undefined>;
  byIdempotencyKey(appId: string, key: string): Promise<EmulatedOrder | undefined>;
  /** false when an order with this id exists already. */
  insert(order: EmulatedOrder, idempotencyKey: string | undefined): Promise<boolean>;
  change<T>(orderId: string, update: (order: EmulatedOrder) => T): Promise<{ order: EmulatedOrder; result: T } | undefined>;
}

const MAX_EMULATED_ORDERS = 50_000;

/** Orders in this process's memory, bounded (the oldest are forgotten first). */
export function memoryEmulatorStore(): EmulatorStore {
  const orders = new Map<string, EmulatedOrder>();
  const sessions = new Map<string, string>();
  const idempotent = new Map<string, string>();
  return {
    get: async (orderId) => orders.get(orderId),
    bySession: async (sessionId) => {
      const orderId = sessions.get(sessionId);
      return orderId === undefined ? undefined : orders.get(orderId);
    },
    byIdempotencyKey: async (appId, key) => {
      const orderId = idempotent.get(`${appId}:${key}`);
      return orderId === undefined ? undefined : orders.get(orderId);
    },
    insert: async (order, key) => {
      if (orders.has(order.entity.order_id)) return false;
      while (orders.size >= MAX_EMULATED_ORDERS) {
        const [oldestId, oldest] = orders.entries().next().value!;
        orders.delete(oldestId);
        sessions.delete(oldest.entity.payment_session_id);
      }
      orders.set(order.entity.order_id, order);
      sessions.set(order.entity.payment_session_id, order.entity.order_id);
      if (key) idempotent.set(`${order.appId}:${key}`, order.entity.order_id);
      return true;
    },
    change: async (orderId, update) => {
      const order = orders.get(orderId);
      return order && { order, result: update(order) };
    },
  };
}

type CfError = { message: string; code: string; type: string };
const cfError = (
  c: Context,
  status: 400 | 401 | 404 | 409 | 422,
  message: string,
  code: string,
  type = 'invalid_request_error',
) => c.json<CfError>({ message, code, type }, status);

const API_VERSION = /^\d{4}-\d{2}-\d{2}$/;
const ORDER_ID = /^[A-Za-z0-9_-]{3,50}$/;

const createOrderSchema = z.object({
  order_id: z.string().regex(ORDER_ID).optional(),
  order_amount: z.number().min(1).max(10_000_000),
  order_currency: z.literal('INR'),
  customer_details: z.object({
    customer_id: z.string().regex(/^[A-Za-z0-9_-]{3,50}$/),
    customer_phone: z.string().min(10).max(15),
    customer_email: z.string().optional(),
    customer_name: z.string().optional(),
  }),
  order_meta: z
    .object({ return_url: z.string().optional(), notify_url: z.string().optional(), payment_methods: z.string().optional() })
    .optional(),
  order_expiry_time: z.string().optional(),
  order_note: z.string().optional(),
  order_tags: z.record(z.string(), z.string()).optional(),
});

const REFUND_ID = /^[A-Za-z0-9_-]{3,40}$/;
const createRefundSchema = z.object({
  refund_amount: z.number().positive(),
  refund_id: z.string().regex(REFUND_ID),
  refund_note: z.string().max(100).optional(),
  refund_speed: z.enum(['STANDARD', 'INSTANT']).optional(),
});
const settleBodySchema = z.object({ outcome: z.enum(['success', 'failed', 'cancelled']) });

/** Rupees to paise and back, exactly, for the sums of amounts the emulator compares. */
const paiseOf = (rupees: number) => Math.round(rupees * 100);

const payBodySchema = z.object({
  outcome: z.enum(['success', 'failure', 'dropped']),
  method: z.enum(['upi', 'card', 'netbanking']).optional(),
  /** A failure's reason as the bank gave it (a demo or a test picks one); 'Transaction declined by bank' by default. */
  reason: z.string().trim().min(1).max(200).optional(),
});

const PAYMENT_INSTRUMENTS = {
  upi: { group: 'upi', method: { upi: { channel: 'collect', upi_id: 'testsuccess@gocash' } } },
  card: {
    group: 'credit_card',
    method: {
      card: {
        channel: 'link',
        card_number: 'XXXXXXXXXXXX1111',
        card_network: 'visa',
        card_type: 'credit_card',
        card_sub_type: 'R',
        card_country: 'IN',
        card_bank_name: 'TEST Bank',
        card_network_reference_id: null,
      },
    },
  },
  netbanking: {
    group: 'net_banking',
    method: { netbanking: { channel: 'link', netbanking_bank_code: '3044', netbanking_bank_name: 'State Bank Of India' } },
  },
} as const;

/** Cashfree writes times in IST with an offset. */
const istIso = (ms = Date.now()) => new Date(ms + 5.5 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+05:30');

export function createCashfreeEmulator(options: EmulatorOptions) {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const retryDelays = options.retryDelaysMs ?? CASHFREE_WEBHOOK_RETRY_DELAYS_MS;
  const store = options.store ?? memoryEmulatorStore();
  // Numeric ids as Cashfree's, unique across instances without asking each other.
  const numericId = () => `${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`;
  const timers = new Set<NodeJS.Timeout>();

  function authenticate(c: Context): Response | undefined {
    const version = c.req.header('x-api-version');
    if (!version || !API_VERSION.test(version)) {
      return cfError(c, 400, 'x-api-version header missing or invalid', 'request_failed');
    }
    if (c.req.header('x-client-id') !== options.appId || c.req.header('x-client-secret') !== options.secretKey) {
      return cfError(c, 401, 'authentication Failed', 'request_failed', 'authentication_error');
    }
    return undefined;
  }

  const findOrder = async (orderId: string) => {
    const order = await store.get(orderId);
    return order && order.appId === options.appId ? order : undefined;
  };

  function expireIfDue(order: EmulatedOrder) {
    if (order.entity.order_status === 'ACTIVE' && Date.parse(order.entity.order_expiry_time) < Date.now()) {
      order.entity.order_status = 'EXPIRED';
    }
  }

  function webhookBody(order: EmulatedOrder, payment: PaymentEntity) {
    const type =
      payment.payment_status === 'SUCCESS'
        ? 'PAYMENT_SUCCESS_WEBHOOK'
        : payment.payment_status === 'USER_DROPPED'
          ? 'PAYMENT_USER_DROPPED_WEBHOOK'
          : 'PAYMENT_FAILED_WEBHOOK';
    const e = order.entity;
    return {
      data: {
        order: { order_id: e.order_id, order_amount: e.order_amount, order_currency: e.order_currency, order_tags: e.order_tags },
        payment: {
          cf_payment_id: payment.cf_payment_id,
          payment_status: payment.payment_status,
          payment_amount: payment.payment_amount,
          payment_currency: payment.payment_currency,
          payment_message: payment.payment_message,
          payment_time: payment.payment_time,
          bank_reference: payment.bank_reference,
          auth_id: payment.auth_id,
          payment_method: payment.payment_method,
          payment_group: payment.payment_group,
        },
        customer_details: {
          customer_name: e.customer_details.customer_name ?? null,
          customer_id: e.customer_details.customer_id,
          customer_email: e.customer_details.customer_email ?? null,
          customer_phone: e.customer_details.customer_phone,
        },
        payment_gateway_details: {
          gateway_name: 'CASHFREE',
          gateway_order_id: e.cf_order_id,
          gateway_payment_id: payment.cf_payment_id,
          gateway_status_code: null,
          gateway_order_reference_id: null,
          gateway_settlement: 'CASHFREE',
        },
        payment_offers: null,
        ...(payment.error_details ? { error_details: payment.error_details } : {}),
      },
      event_time: istIso(),
      type,
    };
  }

  /** One delivery; on anything but 2xx, the next is scheduled per the retry policy. */
  async function deliver(url: string, body: unknown, attempt: number): Promise<boolean> {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    let ok = false;
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-signature': signWebhook(options.secretKey, timestamp, raw),
          'x-webhook-timestamp': timestamp,
          'x-webhook-version': CASHFREE_API_VERSION,
          'x-webhook-attempt': String(attempt + 1),
        },
        body: raw,
        signal: AbortSignal.timeout(30_000),
      });
      ok = res.ok;
      await res.arrayBuffer().catch(() => undefined);
    } catch (error) {
      console.warn(`[emulator] webhook to ${url} failed: ${(error as Error).message}`);
    }
    if (!ok && attempt < retryDelays.length) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void deliver(url, body, attempt + 1);
      }, retryDelays[attempt]);
      timer.unref?.();
      timers.add(timer);
    }
    return ok;
  }

  function pay(
    order: EmulatedOrder,
    outcome: 'success' | 'failure' | 'dropped',
    method: keyof typeof PAYMENT_INSTRUMENTS,
    reason?: string,
  ) {
    const instrument = PAYMENT_INSTRUMENTS[method];
    const status: CashfreePaymentStatus = outcome === 'success' ? 'SUCCESS' : outcome === 'failure' ? 'FAILED' : 'USER_DROPPED';
    const now = Date.now();
    const e = order.entity;
    const paymentId = numericId();
    const payment: PaymentEntity = {
      cf_payment_id: paymentId,
      order_id: e.order_id,
      entity: 'payment',
      error_details:
        status === 'SUCCESS'
          ? null
          : status === 'FAILED'
            ? {
                error_code: 'TRANSACTION_DECLINED',
                error_description: reason ?? 'issuer bank or payment service provider declined the transaction',
                error_reason: 'auth_declined',
                error_source: 'customer',
              }
            : {
                error_code: 'USER_DROPPED',
                error_description: 'user dropped and did not complete the two factor authentication',
                error_reason: 'user_dropped',
                error_source: 'customer',
              },
      is_captured: status === 'SUCCESS',
      order_amount: e.order_amount,
      payment_group: instrument.group,
      payment_currency: 'INR',
      payment_amount: e.order_amount,
      payment_time: istIso(now),
      payment_completion_time: istIso(now),
      payment_status: status,
      payment_message:
        status === 'SUCCESS'
          ? 'Simulated response message'
          : status === 'FAILED'
            ? (reason ?? 'Transaction declined by bank')
            : 'User dropped the payment',
      bank_reference: status === 'SUCCESS' ? paymentId.slice(-6) : null,
      auth_id: null,
      authorization: null,
      payment_method: instrument.method as Record<string, unknown>,
      payment_gateway_details: { gateway_name: 'CASHFREE', gateway_order_id: e.cf_order_id, gateway_payment_id: paymentId },
      payment_offers: null,
    };
    order.payments.push(payment);
    if (status === 'SUCCESS') e.order_status = 'PAID';
    return payment;
  }

  const refundSettleMs = options.refundSettleMs === undefined ? DEFAULT_REFUND_SETTLE_MS : options.refundSettleMs;

  function refundWebhookBody(refund: RefundEntity) {
    return { data: { refund }, event_time: istIso(), type: 'REFUND_STATUS_WEBHOOK' };
  }

  /** A PENDING refund becomes final and its webhook is sent; false when there is none pending. */
  async function settleRefund(orderId: string, refundId: string, outcome: keyof typeof REFUND_OUTCOMES) {
    const changed = await store.change(orderId, (order) => {
      const refund = order.refunds.find((r) => r.refund_id === refundId);
      if (!refund || refund.refund_status !== 'PENDING') return undefined;
      const status: CashfreeRefundStatus = REFUND_OUTCOMES[outcome];
      refund.refund_status = status;
      refund.processed_at = istIso();
      refund.status_description =
        status === 'SUCCESS'
          ? 'Refund processed successfully'
          : status === 'FAILED'
            ? 'Refund failed at the bank'
            : 'Refund cancelled: it could not be processed after several attempts';
      if (status === 'SUCCESS') {
        refund.refund_arn = String(randomInt(100_000_000_000, 999_999_999_999));
        refund.refund_speed.processed = refund.refund_speed.accepted;
      }
      return { ...refund };
    });
    const refund = changed?.result;
    if (!refund) return undefined;
    const delivered = options.webhooks === false ? null : await deliver(options.defaultNotifyUrl, refundWebhookBody(refund), 0);
    return { refund, delivered };
  }

  const routes = new Hono()
    .post('/pg/orders', async (c) => {
      const denied = authenticate(c);
      if (denied) return denied;
      const body = await c.req.json().catch(() => undefined);
      const parsed = createOrderSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return cfError(
          c,
          400,
          `${issue.path.join('.') || 'body'} : ${issue.message}`,
          `${issue.path.join('_') || 'body'}_invalid`,
        );
      }
      const req = parsed.data as CreateOrderRequest;
      // The emulator posts webhooks from the server: to any address a caller named, that would be a
      // request forger (SSRF). Only this platform's own webhook URL is accepted.
      const notifyUrl = req.order_meta?.notify_url;
      if (notifyUrl !== undefined && notifyUrl !== options.defaultNotifyUrl) {
        return cfError(c, 400, "order_meta.notify_url : must be this platform's webhook URL", 'order_meta_notify_url_invalid');
      }
      const key = c.req.header('x-idempotency-key');
      if (key) {
        const order = await store.byIdempotencyKey(options.appId, key);
        if (order) return c.json(order.entity, 200);
      }
      const orderId = req.order_id ?? `order_${randomBytes(8).toString('hex')}`;
      const now = Date.now();
      const expiry = req.order_expiry_time ? Date.parse(req.order_expiry_time) : now + 30 * 86_400_000;
      if (Number.isNaN(expiry)) return cfError(c, 400, 'order_expiry_time : invalid value provided', 'order_expiry_time_invalid');
      const sessionId = `session_${randomBytes(24).toString('base64url')}emulator`;
      const entity: OrderEntity = {
        cf_order_id: numericId(),
        order_id: orderId,
        entity: 'order',
        order_currency: 'INR',
        order_amount: req.order_amount,
        order_status: 'ACTIVE',
        payment_session_id: sessionId,
        order_expiry_time: istIso(expiry),
        order_note: req.order_note ?? null,
        created_at: istIso(now),
        order_splits: [],
        customer_details: { ...req.customer_details, customer_uid: null },
        order_meta: {
          return_url: req.order_meta?.return_url ?? null,
          notify_url: req.order_meta?.notify_url ?? null,
          payment_methods: req.order_meta?.payment_methods ?? null,
        },
        order_tags: req.order_tags ?? null,
      };
      if (!(await store.insert({ entity, appId: options.appId, payments: [], refunds: [] }, key))) {
        return cfError(c, 409, 'order with same id is already present', 'order_already_exists');
      }
      return c.json(entity, 200);
    })
    .get('/pg/orders/:orderId', async (c) => {
      const denied = authenticate(c);
      if (denied) return denied;
      const order = await findOrder(c.req.param('orderId'));
      if (!order) return cfError(c, 404, 'order not found', 'order_not_found');
      expireIfDue(order);
      return c.json(order.entity, 200);
    })
    .get('/pg/orders/:orderId/payments', async (c) => {
      const denied = authenticate(c);
      if (denied) return denied;
      const order = await findOrder(c.req.param('orderId'));
      if (!order) return cfError(c, 404, 'order not found', 'order_not_found');
      return c.json(order.payments, 200);
    })
    .post('/pg/orders/:orderId/refunds', async (c) => {
      const denied = authenticate(c);
      if (denied) return denied;
      const orderId = c.req.param('orderId');
      if (!(await findOrder(orderId))) return cfError(c, 404, 'order not found', 'order_not_found');
      const parsed = createRefundSchema.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('_') || 'body';
        return cfError(c, 400, `${issue?.path.join('.') || 'body'} : ${issue?.message ?? 'invalid'}`, `${field}_invalid`);
      }
      const req = parsed.data;
      const changed = await store.change(orderId, (order) => {
        if (order.refunds.some((r) => r.refund_id === req.refund_id)) return 'duplicate' as const;
        const payment = order.payments.find((p) => p.payment_status === 'SUCCESS');
        if (order.entity.order_status !== 'PAID' || !payment) return 'unpaid' as const;
        // What was paid less what is refunded or being refunded (failed and cancelled ones gave nothing back).
        const taken = order.refunds
          .filter((r) => r.refund_status !== 'FAILED' && r.refund_status !== 'CANCELLED')
          .reduce((n, r) => n + paiseOf(r.refund_amount), 0);
        if (paiseOf(req.refund_amount) > paiseOf(payment.payment_amount) - taken) return 'too_much' as const;
        const speed = req.refund_speed ?? 'STANDARD';
        const refund: RefundEntity = {
          cf_payment_id: payment.cf_payment_id,
          cf_refund_id: numericId(),
          refund_id: req.refund_id,
          order_id: orderId,
          entity: 'refund',
          refund_amount: req.refund_amount,
          refund_currency: 'INR',
          refund_note: req.refund_note ?? null,
          refund_status: 'PENDING',
          refund_arn: null,
          refund_charge: 0,
          status_description: 'In Progress',
          metadata: null,
          refund_splits: [],
          refund_type: 'MERCHANT_INITIATED',
          refund_mode: speed,
          created_at: istIso(),
          processed_at: null,
          refund_speed: { requested: speed, accepted: speed, processed: null, message: null },
        };
        order.refunds.push(refund);
        return refund;
      });
      if (!changed) return cfError(c, 404, 'order not found', 'order_not_found');
      const refund = changed.result;
      if (refund === 'duplicate')
        return cfError(c, 409, 'refund with the same refund_id already exists', 'refund_already_exists');
      if (refund === 'unpaid') return cfError(c, 400, 'order is not paid', 'order_not_paid');
      if (refund === 'too_much') {
        return cfError(c, 400, 'refund_amount : exceeds the amount left to refund', 'refund_amount_invalid');
      }
      if (refundSettleMs !== null) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void settleRefund(orderId, refund.refund_id, 'success').catch((error: unknown) =>
            console.warn(`[emulator] refund ${refund.refund_id} could not be settled:`, error),
          );
        }, refundSettleMs);
        timer.unref?.();
        timers.add(timer);
      }
      return c.json(refund, 200);
    })
    .get('/pg/orders/:orderId/refunds/:refundId', async (c) => {
      const denied = authenticate(c);
      if (denied) return denied;
      const order = await findOrder(c.req.param('orderId'));
      if (!order) return cfError(c, 404, 'order not found', 'order_not_found');
      const refund = order.refunds.find((r) => r.refund_id === c.req.param('refundId'));
      if (!refund) return cfError(c, 404, 'refund not found', 'refund_not_found');
      return c.json(refund, 200);
    })
    .get('/pg/orders/:orderId/refunds', async (c) => {
      const denied = authenticate(c);
      if (denied) return denied;
      const order = await findOrder(c.req.param('orderId'));
      if (!order) return cfError(c, 404, 'order not found', 'order_not_found');
      return c.json(order.refunds, 200);
    })
    // The emulator's own control (no Cashfree equivalent): settle a PENDING refund now, as the bank
    // would, with the outcome a test or a demo wants. The webhook's first delivery is awaited.
    .post('/refunds/:orderId/:refundId/settle', async (c) => {
      const parsed = settleBodySchema.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return cfError(c, 400, 'outcome must be success, failed or cancelled', 'request_invalid');
      const settled = await settleRefund(c.req.param('orderId'), c.req.param('refundId'), parsed.data.outcome);
      if (!settled) return cfError(c, 404, 'no pending refund with this id', 'refund_not_found');
      return c.json({ refund: settled.refund, webhookDelivered: settled.delivered });
    })
    .post('/pay/:paymentSessionId', async (c) => {
      const found = await store.bySession(c.req.param('paymentSessionId'));
      if (!found) return cfError(c, 404, 'payment session not found', 'payment_session_id_invalid');
      const parsed = payBodySchema.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return cfError(c, 400, 'outcome must be success, failure or dropped', 'request_invalid');
      const { outcome, method = 'upi', reason } = parsed.data;
      const changed = await store.change(found.entity.order_id, (order) => {
        expireIfDue(order);
        if (order.entity.order_status === 'PAID') return 'already_paid' as const;
        if (order.entity.order_status !== 'ACTIVE') return 'inactive' as const;
        return pay(order, outcome, method, reason);
      });
      if (!changed) return cfError(c, 404, 'payment session not found', 'payment_session_id_invalid');
      const { order, result: payment } = changed;
      if (payment === 'already_paid') return cfError(c, 409, 'order is already paid', 'order_already_paid');
      if (payment === 'inactive') return cfError(c, 422, 'order is no longer active', 'order_inactive');
      let webhookDelivered: boolean | null = null;
      if (options.webhooks !== false) {
        // The first delivery is awaited, so a caller (the checkout page, a test, a benchmark) sees the
        // platform already updated; retries run in the background.
        webhookDelivered = await deliver(options.defaultNotifyUrl, webhookBody(order, payment), 0);
      }
      const result =
        payment.payment_status === 'SUCCESS'
          ? {
              paymentDetails: {
                paymentMessage: 'Payment finished. Check status.',
                payment_method: payment.payment_group,
                cf_payment_id: payment.cf_payment_id,
              },
            }
          : {
              error:
                payment.payment_status === 'USER_DROPPED'
                  ? { message: 'Payment was cancelled by the user', code: 'payment_aborted', type: 'payment_error' }
                  : { message: `Payment failed: ${payment.payment_message}`, code: 'payment_failed', type: 'payment_error' },
            };
      return c.json({
        order_id: order.entity.order_id,
        order_status: order.entity.order_status,
        cf_payment_id: payment.cf_payment_id,
        payment_status: payment.payment_status,
        return_url: order.entity.order_meta.return_url?.replace('{order_id}', encodeURIComponent(order.entity.order_id)) ?? null,
        webhookDelivered,
        ...result,
      });
    })
    .get('/checkout/:paymentSessionId', async (c) => {
      const order = await store.bySession(c.req.param('paymentSessionId'));
      const html = checkoutPageHtml(
        order
          ? {
              orderId: order.entity.order_id,
              amount: order.entity.order_amount,
              customerName: order.entity.customer_details.customer_name ?? '',
              status: order.entity.order_status,
            }
          : undefined,
      );
      return c.html(html, order ? 200 : 404, { 'Cache-Control': 'no-store' });
    })
    .get('/checkout.js', (c) =>
      c.body(CHECKOUT_PAGE_SCRIPT, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      }),
    )
    .get('/sdk/v3/cashfree.js', (c) =>
      c.body(SDK_SCRIPT, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      }),
    );

  return {
    routes,
    /** Test helper: the order the emulator holds, or undefined. */
    order: async (orderId: string) => (await store.get(orderId))?.entity,
    /** Test helper: a signed webhook body for the latest payment of an order. */
    async webhookFor(orderId: string) {
      const order = await store.get(orderId);
      const payment = order?.payments.at(-1);
      return order && payment ? webhookBody(order, payment) : undefined;
    },
    /** Test helper: the refunds the emulator holds for an order. */
    refunds: async (orderId: string) => (await store.get(orderId))?.refunds ?? [],
    /** Settles a PENDING refund now (the settle endpoint's work). */
    settleRefund,
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type CashfreeEmulator = ReturnType<typeof createCashfreeEmulator>;
