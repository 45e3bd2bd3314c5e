// The payments emulator's orders in the database (payments/emulator-store.ts): one insert per order,
// an order id or idempotency key taken once, and the oldest forgotten past the store's size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, like } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emulatorOrders } from '../db/schema';
import type { EmulatedOrder } from './emulator';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { databaseEmulatorStore, forgetOldest } from './emulator-store';

let test: TestDatabase;
let db: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.close());

const order = (id: string): EmulatedOrder => ({
  appId: 'test-app',
  entity: { order_id: id, payment_session_id: `session_${id}`, order_status: 'ACTIVE' } as EmulatedOrder['entity'],
  payments: [],
  refunds: [],
});

describe('the emulator store', () => {
  it('keeps an order once: a second insert of its id or its idempotency key is refused', async () => {
    const store = databaseEmulatorStore(db);
    expect(await store.insert(order('em_once_1'), 'key-once')).toBe(true);
    expect(await store.insert(order('em_once_1'), undefined)).toBe(false);
    expect(await store.insert(order('em_once_2'), 'key-once')).toBe(false);
    expect((await store.bySession('session_em_once_1'))?.entity.order_id).toBe('em_once_1');
    expect((await store.byIdempotencyKey('test-app', 'key-once'))?.entity.order_id).toBe('em_once_1');
    expect(await store.get('em_once_2')).toBeUndefined();
  });

  it('forgets the oldest orders past its size, and only those', async () => {
    const t0 = Date.parse('2000-01-01T00:00:00.000Z');
    await db.query((q) =>
      q.insert(emulatorOrders).values(
        [1, 2, 3, 4, 5].map((i) => ({
          id: `em_trim_${i}`,
          appId: 'test-app',
          sessionId: `session_em_trim_${i}`,
          entity: order(`em_trim_${i}`).entity,
          payments: [],
          refunds: [],
          createdAt: new Date(t0 + i * 1000).toISOString(),
        })),
      ),
    );
    const others = (await db.query((q) => q.select().from(emulatorOrders))).length - 5;

    await forgetOldest(db, others + 3);

    const left = await db.query((q) =>
      q
        .select({ id: emulatorOrders.id })
        .from(emulatorOrders)
        .where(like(emulatorOrders.id, 'em_trim_%'))
        .orderBy(asc(emulatorOrders.id)),
    );
    expect(left.map((row) => row.id)).toEqual(['em_trim_3', 'em_trim_4', 'em_trim_5']);
  });
});
