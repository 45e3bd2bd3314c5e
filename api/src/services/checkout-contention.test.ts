// 200 buyers race for the last 20 seats: exactly 20 registrations and 20 sold, every other buyer a
// clean 409. Counts are asserted, never time (DESIGN.md section 7).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse } from '../contract';
import { registrations, ticketTypes } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

it('sells the last 20 seats to exactly 20 of 200 concurrent buyers', async () => {
  const ids = await seedCheckoutEvent(t, { vipQuantity: 120, title: 'The last 20 seats' });
  // 100 already sold: 20 left.
  await t.db.query((db) => db.update(ticketTypes).set({ sold: 100 }).where(eq(ticketTypes.id, ids.vip)));

  const buyers = Array.from({ length: 200 }, (_, i) => i);
  const outcomes = await Promise.all(
    buyers.map(async (i) => {
      const res = await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.vip }], { buyer: { email: `buyer${i}@example.com` }, orderAmount: 1500 }),
      );
      if (res.status !== 201) return { status: res.status, code: ((await res.json()) as ApiErrorBody).error.code };
      const order = (await res.json()) as CreateOrderResponse;
      const paid = await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success', method: 'upi' });
      return { status: 201, paid: paid.status, orderId: order.orderId };
    }),
  );

  const created = outcomes.filter((o) => o.status === 201);
  const refused = outcomes.filter((o) => o.status === 409);
  expect(created).toHaveLength(20);
  expect(created.every((o) => o.paid === 200)).toBe(true);
  expect(refused).toHaveLength(180);
  expect(refused.every((o) => o.code === 'sold_out')).toBe(true);
  expect(outcomes.filter((o) => o.status !== 201 && o.status !== 409)).toHaveLength(0);

  expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: 120, held: 0, quantity: 120 });
  const regs = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.ticketId, ids.vip)));
  expect(regs).toHaveLength(20);
  expect(new Set(regs.map((r) => r.orderId)).size).toBe(20);
  expect(new Set(regs.map((r) => r.registrationNumber)).size).toBe(20);
  expect(regs.every((r) => r.position === 1 && r.quantity === 1 && r.amountPaise === 150_000)).toBe(true);
  expect(regs.every((r) => r.status === 'Confirmed' && r.paymentStatus === 'Paid')).toBe(true);
});
