// Cancelling an event (decision 025) through the real app and the Cashfree emulator: the event turns
// Cancelled, every paid order is refunded by the cancellation job (a fee kept per ticket), buyers get
// one e-mail each in their language, the waiting list ends, a provider failure is listed and retried,
// a restart mid-way resumes without refunding anyone twice.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse, EventCancellationView } from '../contract';
import {
  auditLog,
  emailOutbox,
  eventCancellationOrders,
  events,
  orders,
  refunds,
  registrations,
  staffUsers,
  waitingListEntries,
} from '../db/schema';
import { createCashfreeProvider } from '../payments/cashfree';
import { cancellationTurn } from '../services/event-cancellations';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { cancelEvent, processCancellations } from '../services/event-cancellations';
import { JOBS, releaseLease } from '../services/job-leases';
import { jsonRequest } from '../testing/staff-session';

let t: CheckoutTestApp;
let manager: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const provider = () => createCashfreeProvider({ env: t.env, fetch: t.routeFetch });

let buyers = 0;
async function paidOrder(eventId: number, ticketId: number, quantity: number, language: 'en' | 'hi' | 'mr' = 'en') {
  const email = `cancel-buyer-${++buyers}@example.com`;
  const created = (await (
    await postJson(t, '/api/cashfree/create-order', orderBody(eventId, [{ ticketId, quantity }], { buyer: { email }, language }))
  ).json()) as CreateOrderResponse;
  const paid = await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
  expect(paid.status).toBe(200);
  return { orderId: created.orderId, email };
}

async function cancel(eventId: number, body: unknown, cookie = manager) {
  const res = await t.app.request(`/api/admin/events/${eventId}/cancel`, jsonRequest('POST', body, cookie));
  return { status: res.status, body: (await res.json()) as { cancellation: EventCancellationView } & ApiErrorBody };
}

async function progress(eventId: number) {
  const res = await t.app.request(`/api/admin/events/${eventId}/cancellation`, { headers: { cookie: manager } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { cancellation: EventCancellationView }).cancellation;
}

/** Until the job the route started has decided every order (it runs beside the request). */
async function decided(eventId: number) {
  for (let i = 0; i < 100; i++) {
    const p = await progress(eventId);
    if (p.toRefund === 0 && p.completedAt) return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the cancellation job did not finish');
}

const refundsOf = (orderId: string) =>
  t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)));
const mailsTo = (to: string) =>
  t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id)));

async function settle(orderId: string, providerRefundId: string, outcome: 'success' | 'failed') {
  const res = await postJson(t, `/emulator/cashfree/refunds/${orderId}/${providerRefundId}/settle`, { outcome });
  expect(res.status).toBe(200);
}

