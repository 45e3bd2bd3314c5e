// How often one address or one buyer may open an order (issue 13: twelve anonymous unpaid orders
// could hold a whole ticket type for 15 minutes, again and again). Counted in the database's
// rate_limits table, a fixed window per key, so every API instance enforces the same limit: a buyer
// cannot get around it by landing on another instance behind the load balancer. Behind a reverse
// proxy, TRUST_PROXY=true makes the address the client's own.
import { lt, sql } from 'drizzle-orm';
import { LIMITS } from '../contract';
import type { Database, Db } from '../db/client';
import { rateLimits } from '../db/schema';

const WINDOW_MS = LIMITS.holdMinutes * 60_000;

/** Orders one address may open per hold window: fewer than would empty a small ticket type (issue 13). */
export const ORDERS_PER_ADDRESS = 10;
/** Orders one buyer e-mail may open per hold window. */
export const ORDERS_PER_BUYER = 5;
/** Unpaid orders one buyer may hold at once, across events (their own for this event is replaced). */
export const OPEN_HOLDS_PER_BUYER = 3;

export interface CheckoutLimits {
  /** 0 when this address and buyer may open another order now, else the seconds to wait. */
  retryAfter(address: string, buyerEmail: string, now?: Date): Promise<number>;
}

/**
 * Counts one hit on `key` in its window (a new window when the last one has ended) and returns the
 * seconds to wait when that was more than `points`, else 0. One statement: concurrent hits from
 * several instances each count.
 */
export async function hit(tx: Db, key: string, points: number, windowMs: number, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  const ended = sql`${rateLimits.resetAt} <= ${nowIso}`;
  const [row] = await tx
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: new Date(now.getTime() + windowMs).toISOString() })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  if (row.hits <= points) return 0;
  return Math.max(1, Math.ceil((Date.parse(row.resetAt) - now.getTime()) / 1000));
}

/** Forgets windows that have ended (the hold sweeper calls it). */
export async function forgetEndedWindows(tx: Db, now = new Date()): Promise<void> {
  await tx.delete(rateLimits).where(lt(rateLimits.resetAt, now.toISOString()));
}

export function createCheckoutLimits(database: Database): CheckoutLimits {
  return {
    async retryAfter(address, buyerEmail, now = new Date()) {
      const waitAddress = await database.query((db) => hit(db, `order-ip:${address}`, ORDERS_PER_ADDRESS, WINDOW_MS, now));
      if (waitAddress > 0) return waitAddress;
      const buyer = buyerEmail.trim().toLowerCase();
      return database.query((db) => hit(db, `order-email:${buyer}`, ORDERS_PER_BUYER, WINDOW_MS, now));
    },
  };
}
