// Issue 28 (decision 027): a hold belongs to the browser that made it, the ticket link from an order
// id only to that browser, and no sales after the event or outside a ticket's validity window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse, VerifyPaymentResponse } from '../contract';
import { events, orders, ticketTypes } from '../db/schema';
import {
  createCheckoutTestApp,
  holderCookie,
  orderBody,
  postJson,
  seedCheckoutEvent,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { indiaDay } from './india-time';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

async function order(eventId: number, ticketId: number, email: string, headers: Record<string, string> = {}, quantity = 1) {
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(eventId, [{ ticketId, quantity }], { buyer: { email } }),
    headers,
  );
  return {
    status: res.status,
    setCookie: res.headers.get('set-cookie') ?? '',
    cookie: holderCookie(res),
    body: (await res.json()) as CreateOrderResponse & ApiErrorBody,
  };
}
const orderRow = async (id: string) => (await t.db.query((db) => db.select().from(orders).where(eq(orders.id, id))))[0]!;
const verify = async (orderId: string, cookie?: string) => {
  const res = await t.app.request(`/api/cashfree/verify-payment/${orderId}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as VerifyPaymentResponse };
};
const day = (offset: number) => indiaDay(new Date(Date.now() + offset * 24 * 60 * 60 * 1000));

describe('hold ownership', () => {
  it("does not let someone who types a buyer's e-mail cancel that buyer's hold", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Stolen hold' });
    await t.db.query((db) => db.update(ticketTypes).set({ quantity: 1 }).where(eq(ticketTypes.id, ids.vip)));
    const victim = await order(ids.eventId, ids.vip, 'victim@example.com');
    expect(victim.status).toBe(201);
    // Before decision 027 this released the victim's hold and took the seat.
    const thief = await order(ids.eventId, ids.vip, 'Victim@Example.com');
    expect(thief.status).toBe(409);
    expect(thief.body.error.message).toBe('"VIP Pass" is sold out');
    expect(await orderRow(victim.body.orderId)).toMatchObject({ status: 'CREATED', holdReleasedAt: null });
    expect(await ticketRow(t, ids.vip)).toMatchObject({ held: 1 });
    // With someone else's cookie (or a made-up one) it is the same.
    const guessed = await order(ids.eventId, ids.vip, 'victim@example.com', { cookie: `tdk_checkout=${'x'.repeat(43)}` });
    expect(guessed.status).toBe(409);
    expect(await orderRow(victim.body.orderId)).toMatchObject({ status: 'CREATED' });
    // The victim's own browser may still change its mind.
    const again = await order(ids.eventId, ids.vip, 'victim@example.com', { cookie: victim.cookie });
    expect(again.status).toBe(201);
    expect(await orderRow(victim.body.orderId)).toMatchObject({ status: 'EXPIRED' });
  });

  it('sets the checkout cookie HttpOnly, SameSite=Lax, for checkout only, Secure behind https, and keeps only its hash', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Cookie' });
    const plain = await order(ids.eventId, ids.general, 'cookie@example.com');
    expect(plain.setCookie).toMatch(
      /^tdk_checkout=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/api\/cashfree; HttpOnly; SameSite=Lax$/,
    );
    const token = plain.cookie.split('=')[1]!;
    const row = await orderRow(plain.body.orderId);
    expect(row.holderHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.holderHash).not.toContain(token);
    const secure = await order(ids.otherEventId, ids.otherEvents, 'cookie2@example.com', { 'x-forwarded-proto': 'https' });
    expect(secure.setCookie).toMatch(/; Secure/);
    // A browser that has one keeps it.
    const same = await order(ids.otherEventId, ids.otherEvents, 'cookie3@example.com', { cookie: plain.cookie });
    expect(same.setCookie).toBe('');
    expect((await orderRow(same.body.orderId)).holderHash).toBe(row.holderHash);
  });
});

describe('checkout answers and caches', () => {
  it('marks every checkout and quote answer no-store, refusals and malformed bodies included', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'No store' });
    const body = orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 1 }], { buyer: { email: 'nostore@example.com' } });
    const created = await postJson(t, '/api/cashfree/create-order', body);
    expect(created.status).toBe(201);
    const { orderId } = (await created.json()) as CreateOrderResponse;
    const refused = await postJson(t, '/api/cashfree/create-order', { ...body, eventId: 999_999 });
    const malformed = await postJson(t, '/api/cashfree/create-order', { buyer: 'nobody' });
    const verified = await t.app.request(`/api/cashfree/verify-payment/${orderId}`);
    const quote = await postJson(t, '/api/orders/quote', { eventId: ids.eventId, attendees: [{ ticketId: ids.general }] });
    const badQuote = await postJson(t, '/api/orders/quote', { eventId: 'x' });
    expect([refused.status, malformed.status, verified.status, quote.status, badQuote.status]).toEqual([404, 400, 200, 200, 400]);
    for (const res of [created, refused, malformed, verified, quote, badQuote]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('the ticket link from an order id', () => {
  it('gives the signed ticket link only to the browser that made the order; anyone else learns the status', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Return URL' });
    const created = await order(ids.eventId, ids.general, 'linked@example.com');
    await postJson(t, `/emulator/cashfree/pay/${created.body.payment_session_id}`, { outcome: 'success' });
    const reference = (await orderRow(created.body.orderId)).bookingReference!;
    const own = await verify(created.body.orderId, created.cookie);
    expect(own.body).toMatchObject({ status: 'PAID', registration: { registrationNumber: reference } });
    expect(own.body.registration!.ticketUrl).toMatch(new RegExp(`^/ticket/${reference}#t=`));
    // Someone who found the order id in a return URL, another browser of the buyer included.
    for (const cookie of [undefined, `tdk_checkout=${'y'.repeat(43)}`]) {
      const other = await verify(created.body.orderId, cookie);
      expect(other.status).toBe(200);
      expect(other.body).toEqual({ orderId: created.body.orderId, status: 'PAID' });
    }
    // A replayed Idempotency-Key from another browser is not a way round it either.
    const key = { 'Idempotency-Key': 'linked-once' };
    const keyed = await order(ids.otherEventId, ids.otherEvents, 'keyed@example.com', key);
    await postJson(t, `/emulator/cashfree/pay/${keyed.body.payment_session_id}`, { outcome: 'success' });
    const replay = await order(ids.otherEventId, ids.otherEvents, 'keyed@example.com', key);
    expect(replay.status).toBe(201);
    expect(replay.body.registration).toBeUndefined();
    expect(
      (await order(ids.otherEventId, ids.otherEvents, 'keyed@example.com', { ...key, cookie: keyed.cookie })).body.registration,
    ).toMatchObject({ registrationNumber: expect.stringMatching(/^REG/) });
  });
});

