// Each attendee's share of a refund is a row of refund_attendees (decision 036);
// `registrations.refunded_paise` is a cache of the shares of the refunds still giving money back.
// This walks refunds as staff and the provider make them (a full one, an odd-paise one shared by two,
// one the provider fails, its retry, the retry cancelled) and after every step compares the cache
// with a recount from the rows and with what the console's order view shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminOrderResponse, ApiErrorBody, CreateOrderResponse, OrderQuoteResponse, RefundResponse } from '../contract';
import { events, refundAttendees, refunds, registrations } from '../db/schema';
import { createCashfreeProvider } from '../payments/cashfree';
import { refundOrder, retryRefund, sendRefund } from '../services/refunds';
import { jsonRequest } from '../testing/staff-session';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
let manager: string;

beforeAll(async () => {
  // Refunds stay with the provider until the test settles them.
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  ids = await seedCheckoutEvent(t, { title: 'Recount Run' });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

async function paidOrder(quantity: number, eventId = ids.eventId, ticketId = ids.general) {
  const quoted = (await (
    await postJson(t, '/api/orders/quote', { eventId, attendees: Array.from({ length: quantity }, () => ({ ticketId })) })
  ).json()) as OrderQuoteResponse;
  const created = (await (
    await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(eventId, [{ ticketId, quantity }], { buyer: { email: 'recount@example.com' }, orderAmount: quoted.orderAmount }),
    )
  ).json()) as CreateOrderResponse;
  expect((await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' })).status).toBe(200);
  const attendees = await t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(asc(registrations.position)),
  );
  return { orderId: created.orderId, attendees };
}

async function refund(orderId: string, body: unknown) {
  const res = await t.app.request(`/api/admin/orders/${orderId}/refunds`, jsonRequest('POST', body, manager));
  const json = (await res.json()) as RefundResponse & ApiErrorBody;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.refund;
}

async function settle(orderId: string, refundId: number, outcome: 'success' | 'failed' | 'cancelled') {
  const [row] = await t.db.query((db) => db.select().from(refunds).where(eq(refunds.id, refundId)));
  const res = await postJson(t, `/emulator/cashfree/refunds/${orderId}/${row!.providerRefundId}/settle`, { outcome });
  expect(res.status).toBe(200);
}

/**
 * The cache as stored, and as recounted here from the refunds' rows, by attendee id: the ticket money
 * (`refunded_paise` from `share_paise`), or the convenience fee and its GST given back
 * (`fee_refunded_paise` from `fee_share_paise`, decision 060).
 */
async function cacheAndRecount(attendeeIds: number[], part: 'ticket' | 'fee' = 'ticket') {
  const cached = await t.db.query((db) =>
    db
      .select({ id: registrations.id, paise: part === 'ticket' ? registrations.refundedPaise : registrations.feeRefundedPaise })
      .from(registrations)
      .where(inArray(registrations.id, attendeeIds)),
  );
  const shares = await t.db.query((db) =>
    db
      .select({
        id: refundAttendees.registrationId,
        share: part === 'ticket' ? refundAttendees.sharePaise : refundAttendees.feeSharePaise,
        status: refunds.status,
      })
      .from(refundAttendees)
      .innerJoin(refunds, eq(refunds.id, refundAttendees.refundId))
      .where(inArray(refundAttendees.registrationId, attendeeIds)),
  );
  const recount = new Map(attendeeIds.map((id) => [id, 0]));
  for (const s of shares) {
    if (s.status !== 'failed' && s.status !== 'cancelled') recount.set(s.id, recount.get(s.id)! + s.share);
  }
  return {
    cached: Object.fromEntries(cached.map((c) => [c.id, c.paise])),
    recount: Object.fromEntries(recount),
  };
}

async function orderView(orderId: string) {
  const res = await t.app.request(`/api/admin/orders/${orderId}`, { headers: { cookie: manager } });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminOrderResponse;
}

describe('refunded money per attendee', () => {
  it('is the sum of their shares of live refunds after every refund, failure, retry and cancellation', async () => {
    const order = await paidOrder(3);
    const [a, b, c] = order.attendees.map((x) => x.id) as [number, number, number];
    const check = async (expected: Record<number, number>) => {
      const { cached, recount } = await cacheAndRecount([a, b, c]);
      expect(recount).toEqual(expected);
      expect(cached).toEqual(recount);
    };
    await check({ [a]: 0, [b]: 0, [c]: 0 });

    // The first attendee's whole price.
    const whole = await refund(order.orderId, { attendeeIds: [a], reason: 'Injured' });
    expect(whole).toMatchObject({ amount: 499.5, attendeeIds: [a] });
    await check({ [a]: 49_950, [b]: 0, [c]: 0 });

    // ₹333.33 shared by two who paid alike: the first takes the odd paisa.
    const shared = await refund(order.orderId, { attendeeIds: [c, b], amount: 333.33, reason: 'Goodwill' });
    expect(shared.attendeeIds).toEqual([b, c]);
    await check({ [a]: 49_950, [b]: 16_667, [c]: 16_666 });
    expect((await orderView(order.orderId)).money).toMatchObject({ paid: 1498.5, due: 832.83 });

    // The provider fails it: the two shares no longer count.
    await settle(order.orderId, shared.id, 'failed');
    await check({ [a]: 49_950, [b]: 0, [c]: 0 });

    // Staff retry it: the same attendees and shares count again.
    const again = await t.db.transaction((tx) => retryRefund(tx, shared.id, { kind: 'system' }));
    await sendRefund({ db: t.db, provider: createCashfreeProvider({ env: t.env, fetch: t.routeFetch }) }, again.id);
    await check({ [a]: 49_950, [b]: 16_667, [c]: 16_666 });
    const view = await orderView(order.orderId);
    expect(view.refunds.map((r) => [r.id, r.status, r.attendeeIds])).toEqual([
      [whole.id, 'processing', [a]],
      [shared.id, 'failed', [b, c]],
      [again.id, 'processing', [b, c]],
    ]);

    // The retry is cancelled and the first one succeeds.
    await settle(order.orderId, again.id, 'cancelled');
    await settle(order.orderId, whole.id, 'success');
    await check({ [a]: 49_950, [b]: 0, [c]: 0 });
    expect((await orderView(order.orderId)).money).toMatchObject({ paid: 1498.5, refunded: 499.5, due: 0 });
  });
});

describe('the convenience fee given back per attendee', () => {
  it('is the sum of their fee shares of live refunds after a refund returning the fee, its failure, retry and cancellation', async () => {
    // Its own event, charging ₹30 a ticket (+ ₹5.40 GST), so the other walk's event keeps no fee.
    const own = await seedCheckoutEvent(t, { title: 'Recount Fee Run' });
    await t.db.query((db) =>
      db.update(events).set({ convenienceFeeKind: 'amount', convenienceFeeValue: 3_000 }).where(eq(events.id, own.eventId)),
    );
    const order = await paidOrder(2, own.eventId, own.general);
    const [a, b] = order.attendees.map((x) => x.id) as [number, number];
    expect(order.attendees.map((x) => [x.feePaise, x.feeGstPaise])).toEqual([
      [3_000, 540],
      [3_000, 540],
    ]);
    const check = async (ticket: Record<number, number>, fee: Record<number, number>) => {
      const money = await cacheAndRecount([a, b]);
      expect(money.recount).toEqual(ticket);
      expect(money.cached).toEqual(money.recount);
      const fees = await cacheAndRecount([a, b], 'fee');
      expect(fees.recount).toEqual(fee);
      expect(fees.cached).toEqual(fees.recount);
    };
    await check({ [a]: 0, [b]: 0 }, { [a]: 0, [b]: 0 });
    const provider = createCashfreeProvider({ env: t.env, fetch: t.routeFetch });

    // A staff refund keeps the fee with the platform: ticket money only.
    const kept = await refund(order.orderId, { attendeeIds: [a], reason: 'Injured' });
    expect(kept.amount).toBe(499.5);
    await check({ [a]: 49_950, [b]: 0 }, { [a]: 0, [b]: 0 });

    // The organiser could not hold the race for the second: ticket, fee and GST go back (₹535.40).
    const whole = await t.db.transaction((tx) =>
      refundOrder(tx, t.env, {
        orderId: order.orderId,
        attendeeIds: [b],
        reason: 'Course closed',
        actor: { kind: 'system' },
        returnConvenienceFee: true,
      }),
    );
    expect(whole.refund.amountPaise).toBe(53_490);
    await sendRefund({ db: t.db, provider }, whole.refund.id);
    await check({ [a]: 49_950, [b]: 49_950 }, { [a]: 0, [b]: 3_540 });

    // The provider fails it: neither the ticket money nor the fee counts as given back.
    await settle(order.orderId, whole.refund.id, 'failed');
    await check({ [a]: 49_950, [b]: 0 }, { [a]: 0, [b]: 0 });

    // Staff retry it: the same shares, fee included, count again; cancelled, they do not.
    const again = await t.db.transaction((tx) => retryRefund(tx, whole.refund.id, { kind: 'system' }));
    await sendRefund({ db: t.db, provider }, again.id);
    await check({ [a]: 49_950, [b]: 49_950 }, { [a]: 0, [b]: 3_540 });
    await settle(order.orderId, again.id, 'cancelled');
    await check({ [a]: 49_950, [b]: 0 }, { [a]: 0, [b]: 0 });
  });
});
