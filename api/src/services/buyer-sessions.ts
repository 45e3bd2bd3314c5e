// The buyer's session after a My bookings sign-in link (decision 023): a signed cookie value naming
// one e-mail and when it ends, so every instance reads it without a lookup. The signature is an HMAC
// under its own purpose key; a value changed by one character, or past its end, is no session.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BUYER_SESSION_HOURS } from '../contract';
import { purposeKey, type KeyEnv } from '../signing/purpose-keys';

export const BUYER_SESSION_COOKIE = 'tdk_buyer';
export const BUYER_SESSION_MS = BUYER_SESSION_HOURS * 3_600_000;

const sign = (env: KeyEnv, payload: string) =>
  createHmac('sha256', purposeKey(env, 'tdk:buyer-session:v1')).update(payload).digest('base64url');

/** The cookie's value for `email` until `expiresAt`. */
export function buyerSessionValue(env: KeyEnv, email: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), x: expiresAt.getTime() })).toString('base64url');
  return `${payload}.${sign(env, payload)}`;
}

/** The e-mail of a valid, unexpired session value; undefined otherwise. */
export function readBuyerSession(
  env: KeyEnv,
  value: string | undefined,
  now = new Date(),
): { email: string; expiresAt: Date } | undefined {
  if (!value || value.length > 1000) return undefined;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(env, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const { e, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; x?: unknown };
    if (typeof e !== 'string' || typeof x !== 'number' || x <= now.getTime()) return undefined;
    return { email: e, expiresAt: new Date(x) };
  } catch {
    return undefined;
  }
}
