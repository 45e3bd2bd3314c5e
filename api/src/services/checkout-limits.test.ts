// Seats held by nobody (issue 13): limits per address and per buyer, a cap on a buyer's open holds,
// and a buyer's new order replacing their own unpaid one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { LIMITS, type ApiErrorBody, type CreateOrderResponse } from '../contract';
import { emailOutbox, orders, ticketTypes } from '../db/schema';
import { setOrganisationSettings } from '../testing/organisations';
import {
  confirmationToken,
  confirmFreeOrder,
  createCheckoutTestApp,
  holderCookie,
  orderBody,
  postJson,
  seedCheckoutEvent,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { createCheckoutLimits, OPEN_HOLDS_PER_BUYER, ORDERS_PER_ADDRESS, ORDERS_PER_BUYER } from './checkout-limits';

let t: CheckoutTestApp;
beforeAll(async () => {
  // The seat limits as production has them (the test app raises them for other files' fixtures).
  t = await createCheckoutTestApp({ vars: { CHECKOUT_SEATS_PER_ADDRESS: '', CHECKOUT_SEATS_PER_BUYER: '' } });
});
afterAll(() => t.close());

let phones = 0;
async function order(
  eventId: number,
  ticketId: number,
  email: string,
  address?: string,
  quantity = 1,
  more: { cookie?: string; phone?: string } = {},
) {
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    // Each buyer a phone of their own unless the test names one.
    orderBody(eventId, [{ ticketId, quantity }], {
      buyer: { email, phone: more.phone ?? `9${String(++phones).padStart(9, '0')}` },
    }),
    { ...(address ? { 'x-forwarded-for': address } : {}), ...(more.cookie ? { cookie: more.cookie } : {}) },
  );
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    cookie: holderCookie(res),
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

  it("lets a buyer's new order for an event replace the unpaid one their browser made", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Changed mind' });
    const first = await order(ids.eventId, ids.general, 'Changer@Example.com', undefined, 3);
    expect(first.cookie).toMatch(/^tdk_checkout=[A-Za-z0-9_-]{43}$/);
    const second = await order(ids.eventId, ids.general, 'changer@example.com', undefined, 2, { cookie: first.cookie });
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

// Issue 28: seats, not only orders (decision 027).
describe('seat limits and the per-order maximum', () => {
  const SEATS_PER_ADDRESS = 30;
  const SEATS_PER_BUYER = 25;

  it(`stops one address holding more than ${SEATS_PER_ADDRESS} seats in the window, whatever the e-mails and phones`, async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Hoarded by quantity' });
    const attacker = '192.0.2.99';
    const answers = [];
    // Before decision 027 all ten orders of ten seats passed: 100 seats held by one client.
    for (let i = 0; i < 10; i++) answers.push(await order(ids.eventId, ids.general, `hoard-${i}@mailinator.com`, attacker, 10));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(SEATS_PER_ADDRESS / 10);
    const refused = answers[SEATS_PER_ADDRESS / 10]!;
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^At most 30 tickets may be held from one connection in 15 minutes\. Please complete your order, or try again in \d+ minutes?\.$/,
      ),
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LIMITS.holdMinutes * 60);
    expect((await ticketRow(t, ids.general)).held).toBe(SEATS_PER_ADDRESS);
    // A smaller order that still fits is not refused because a bigger one was.
    expect((await order(ids.eventId, ids.general, 'fresh@example.com', '192.0.2.100', 10)).status).toBe(201);
  });

  it(`stops one e-mail, and one phone, holding more than ${SEATS_PER_BUYER} seats from any addresses`, async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Hoarded by a buyer' });
    const byEmail = [];
    for (let i = 0; i < 3; i++)
      byEmail.push((await order(ids.eventId, ids.general, 'Greedy@Example.com', `203.0.113.${i}`, 10)).status);
    expect(byEmail).toEqual([201, 201, 429]);
    const byPhone = [];
    for (let i = 0; i < 3; i++)
      byPhone.push(
        (await order(ids.eventId, ids.general, `phone-${i}@example.com`, `203.0.113.${10 + i}`, 10, { phone: '+91 91234 56789' }))
          .status,
      );
    expect(byPhone).toEqual([201, 201, 429]);
    const last = await order(ids.eventId, ids.general, 'phone-x@example.com', '203.0.113.20', 6, { phone: '9123456789' });
    expect(last.body.error.message).toMatch(/^At most 25 tickets may be held for one phone number in 15 minutes/);
    expect((await ticketRow(t, ids.general)).held).toBe(40);
  });

  it('refuses more seats of a type than its maximum per order, naming the ticket', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Per order' });
    const eleven = await order(ids.eventId, ids.general, 'eleven@example.com', undefined, 11);
    expect(eleven.status).toBe(400);
    expect(eleven.body.error).toMatchObject({
      code: 'validation_error',
      message: 'At most 10 "General" tickets per order',
      fields: { 'attendees.0.ticketId': 'At most 10 "General" tickets per order' },
    });
    await t.db.query((db) => db.update(ticketTypes).set({ maxPerOrder: 2 }).where(eq(ticketTypes.id, ids.general)));
    expect((await order(ids.eventId, ids.general, 'three@example.com', undefined, 3)).body.error.message).toBe(
      'At most 2 "General" tickets per order',
    );
    expect((await order(ids.eventId, ids.general, 'two@example.com', undefined, 2)).status).toBe(201);
    expect((await ticketRow(t, ids.general)).held).toBe(2);
  });

  it('counts free registrations the same, and confirms one only when its buyer follows the e-mailed link', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Free for all' });
    await t.db.query((db) => db.update(ticketTypes).set({ quantity: 100 }).where(eq(ticketTypes.id, ids.free)));
    const attacker = '192.0.2.150';
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await order(ids.eventId, ids.free, `free-${i}@mailinator.com`, attacker, 10)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    // None counts yet: they are holds until an address is confirmed, and lapse like any other.
    expect(await ticketRow(t, ids.free)).toMatchObject({ sold: 0, held: 30 });
    const held = await t.db.query((db) => db.select().from(orders).where(eq(orders.eventId, ids.eventId)));
    expect(held.every((o) => o.status === 'CREATED')).toBe(true);
    const confirmed = await confirmFreeOrder(t, held[0]!.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'PAID', registration: { registrationNumber: expect.stringMatching(/^REG/) } });
    expect(await ticketRow(t, ids.free)).toMatchObject({ sold: 10, held: 20 });
    // The link again answers the same; another order's token does not confirm this one.
    expect((await confirmFreeOrder(t, held[0]!.id)).body.status).toBe('PAID');
    const forged = await postJson(t, `/api/cashfree/confirm-email/${held[1]!.id}`, { token: 'A'.repeat(43) });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ApiErrorBody).error.message).toBe('This confirmation link is not valid');
    // A hold not confirmed in time is released, and its link says so.
    await t.db.query((db) =>
      db
        .update(orders)
        .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(orders.id, held[1]!.id)),
    );
    const late = await confirmFreeOrder(t, held[1]!.id);
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe(
      'This registration was not confirmed in time and its places were released. Please register again.',
    );
    expect(await ticketRow(t, ids.free)).toMatchObject({ sold: 10, held: 10 });
  });

  it("e-mails the confirmation link in the buyer's language, always (even with e-mail notifications off)", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Hindi walk' });
    await t.db.transaction((tx) => setOrganisationSettings(tx, { emailNotifications: false }));
    try {
      const res = await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.free, quantity: 2 }], { buyer: { email: 'hindi@example.com' }, language: 'hi' }),
      );
      expect(res.status).toBe(201);
      const { orderId } = (await res.json()) as CreateOrderResponse;
      const [mail] = await t.db.query((db) =>
        db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.kind, 'registration_email_confirmation'))
          .orderBy(desc(emailOutbox.id))
          .limit(1),
      );
      expect(mail).toMatchObject({ to: 'hindi@example.com', subject: 'Hindi walk के लिए अपना पंजीकरण पक्का करें' });
      expect(mail!.text).toContain('मेरा पंजीकरण पक्का करें');
      expect(mail!.text).toMatch(
        new RegExp(`/event/${ids.eventId}\\?confirm_order=${orderId}&confirm_token=[A-Za-z0-9_-]{43}&lang=hi`),
      );
      expect(await confirmationToken(t, orderId)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await t.db.transaction((tx) => setOrganisationSettings(tx, { emailNotifications: true }));
    }
  });
});
