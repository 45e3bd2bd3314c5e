// The payment provider as the platform's services see it (issue 39, decision 036): open an order
// and its payment session, read an order's status and payments, create and read refunds, verify
// and read a webhook, and tell the storefront which SDK to load. Cashfree is the one provider
// (payments/cashfree.ts adapts its PG API to this); nothing here names Cashfree's fields. The app's
// dependencies carry one PaymentProvider (deps.ts → app.ts → routes → services; server.ts hands the
// same one to the background jobs), so services never build or import a provider's client.
import type { PlatformConfig } from '../contract';

/** A fetch the provider's HTTP calls go through; tests route it into the in-process app. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** An order as the provider holds it: still payable, paid, or closed unpaid (expired or terminated). */
export type ProviderOrderStatus = 'open' | 'paid' | 'closed';

/** One payment attempt: taken, refused or abandoned, or not settled yet. */
export type ProviderPaymentStatus = 'succeeded' | 'failed' | 'pending';

export interface ProviderPayment {
  /** The provider's id of this payment: orders.provider_payment_id and payments.provider_payment_id. */
  id: string;
  status: ProviderPaymentStatus;
  /** SPEC's words: 'UPI', 'Credit Card', 'Debit Card', 'Net Banking', 'Wallet', 'Pay Later', 'Online'. */
  method: string;
  amountPaise: number;
  /** A refused payment's reason in the provider's words ('Transaction declined by bank'); null otherwise. */
  failureReason?: string | null;
}

/** What the provider says of a refund (refunds' status words, decision 022). */
export interface ProviderRefund {
  /** Our id for the refund, as it was sent (refunds.provider_refund_id). */
  refundId: string;
  orderId: string;
  status: 'processing' | 'succeeded' | 'failed' | 'cancelled';
  /** The provider's own id of the refund (refunds.provider_reference), once it has one. */
  reference: string | null;
  /** The provider's words on a settled refund. */
  description: string | null;
}

/** An order to open at the provider: the buyer pays it in the session it answers. */
export interface NewProviderOrder {
  /** Ours (orders.id): letters, digits, '_' and '-', at most 45 characters. */
  orderId: string;
  amountPaise: number;
  buyer: { name: string; email: string; phone: string };
  /** The storefront page the buyer comes back to, a path of this site (the provider adds the order id). */
  returnPath: string;
  /** When the provider may stop taking payment for it (after the hold lapses; a later payment is handled anyway). */
  expiresAt: string;
  note?: string;
  tags?: Record<string, string>;
  /** The same key twice opens one order. */
  idempotencyKey?: string;
}

/** A webhook the provider sent, read into what it means for an order or a refund. */
export type PaymentEvent =
  | { kind: 'payment_succeeded'; orderId: string; payment: ProviderPayment }
  | { kind: 'payment_failed'; orderId: string }
  | { kind: 'refund'; refund: ProviderRefund }
  /** A type this platform does not act on (settlements, disputes…): acknowledged so it is not retried. */
  | { kind: 'ignored' };

/**
 * A provider call that failed. `kind` is what a caller decides on: `duplicate` (the provider already
 * has what was asked, e.g. a refund id it knows: read it instead), `rejected` (the request itself is
 * wrong: no retry can change it) or `unavailable` (a network error, a timeout or the provider's own
 * error: try again later).
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    /** The HTTP status of the provider's answer; 0 when there was none. */
    readonly status: number,
    message: string,
    readonly kind: 'duplicate' | 'rejected' | 'unavailable',
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A failed provider call as logs and refunds' last_error keep it: '503 Service unavailable'. */
export const describeProviderError = (error: unknown): string =>
  error instanceof PaymentProviderError ? `${error.status} ${error.message}` : String(error);

export interface PaymentProvider {
  /** What the browser needs: GET /api/config's payments (the SDK and its mode), and the origins the CSP allows it. */
  readonly browser: {
    config: PlatformConfig['payments'];
    /** Origins the SDK loads scripts from, calls, frames and posts forms to; none when it is served by this API. */
    origins: { script: string[]; connect: string[]; frame: string[]; form: string[] };
  };
  /** Opens an order; answers the session the storefront's SDK pays it in (null when the provider gave none). */
  createOrder(order: NewProviderOrder): Promise<{ sessionId: string | null }>;
  /** An order's status, with its payments in the provider's order when it is open or paid (none when closed). */
  getOrder(orderId: string): Promise<{ status: ProviderOrderStatus; payments: ProviderPayment[] }>;
  /** Asks for money back; the same refundId twice is refused as a `duplicate`, never paid twice. */
  createRefund(orderId: string, refund: { refundId: string; amountPaise: number; note: string }): Promise<ProviderRefund>;
  getRefund(orderId: string, refundId: string): Promise<ProviderRefund>;
  /** Whether a webhook's raw body is the provider's (its signature header, within a time window). */
  verifyWebhook(rawBody: string, header: (name: string) => string | undefined, now?: number): boolean;
  /** A verified webhook's JSON read into a PaymentEvent, or what is wrong with it. */
  readWebhook(body: unknown): { ok: true; event: PaymentEvent } | { ok: false; problem: string };
}
