// What a checkout attempt is at and says: shared by the hook that holds it (use-checkout.ts) and the
// flow that moves it on (checkout-flow.ts, fetched later).

/**
 * 'cancelled': the buyer closed the provider's checkout. Their choice, not a failure.
 * 'confirm-email': a free registration waits for the buyer to follow the link e-mailed to them (decision 027).
 */
export type CheckoutStatus = 'idle' | 'processing' | 'success' | 'failed' | 'cancelled' | 'confirm-email';
export type CheckoutStep = 'order' | 'checkout' | 'verify';

export interface CheckoutState {
  status: CheckoutStatus;
  step?: CheckoutStep;
  message?: string;
  registrationNumber?: string;
  amount?: number;
  /** 'confirm-email': where the link went, and until when the places are held. */
  confirmation?: { email: string; holdExpiresAt: string };
}

/** What checkout says, as the storefront catalogue's keys. */
export const CHECKOUT_MESSAGES = {
  paymentCancelled: 'checkout.paymentCancelled',
  paymentFailed: 'checkout.paymentFailed',
  noSession: 'checkout.noSession',
  createFailed: 'checkout.createFailed',
  verifyFailed: 'checkout.verifyFailed',
  registrationFailed: 'checkout.registrationFailed',
} as const;

/** Cashfree's checkout answers `{ error: { code: 'payment_aborted' } }` when the buyer closes it. */
export const isCheckoutCancelled = (error: { code?: string } | undefined | null): boolean => error?.code === 'payment_aborted';

/** How often and how long the verify call is repeated while the provider still says PENDING. */
export const VERIFY_POLL = { attempts: 6, intervalMs: 1500 } as const;

export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
