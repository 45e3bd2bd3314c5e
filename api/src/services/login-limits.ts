// Sign-in rate limits (DESIGN.md section 6), kept in the database (login_attempts) so they hold
// across restarts and across instances. Each failed attempt is recorded under the e-mail typed and
// under the client address; an account is locked after EMAIL_LIMIT failures in the window, an
// address after ADDRESS_LIMIT. A successful sign-in clears its e-mail's failures (the person has
// proved they know the password) but not its address's. Successes do not count against the limit:
// a busy desk signing in all day, or the end-to-end tests, would otherwise lock themselves out.
import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const EMAIL_LIMIT = 5;
export const ADDRESS_LIMIT = 20;

export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Seconds until another attempt is allowed for this key, or 0 when it is allowed now. */
function waitFor(db: Db, key: string, limit: number, now: number): number {
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const times = db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gte(loginAttempts.at, since)))
    .orderBy(asc(loginAttempts.at))
    .all();
  if (times.length < limit) return 0;
  // The window slides: an attempt is allowed again once enough of the oldest have aged out.
  const freeing = times[times.length - limit];
  return Math.max(1, Math.ceil((Date.parse(freeing.at) + LOGIN_WINDOW_MS - now) / 1000));
}

/** 0 when this e-mail may try from this address now, else the seconds to wait. */
export function loginRetryAfter(db: Db, email: string, ip: string, now = Date.now()): number {
  return Math.max(waitFor(db, emailKey(email), EMAIL_LIMIT, now), waitFor(db, addressKey(ip), ADDRESS_LIMIT, now));
}

export type LoginAttempt = { retryAfter: number } | { retryAfter: 0; ids: number[] };

/**
 * Checks the limits and, when allowed, records the attempt as a failure, all in one synchronous
 * step: parallel requests cannot all pass the check before any of them is counted (the password
 * check that follows is asynchronous). A success then takes it back with loginSucceeded().
 */
export function beginLogin(db: Db, email: string, ip: string, now = Date.now()): LoginAttempt {
  return db.transaction((tx) => {
    const retryAfter = loginRetryAfter(tx, email, ip, now);
    if (retryAfter > 0) return { retryAfter };
    const at = new Date(now).toISOString();
    // Housekeeping: nothing older than the window matters any more.
    tx.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now - LOGIN_WINDOW_MS).toISOString())).run();
    const ids = tx
      .insert(loginAttempts)
      .values([{ key: emailKey(email), at }, { key: addressKey(ip), at }])
      .returning({ id: loginAttempts.id })
      .all()
      .map((r) => r.id);
    return { retryAfter: 0 as const, ids };
  }, { behavior: 'immediate' });
}

/** A success does not count, and clears the e-mail's earlier failures. */
export function loginSucceeded(db: Db, email: string, attempt: { ids: number[] }) {
  db.delete(loginAttempts)
    .where(or(inArray(loginAttempts.id, attempt.ids), eq(loginAttempts.key, emailKey(email))))
    .run();
}
