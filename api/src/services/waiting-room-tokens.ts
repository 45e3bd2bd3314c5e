// What the waiting room signs (decision 032), each under its own purpose key: the browser's place
// cookie (one random id per browser), the event's place cookie (the place in line, so a status read
// needs no database), and the entry token an admitted browser orders with. An entry token names its
// browser and its end; it passes only with that browser's cookie, unchanged, before its end.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { purposeKey, type KeyEnv } from '../signing/purpose-keys';

const SIGNATURE_LENGTH = 32;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

const sign = (env: KeyEnv, purpose: Parameters<typeof purposeKey>[1], payload: string) =>
  createHmac('sha256', purposeKey(env, purpose)).update(payload).digest('base64url').slice(0, SIGNATURE_LENGTH);

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A new browser id and its cookie value. */
export function newVisitorCookie(env: KeyEnv): { visitorId: string; cookie: string } {
  const visitorId = randomBytes(16).toString('base64url');
  return { visitorId, cookie: `${visitorId}.${sign(env, 'tdk:queue-visitor:v1', visitorId)}` };
}

/** The browser id a place cookie names, when its signature holds. */
export function visitorFromCookie(env: KeyEnv, cookie: string | undefined): string | undefined {
  if (!cookie) return undefined;
  const [visitorId, signature, extra] = cookie.split('.');
  if (extra !== undefined || !visitorId || !signature || !VISITOR_ID.test(visitorId)) return undefined;
  return same(signature, sign(env, 'tdk:queue-visitor:v1', visitorId)) ? visitorId : undefined;
}

/** The event's place cookie: the place in line (0 in the pre-queue, before the shuffle). */
export const placeCookie = (env: KeyEnv, eventId: number, visitorId: string, number: number) =>
  `${number}.${sign(env, 'tdk:queue-place:v1', `${eventId}|${visitorId}|${number}`)}`;

/** The place a place cookie names for this browser and event; undefined when it does not hold. */
export function placeFromCookie(env: KeyEnv, eventId: number, visitorId: string, cookie: string | undefined): number | undefined {
  if (!cookie) return undefined;
  const [number, signature, extra] = cookie.split('.');
  if (extra !== undefined || !number || !signature || !/^\d{1,9}$/.test(number)) return undefined;
  return same(signature, sign(env, 'tdk:queue-place:v1', `${eventId}|${visitorId}|${number}`)) ? Number(number) : undefined;
}

/** An entry token for this browser and event, valid until `expiresAt`. */
export function signEntryToken(env: KeyEnv, eventId: number, visitorId: string, expiresAt: Date): string {
  const end = expiresAt.getTime().toString(36);
  return `${visitorId}.${end}.${sign(env, 'tdk:queue-entry:v1', `${eventId}|${visitorId}|${end}`)}`;
}

export type EntryTokenCheck =
  { ok: true; visitorId: string; expiresAt: Date } | { ok: false; problem: 'forged' | 'foreign' | 'expired' };

/**
 * Whether `token` lets the browser `visitorId` order for `eventId` at `now`: forged (changed, made
 * for another event, or not ours), foreign (another browser's), or expired.
 */
export function checkEntryToken(
  env: KeyEnv,
  token: string,
  eventId: number,
  visitorId: string | undefined,
  now = new Date(),
): EntryTokenCheck {
  const [owner, end, signature, extra] = token.split('.');
  if (extra !== undefined || !owner || !end || !signature || !VISITOR_ID.test(owner) || !/^[0-9a-z]{1,12}$/.test(end)) {
    return { ok: false, problem: 'forged' };
  }
  if (!same(signature, sign(env, 'tdk:queue-entry:v1', `${eventId}|${owner}|${end}`))) return { ok: false, problem: 'forged' };
  if (owner !== visitorId) return { ok: false, problem: 'foreign' };
  const expiresAt = new Date(parseInt(end, 36));
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, problem: 'expired' };
  return { ok: true, visitorId: owner, expiresAt };
}