describe('sales after the event', () => {
  it("refuses an Active event whose day is over in India, and takes orders on the event's own day", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Yesterday' });
    await t.db.query((db) =>
      db
        .update(events)
        .set({ date: day(-1) })
        .where(eq(events.id, ids.eventId)),
    );
    const late = await order(ids.eventId, ids.general, 'late@example.com');
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: 'validation_error',
      message: 'This event has already taken place: registration is closed',
      fields: { eventId: 'This event has already taken place: registration is closed' },
    });
    expect((await ticketRow(t, ids.general)).held).toBe(0);
    await t.db.query((db) =>
      db
        .update(events)
        .set({ date: day(0) })
        .where(eq(events.id, ids.eventId)),
    );
    expect((await order(ids.eventId, ids.general, 'today@example.com')).status).toBe(201);
  });

  it("refuses a ticket type outside its validity window, both ends counted as India's days", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Windows' });
    const setWindow = (validFrom: string | null, validUntil: string | null) =>
      t.db.query((db) => db.update(ticketTypes).set({ validFrom, validUntil }).where(eq(ticketTypes.id, ids.general)));
    await setWindow(null, day(-1));
    const ended = await order(ids.eventId, ids.general, 'ended@example.com');
    expect(ended.status).toBe(400);
    expect(ended.body.error).toMatchObject({
      message: `Sales of "General" ended on ${day(-1)}`,
      fields: { 'attendees.0.ticketId': `Sales of "General" ended on ${day(-1)}` },
    });
    await setWindow(day(1), null);
    expect((await order(ids.eventId, ids.general, 'early@example.com')).body.error.message).toBe(
      `"General" is not on sale until ${day(1)}`,
    );
    await setWindow(day(0), day(0));
    expect((await order(ids.eventId, ids.general, 'ontime@example.com')).status).toBe(201);
  });
});
