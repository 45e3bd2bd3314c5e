// The money taken per event (decision 041): events.taken_paise is a cache the database keeps (the
// triggers on registrations of migration money_taken_cache), and after every step of a random
// sequence of what buyers, staff and the clock do (holds, payments, failed payments, lapses, whole
// and partial refunds, an event's cancellation with its refunds) it equals the recount from the
// attendees (money-taken.ts's netTakenPaise), for each event touched. Runs on both engines (the
// PostgreSQL run repeats this file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { CreateOrderResponse, EventCancellationView } from '../contract';
import { events } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';
import { releaseExpiredHolds } from './holds';
import { netTakenPaise, recountMoneyTaken } from './money-taken';

let t: CheckoutTestApp;
let manager: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed by its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Each event's cached takings and their recount from its attendees. */
async function cacheAndRecount(eventIds: number[]) {
  const rows = await t.db.query((db) =>
    db
      .select({ id: events.id, cached: events.takenPaise, counted: netTakenPaise().mapWith(Number) })
      .from(events)
      .where(inArray(events.id, eventIds)),
  );
  return {
    cached: Object.fromEntries(rows.map((r) => [r.id, Number(r.cached)])),
    counted: Object.fromEntries(rows.map((r) => [r.id, r.counted])),
  };
}

describe('the money taken per event', () => {
  it('equals a recount from the attendees after every step of a random sequence, a cancellation included', async () => {
    const seed = Number(process.env.MONEY_RECOUNT_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const next = random(seed);
    const ids = await seedCheckoutEvent(t, { title: `Takings Run ${seed}`, vipQuantity: 50 });
    const eventIds = [ids.eventId, ids.otherEventId];
    const lines = [
      { eventId: ids.eventId, ticketId: ids.vip },
      { eventId: ids.eventId, ticketId: ids.general },
      { eventId: ids.otherEventId, ticketId: ids.otherEvents },
    ];
    const held: { orderId: string; session: string }[] = [];
    const paid: string[] = [];
    let clock = Date.now();
    let buyers = 0;
    const steps: string[] = [];
    const check = async () => {
      const { cached, counted } = await cacheAndRecount(eventIds);
      expect(cached, `seed ${seed}, after:\n${steps.join('\n')}`).toEqual(counted);
    };

    for (let step = 0; step < 40; step++) {
      const roll = next();
      let did: string;
      if (roll < 0.35) {
        const line = lines[Math.floor(next() * lines.length)]!;
        const quantity = 1 + Math.floor(next() * 3);
        const res = await postJson(
          t,
          '/api/cashfree/create-order',
          orderBody(line.eventId, [{ ticketId: line.ticketId, quantity }], {
            buyer: { email: `takings-${seed}-${++buyers}@example.com` },
          }),
        );
        did = `hold ${quantity} of ${line.ticketId}: ${res.status}`;
        if (res.status === 201) {
          const body = (await res.json()) as CreateOrderResponse;
          if (body.payment_session_id) held.push({ orderId: body.orderId, session: body.payment_session_id });
        }
      } else if (roll < 0.6 && held.length > 0) {
        const order = held.splice(Math.floor(next() * held.length), 1)[0]!;
        const outcome = next() < 0.8 ? 'success' : 'failure';
        const res = await postJson(t, `/emulator/cashfree/pay/${order.session}`, { outcome });
        did = `pay ${order.orderId} ${outcome}: ${res.status}`;
        if (outcome === 'success') paid.push(order.orderId);
      } else if (roll < 0.7) {
        clock += 16 * 60_000;
        const released = await t.db.transaction((tx) => releaseExpiredHolds(tx, new Date(clock)));
        held.length = 0;
        did = `clock +16 min: ${released} holds lapsed`;
      } else if (paid.length > 0) {
        const orderId = paid[Math.floor(next() * paid.length)]!;
        // A part of the order's money (₹100) or all of it.
        const partial = next() < 0.5;
        const res = await t.app.request(
          `/api/admin/orders/${orderId}/refunds`,
          jsonRequest('POST', { attendeeIds: 'all', ...(partial ? { amount: 100 } : {}), reason: 'Rain-out' }, manager),
        );
        did = `refund ${partial ? '₹100 of' : 'all of'} ${orderId}: ${res.status}`;
        if (res.status === 201 && !partial) paid.splice(paid.indexOf(orderId), 1);
      } else {
        did = 'nothing to refund yet';
      }
      steps.push(did);
      await check();
    }

    // The event cancelled: every paid order refunded less a fee, by the cancellation job (one more
    // paid order first, so that there is one whatever the sequence left).
    const last = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 2 }], {
          buyer: { email: `takings-${seed}-last@example.com` },
        }),
      )
    ).json()) as CreateOrderResponse;
    expect((await postJson(t, `/emulator/cashfree/pay/${last.payment_session_id}`, { outcome: 'success' })).status).toBe(200);
    await check();
    const [event] = await t.db.query((db) => db.select({ title: events.title }).from(events).where(eq(events.id, ids.eventId)));
    const cancelled = await t.app.request(
      `/api/admin/events/${ids.eventId}/cancel`,
      jsonRequest('POST', { confirmTitle: event!.title, fee: 10, reason: 'Flooding' }, manager),
    );
    steps.push(`cancel the event: ${cancelled.status} ${cancelled.status === 201 ? '' : await cancelled.text()}`);
    expect(cancelled.status, steps.join('\n')).toBe(201);
    for (let i = 0; i < 100; i++) {
      const res = await t.app.request(`/api/admin/events/${ids.eventId}/cancellation`, { headers: { cookie: manager } });
      const { cancellation } = (await res.json()) as { cancellation: EventCancellationView };
      if (cancellation.toRefund === 0 && cancellation.completedAt) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await check();
    if (process.env.MONEY_RECOUNT_LOG) console.log(steps.join('\n'));
    // Nothing to correct: the recount writes nothing over a cache in step.
    expect(await t.db.transaction((tx) => recountMoneyTaken(tx))).toEqual([]);
  });

  it('puts a cache that drifted back to the recount', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Drifted Takings' });
    await t.db.query((db) => db.update(events).set({ takenPaise: 12_345 }).where(eq(events.id, ids.eventId)));
    expect(await t.db.transaction((tx) => recountMoneyTaken(tx, ids.eventId))).toEqual([ids.eventId]);
    const { cached, counted } = await cacheAndRecount([ids.eventId]);
    expect(cached).toEqual(counted);
    expect(cached[ids.eventId]).toBe(0);
  });
});
