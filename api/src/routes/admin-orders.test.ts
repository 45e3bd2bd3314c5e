// Refunds (decision 022) end to end through the real app and the Cashfree emulator: staff refund
// attendees of paid orders, the emulator holds the refund PENDING until a test settles it, and its
// signed REFUND_STATUS_WEBHOOK comes back through the platform's webhook route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  CHECK_IN_REFUSALS,
  type AdminOrderResponse,
  type AnalyticsReport,
  type ApiErrorBody,
  type CreateOrderResponse,
  type RefundResponse,
} from '../contract';
import { auditLog, emailOutbox, events, invoices, orders, payments, refunds, registrations, ticketTypes } from '../db/schema';
import { createCashfreeProvider } from '../payments/cashfree';
import { cashfreeBaseUrl, createCashfreeClient, signWebhook } from '../payments/cashfree-api';
import type { FetchLike } from '../payments/provider';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { processRefunds } from '../services/refunds';
import { signedTicketCode } from '../services/ticket-codes';
import { jsonRequest } from '../testing/staff-session';
import { organisationOfEvent } from '../db/tenancy';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
let manager: string;
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // Refunds stay PENDING until a test settles them through the emulator's settle endpoint.
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  ids = await seedCheckoutEvent(t, { title: 'Refund Run', vipQuantity: 3 });
  await t.db.query((db) => db.update(events).set({ date: todayInIndia() }).where(eq(events.id, ids.eventId)));
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const cashfree = () =>
  createCashfreeClient({
    baseUrl: cashfreeBaseUrl(t.env),
    appId: t.env.payments.appId,
    secretKey: t.env.payments.secretKey,
    fetch: t.routeFetch,
  });
const provider = () => createCashfreeProvider({ env: t.env, fetch: t.routeFetch });

let buyers = 0;
/** A paid order of `quantity` General tickets, as a buyer makes it; its id and attendees in order. */
async function paidOrder(quantity = 2, ticketId = ids.general) {
  const email = `refund-buyer-${++buyers}@example.com`;
  const created = (await (
    await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId, quantity }], { buyer: { email }, language: 'hi' }),
    )
  ).json()) as CreateOrderResponse;
  const paid = await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
  expect(paid.status).toBe(200);
  return { orderId: created.orderId, email, attendees: await attendeesOf(created.orderId) };
}

const attendeesOf = (orderId: string) =>
  t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(asc(registrations.position)),
  );

async function refund(orderId: string, body: unknown, cookie = manager) {
  const res = await t.app.request(`/api/admin/orders/${orderId}/refunds`, jsonRequest('POST', body, cookie));
  return { status: res.status, body: (await res.json()) as RefundResponse & ApiErrorBody };
}

async function orderView(orderId: string) {
  const res = await t.app.request(`/api/admin/orders/${orderId}`, { headers: { cookie: manager } });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminOrderResponse;
}

const refundRows = (orderId: string) =>
  t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)));

async function settle(orderId: string, providerRefundId: string, outcome: 'success' | 'failed' | 'cancelled') {
  const res = await postJson(t, `/emulator/cashfree/refunds/${orderId}/${providerRefundId}/settle`, { outcome });
  expect(res.status).toBe(200);
  return (await res.json()) as { webhookDelivered: boolean };
}

function signedWebhook(body: unknown, secret = t.env.payments.secretKey) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': signWebhook(secret, timestamp, raw),
      'x-webhook-timestamp': timestamp,
    },
    body: raw,
  };
}

