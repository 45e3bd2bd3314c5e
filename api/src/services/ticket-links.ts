// Signed links to a participant's ticket page: /ticket/{registrationNumber}?t={token}. The token is
// an HMAC of the registration number under a key derived from the session secret, so a link can be
// mailed and checked later without storing anything, and cannot be guessed from the number alone.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env';
import { resolveSessionSecret } from '../http/auth';
import { selfBaseUrl } from '../payments/cashfree';

const keys = new Map<string, Buffer>();

function linkKey(env: Pick<Env, 'sessionSecret' | 'dataDir'>): Buffer {
  // Keyed by where the secret comes from, so the secret file is read once per process.
  const source = env.sessionSecret ? `env:${env.sessionSecret}` : `file:${env.dataDir}`;
  let key = keys.get(source);
  if (!key) {
    // A purpose-bound sub-key: a ticket token can never double as anything signed with the secret.
    key = createHmac('sha256', resolveSessionSecret(env)).update('tdk:ticket-link:v1').digest();
    keys.set(source, key);
  }
  return key;
}

type LinkEnv = Pick<Env, 'sessionSecret' | 'dataDir'>;

/** The token for a registration's ticket page (base64url, 32 characters). */
export function ticketLinkToken(env: LinkEnv, registrationNumber: string): string {
  return createHmac('sha256', linkKey(env)).update(registrationNumber).digest('base64url').slice(0, 32);
}

/** Whether a token from a link belongs to this registration number (constant-time). */
export function verifyTicketLinkToken(env: LinkEnv, registrationNumber: string, token: string | undefined | null): boolean {
  if (!token || token.length !== 32) return false;
  const expected = Buffer.from(ticketLinkToken(env, registrationNumber));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The ticket page's path and token, for a link on this site. */
export function ticketLinkPath(env: LinkEnv, registrationNumber: string): string {
  return `/ticket/${encodeURIComponent(registrationNumber)}?t=${ticketLinkToken(env, registrationNumber)}`;
}

/** The absolute URL of the ticket page, on PUBLIC_URL or the local address (e-mails). */
export function ticketLinkUrl(env: LinkEnv & Pick<Env, 'publicUrl' | 'port'>, registrationNumber: string): string {
  return `${selfBaseUrl(env)}${ticketLinkPath(env, registrationNumber)}`;
}
