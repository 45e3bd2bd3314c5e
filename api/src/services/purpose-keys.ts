// Keys for what the platform signs besides sessions (ticket links, ticket codes): each is an HMAC
// of the session secret with its own purpose label, so a signature made for one purpose never
// passes for another. Cached by where the secret comes from, so the secret file is read once.
import { createHmac } from 'node:crypto';
import type { Env } from '../env';
import { resolveSessionSecret } from '../http/auth';

export type KeyEnv = Pick<Env, 'sessionSecret' | 'dataDir'>;

const keys = new Map<string, Buffer>();

export function purposeKey(
  env: KeyEnv,
  purpose:
    | 'tdk:ticket-link:v1'
    | 'tdk:ticket-code:v1'
    | 'tdk:two-factor:v1'
    | 'tdk:buyer-session:v1'
    | 'tdk:queue-visitor:v1'
    | 'tdk:queue-place:v1'
    | 'tdk:queue-entry:v1',
): Buffer {
  const cacheKey = `${purpose}|${env.sessionSecret ? `env:${env.sessionSecret}` : `file:${env.dataDir}`}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = createHmac('sha256', resolveSessionSecret(env)).update(purpose).digest();
    keys.set(cacheKey, key);
  }
  return key;
}