describe('POST /api/admin/orders/:orderId/refunds', () => {
  it('refunds one attendee of two: cancelled at once, seat back, e-mail in the buyer language, audited; the webhook settles it', async () => {
    const order = await paidOrder(2);
    const [first, second] = order.attendees;
    const soldBefore = (await ticketRow(t, ids.general)).sold;

    const res = await refund(order.orderId, { attendeeIds: [second!.id], reason: 'Injured, cannot run' });
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({
      amount: 499.5,
      status: 'processing',
      reason: 'Injured, cannot run',
      attendeeIds: [second!.id],
    });
    expect(res.body.money).toEqual({ paid: 999, refunded: 0, due: 499.5, refundable: 499.5 });

    const [kept, refunded] = await attendeesOf(order.orderId);
    expect(kept).toMatchObject({ id: first!.id, status: 'Confirmed', paymentStatus: 'Paid' });
    expect(refunded).toMatchObject({ id: second!.id, status: 'Cancelled', paymentStatus: 'Refunded' });
    expect((await ticketRow(t, ids.general)).sold).toBe(soldBefore - 1);

    const [mail] = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'refund_notice'), eq(emailOutbox.to, order.email))),
    );
    expect(mail!.subject).toContain('रिफ़ंड');
    expect(mail!.subject).toContain(first!.bookingReference);
    expect(mail!.text).toContain('₹499.50');
    expect(mail!.text).toContain(second!.registrationNumber);
    expect(mail!.text).not.toContain(first!.registrationNumber);

    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'refund'), eq(auditLog.entityId, order.orderId))),
    );
    expect(audit!.actorEmail).toMatch(/manager/);
    expect(audit!.detail).toMatchObject({ amountPaise: 49_950, reason: 'Injured, cannot run' });

    // The emulator holds it PENDING; its settlement comes back as a signed webhook.
    const [row] = await refundRows(order.orderId);
    expect(await cashfree().getRefund(order.orderId, row!.providerRefundId!)).toMatchObject({
      refund_status: 'PENDING',
      refund_amount: 499.5,
    });
    expect((await settle(order.orderId, row!.providerRefundId!, 'success')).webhookDelivered).toBe(true);
    const view = await orderView(order.orderId);
    expect(view.money).toEqual({ paid: 999, refunded: 499.5, due: 0, refundable: 499.5 });
    expect(view.payments).toMatchObject([{ amount: 999, method: 'UPI', status: 'SUCCESS' }]);
    expect(view.refunds).toMatchObject([{ amount: 499.5, status: 'succeeded', requestedBy: expect.stringMatching(/manager/) }]);
  });

  it('refuses the refunded ticket at the gate, online and in the offline sync', async () => {
    const order = await paidOrder(2);
    const refunded = order.attendees[1]!;
    expect((await refund(order.orderId, { attendeeIds: [refunded.id], reason: 'Changed plans' })).status).toBe(201);
    const coordinator = await staffCookie(t, 'coordinator');
    const code = signedTicketCode(t.env, refunded.registrationNumber, refunded.eventId);
    const online = await t.app.request(
      '/api/admin/registrations/check-in',
      jsonRequest('POST', { code, eventId: ids.eventId }, coordinator),
    );
    expect(online.status).not.toBe(200);
    expect(((await online.json()) as ApiErrorBody).error.message).toBe(CHECK_IN_REFUSALS.refunded);
    const sync = await t.app.request(
      '/api/admin/registrations/check-in/sync',
      jsonRequest(
        'POST',
        { eventId: ids.eventId, scans: [{ code, scannedAt: new Date().toISOString(), gate: 'North' }] },
        coordinator,
      ),
    );
    expect(((await sync.json()) as { results: { outcome: string; reason: string }[] }).results[0]).toMatchObject({
      outcome: 'refused',
      reason: CHECK_IN_REFUSALS.refunded,
    });
    // And staff (the full edit is a manager's, decision 047) cannot bring the ticket back by editing its status.
    const row = (await attendeesOf(order.orderId))[1]!;
    const { updatedAt } = row;
    const edit = await t.app.request(
      `/api/admin/registrations/${row.id}`,
      jsonRequest('PUT', { ...editBody(row), status: 'Confirmed', updatedAt }, await staffCookie(t, 'manager')),
    );
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as ApiErrorBody).error.message).toMatch(/was refunded/);
    expect((await attendeesOf(order.orderId))[1]).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });
  });

  it('refunds part of an attendee price, never more than is left', async () => {
    const order = await paidOrder(2);
    const partial = await refund(order.orderId, {
      attendeeIds: [order.attendees[0]!.id],
      amount: 100,
      reason: 'Refund less the ₹399.50 fee',
    });
    expect(partial.status).toBe(201);
    expect(partial.body.refund.amount).toBe(100);
    expect(partial.body.money).toMatchObject({ paid: 999, due: 100, refundable: 899 });

    const tooMuch = await refund(order.orderId, { attendeeIds: [order.attendees[1]!.id], amount: 900, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields?.amount).toMatch(/At most 899 rupees/);
    // Nothing changed: the attendee still holds their ticket.
    expect((await attendeesOf(order.orderId))[1]).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
    expect(await refundRows(order.orderId)).toHaveLength(1);
  });

  it('refuses a refund above what the named attendees paid: ₹1,999 for a ₹499.50 attendee changes nothing', async () => {
    // Issue 40: the ₹1,500 attendee stayed Paid and admitted while the order's money went back.
    const [elite] = await t.db.query((db) =>
      db
        .insert(ticketTypes)
        .values({
          eventId: ids.eventId,
          organisationId: organisationOfEvent(ids.eventId),
          name: 'Elite',
          pricePaise: 150_000,
          quantity: 5,
          status: 'Active',
          category: 'General',
        })
        .returning(),
    );
    const created = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.general }, { ticketId: elite!.id }], { buyer: { email: 'capped@example.com' } }),
      )
    ).json()) as CreateOrderResponse;
    expect((await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' })).status).toBe(200);
    const [general, dearer] = await attendeesOf(created.orderId);
    expect(general).toMatchObject({ amountPaise: 49_950 });

    const tooMuch = await refund(created.orderId, { attendeeIds: [general!.id], amount: 1999, reason: 'Wrong amount' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.code).toBe('validation_error');
    expect(tooMuch.body.error.message).toBe(
      `At most 499.5 rupees can be refunded for ${general!.firstName} ${general!.lastName}: what was paid for them`,
    );
    expect(tooMuch.body.error.fields?.amount).toBe(tooMuch.body.error.message);
    // Nothing changed: both attendees keep their tickets, no refund and no credit note.
    expect(await attendeesOf(created.orderId)).toMatchObject([
      { id: general!.id, status: 'Confirmed', paymentStatus: 'Paid', refundedPaise: 0 },
      { id: dearer!.id, status: 'Confirmed', paymentStatus: 'Paid', refundedPaise: 0 },
    ]);
    expect(await refundRows(created.orderId)).toHaveLength(0);
    expect(
      await t.db.query((db) =>
        db
          .select()
          .from(invoices)
          .where(and(eq(invoices.orderId, created.orderId), eq(invoices.kind, 'credit_note'))),
      ),
    ).toHaveLength(0);

    const paisaOver = await refund(created.orderId, { attendeeIds: [dearer!.id], amount: 1500.01, reason: 'A paisa too much' });
    expect(paisaOver.status).toBe(400);
    expect(paisaOver.body.error.fields?.amount).toMatch(/^At most 1500 rupees can be refunded for /);

    // What they paid, or less, is refunded; the other attendee's money stays refundable for them.
    const whole = await refund(created.orderId, { attendeeIds: [general!.id], amount: 499.5, reason: 'Right amount' });
    expect(whole.status).toBe(201);
    expect(whole.body.money).toEqual({ paid: 1999.5, refunded: 0, due: 499.5, refundable: 1500 });
    expect(await attendeesOf(created.orderId)).toMatchObject([
      { id: general!.id, paymentStatus: 'Refunded', refundedPaise: 49_950 },
      { id: dearer!.id, status: 'Confirmed', paymentStatus: 'Paid', refundedPaise: 0 },
    ]);
  });

  it('refunds several attendees, then the rest with "all"; a third time there is nothing left', async () => {
    const order = await paidOrder(3);
    const [a, b, c] = order.attendees;
    const two = await refund(order.orderId, { attendeeIds: [a!.id, c!.id], reason: 'Two drop out' });
    expect(two.status).toBe(201);
    expect(two.body.refund).toMatchObject({ amount: 999, attendeeIds: [a!.id, c!.id] });
    const rest = await refund(order.orderId, { attendeeIds: 'all', reason: 'The last one too' });
    expect(rest.status).toBe(201);
    expect(rest.body.refund).toMatchObject({ amount: 499.5, attendeeIds: [b!.id] });
    expect(rest.body.money).toMatchObject({ paid: 1498.5, refundable: 0 });
    const again = await refund(order.orderId, { attendeeIds: 'all', reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Every attendee of this order is already refunded');
    const same = await refund(order.orderId, { attendeeIds: [a!.id], reason: 'Again' });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toMatch(/already refunded/);
  });

  it('refuses an unpaid order, an attendee of another order, a missing reason, and staff below manager', async () => {
    const created = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 1 }], { buyer: { email: 'unpaid@example.com' } }),
      )
    ).json()) as CreateOrderResponse;
    const unpaid = await refund(created.orderId, { attendeeIds: 'all', reason: 'Nothing paid' });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error.message).toMatch(/not paid/);

    const order = await paidOrder(1);
    const other = await paidOrder(1);
    const stranger = await refund(order.orderId, { attendeeIds: [other.attendees[0]!.id], reason: 'Wrong order' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields?.attendeeIds).toMatch(/is not in this order/);
    const noReason = await refund(order.orderId, { attendeeIds: 'all', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields?.reason).toBe('A reason is required');
    expect((await refund(order.orderId, { attendeeIds: 'all', reason: 'x' }, await staffCookie(t, 'support'))).status).toBe(403);
    expect((await refund(order.orderId, { attendeeIds: 'all', reason: 'x' }, await staffCookie(t, 'coordinator'))).status).toBe(
      403,
    );
    expect((await refund('NO_SUCH_ORDER', { attendeeIds: 'all', reason: 'x' })).status).toBe(404);
    expect(await refundRows(order.orderId)).toHaveLength(0);
  });

  it('lets exactly one of two staff refunding the same attendee at once succeed; the other gets 409', async () => {
    const order = await paidOrder(2);
    const attendee = order.attendees[0]!;
    const both = await Promise.all([
      refund(order.orderId, { attendeeIds: [attendee.id], reason: 'First desk' }),
      refund(order.orderId, { attendeeIds: [attendee.id], reason: 'Second desk' }, await staffCookie(t, 'admin')),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.error.message).toMatch(/already refunded/);
    expect(await refundRows(order.orderId)).toHaveLength(1);
    expect((await cashfree().getRefunds(order.orderId)).length).toBe(1);
  });
});

