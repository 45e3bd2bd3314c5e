// Keys for what the platform signs besides sessions (ticket links, ticket codes, invoice links):
// each is an HMAC of the session secret with its own purpose label, so a signature made for one
// purpose never passes for another. Cached by where the secret comes from, so the secret file is
// read once. An e-mailed link's token (`linkToken`) is the HMAC of what the link opens under its
// purpose's key: nothing is stored, and the token cannot be guessed from the link's number.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env';
import { resolveSessionSecret } from './session-secret';

export type KeyEnv = Pick<Env, 'sessionSecret' | 'dataDir'>;

const keys = new Map<string, Buffer>();

export type Purpose =
  | 'tdk:ticket-link:v1'
  | 'tdk:ticket-code:v1'
  | 'tdk:invoice-link:v1'
  | 'tdk:two-factor:v1'
  | 'tdk:buyer-session:v1'
  | 'tdk:queue-visitor:v1'
  | 'tdk:queue-place:v1'
  | 'tdk:queue-entry:v1'
  | 'tdk:waiting-list-confirm:v1'
  | 'tdk:kit-authorisation:v1'
  | 'tdk:unsubscribe:v1';

export function purposeKey(env: KeyEnv, purpose: Purpose): Buffer {
  const cacheKey = `${purpose}|${env.sessionSecret ? `env:${env.sessionSecret}` : `file:${env.dataDir}`}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = createHmac('sha256', resolveSessionSecret(env)).update(purpose).digest();
    keys.set(cacheKey, key);
  }
  return key;
}

/** What an e-mailed link opens may be signed for: a link's own purpose. */
export type LinkPurpose = Extract<Purpose, 'tdk:ticket-link:v1' | 'tdk:invoice-link:v1' | 'tdk:unsubscribe:v1'>;

/** The token of a link that opens `subject` (base64url, 32 characters). */
export function linkToken(env: KeyEnv, purpose: LinkPurpose, subject: string): string {
  return createHmac('sha256', purposeKey(env, purpose)).update(subject).digest('base64url').slice(0, 32);
}

/** Whether a token from a link was made for `subject` under this purpose (constant-time). */
export function verifyLinkToken(env: KeyEnv, purpose: LinkPurpose, subject: string, token: string | undefined | null): boolean {
  if (!token || token.length !== 32) return false;
  const expected = Buffer.from(linkToken(env, purpose, subject));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
