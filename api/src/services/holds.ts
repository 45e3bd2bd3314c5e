// Ticket holds (DESIGN.md section 5): an unpaid order holds its seats in ticket_types.held for
// HOLD_MINUTES; a lapsed hold is released by the sweeper (server.ts) and lazily before every new
// hold. Everything here is synchronous and runs inside a BEGIN IMMEDIATE transaction.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { LIMITS } from '../contract';
import type { AppDb } from '../db/client';
import { orderLines, orders, ticketTypes } from '../db/schema';

export const HOLD_MS = LIMITS.holdMinutes * 60_000;

/** Runs fn in one BEGIN IMMEDIATE transaction (a savepoint when already inside one). */
export const atomically = <T>(db: AppDb, fn: () => T): T => db.$client.transaction(fn).immediate();

type OrderRow = typeof orders.$inferSelect;

/**
 * Gives back the seats an order still holds and moves it to `status` (when it is still CREATED).
 * Returns whether a hold was released. Idempotent.
 */
export function releaseHold(
  db: AppDb,
  orderId: string,
  status: 'FAILED' | 'EXPIRED',
  now = new Date(),
  options: { clearIdempotencyKey?: boolean } = {},
): boolean {
  return atomically(db, () => {
    const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!order || order.status !== 'CREATED') return false;
    const released = releaseLines(db, order, now);
    db.update(orders)
      .set({
        status,
        holdReleasedAt: order.holdReleasedAt ?? now.toISOString(),
        updatedAt: now.toISOString(),
        ...(options.clearIdempotencyKey ? { idempotencyKey: null } : {}),
      })
      .where(eq(orders.id, orderId))
      .run();
    return released;
  });
}

/** Subtracts an order's lines from held, once (hold_released_at marks it done). Inside a transaction. */
export function releaseLines(db: AppDb, order: OrderRow, now: Date): boolean {
  if (order.holdReleasedAt) return false;
  const lines = db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).all();
  for (const line of lines) {
    if (line.ticketTypeId === null) continue;
    db.update(ticketTypes)
      .set({ held: sql`max(${ticketTypes.held} - ${line.quantity}, 0)` })
      .where(eq(ticketTypes.id, line.ticketTypeId))
      .run();
  }
  db.update(orders).set({ holdReleasedAt: now.toISOString() }).where(eq(orders.id, order.id)).run();
  return true;
}

const anyLapsedStatements = new WeakMap<object, { get(now: string): unknown }>();

/** A cheap indexed probe: is any hold lapsed? (create-order asks this on every call). */
export function anyLapsedHold(db: AppDb, now = new Date()): boolean {
  let statement = anyLapsedStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare(
      `SELECT 1 FROM orders WHERE status = 'CREATED' AND hold_expires_at <= ? AND hold_released_at IS NULL LIMIT 1`,
    );
    anyLapsedStatements.set(db.$client, statement);
  }
  return statement.get(now.toISOString()) !== undefined;
}

/** Releases every lapsed hold (orders still CREATED past hold_expires_at). Returns how many. */
export function releaseExpiredHolds(db: AppDb, now = new Date(), limit = 500): number {
  if (!anyLapsedHold(db, now)) return 0;
  return atomically(db, () => {
    const lapsed = db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'CREATED'), lte(orders.holdExpiresAt, now.toISOString()), isNull(orders.holdReleasedAt)))
      .orderBy(asc(orders.holdExpiresAt))
      .limit(limit)
      .all();
    for (const order of lapsed) {
      releaseLines(db, order, now);
      db.update(orders).set({ status: 'EXPIRED', updatedAt: now.toISOString() }).where(eq(orders.id, order.id)).run();
    }
    return lapsed.length;
  });
}