describe('refund webhooks', () => {
  it('records FAILED and CANCELLED: nothing refunded, the amount refundable again', async () => {
    for (const outcome of ['failed', 'cancelled'] as const) {
      const order = await paidOrder(1);
      expect((await refund(order.orderId, { attendeeIds: 'all', reason: `Bank says ${outcome}` })).status).toBe(201);
      const [row] = await refundRows(order.orderId);
      await settle(order.orderId, row!.providerRefundId!, outcome);
      const view = await orderView(order.orderId);
      expect(view.refunds[0]).toMatchObject({ status: outcome, note: expect.any(String) });
      expect(view.money).toEqual({ paid: 499.5, refunded: 0, due: 0, refundable: 499.5 });
    }
  });

  it('answers 404 to a refund we never asked for and 401 to a bad signature, changing nothing', async () => {
    const order = await paidOrder(1);
    expect((await refund(order.orderId, { attendeeIds: 'all', reason: 'Real one' })).status).toBe(201);
    const [row] = await refundRows(order.orderId);
    const body = (refundId: string) => ({
      data: {
        refund: {
          cf_refund_id: 1234,
          cf_payment_id: 789,
          refund_id: refundId,
          order_id: order.orderId,
          refund_amount: 499.5,
          refund_currency: 'INR',
          entity: 'Refund',
          refund_status: 'SUCCESS',
          status_description: 'Refund processed successfully',
        },
      },
      event_time: new Date().toISOString(),
      type: 'REFUND_STATUS_WEBHOOK',
    });
    const unknown = await t.app.request('/api/cashfree/webhook', signedWebhook(body('TDK_RF_999999')));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ApiErrorBody).error.message).toMatch(/Unknown refund/);
    const forged = await t.app.request('/api/cashfree/webhook', signedWebhook(body(row!.providerRefundId!), 'not-the-secret'));
    expect(forged.status).toBe(401);
    expect((await refundRows(order.orderId))[0]!.status).toBe('processing');
  });
});

