// Sign-in rate limits (DESIGN.md section 6, as issue 13 changed them), kept in the database
// (login_attempts) so they hold across restarts and across instances. Each failed attempt is
// recorded under the account and address together, and under the address alone:
//   - one account from one address: growing delays (10 s after the third failure, 60 s after the
//     fourth), then locked after ACCOUNT_LIMIT failures until the oldest leaves the window. Its
//     owner at another address is never locked out by someone else's guesses.
//   - one address: locked after ADDRESS_LIMIT failures, whatever the e-mails (password spraying).
// A successful sign-in clears its account-and-address failures (the person has proved they know the
// password) but not its address's. Successes do not count against the limits: a busy desk signing
// in all day, or the end-to-end tests, would otherwise lock themselves out.
import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lockKey } from '../db/functions';
import { loginAttempts } from '../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
/** Seconds to wait after an account's nth failure from one address (index: failures so far). */
export const GROWING_DELAYS_S: readonly number[] = [0, 0, 0, 10, 60];

export const accountKey = (email: string, ip: string) => `account:${email.trim().toLowerCase()}|ip:${ip}`;
export const addressKey = (ip: string) => `ip:${ip}`;

async function failuresInWindow(db: Db, key: string, now: number): Promise<number[]> {
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gte(loginAttempts.at, since)))
    .orderBy(asc(loginAttempts.at));
  return rows.map((row) => Date.parse(row.at));
}

const secondsUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 1000));

/** Locked once `limit` failures are in the window; the window slides as the oldest age out. */
function lockedFor(times: number[], limit: number, now: number): number {
  if (times.length < limit) return 0;
  return secondsUntil(times[times.length - limit]! + LOGIN_WINDOW_MS, now);
}

/** The growing delay after the last failure, before the lock. */
function delayedFor(times: number[], now: number): number {
  const delay = GROWING_DELAYS_S[times.length] ?? 0;
  const last = times.at(-1);
  if (delay === 0 || last === undefined || last + delay * 1000 <= now) return 0;
  return secondsUntil(last + delay * 1000, now);
}

/** 0 when this e-mail may try from this address now, else the seconds to wait. */
export async function loginRetryAfter(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  const account = await failuresInWindow(db, accountKey(email, ip), now);
  const address = await failuresInWindow(db, addressKey(ip), now);
  return Math.max(lockedFor(account, ACCOUNT_LIMIT, now), delayedFor(account, now), lockedFor(address, ADDRESS_LIMIT, now));
}

export type LoginAttempt = { retryAfter: number } | { retryAfter: 0; ids: number[] };

/**
 * Checks the limits and, when allowed, records the attempt as a failure, in the caller's
 * transaction and before the password is checked (outside it): parallel requests cannot all pass
 * the check before any of them is counted, for attempts from one address wait for each other
 * here (lockKey). A success then takes it back with loginSucceeded().
 */
export async function beginLogin(tx: Db, email: string, ip: string, now = Date.now()): Promise<LoginAttempt> {
  await lockKey(tx, addressKey(ip));
  const retryAfter = await loginRetryAfter(tx, email, ip, now);
  if (retryAfter > 0) return { retryAfter };
  const at = new Date(now).toISOString();
  // Housekeeping: nothing older than the window matters any more.
  await tx.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now - LOGIN_WINDOW_MS).toISOString()));
  const rows = await tx
    .insert(loginAttempts)
    .values([
      { key: accountKey(email, ip), at },
      { key: addressKey(ip), at },
    ])
    .returning({ id: loginAttempts.id });
  return { retryAfter: 0 as const, ids: rows.map((r) => r.id) };
}

/** A success does not count, and clears the account's earlier failures from this address. */
export async function loginSucceeded(tx: Db, email: string, ip: string, attempt: { ids: number[] }): Promise<void> {
  await tx.delete(loginAttempts).where(or(inArray(loginAttempts.id, attempt.ids), eq(loginAttempts.key, accountKey(email, ip))));
}

// The two-factor step (issue 28) is limited the same way, by the challenge and by the address, never
// by the member alone: five wrong codes from someone else's address do not lock the owner out.
export const CHALLENGE_CODE_LIMIT = 5;
export const challengeCodeKey = (challengeId: string) => `2fa-challenge:${challengeId}`;
export const codeAddressKey = (ip: string) => `2fa-ip:${ip}`;

/** 0 when a code may be tried on this challenge from this address now, else the seconds to wait. */
export async function codeRetryAfter(db: Db, challengeId: string, ip: string, now = Date.now()): Promise<number> {
  const challenge = await failuresInWindow(db, challengeCodeKey(challengeId), now);
  const address = await failuresInWindow(db, codeAddressKey(ip), now);
  return Math.max(lockedFor(challenge, CHALLENGE_CODE_LIMIT, now), lockedFor(address, ADDRESS_LIMIT, now));
}

/**
 * As beginLogin, for a code: checks the limits and, when allowed, counts the attempt as a failure
 * before the code is checked (outside the transaction); codeAccepted() takes it back.
 */
export async function beginCodeAttempt(tx: Db, challengeId: string, ip: string, now = Date.now()): Promise<LoginAttempt> {
  await lockKey(tx, codeAddressKey(ip));
  const retryAfter = await codeRetryAfter(tx, challengeId, ip, now);
  if (retryAfter > 0) return { retryAfter };
  const at = new Date(now).toISOString();
  await tx.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now - LOGIN_WINDOW_MS).toISOString()));
  const rows = await tx
    .insert(loginAttempts)
    .values([
      { key: challengeCodeKey(challengeId), at },
      { key: codeAddressKey(ip), at },
    ])
    .returning({ id: loginAttempts.id });
  return { retryAfter: 0 as const, ids: rows.map((r) => r.id) };
}

/** An accepted code does not count against the address; its challenge is spent anyway. */
export async function codeAccepted(tx: Db, attempt: { ids: number[] }): Promise<void> {
  await tx.delete(loginAttempts).where(inArray(loginAttempts.id, attempt.ids));
}
