// Which browser holds an order (decision 027, issue 28). create-order sets a random checkout cookie
// (HttpOnly, SameSite=Lax, Secure behind https) and the order keeps only its SHA-256. Replacing an
// unpaid hold, and answering with the signed ticket link from an order id alone, need that cookie:
// never an e-mail address someone typed, never the order id that travels in return URLs.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The checkout cookie's name; it is sent only to /api/cashfree. */
export const CHECKOUT_COOKIE = 'tdk_checkout';
export const CHECKOUT_COOKIE_PATH = '/api/cashfree';
/** A week: long enough to come back from a payment page, or to verify a payment the next day. */
export const CHECKOUT_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newHolderToken = (): string => randomBytes(32).toString('base64url');

/** The hash stored for a cookie's token; null for a missing or malformed cookie (a new one is issued). */
export function holderHashOf(token: string | undefined | null): string | null {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}

/** Whether the browser whose cookie hashes to `holder` made the order (whose stored hash is `orderHolder`). */
export function isHolder(orderHolder: string | null | undefined, holder: string | null | undefined): boolean {
  if (!orderHolder || !holder || orderHolder.length !== holder.length) return false;
  return timingSafeEqual(Buffer.from(orderHolder), Buffer.from(holder));
}

/** The token of an e-mail confirmation link, and the hash the order keeps of it. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = newHolderToken();
  return { token, hash: holderHashOf(token)! };
}