describe('provider failures and retries', () => {
  it('keeps a refund pending when the provider is down, and the worker sends it once later', async () => {
    const order = await paidOrder(1);
    const down: FetchLike = async (input, init) =>
      input.includes('/refunds')
        ? new Response('{"message":"upstream down","code":"internal"}', { status: 502 })
        : t.routeFetch(input, init);
    t.setFetch(down);
    const res = await refund(order.orderId, { attendeeIds: 'all', reason: 'Provider down' });
    t.setFetch(undefined);
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ status: 'pending', note: expect.stringMatching(/502/) });
    // The attendee is refunded here at once; the money follows.
    expect((await attendeesOf(order.orderId))[0]).toMatchObject({ paymentStatus: 'Refunded' });
    expect(await cashfree().getRefunds(order.orderId)).toEqual([]);

    const later = new Date(Date.now() + 60 * 60_000);
    expect(await processRefunds({ db: t.db, provider: provider() }, later)).toMatchObject({ sent: 1 });
    expect((await refundRows(order.orderId))[0]).toMatchObject({ status: 'processing', attempts: 1 });
    expect(await processRefunds({ db: t.db, provider: provider() }, later)).toMatchObject({ sent: 0 });
    expect(await cashfree().getRefunds(order.orderId)).toHaveLength(1);
  });

  it('never refunds twice when the provider took the refund but its answer was lost', async () => {
    const order = await paidOrder(1);
    const lost: FetchLike = async (input, init) => {
      const answer = await t.routeFetch(input, init);
      if (init?.method === 'POST' && input.endsWith('/refunds')) throw new Error('socket hang up');
      return answer;
    };
    t.setFetch(lost);
    const res = await refund(order.orderId, { attendeeIds: 'all', reason: 'Lost answer' });
    t.setFetch(undefined);
    expect(res.body.refund.status).toBe('pending');
    expect(await cashfree().getRefunds(order.orderId)).toHaveLength(1);

    await processRefunds({ db: t.db, provider: provider() }, new Date(Date.now() + 60 * 60_000));
    expect((await refundRows(order.orderId))[0]!.status).toBe('processing');
    const held = await cashfree().getRefunds(order.orderId);
    expect(held).toHaveLength(1);
    expect(held[0]!.refund_amount).toBe(499.5);
  });
});

