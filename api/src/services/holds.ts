// Ticket holds (DESIGN.md section 5): an unpaid order holds its seats in ticket_types.held for
// HOLD_MINUTES; a lapsed hold is released by the sweeper (jobs/scheduler.ts) and lazily before
// every new hold. Each function runs inside the transaction it is handed.
import { and, asc, eq, exists, isNull, lte } from 'drizzle-orm';
import { LIMITS } from '../contract';
import type { Db } from '../db/client';
import { flag, forUpdate } from '../db/functions';
import { orderLines, orders } from '../db/schema';
import { releaseHeldSeats } from './inventory';
import { returnToBlock } from './promo-codes';

export const HOLD_MS = LIMITS.holdMinutes * 60_000;

type OrderRow = typeof orders.$inferSelect;

/**
 * Gives back the seats an order still holds and moves it to `status` (when it is still CREATED).
 * Returns whether a hold was released. Idempotent.
 */
export async function releaseHold(
  tx: Db,
  orderId: string,
  status: 'FAILED' | 'EXPIRED',
  now = new Date(),
  options: { clearIdempotencyKey?: boolean } = {},
): Promise<boolean> {
  const [order] = await forUpdate(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!order || order.status !== 'CREATED') return false;
  const released = await releaseLines(tx, order, now);
  await tx
    .update(orders)
    .set({
      status,
      holdReleasedAt: order.holdReleasedAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
      ...(options.clearIdempotencyKey ? { idempotencyKey: null } : {}),
    })
    .where(eq(orders.id, orderId));
  return released;
}

/**
 * Subtracts an order's lines from held, once: hold_released_at marks it done, and only the
 * transaction that sets it (a conditional UPDATE) gives the seats back.
 */
export async function releaseLines(tx: Db, order: Pick<OrderRow, 'id' | 'holdReleasedAt'>, now: Date): Promise<boolean> {
  if (order.holdReleasedAt) return false;
  const marked = await tx
    .update(orders)
    .set({ holdReleasedAt: now.toISOString() })
    .where(and(eq(orders.id, order.id), isNull(orders.holdReleasedAt)))
    .returning({ id: orders.id });
  if (marked.length === 0) return false;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const [promo] = await tx
    .select({ promoCodeId: orders.promoCodeId, promoUses: orders.promoUses })
    .from(orders)
    .where(eq(orders.id, order.id));
  // Seats a promo code's block should keep again go back to it, not on sale (decision 033).
  const seats = await returnToBlock(
    tx,
    promo ?? { promoCodeId: null, promoUses: 0 },
    lines.flatMap((l) => (l.ticketTypeId === null ? [] : [{ ticketTypeId: l.ticketTypeId, quantity: l.quantity }])),
    now,
  );
  await releaseHeldSeats(tx, seats, now);
  return true;
}

const lapsed = (now: Date) =>
  and(eq(orders.status, 'CREATED'), lte(orders.holdExpiresAt, now.toISOString()), isNull(orders.holdReleasedAt));

/**
 * 1 when a hold has lapsed, else 0: a column for another read (create-order asks it with its read
 * of the event), so that a checkout with nothing lapsed makes no read of its own for it.
 */
export const anyLapsedHoldColumn = (db: Db, now: Date) =>
  flag(exists(db.select({ id: orders.id }).from(orders).where(lapsed(now))));

/** A cheap indexed probe: is any hold lapsed? */
export async function anyLapsedHold(db: Db, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(lapsed(now)).limit(1);
  return row !== undefined;
}

/** Releases every lapsed hold (orders still CREATED past hold_expires_at). Returns how many. */
export async function releaseExpiredHolds(tx: Db, now = new Date(), limit = 500): Promise<number> {
  if (!(await anyLapsedHold(tx, now))) return 0;
  const due = await forUpdate(tx.select().from(orders).where(lapsed(now)).orderBy(asc(orders.holdExpiresAt)).limit(limit));
  let released = 0;
  for (const order of due) {
    // Another instance may have released it between the probe and the lock: releaseLines says.
    if (!(await releaseLines(tx, order, now))) continue;
    await tx.update(orders).set({ status: 'EXPIRED', updatedAt: now.toISOString() }).where(eq(orders.id, order.id));
    released++;
  }
  return released;
}
