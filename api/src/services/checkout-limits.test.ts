// Seats held by nobody (issue 13): limits per address and per buyer, a cap on a buyer's open holds,
// and a buyer's new order replacing their own unpaid one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS, type ApiErrorBody, type CreateOrderResponse } from '../contract';
import { orders, ticketTypes } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  ticketRow,
  type CheckoutTestApp,
} from '../payments/test-checkout';
import { createCheckoutLimits, OPEN_HOLDS_PER_BUYER, ORDERS_PER_ADDRESS, ORDERS_PER_BUYER } from './checkout-limits';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

async function order(eventId: number, ticketId: number, email: string, address?: string, quantity = 1) {
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(eventId, [{ ticketId, quantity }], { buyer: { email } }),
    address ? { 'x-forwarded-for': address } : {},
  );
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as CreateOrderResponse & ApiErrorBody,
  };
}

describe('create-order limits', () => {
  it('stops one address before twelve anonymous orders can empty a ticket type, and not the next buyer', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Twelve seats' });
    await t.db.query((db) => db.update(ticketTypes).set({ quantity: 12 }).where(eq(ticketTypes.id, ids.general)));
    const attacker = '192.0.2.66';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await order(ids.eventId, ids.general, `anon-${i}@mailinator.com`, attacker)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ORDERS_PER_ADDRESS);
    expect(statuses.slice(ORDERS_PER_ADDRESS).every((s) => s === 429)).toBe(true);
    const refused = await order(ids.eventId, ids.general, 'anon-x@mailinator.com', attacker);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Seats remain for a real buyer elsewhere.
    const buyer = await order(ids.eventId, ids.general, 'real-fan@example.com');
    expect(buyer.status).toBe(201);
    expect((await ticketRow(t, ids.general)).held).toBe(ORDERS_PER_ADDRESS + 1);
  });

  it("lets a buyer's new order for an event replace their own unpaid one", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Changed mind' });
    const first = await order(ids.eventId, ids.general, 'Changer@Example.com', undefined, 3);
    const second = await order(ids.eventId, ids.general, 'changer@example.com', undefined, 2);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await ticketRow(t, ids.general)).held).toBe(2);
    const orderRow = async (id: string) => (await t.db.query((db) => db.select().from(orders).where(eq(orders.id, id))))[0];
    expect(await orderRow(first.body.orderId)).toMatchObject({ status: 'EXPIRED' });
    expect(await orderRow(second.body.orderId)).toMatchObject({ status: 'CREATED' });
  });

  it(`caps a buyer at ${OPEN_HOLDS_PER_BUYER} unpaid orders across events`, async () => {
    const events = [];
    for (let i = 0; i <= OPEN_HOLDS_PER_BUYER; i++) events.push(await seedCheckoutEvent(t, { title: `Hoarded ${i}` }));
    for (const ids of events.slice(0, OPEN_HOLDS_PER_BUYER))
      expect((await order(ids.eventId, ids.general, 'hoarder@example.com')).status).toBe(201);
    const last = events.at(-1)!;
    const refused = await order(last.eventId, last.general, 'hoarder@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      `You already have ${OPEN_HOLDS_PER_BUYER} unpaid orders. Complete one, or wait for it to expire, before starting another.`,
    );
    expect((await ticketRow(t, last.general)).held).toBe(0);
  });

  it(`limits one buyer e-mail to ${ORDERS_PER_BUYER} orders in the window, from any address`, async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Busy buyer' });
    const statuses: number[] = [];
    for (let i = 0; i <= ORDERS_PER_BUYER; i++)
      statuses.push((await order(ids.eventId, ids.general, 'busy-buyer@example.com')).status);
    expect(statuses).toEqual([...Array(ORDERS_PER_BUYER).fill(201), 429]);
  });

  it('counts in the database: two instances of the limits share one count', async () => {
    // Two API instances behind a load balancer, each with its own limits object, on one database.
    const one = createCheckoutLimits(t.db);
    const two = createCheckoutLimits(t.db);
    const now = new Date();
    const address = '198.51.100.23';
    for (let i = 0; i < ORDERS_PER_ADDRESS; i++) {
      expect(await (i % 2 === 0 ? one : two).retryAfter(address, `shared-address-${i}@example.com`, now)).toBe(0);
    }
    expect(await one.retryAfter(address, 'shared-address-x@example.com', now)).toBeGreaterThan(0);
    expect(await two.retryAfter(address, 'shared-address-y@example.com', now)).toBeGreaterThan(0);

    const buyer = 'Shared-Buyer@Example.com';
    for (let i = 0; i < ORDERS_PER_BUYER; i++) {
      expect(await (i % 2 === 0 ? two : one).retryAfter(`198.51.100.${100 + i}`, buyer, now)).toBe(0);
    }
    const wait = await one.retryAfter('198.51.100.200', buyer.toLowerCase(), now);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.holdMinutes * 60);
    expect(await two.retryAfter('198.51.100.201', buyer, now)).toBeGreaterThan(0);
    // A new window starts once the last has ended, for both.
    const later = new Date(now.getTime() + LIMITS.holdMinutes * 60_000 + 1000);
    expect(await two.retryAfter(address, 'shared-address-z@example.com', later)).toBe(0);
    expect(await one.retryAfter('198.51.100.202', buyer, later)).toBe(0);
  });
});