describe('analytics from refund rows', () => {
  async function analytics() {
    const res = await t.app.request('/api/admin/insights/analytics?period=30d', { headers: { cookie: manager } });
    expect(res.status).toBe(200);
    return (await res.json()) as AnalyticsReport;
  }

  it('shows revenue as paid less refunded, refunds owed until settled, then refunded; a failed refund gives it back', async () => {
    const before = await analytics();
    const order = await paidOrder(2);
    const bought = await analytics();
    expect(bought.kpis.revenue.value).toBeCloseTo(before.kpis.revenue.value + 999, 2);

    // ₹100 back to one attendee, who keeps nothing but leaves ₹399.50 with the organiser.
    expect((await refund(order.orderId, { attendeeIds: [order.attendees[1]!.id], amount: 100, reason: 'Fee kept' })).status).toBe(
      201,
    );
    const asked = await analytics();
    expect(asked.kpis.revenue.value).toBeCloseTo(bought.kpis.revenue.value - 100, 2);
    expect(asked.quickStats.refundsOwed.amount).toBeCloseTo(bought.quickStats.refundsOwed.amount + 100, 2);
    const [row] = await refundRows(order.orderId);
    await settle(order.orderId, row!.providerRefundId!, 'success');
    const settled = await analytics();
    expect(settled.quickStats.refundsOwed.amount).toBeCloseTo(bought.quickStats.refundsOwed.amount, 2);
    expect(settled.quickStats.refunded).toEqual({
      count: bought.quickStats.refunded.count + 1,
      amount: bought.quickStats.refunded.amount + 100,
    });
    expect(settled.kpis.revenue.value).toBeCloseTo(bought.kpis.revenue.value - 100, 2);

    const other = await paidOrder(1);
    const ready = await analytics();
    expect((await refund(other.orderId, { attendeeIds: 'all', reason: 'Bank will fail' })).status).toBe(201);
    expect((await analytics()).kpis.revenue.value).toBeCloseTo(ready.kpis.revenue.value - 499.5, 2);
    const [failing] = await refundRows(other.orderId);
    await settle(other.orderId, failing!.providerRefundId!, 'failed');
    // The money never went back: it counts as revenue again (and is refundable again).
    expect((await analytics()).kpis.revenue.value).toBeCloseTo(ready.kpis.revenue.value, 2);
  });

  it("takes refunds off the event's Revenue in Events Management, as Analytics does", async () => {
    const revenue = async () => {
      const res = await t.app.request('/api/admin/events?pageSize=100', { headers: { cookie: manager } });
      const { events } = (await res.json()) as { events: { id: number; moneyTaken: number }[] };
      return events.find((e) => e.id === ids.eventId)!.moneyTaken;
    };
    const before = await revenue();
    const order = await paidOrder(2);
    expect(await revenue()).toBeCloseTo(before + 999, 2);
    expect((await refund(order.orderId, { attendeeIds: [order.attendees[0]!.id], reason: 'Injured' })).status).toBe(201);
    expect(await revenue()).toBeCloseTo(before + 499.5, 2);
  });
});

