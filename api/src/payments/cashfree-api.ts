// Cashfree's PG REST API as it is on the wire (DESIGN.md section 5): its entities, one client (create
// order, get order, get the payments of an order, and create, read and list its refunds; decision
// 022) and its webhook signature. The same client talks to the real sandbox, production, or the API's
// own emulator (payments/emulator.ts); only the base URL differs. `fetch` is injectable so tests can
// route the emulator's calls into the in-process app without a network port. The platform's services
// never use this module: they talk to the PaymentProvider (payments/provider.ts) that
// payments/cashfree.ts builds on it; the emulator and tests speak Cashfree's wire through it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { selfBaseUrl } from '../urls';
import type { FetchLike } from './provider';

/** The API version this code was written against; the emulator accepts it and older ones. */
export const CASHFREE_API_VERSION = '2025-01-01';

export const CASHFREE_BASE_URLS = {
  sandbox: 'https://sandbox.cashfree.com/pg',
  production: 'https://api.cashfree.com/pg',
} as const;

export const EMULATOR_MOUNT = '/emulator/cashfree';

export type CashfreeOrderStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED';
export type CashfreePaymentStatus = 'SUCCESS' | 'NOT_ATTEMPTED' | 'FAILED' | 'USER_DROPPED' | 'VOID' | 'CANCELLED' | 'PENDING';

export interface CustomerDetails {
  customer_id: string;
  customer_phone: string;
  customer_email?: string;
  customer_name?: string;
}

export interface CreateOrderRequest {
  order_id: string;
  order_amount: number;
  order_currency: 'INR';
  customer_details: CustomerDetails;
  order_meta?: { return_url?: string; notify_url?: string; payment_methods?: string };
  order_expiry_time?: string;
  order_note?: string;
  order_tags?: Record<string, string>;
}

/** Cashfree's OrderEntity (the fields this code and the emulator use). */
export interface OrderEntity {
  cf_order_id: string;
  order_id: string;
  entity: 'order';
  order_currency: string;
  order_amount: number;
  order_status: CashfreeOrderStatus;
  payment_session_id: string;
  order_expiry_time: string;
  order_note: string | null;
  created_at: string;
  order_splits: unknown[];
  customer_details: CustomerDetails & { customer_uid?: string | null };
  order_meta: { return_url: string | null; notify_url: string | null; payment_methods: string | null };
  order_tags: Record<string, string> | null;
}

/** Cashfree's PaymentEntity (the fields this code and the emulator use). */
export interface PaymentEntity {
  cf_payment_id: string;
  order_id: string;
  entity: 'payment';
  error_details: null | { error_code: string; error_description: string; error_reason: string; error_source: string };
  is_captured: boolean;
  order_amount: number;
  payment_group: string;
  payment_currency: string;
  payment_amount: number;
  payment_time: string;
  payment_completion_time: string | null;
  payment_status: CashfreePaymentStatus;
  payment_message: string;
  bank_reference: string | null;
  auth_id: string | null;
  authorization: null;
  payment_method: Record<string, unknown>;
  payment_gateway_details?: Record<string, unknown> | null;
  payment_offers?: unknown;
}

/** Cashfree's refund statuses; a webhook reports SUCCESS, FAILED or CANCELLED (ONHOLD: waiting on the bank). */
export type CashfreeRefundStatus = 'SUCCESS' | 'PENDING' | 'FAILED' | 'CANCELLED' | 'ONHOLD';

/** POST /pg/orders/{order_id}/refunds. refund_id is ours (3 to 40 of A-Z a-z 0-9 _ -): the same id twice is refused, never paid twice. */
export interface CreateRefundRequest {
  refund_amount: number;
  refund_id: string;
  refund_note?: string;
  refund_speed?: 'STANDARD' | 'INSTANT';
}

