// How often one address or one buyer may open an order (issue 13: twelve anonymous unpaid orders
// could hold a whole ticket type for 15 minutes, again and again). Counted in the database's
// rate_limits table, a fixed window per key, so every API instance enforces the same limit: a buyer
// cannot get around it by landing on another instance behind the load balancer. Behind a reverse
// proxy, TRUST_PROXY=true makes the address the client's own.
import { eq, lt, sql } from 'drizzle-orm';
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

/**
 * Seats one client may take per hold window (decision 027, issue 28): ten orders of ten seats from
 * one address held 100 seats of a type, renewed every window. Counted by seats, per address, per
 * buyer e-mail and per phone, free registrations included, in the same rate_limits table. A squad on
 * one team ticket (up to 25 attendees) still fits in one order. The numbers are env.checkoutSeats
 * (CHECKOUT_SEATS_PER_ADDRESS, default 30; CHECKOUT_SEATS_PER_BUYER, default 25).
 */
export interface SeatLimits {
  perAddress: number;
  perBuyer: number;
}

/** Who a seat limit stopped, and for how long. */
export interface SeatLimitRefusal {
  who: 'address' | 'email' | 'phone';
  limit: number;
  retryAfter: number;
}

/** The client an order comes from: its address (TRUST_PROXY decides which) and what the buyer typed. */
export interface SeatClient {
  address: string;
  email: string;
  phone: string;
}

/** The national number of a phone as typed ('+91 98765 43210' and '9876543210' are one buyer). */
const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/**
 * Counts an order's seats against its address, buyer e-mail and phone, in the order's own
 * transaction. Null when they fit; else the first refusal (address, then e-mail, then phone), and
 * the caller must throw so that the transaction takes back the counts that did fit.
 * One statement for the three (an upsert whose update is conditional, each key against its own
 * limit), so that two instances adding at once cannot both pass.
 */
export async function takeSeats(
  tx: Db,
  limits: SeatLimits,
  client: SeatClient,
  seats: number,
  now = new Date(),
): Promise<SeatLimitRefusal | null> {
  const keys: { who: SeatLimitRefusal['who']; key: string; limit: number }[] = [
    { who: 'address', key: `seats-ip:${client.address}`, limit: limits.perAddress },
    { who: 'email', key: `seats-email:${client.email.trim().toLowerCase()}`, limit: limits.perBuyer },
    { who: 'phone', key: `seats-phone:${phoneKey(client.phone)}`, limit: limits.perBuyer },
  ];
  const tooMany = keys.find((k) => seats > k.limit);
  if (tooMany) return { who: tooMany.who, limit: tooMany.limit, retryAfter: Math.ceil(WINDOW_MS / 1000) };

  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + WINDOW_MS).toISOString();
  const ended = sql`${rateLimits.resetAt} <= ${nowIso}`;
  const limitOf = sql.join(
    [sql`case excluded.key`, ...keys.map((k) => sql`when ${k.key} then cast(${k.limit} as integer)`), sql`end`],
    sql.raw(' '),
  );
  const counted = await tx
    .insert(rateLimits)
    .values(keys.map((k) => ({ key: k.key, hits: seats, resetAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${ended} or ${rateLimits.hits} + excluded.hits <= ${limitOf}`,
    })
    .returning({ key: rateLimits.key });
  const passed = new Set(counted.map((row) => row.key));
  const refused = keys.find((k) => !passed.has(k.key));
  if (!refused) return null;
  const [current] = await tx.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, refused.key));
  const resetMs = current ? Date.parse(current.resetAt) : now.getTime() + WINDOW_MS;
  return { who: refused.who, limit: refused.limit, retryAfter: Math.max(1, Math.ceil((resetMs - now.getTime()) / 1000)) };
}

export interface CheckoutLimits {
  /** 0 when this address and buyer may open another order now, else the seconds to wait. */
  retryAfter(address: string, buyerEmail: string, now?: Date): Promise<number>;
}

/**
 * Counts one hit on each key in its window (a new window when the last one has ended) and returns
 * the seconds to wait for the first key whose count is now more than its `points`, else 0. One
 * statement for all the keys: concurrent hits from several instances each count.
 */
export async function hitEach(
  tx: Db,
  keys: readonly { key: string; points: number }[],
  windowMs: number,
  now = new Date(),
): Promise<number> {
  const nowIso = now.toISOString();
  const ended = sql`${rateLimits.resetAt} <= ${nowIso}`;
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const rows = await tx
    .insert(rateLimits)
    .values(keys.map(({ key }) => ({ key, hits: 1, resetAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  const counted = new Map(rows.map((row) => [row.key, row]));
  for (const { key, points } of keys) {
    const row = counted.get(key);
    if (row && row.hits > points) return Math.max(1, Math.ceil((Date.parse(row.resetAt) - now.getTime()) / 1000));
  }
  return 0;
}

/**
 * Counts one hit on the key in its window (a new window when the last one has ended) and answers
 * the count and the window's end, for a limit that reports what is left (the API's RateLimit header).
 */
export async function countHit(
  tx: Db,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ hits: number; resetAt: string }> {
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
  return row!;
}

/** hitEach for one key. */
export const hit = (tx: Db, key: string, points: number, windowMs: number, now = new Date()) =>
  hitEach(tx, [{ key, points }], windowMs, now);

/** Forgets windows that have ended (the hold sweeper calls it). */
export async function forgetEndedWindows(tx: Db, now = new Date()): Promise<void> {
  await tx.delete(rateLimits).where(lt(rateLimits.resetAt, now.toISOString()));
}

export function createCheckoutLimits(database: Database): CheckoutLimits {
  return {
    async retryAfter(address, buyerEmail, now = new Date()) {
      const keys = [
        { key: `order-ip:${address}`, points: ORDERS_PER_ADDRESS },
        { key: `order-email:${buyerEmail.trim().toLowerCase()}`, points: ORDERS_PER_BUYER },
      ];
      return database.query((db) => hitEach(db, keys, WINDOW_MS, now));
    },
  };
}

const SEAT_LIMIT_WHO: Record<SeatLimitRefusal['who'], string> = {
  address: 'from one connection',
  email: 'for one e-mail address',
  phone: 'for one phone number',
};

/** The words of a seat-limit refusal (decision 027). */
export function seatLimitMessage(refusal: SeatLimitRefusal) {
  const minutes = Math.ceil(refusal.retryAfter / 60);
  return `At most ${refusal.limit} tickets may be held ${SEAT_LIMIT_WHO[refusal.who]} in ${LIMITS.holdMinutes} minutes. Please complete your order, or try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