describe('payments as rows', () => {
  it('records each paid order payment once, however often the provider reports it', async () => {
    const order = await paidOrder(1);
    const [cf] = await cashfree().getPayments(order.orderId);
    const webhook = {
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: {
        order: { order_id: order.orderId },
        payment: { cf_payment_id: cf!.cf_payment_id, payment_status: 'SUCCESS', payment_amount: 499.5, payment_group: 'upi' },
      },
    };
    expect((await t.app.request('/api/cashfree/webhook', signedWebhook(webhook))).status).toBe(200);
    const rows = await t.db.query((db) => db.select().from(payments).where(eq(payments.orderId, order.orderId)));
    expect(rows).toMatchObject([{ providerPaymentId: cf!.cf_payment_id, amountPaise: 49_950, method: 'UPI' }]);
  });

  it('refunds a late payment that could not be fulfilled through the provider, automatically', async () => {
    const left = async () => {
      const r = await ticketRow(t, ids.vip);
      return r.quantity - r.sold - r.held;
    };
    const n = await left();
    const late = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.vip, quantity: n }], { buyer: { email: 'late@example.com' } }),
      )
    ).json()) as CreateOrderResponse;
    await t.db.query((db) =>
      db
        .update(orders)
        .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(orders.id, late.orderId)),
    );
    const next = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.vip, quantity: n }], { buyer: { email: 'next@example.com' } }),
      )
    ).json()) as CreateOrderResponse;
    await postJson(t, `/emulator/cashfree/pay/${next.payment_session_id}`, { outcome: 'success' });
    expect(await left()).toBe(0);

    await postJson(t, `/emulator/cashfree/pay/${late.payment_session_id}`, { outcome: 'success' });
    const view = await orderView(late.orderId);
    expect(view.order.status).toBe('REFUND_REQUIRED');
    expect(view.payments).toHaveLength(1);
    expect(view.refunds).toMatchObject([{ amount: n * 1500, status: 'processing', requestedBy: 'system', attendeeIds: [] }]);
    expect(await cashfree().getRefunds(late.orderId)).toMatchObject([{ refund_amount: n * 1500, refund_status: 'PENDING' }]);
    const [mail] = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'refund_notice'), eq(emailOutbox.to, 'late@example.com'))),
    );
    expect(mail!.text).toMatch(/arrived after the last tickets were sold/);
    // A repeated webhook of the same payment refunds nothing more.
    const [cf] = await cashfree().getPayments(late.orderId);
    const again = {
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: {
        order: { order_id: late.orderId },
        payment: { cf_payment_id: cf!.cf_payment_id, payment_status: 'SUCCESS', payment_amount: n * 1500 },
      },
    };
    expect((await t.app.request('/api/cashfree/webhook', signedWebhook(again))).status).toBe(200);
    expect(await refundRows(late.orderId)).toHaveLength(1);
  });
});

/** The edit form's body for an attendee, as the console sends it. */
function editBody(row: typeof registrations.$inferSelect) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email || 'attendee@example.com',
    phone: row.phone,
    notes: '',
    gender: '',
    shirtSize: '',
    emergencyContactName: '',
    emergencyContactPhone: '',
    medicalConditions: '',
    dietaryRestrictions: '',
    previousExperience: '',
    teamName: '',
    status: row.status,
  };
}