/** Cashfree's RefundEntity (the fields this code and the emulator use). */
export interface RefundEntity {
  cf_payment_id: string;
  cf_refund_id: string;
  refund_id: string;
  order_id: string;
  entity: 'refund';
  refund_amount: number;
  refund_currency: string;
  refund_note: string | null;
  refund_status: CashfreeRefundStatus;
  refund_arn: string | null;
  refund_charge: number;
  status_description: string;
  metadata: Record<string, unknown> | null;
  refund_splits: unknown[];
  refund_type: 'MERCHANT_INITIATED';
  refund_mode: 'STANDARD' | 'INSTANT';
  created_at: string;
  processed_at: string | null;
  refund_speed: { requested: string; accepted: string | null; processed: string | null; message: string | null };
}

/** A provider call that failed: HTTP status (0 for a network error) and Cashfree's error body. */
export class CashfreeError extends Error {
  override name = 'CashfreeError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface CashfreeClientOptions {
  baseUrl: string;
  appId: string;
  secretKey: string;
  apiVersion?: string;
  fetch?: FetchLike;
  /** Per-call timeout; Cashfree answers within a few seconds or not at all. */
  timeoutMs?: number;
}

export interface CashfreeClient {
  readonly baseUrl: string;
  createOrder(body: CreateOrderRequest, idempotencyKey?: string): Promise<OrderEntity>;
  getOrder(orderId: string): Promise<OrderEntity>;
  getPayments(orderId: string): Promise<PaymentEntity[]>;
  createRefund(orderId: string, body: CreateRefundRequest): Promise<RefundEntity>;
  getRefund(orderId: string, refundId: string): Promise<RefundEntity>;
  getRefunds(orderId: string): Promise<RefundEntity[]>;
}

export function createCashfreeClient(options: CashfreeClientOptions): CashfreeClient {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-client-id': options.appId,
      'x-client-secret': options.secretKey,
      'x-api-version': options.apiVersion ?? CASHFREE_API_VERSION,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CashfreeError(0, `Cashfree unreachable: ${(error as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const err = (json ?? {}) as { message?: string; code?: string };
      throw new CashfreeError(res.status, err.message ?? `Cashfree answered ${res.status}`, err.code);
    }
    if (json === undefined) throw new CashfreeError(res.status, 'Cashfree answered with no JSON body');
    return json as T;
  }

  return {
    baseUrl,
    createOrder: (body, idempotencyKey) => call<OrderEntity>('POST', '/orders', body, idempotencyKey),
    getOrder: (orderId) => call<OrderEntity>('GET', `/orders/${encodeURIComponent(orderId)}`),
    getPayments: (orderId) => call<PaymentEntity[]>('GET', `/orders/${encodeURIComponent(orderId)}/payments`),
    createRefund: (orderId, body) => call<RefundEntity>('POST', `/orders/${encodeURIComponent(orderId)}/refunds`, body),
    getRefund: (orderId, refundId) =>
      call<RefundEntity>('GET', `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}`),
    getRefunds: (orderId) => call<RefundEntity[]>('GET', `/orders/${encodeURIComponent(orderId)}/refunds`),
  };
}

/** The PG base URL for a payments mode (emulator: the API's own /emulator/cashfree/pg). */
export function cashfreeBaseUrl(env: {
  payments: { mode: 'emulator' | 'sandbox' | 'production' };
  publicUrl: string | undefined;
  port: number;
}): string {
  if (env.payments.mode === 'emulator') return `${selfBaseUrl(env)}${EMULATOR_MOUNT}/pg`;
  return CASHFREE_BASE_URLS[env.payments.mode];
}

/** Cashfree's webhook signature: Base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export const signWebhook = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64');

export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/**
 * Checks a webhook against the raw body and a timestamp window. Cashfree's timestamp is epoch
 * milliseconds; a value that looks like seconds is accepted too.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  signature: string | undefined,
  timestamp: string | undefined,
  now = Date.now(),
): boolean {
  if (!signature || !timestamp || !/^\d{1,16}$/.test(timestamp)) return false;
  let ms = Number(timestamp);
  if (ms < 1e12) ms *= 1000;
  if (Math.abs(now - ms) > WEBHOOK_TOLERANCE_MS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