describe('POST /api/admin/events/:id/cancel', () => {
  it('refunds three paid orders less the fee, e-mails each buyer once in their language, ends the waiting list, keeps every record', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Monsoon Half Marathon' });
    const a = await paidOrder(ids.eventId, ids.general, 2, 'hi');
    const b = await paidOrder(ids.eventId, ids.general, 1, 'en');
    const c = await paidOrder(ids.eventId, ids.vip, 1, 'mr');
    const hold = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 1 }], { buyer: { email: 'unpaid@example.com' } }),
      )
    ).json()) as CreateOrderResponse;
    await t.db.query((db) =>
      db.insert(waitingListEntries).values({
        eventId: ids.eventId,
        ticketTypeId: ids.vip,
        name: 'Waiting Person',
        email: 'waiting@example.com',
        phone: '+919812345678',
        quantity: 1,
        position: 1,
        confirmedAt: new Date().toISOString(),
      }),
    );

    // Wrong title, a fee above the cheapest price: refused, nothing changes.
    const wrong = await cancel(ids.eventId, { confirmTitle: 'Monsoon Half', fee: 0, reason: 'Flooding' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.confirmTitle).toMatch(/title exactly/);
    const tooMuch = await cancel(ids.eventId, { confirmTitle: 'Monsoon Half Marathon', fee: 100_000, reason: 'Flooding' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields?.fee).toMatch(/less than/);
    const [still] = await t.db.query((db) => db.select().from(events).where(eq(events.id, ids.eventId)));
    expect(still!.status).toBe('Active');

    const res = await cancel(ids.eventId, { confirmTitle: 'Monsoon Half Marathon', fee: 50, reason: 'Flooding on the course' });
    expect(res.status).toBe(201);
    expect(res.body.cancellation).toMatchObject({ orders: 3, fee: 50, reason: 'Flooding on the course' });
    const done = await decided(ids.eventId);
    expect(done).toMatchObject({ orders: 3, toRefund: 0, failed: 0 });
    expect(done.refunding + done.refunded).toBe(3);

    // Each order: one refund of its tickets less ₹50 per ticket; every attendee Cancelled and Refunded.
    for (const [order, tickets] of [
      [a, 2],
      [b, 1],
      [c, 1],
    ] as const) {
      const [row] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, order.orderId)));
      const rows = await refundsOf(order.orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.amountPaise).toBe(row!.amountPaise - 5000 * tickets);
      const attendees = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, order.orderId)));
      expect(attendees.every((x) => x.status === 'Cancelled' && x.paymentStatus === 'Refunded')).toBe(true);
      // One e-mail about it, the cancellation (no separate refund notice).
      const mails = (await mailsTo(order.email)).filter((m) => m.kind === 'event_cancelled' || m.kind === 'refund_notice');
      expect(mails.map((m) => m.kind)).toEqual(['event_cancelled']);
    }
    expect((await mailsTo(a.email)).at(-1)!.subject).toContain('रद्द हो गया है');
    expect((await mailsTo(c.email)).at(-1)!.subject).toContain('रद्द झाला आहे');
    expect((await mailsTo(b.email)).at(-1)!.text).toContain('keeps ₹50');

    // The waiting list ended (its e-mail queued), the unpaid hold released, the audit written.
    const [entry] = await t.db.query((db) =>
      db.select().from(waitingListEntries).where(eq(waitingListEntries.eventId, ids.eventId)),
    );
    expect(entry!.status).toBe('ended');
    expect((await mailsTo('waiting@example.com')).map((m) => m.kind)).toContain('waiting_list_ended');
    const [unpaid] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, hold.orderId)));
    expect(unpaid!.status).toBe('FAILED');
    expect((await ticketRow(t, ids.general)).held).toBe(0);
    const audits = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'event'), eq(auditLog.action, 'cancel'), eq(auditLog.entityId, String(ids.eventId)))),
    );
    expect(audits).toHaveLength(1);

    // The public page still opens and says Cancelled; the public list no longer shows it; no booking.
    const page = await t.app.request(`/api/events/${ids.eventId}`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { event: { status: string } }).event.status).toBe('Cancelled');
    const list = (await (await t.app.request('/api/events')).json()) as { events: { id: number }[] };
    expect(list.events.map((e) => e.id)).not.toContain(ids.eventId);
    const buy = await postJson(t, '/api/cashfree/create-order', orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 1 }]));
    expect(buy.status).toBe(400);

    // Twice: refused; Delete: refused (paid attendees); the event form: refused.
    const again = await cancel(ids.eventId, { confirmTitle: 'Monsoon Half Marathon', fee: 0, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already cancelled/);
    const del = await t.app.request(`/api/admin/events/${ids.eventId}`, {
      method: 'DELETE',
      headers: { cookie: manager, origin: 'http://localhost' },
    });
    expect(del.status).toBe(409);
    expect(await refundsOf(a.orderId)).toHaveLength(1);
  });

  it('refuses a completed event, and support staff', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Finished Run' });
    const support = await staffCookie(t, 'support');
    expect((await cancel(ids.eventId, { confirmTitle: 'Finished Run', fee: 0, reason: 'x' }, support)).status).toBe(403);
    await t.db.query((db) => db.update(events).set({ status: 'Completed' }).where(eq(events.id, ids.eventId)));
    const res = await cancel(ids.eventId, { confirmTitle: 'Finished Run', fee: 0, reason: 'Late' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/completed event cannot be cancelled/);
  });

  it('lists a refund the provider failed; Retry sends a new one once, and it succeeds', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Retry Ride' });
    const a = await paidOrder(ids.eventId, ids.general, 1);
    expect((await cancel(ids.eventId, { confirmTitle: 'Retry Ride', fee: 0, reason: 'Venue closed' })).status).toBe(201);
    await decided(ids.eventId);
    const [first] = await refundsOf(a.orderId);
    await settle(a.orderId, first!.providerRefundId!, 'failed');
    const failed = await progress(ids.eventId);
    expect(failed.failed).toBe(1);
    expect(failed.failures[0]).toMatchObject({ orderId: a.orderId, refundId: first!.id });

    const retry = await t.app.request(
      `/api/admin/events/${ids.eventId}/cancellation/refunds/${first!.id}/retry`,
      jsonRequest('POST', {}, manager),
    );
    expect(retry.status).toBe(201);
    const after = ((await retry.json()) as { cancellation: EventCancellationView }).cancellation;
    expect(after.failed).toBe(0);
    const rows = await refundsOf(a.orderId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ retryOf: first!.id, amountPaise: first!.amountPaise });
    // A second retry of the same refund is refused.
    const twice = await t.app.request(
      `/api/admin/events/${ids.eventId}/cancellation/refunds/${first!.id}/retry`,
      jsonRequest('POST', {}, manager),
    );
    expect(twice.status).toBe(409);
    await settle(a.orderId, rows[1]!.providerRefundId!, 'success');
    expect(await progress(ids.eventId)).toMatchObject({ refunded: 1, failed: 0 });
  });

  it('resumes after a restart in the middle and refunds nobody twice', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Restart Relay' });
    const paid = [
      await paidOrder(ids.eventId, ids.general, 1),
      await paidOrder(ids.eventId, ids.general, 1),
      await paidOrder(ids.eventId, ids.general, 1),
    ];
    const [userId] = await t.db.query((db) => db.select({ id: staffUsers.id }).from(staffUsers).limit(1));
    const now = new Date();
    // Cancelled through the service (no route, so no turn starts by itself).
    await t.db.transaction((tx) =>
      cancelEvent(
        tx,
        t.env,
        {
          eventId: ids.eventId,
          confirmTitle: 'Restart Relay',
          feePaise: 0,
          reason: 'Storm',
          actor: { kind: 'staff', userId: userId!.id, email: 'm@tdk.test' },
        },
        now,
      ),
    );
    // The provider is down for the first turn: the refund is decided and left pending.
    const down = createCashfreeProvider({
      env: t.env,
      fetch: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    expect(await processCancellations({ db: t.db, env: t.env, provider: down }, now, 1)).toBe(1);
    // "Restart": a new holder, after the old one's lease lapsed, takes the next turn. It holds the
    // job's lease into this test's future clock: given up at the end, as a clean stop does, or the
    // turns that the cancel route starts in tests run after this one would find the job taken.
    onTestFinished(() => t.db.query((db) => releaseLease(db, JOBS.cancellations, 'fresh-instance')));
    const later = new Date(now.getTime() + 5 * 60_000);
    expect(await cancellationTurn(t.db, t.env, provider(), 'fresh-instance', later)).toBe(2);
    expect(await cancellationTurn(t.db, t.env, provider(), 'fresh-instance', later)).toBe(0);
    for (const order of paid) expect(await refundsOf(order.orderId)).toHaveLength(1);
    const rows = await t.db.query((db) =>
      db.select().from(eventCancellationOrders).where(eq(eventCancellationOrders.eventId, ids.eventId)),
    );
    expect(rows.map((r) => r.status)).toEqual(['refunded', 'refunded', 'refunded']);
    const p = await progress(ids.eventId);
    expect(p).toMatchObject({ orders: 3, toRefund: 0 });
    expect(p.completedAt).not.toBeNull();
    // The first order's refund waits for the refunds worker (pending, the error kept).
    const [first] = await refundsOf(paid[0]!.orderId);
    expect(first!.status).toBe('pending');
    expect(first!.lastError).toMatch(/ECONNREFUSED/);
  });
});
