// The payments emulator's orders (development only), kept in the database so that every API
// instance sees them: a buyer may create an order on one instance and pay and verify on another.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { forUpdate } from '../db/functions';
import { emulatorOrders } from '../db/schema';
import type { EmulatedOrder, EmulatorStore } from './emulator';

/** Enough for a long-running demo; the oldest emulated orders are forgotten first. */
export const MAX_EMULATED_ORDERS = 50_000;

type Row = typeof emulatorOrders.$inferSelect;
const toOrder = (row: Row): EmulatedOrder => ({
  entity: row.entity,
  appId: row.appId,
  payments: row.payments,
  refunds: row.refunds ?? [],
});

/** Inserts between two looks at the table's size. */
const TRIM_EVERY = 1_000;

/** Forgets the oldest emulated orders past MAX_EMULATED_ORDERS. */
export async function forgetOldest(database: Database, max = MAX_EMULATED_ORDERS): Promise<void> {
  await database.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: tx.$count(emulatorOrders) })
      .from(emulatorOrders)
      .limit(1);
    if (n <= max) return;
    const oldest = tx
      .select({ id: emulatorOrders.id })
      .from(emulatorOrders)
      .orderBy(asc(emulatorOrders.createdAt))
      .limit(n - max);
    await tx.delete(emulatorOrders).where(inArray(emulatorOrders.id, oldest));
  });
}

export function databaseEmulatorStore(database: Database): EmulatorStore {
  let insertsSinceTrim = 0;
  return {
    async get(orderId) {
      const [row] = await database.query((db) => db.select().from(emulatorOrders).where(eq(emulatorOrders.id, orderId)));
      return row && toOrder(row);
    },
    async bySession(sessionId) {
      const [row] = await database.query((db) => db.select().from(emulatorOrders).where(eq(emulatorOrders.sessionId, sessionId)));
      return row && toOrder(row);
    },
    async byIdempotencyKey(appId, key) {
      const [row] = await database.query((db) =>
        db
          .select()
          .from(emulatorOrders)
          .where(and(eq(emulatorOrders.appId, appId), eq(emulatorOrders.idempotencyKey, `${appId}:${key}`))),
      );
      return row && toOrder(row);
    },
    async insert(order, idempotencyKey) {
      const inserted = await database.query((db) =>
        db
          .insert(emulatorOrders)
          .values({
            id: order.entity.order_id,
            appId: order.appId,
            sessionId: order.entity.payment_session_id,
            idempotencyKey: idempotencyKey ? `${order.appId}:${idempotencyKey}` : null,
            entity: order.entity,
            payments: order.payments,
            refunds: order.refunds,
          })
          .onConflictDoNothing()
          .returning({ id: emulatorOrders.id }),
      );
      if (inserted.length === 0) return false;
      // Counting every row on each order would cost more as the table grows: the oldest are
      // forgotten when this instance has added TRIM_EVERY since it last looked.
      if (++insertsSinceTrim >= TRIM_EVERY) {
        insertsSinceTrim = 0;
        await forgetOldest(database);
      }
      return true;
    },
    async change(orderId, update) {
      return database.transaction(async (tx) => {
        // Locked: two payments of one session (two tabs, two instances) are taken one after the other.
        const [row] = await forUpdate(tx.select().from(emulatorOrders).where(eq(emulatorOrders.id, orderId)));
        if (!row) return undefined;
        const order = toOrder(row);
        const result = update(order);
        await tx
          .update(emulatorOrders)
          .set({ entity: order.entity, payments: order.payments, refunds: order.refunds })
          .where(eq(emulatorOrders.id, orderId));
        return { order, result };
      });
    },
  };
}
