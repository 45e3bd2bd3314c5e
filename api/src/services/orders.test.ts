import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse, VerifyPaymentResponse } from '../contract';
import { selectAttendees } from '../db/attendee-rows';
import { emailOutbox, orders, payments, registrations } from '../db/schema';
import { signWebhook } from '../payments/cashfree-api';
import {
  confirmFreeOrder,
  createCheckoutTestApp,
  holderCookie,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { releaseExpiredHolds } from './holds';
import { setOrganisationSettings } from '../testing/organisations';
import { ticketLinkToken, verifyTicketLinkToken } from '../signing/ticket-links';

// One app for the file, and an event of its own for every test: no test sees the seats another
// held, sold or released.
let t: CheckoutTestApp;
type EventIds = Awaited<ReturnType<typeof seedCheckoutEvent>>;
let ids: EventIds;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
beforeEach(async () => {
  ids = await seedCheckoutEvent(t);
});
afterAll(() => t.close());

type PayResult = { cf_payment_id: string; payment_status: string; paymentDetails?: unknown; error?: unknown };

let buyers = 0;
type Line = { ticketId: number; quantity?: number };
type OrderOptions = NonNullable<Parameters<typeof orderBody>[2]> & { eventId?: number };
/** Posts create-order's body as it is (for bodies orderBody cannot build). */
async function postOrder(body: unknown, headers: Record<string, string> = {}) {
  const res = await postJson(t, '/api/cashfree/create-order', body, headers);
  const answer = (await res.json()) as CreateOrderResponse & ApiErrorBody;
  // The browser that made the order keeps its checkout cookie (decision 027): verify sends it.
  if (answer.orderId) cookies.set(answer.orderId, holderCookie(res) || headers.cookie || '');
  return { status: res.status, body: answer };
}
const cookies = new Map<string, string>();
/** An order of these ticket lines, one attendee per ticket (the buyer first). */
async function createOrder(lines: Line[], options: OrderOptions = {}, headers: Record<string, string> = {}) {
  // Each order from a buyer of its own, unless the test names one: a buyer's new order would
  // replace their own unpaid one (see 'one buyer' below).
  const { eventId = ids.eventId, buyer, ...rest } = options;
  return postOrder(orderBody(eventId, lines, { ...rest, buyer: { email: `buyer-${++buyers}@example.com`, ...buyer } }), headers);
}

async function pay(sessionId: string, outcome = 'success', method = 'upi') {
  const res = await postJson(t, `/emulator/cashfree/pay/${sessionId}`, { outcome, method });
  return { status: res.status, body: (await res.json()) as PayResult };
}

/** verify-payment from the browser that made the order (another browser: `cookie: ''`). */
async function verify(orderId: string, cookie = cookies.get(orderId) ?? '') {
  const res = await t.app.request(`/api/cashfree/verify-payment/${orderId}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as VerifyPaymentResponse & ApiErrorBody };
}

/** The attendees of an order, in order. */
const regsFor = (orderId: string) =>
  t.db.query((db) => selectAttendees(db).where(eq(registrations.orderId, orderId)).orderBy(registrations.position));
const orderRow = async (orderId: string) =>
  (await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId))))[0]!;
/** Moves an order's hold expiry into the past. */
const lapseHold = (orderId: string, at = new Date(Date.now() - 1000)) =>
  t.db.query((db) => db.update(orders).set({ holdExpiresAt: at.toISOString() }).where(eq(orders.id, orderId)));

function signed(body: unknown, timestamp = String(Date.now()), secret = t.env.payments.secretKey) {
  const raw = JSON.stringify(body);
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(secret, timestamp, raw),
    },
    body: raw,
  };
}

const successWebhook = (orderId: string, cfPaymentId: string, amount: number) => ({
  data: {
    order: { order_id: orderId, order_amount: amount, order_currency: 'INR', order_tags: null },
    payment: {
      cf_payment_id: cfPaymentId,
      payment_status: 'SUCCESS',
      payment_amount: amount,
      payment_currency: 'INR',
      payment_group: 'credit_card',
    },
  },
  event_time: new Date().toISOString(),
  type: 'PAYMENT_SUCCESS_WEBHOOK',
});

describe('POST /api/cashfree/create-order', () => {
  it('computes the amount from the database, holds the seats and opens a Cashfree order', async () => {
    const before = await ticketRow(t, ids.general);
    const { status, body } = await createOrder([{ ticketId: ids.general, quantity: 2 }], { orderAmount: 999 });
    expect(status).toBe(201);
    expect(body.orderAmount).toBe(999);
    expect(body.payment_session_id).toMatch(/^session_/);
    expect((await ticketRow(t, ids.general)).held).toBe(before.held + 2);
    const order = await orderRow(body.orderId);
    // The buyer's phone as typed ('98765 43210'), stored as E.164.
    expect(order).toMatchObject({
      status: 'CREATED',
      amountPaise: 99_900,
      customerPhone: '+919876543210',
      customerName: 'Asha Devi Rao',
    });
    expect(Date.parse(order.holdExpiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Nobody is registered before the payment.
    expect(await regsFor(body.orderId)).toHaveLength(0);
  });

  it('refuses a tampered amount with amount_mismatch and holds nothing', async () => {
    const before = await ticketRow(t, ids.vip);
    const { status, body } = await createOrder([{ ticketId: ids.vip }], { orderAmount: 1 });
    expect(status).toBe(400);
    expect(body.error.code).toBe('amount_mismatch');
    expect(body.error.fields).toHaveProperty('orderAmount');
    expect((await ticketRow(t, ids.vip)).held).toBe(before.held);
  });

  it('names the field for a ticket not on sale, of another event, or unknown', async () => {
    const before = await ticketRow(t, ids.general);
    expect(before.held).toBe(0);
    const notOnSale = await createOrder([{ ticketId: ids.general }, { ticketId: ids.notOnSale }]);
    expect(notOnSale.status).toBe(400);
    expect(notOnSale.body.error.fields).toEqual({ 'attendees.1.ticketId': '"Early Bird" is not on sale' });

    const other = await createOrder([{ ticketId: ids.otherEvents }]);
    expect(other.status).toBe(400);
    expect(other.body.error.fields?.['attendees.0.ticketId']).toMatch(/not a ticket for this event/);

    const unknown = await createOrder([{ ticketId: 999_999 }]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.fields).toHaveProperty('attendees.0.ticketId');
    // None of the refused orders held a seat, not even the valid first attendee of the first.
    expect((await ticketRow(t, ids.general)).held).toBe(before.held);
  });

  it('refuses an order without attendees', async () => {
    const { status, body } = await postOrder({ ...orderBody(ids.eventId, [{ ticketId: ids.general }]), attendees: [] });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ attendees: 'Please select at least one ticket to continue' });
  });

  it('refuses Draft (404) and not-yet-open (400) events', async () => {
    const draft = await createOrder([{ ticketId: ids.draftTicket }], { eventId: ids.draftEventId });
    expect(draft.status).toBe(404);
    expect(draft.body.error.fields).toHaveProperty('eventId');
    const upcoming = await createOrder([{ ticketId: ids.upcomingTicket }], { eventId: ids.upcomingEventId });
    expect(upcoming.status).toBe(400);
    expect(upcoming.body.error.fields).toHaveProperty('eventId');
  });

  it('validates the buyer and each attendee with the shared registration schema', async () => {
    const { status, body } = await createOrder([{ ticketId: ids.general }], {
      buyer: { phone: '12345' },
      participant: { phone: '123', dateOfBirth: '12', gender: '' as 'female' },
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      'buyer.phone': 'Enter an Indian phone number, like 98765 43210',
      'attendees.0.participant.phone': 'Enter an Indian phone number, like 98765 43210',
      'attendees.0.participant.dateOfBirth': 'Please enter a valid date of birth',
      'attendees.0.participant.gender': 'Please choose a gender',
    });
    expect((await ticketRow(t, ids.general)).held).toBe(0);
  });

  it('refuses numbers that are not JSON numbers instead of coercing them', async () => {
    const valid = orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email: 'numbers@example.com' } });
    const attendee = valid.attendees[0]!;
    for (const [body, field] of [
      [{ ...valid, attendees: [{ ...attendee, ticketId: '0x3' }] }, 'attendees.0.ticketId'],
      [{ ...valid, attendees: [{ ...attendee, ticketId: true }] }, 'attendees.0.ticketId'],
      [{ ...valid, attendees: [{ ...attendee, ticketId: String(ids.general) }] }, 'attendees.0.ticketId'],
      [{ ...valid, eventId: [ids.eventId] }, 'eventId'],
      [{ ...valid, orderAmount: '499.5' }, 'orderAmount'],
    ] as const) {
      const { status, body: answer } = await postOrder(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
  });

  it('refuses control and bidi-override characters in names, and e-mail addresses that are not plain', async () => {
    for (const participant of [
      { fullName: 'Asha\u0000Rao' },
      { fullName: 'Asha \u202Eoar' },
      { emergencyContact: 'Ravi\u0007' },
    ]) {
      const { status, body } = await createOrder([{ ticketId: ids.general }], { participant });
      expect(status).toBe(400);
      expect(Object.keys(body.error.fields ?? {})).toEqual([`attendees.0.participant.${Object.keys(participant)[0]}`]);
      expect(Object.values(body.error.fields ?? {})).toEqual(['Must not contain control characters']);
    }
    const buyer = await createOrder([{ ticketId: ids.general }], { buyer: { fullName: 'Asha\u0000Rao' } });
    expect(buyer.body.error.fields).toEqual({ 'buyer.fullName': 'Must not contain control characters' });
    for (const email of [
      '<b>x</b>@example.com',
      'a@example.com, victim@example.com',
      'a@example.com\r\nBcc: v@example.com',
      '"quoted"@example.com',
    ]) {
      const asBuyer = await createOrder([{ ticketId: ids.general }], {
        buyer: { email },
        participant: { email: 'asha@example.com' },
      });
      expect(asBuyer.status, email).toBe(400);
      expect(asBuyer.body.error.fields).toEqual({ 'buyer.email': 'Invalid email format' });
      // An attendee's own address is held to the same rule.
      const body = orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 2 }], {
        buyer: { email: `own-${++buyers}@example.com` },
      });
      body.attendees[1]!.participant = { ...body.attendees[1]!.participant, email };
      const own = await postOrder(body);
      expect(own.status, email).toBe(400);
      expect(own.body.error.fields).toEqual({ 'attendees.1.participant.email': 'Invalid email format' });
    }
  });

  it('answers 409 sold_out naming the ticket when more attendees hold it than are left', async () => {
    const { status, body } = await createOrder([{ ticketId: ids.general }, { ticketId: ids.vip, quantity: 6 }]);
    expect(status).toBe(409);
    expect(body.error.code).toBe('sold_out');
    expect(body.error.message).toBe('"VIP Pass" has only 5 left');
    // Named on the first attendee who holds that ticket.
    expect(body.error.fields).toEqual({ 'attendees.1.ticketId': '"VIP Pass" has only 5 left' });
    expect(await ticketRow(t, ids.general)).toMatchObject({ held: 0, sold: 0 });
  });

  it('returns the same order for a repeated Idempotency-Key and holds once', async () => {
    const before = (await ticketRow(t, ids.general)).held;
    const headers = { 'Idempotency-Key': 'key-abc-123' };
    const buyer = { email: 'retrying@example.com' };
    const first = await createOrder([{ ticketId: ids.general }], { buyer }, headers);
    const second = await createOrder([{ ticketId: ids.general }], { buyer }, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect((await ticketRow(t, ids.general)).held).toBe(before + 1);
    const stranger = await createOrder([{ ticketId: ids.general }], { buyer: { email: 'someone@else.in' } }, headers);
    expect(stranger.status).toBe(409);
  });

  it('confirms a free order once its buyer follows the e-mailed link, without the provider: one attendee per ticket under one booking reference', async () => {
    const { status, body } = await createOrder([{ ticketId: ids.free, quantity: 2 }], { orderAmount: 0 });
    expect(status).toBe(201);
    expect(body.orderAmount).toBe(0);
    expect(body.payment_session_id).toBeNull();
    // Until the buyer confirms their address, the order is a hold and nobody is registered.
    expect(body.registration).toBeUndefined();
    expect(body.confirmationPending).toMatchObject({ email: expect.stringMatching(/@example\.com$/) });
    expect(await orderRow(body.orderId)).toMatchObject({ status: 'CREATED' });
    expect(await regsFor(body.orderId)).toEqual([]);
    expect(await ticketRow(t, ids.free)).toMatchObject({ sold: 0, held: 2 });
    const confirmed = await confirmFreeOrder(t, body.orderId);
    expect(confirmed.status).toBe(200);
    const order = await orderRow(body.orderId);
    expect(order.status).toBe('PAID');
    const reference = order.bookingReference!;
    expect(reference).toMatch(/^REG[0-9A-Z]+$/);
    const attendees = await regsFor(body.orderId);
    expect(attendees).toHaveLength(2);
    attendees.forEach((reg, i) =>
      expect(reg).toMatchObject({
        status: 'Confirmed',
        paymentStatus: 'Paid',
        paymentMethod: 'Free',
        amountPaise: 0,
        quantity: 1,
        ticketName: 'Community Pass',
        bookingReference: reference,
        position: i + 1,
        registrationNumber: `${reference}0${i + 1}`,
      }),
    );
    expect(attendees.map((a) => a.firstName)).toEqual(['Asha', 'Ravi']);
    // The answer names the booking and its signed link, and nothing of the participants.
    expect(confirmed.body.registration).toEqual({
      registrationNumber: reference,
      ticketUrl: `/ticket/${reference}#t=${ticketLinkToken(t.env, reference)}`,
      confirmationEmail: true,
    });
    expect(await ticketRow(t, ids.free)).toMatchObject({ sold: 2, held: 0 });
  });

  it('tells the storefront no confirmation e-mail is coming when Email Notifications is off', async () => {
    await t.db.transaction((tx) => setOrganisationSettings(tx, { emailNotifications: false }));
    try {
      const { status, body } = await createOrder([{ ticketId: ids.free }], { orderAmount: 0 });
      expect(status).toBe(201);
      expect((await confirmFreeOrder(t, body.orderId)).body.registration).toMatchObject({ confirmationEmail: false });
      const attendees = await regsFor(body.orderId);
      const queued = await t.db.query((db) =>
        db
          .select()
          .from(emailOutbox)
          .where(
            inArray(
              emailOutbox.registrationId,
              attendees.map((a) => a.id),
            ),
          ),
      );
      expect(queued.filter((m) => m.kind === 'participant_confirmation')).toEqual([]);
      // Asking again (verify-payment on a paid order) gives the same answer.
      expect((await verify(body.orderId)).body.registration).toMatchObject({ confirmationEmail: false });
    } finally {
      await t.db.transaction((tx) => setOrganisationSettings(tx, { emailNotifications: true }));
    }
  });

  it('releases the hold and answers 502 when Cashfree fails or sends no session id', async () => {
    const before = (await ticketRow(t, ids.general)).held;
    t.setFetch(async () => new Response(JSON.stringify({ message: 'boom', code: 'server_error' }), { status: 500 }));
    const failed = await createOrder([{ ticketId: ids.general }], {}, { 'Idempotency-Key': 'retry-me' });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe('Failed to create order');
    t.setFetch(async () => Response.json({ order_id: 'x', order_status: 'ACTIVE' }));
    const noSession = await createOrder([{ ticketId: ids.general }]);
    expect(noSession.status).toBe(502);
    expect(noSession.body.error.message).toBe('No payment session ID received from the payment provider');
    t.setFetch(undefined);
    expect((await ticketRow(t, ids.general)).held).toBe(before);
    // The key of a failed attempt can be retried.
    const retried = await createOrder([{ ticketId: ids.general }], {}, { 'Idempotency-Key': 'retry-me' });
    expect(retried.status).toBe(201);
  });
});

describe('payment, verify and webhook', () => {
  it('registers on a paid order: sold once, one attendee per ticket Confirmed/Paid, the e-mails queued', async () => {
    const before = await ticketRow(t, ids.vip);
    const generalBefore = await ticketRow(t, ids.general);
    const created = await createOrder(
      [
        { ticketId: ids.vip, quantity: 2 },
        { ticketId: ids.general, quantity: 1 },
      ],
      { buyer: { email: 'asha@example.com' }, orderNote: 'Please seat us together' },
    );
    expect(created.status).toBe(201);
    expect(created.body.orderAmount).toBe(3499.5);
    const paid = await pay(created.body.payment_session_id!, 'success', 'card');
    expect(paid.status).toBe(200);
    expect(paid.body.paymentDetails).toBeTruthy();

    const after = await ticketRow(t, ids.vip);
    expect(after.sold).toBe(before.sold + 2);
    expect(after.held).toBe(before.held);
    expect(await ticketRow(t, ids.general)).toMatchObject({ sold: generalBefore.sold + 1, held: generalBefore.held });
    const order = await orderRow(created.body.orderId);
    expect(order).toMatchObject({ status: 'PAID', amountPaise: 349_950 });
    // The payment that paid it is a row of its own, read there (decision 036).
    const received = await t.db.query((db) => db.select().from(payments).where(eq(payments.orderId, created.body.orderId)));
    expect(received.map((p) => [p.providerPaymentId, p.method, p.amountPaise, p.status])).toEqual([
      [paid.body.cf_payment_id, 'Credit Card', 349_950, 'SUCCESS'],
    ]);
    const reference = order.bookingReference!;
    expect(reference).toMatch(/^REG[0-9A-Z]+$/);

    const attendees = await regsFor(created.body.orderId);
    expect(attendees).toHaveLength(3);
    const paidAlike = {
      status: 'Confirmed',
      paymentStatus: 'Paid',
      paymentMethod: 'Credit Card',
      transactionId: paid.body.cf_payment_id,
      eventName: 'Checkout Test Run',
      bookingReference: reference,
      quantity: 1,
      detailsMissing: false,
    };
    const [asha, ravi, meera] = attendees;
    expect(asha).toMatchObject({
      ...paidAlike,
      position: 1,
      registrationNumber: `${reference}01`,
      firstName: 'Asha',
      lastName: 'Devi Rao',
      email: 'asha@example.com',
      phone: '+919876543210',
      dateOfBirth: '1995-04-12',
      gender: 'female',
      emergencyContactName: 'Ravi Rao',
      emergencyContactPhone: '+919876500000',
      shirtSize: 'L',
      bloodGroup: 'O+',
      medicalConditions: 'Asthma',
      previousExperience: 'intermediate',
      ticketId: ids.vip,
      ticketName: 'VIP Pass',
      ticketPricePaise: 150_000,
      amountPaise: 150_000,
      notes: 'Please seat us together',
    });
    expect(ravi).toMatchObject({
      ...paidAlike,
      position: 2,
      registrationNumber: `${reference}02`,
      firstName: 'Ravi',
      lastName: 'Rao',
      email: '',
      phone: '+919876500000',
      dateOfBirth: '1992-11-03',
      gender: 'male',
      emergencyContactPhone: '+919876543210',
      ticketId: ids.vip,
      ticketName: 'VIP Pass',
      amountPaise: 150_000,
    });
    expect(meera).toMatchObject({
      ...paidAlike,
      position: 3,
      registrationNumber: `${reference}03`,
      firstName: 'Meera',
      phone: '+919876543210',
      dateOfBirth: '2012-06-21',
      ticketId: ids.general,
      ticketName: 'General',
      ticketPricePaise: 49_950,
      amountPaise: 49_950,
    });
    expect(attendees.reduce((sum, a) => sum + a.amountPaise, 0)).toBe(order.amountPaise);
    // One QR per person: each names that attendee's own ticket number.
    for (const reg of attendees) expect(reg.qrCode).toBe(`TDK-${reg.registrationNumber}-${ids.eventId}`);

    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.registrationId,
            attendees.map((a) => a.id),
          ),
        ),
    );
    // The buyer's confirmation and the administrators' notice; Ravi and Meera gave no e-mail of their own.
    expect(mails.map((m) => m.kind).sort()).toEqual(['admin_notification', 'participant_confirmation']);
    const mine = mails.find((m) => m.kind === 'participant_confirmation')!;
    expect(mine.to).toBe('asha@example.com');
    for (const field of [
      reference,
      'Checkout Test Run',
      'Marine Drive, Mumbai',
      'VIP Pass',
      'General',
      asha.registrationNumber,
      ravi.registrationNumber,
      meera.registrationNumber,
      paid.body.cf_payment_id,
      'Credit Card',
    ]) {
      expect(mine.text).toContain(field);
    }
    const token = new RegExp(`/ticket/${reference}#t=([A-Za-z0-9_-]+)`).exec(mine.text)![1];
    expect(verifyTicketLinkToken(t.env, reference, token)).toBe(true);
    expect(
      verifyTicketLinkToken(
        t.env,
        reference,
        token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBe(false);
    // Each attendee's own link, with a token of their own ticket number.
    const ravisToken = new RegExp(`/ticket/${ravi.registrationNumber}#t=([A-Za-z0-9_-]+)`).exec(mine.text)![1];
    expect(verifyTicketLinkToken(t.env, ravi.registrationNumber, ravisToken)).toBe(true);
    expect(verifyTicketLinkToken(t.env, reference, ravisToken)).toBe(false);
    const admin = mails.find((m) => m.kind === 'admin_notification')!;
    expect(admin.to).toContain('admin@tdksports.in');
    for (const name of ['Asha Devi Rao', 'Ravi Rao', 'Meera Rao']) expect(admin.text).toContain(name);

    const verified = await verify(created.body.orderId);
    // Whoever holds the order id (it travels in the return URL) learns the status, the booking
    // reference and its ticket link: no e-mail, phone, birth date, emergency contact, medical or QR data.
    expect(verified.body).toEqual({
      orderId: created.body.orderId,
      status: 'PAID',
      registration: {
        registrationNumber: reference,
        ticketUrl: `/ticket/${reference}#t=${ticketLinkToken(t.env, reference)}`,
        confirmationEmail: true,
      },
    });
    const exposed = JSON.stringify(verified.body);
    for (const reg of attendees) {
      for (const secret of [reg.phone, reg.qrCode, reg.dateOfBirth!, reg.firstName]) expect(exposed).not.toContain(secret);
    }
    expect(exposed).not.toContain('asha@example.com');
    expect(await regsFor(created.body.orderId)).toHaveLength(3);
  });

  it('refuses a forged and a replayed webhook with 401 invalid_signature', async () => {
    const body = successWebhook('TDK_FAKE', '123', 1500);
    const forged = signed(body, String(Date.now()), 'not-the-secret');
    const res1 = await t.app.request('/api/cashfree/webhook', forged);
    expect(res1.status).toBe(401);
    expect(((await res1.json()) as ApiErrorBody).error.code).toBe('invalid_signature');

    const replayed = signed(body, String(Date.now() - 10 * 60_000));
    const res2 = await t.app.request('/api/cashfree/webhook', replayed);
    expect(res2.status).toBe(401);

    const tampered = signed(body);
    tampered.body = tampered.body.replace('1500', '15');
    expect((await t.app.request('/api/cashfree/webhook', tampered)).status).toBe(401);
  });

  it('answers 400 to a validly signed but malformed webhook, and acknowledges other event types', async () => {
    for (const body of [
      null,
      {
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        data: { order: { order_id: { $gt: '' } }, payment: { cf_payment_id: 1, payment_status: 'SUCCESS', payment_amount: 1 } },
      },
      { type: 'PAYMENT_SUCCESS_WEBHOOK' },
      [1, 2],
    ]) {
      const res = await t.app.request('/api/cashfree/webhook', signed(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ApiErrorBody).error.code).toBe('bad_request');
    }
    // Refund webhooks are handled since decision 022: one without its refund's fields is malformed.
    const refund = await t.app.request(
      '/api/cashfree/webhook',
      signed({ type: 'REFUND_STATUS_WEBHOOK', data: { refund: { refund_id: 'r1' } } }),
    );
    expect(refund.status).toBe(400);
    const settlement = await t.app.request(
      '/api/cashfree/webhook',
      signed({ type: 'SETTLEMENT_WEBHOOK', data: { settlement: { cf_settlement_id: 1 } } }),
    );
    expect(settlement.status).toBe(200);
    expect(await settlement.json()).toEqual({ received: true, handled: 'ignored' });
  });

  it('marks a failed payment FAILED and releases the hold', async () => {
    const before = (await ticketRow(t, ids.general)).held;
    const created = await createOrder([{ ticketId: ids.general, quantity: 3 }]);
    expect((await ticketRow(t, ids.general)).held).toBe(before + 3);
    const failed = await pay(created.body.payment_session_id!, 'failure', 'card');
    expect(failed.body.error).toBeTruthy();
    expect((await orderRow(created.body.orderId)).status).toBe('FAILED');
    expect((await ticketRow(t, ids.general)).held).toBe(before);
    expect((await verify(created.body.orderId)).body.status).toBe('FAILED');
    expect(await regsFor(created.body.orderId)).toHaveLength(0);
  });

  it('releases a lapsed hold; a late payment with capacity left is still fulfilled', async () => {
    const created = await createOrder([{ ticketId: ids.general, quantity: 2 }]);
    const heldBefore = (await ticketRow(t, ids.general)).held;
    // Lapsed long ago, and swept as of just after then: the sweep sees this hold and no other
    // test's, so it must release exactly one.
    const lapsedAt = new Date('2001-01-01T00:00:00.000Z');
    await lapseHold(created.body.orderId, lapsedAt);
    expect(await t.db.transaction((tx) => releaseExpiredHolds(tx, new Date(lapsedAt.getTime() + 1000)))).toBe(1);
    expect((await orderRow(created.body.orderId)).status).toBe('EXPIRED');
    expect((await ticketRow(t, ids.general)).held).toBe(heldBefore - 2);
    expect((await verify(created.body.orderId)).body.status).toBe('EXPIRED');

    const soldBefore = (await ticketRow(t, ids.general)).sold;
    await pay(created.body.payment_session_id!);
    expect((await orderRow(created.body.orderId)).status).toBe('PAID');
    expect((await regsFor(created.body.orderId)).map((r) => [r.position, r.ticketName, r.amountPaise])).toEqual([
      [1, 'General', 49_950],
      [2, 'General', 49_950],
    ]);
    expect(await ticketRow(t, ids.general)).toMatchObject({ sold: soldBefore + 2, held: heldBefore - 2 });
  });

  it('flags a late payment REFUND_REQUIRED when the seats were sold meanwhile, and staff can list it', async () => {
    const left = async () => {
      const r = await ticketRow(t, ids.vip);
      return r.quantity - r.sold - r.held;
    };
    const n = await left();
    expect(n).toBeGreaterThan(0);
    const late = await createOrder([{ ticketId: ids.vip, quantity: n }]);
    await lapseHold(late.body.orderId);
    // The next buyer's create-order releases the lapsed hold lazily and takes the seats.
    const next = await createOrder([{ ticketId: ids.vip, quantity: n }], { buyer: { email: 'next@example.com' } });
    expect(next.status).toBe(201);
    await pay(next.body.payment_session_id!);
    const sold = (await ticketRow(t, ids.vip)).sold;
    expect(await left()).toBe(0);

    await pay(late.body.payment_session_id!);
    expect((await orderRow(late.body.orderId)).status).toBe('REFUND_REQUIRED');
    expect(await regsFor(late.body.orderId)).toHaveLength(0);
    const after = await ticketRow(t, ids.vip);
    expect(after).toMatchObject({ sold, held: 0 });
    expect(after.sold).toBeLessThanOrEqual(after.quantity);
    const verified = await verify(late.body.orderId);
    expect(verified.body).toMatchObject({ status: 'FAILED', refundRequired: true });

    expect((await t.app.request('/api/admin/orders?status=REFUND_REQUIRED')).status).toBe(401);
    const support = await t.app.request('/api/admin/orders?status=REFUND_REQUIRED', {
      headers: { cookie: await staffCookie(t, 'support') },
    });
    expect(support.status).toBe(403);
    const res = await t.app.request('/api/admin/orders?status=REFUND_REQUIRED', {
      headers: { cookie: await staffCookie(t, 'manager') },
    });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { orders: { orderId: string; status: string; tickets: { ticketName: string }[] }[] };
    expect(list.orders.map((o) => o.orderId)).toContain(late.body.orderId);
    expect(list.orders.every((o) => o.status === 'REFUND_REQUIRED')).toBe(true);
  });
});

describe('duplicate webhooks and a verify racing them', () => {
  let quiet: CheckoutTestApp;
  let q: EventIds;
  beforeAll(async () => {
    quiet = await createCheckoutTestApp({ emulatorWebhooks: false });
  });
  beforeEach(async () => {
    q = await seedCheckoutEvent(quiet);
  });
  afterAll(() => quiet.close());

  it('creates one registration and sells once', async () => {
    const res = await postJson(quiet, '/api/cashfree/create-order', orderBody(q.eventId, [{ ticketId: q.vip, quantity: 2 }]));
    const created = (await res.json()) as CreateOrderResponse;
    const browser = { headers: { cookie: holderCookie(res) } };
    const payRes = await postJson(quiet, `/emulator/cashfree/pay/${created.payment_session_id}`, {
      outcome: 'success',
      method: 'upi',
    });
    const { cf_payment_id } = (await payRes.json()) as PayResult;
    const [order] = await quiet.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order!.status).toBe('CREATED');

    const hook = successWebhook(created.orderId, cf_payment_id, 3000);
    const results = await Promise.all([
      quiet.app.request('/api/cashfree/webhook', signed(hook, undefined, quiet.env.payments.secretKey)),
      quiet.app.request(`/api/cashfree/verify-payment/${created.orderId}`, browser),
      quiet.app.request('/api/cashfree/webhook', signed(hook, undefined, quiet.env.payments.secretKey)),
      quiet.app.request(`/api/cashfree/verify-payment/${created.orderId}`, browser),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const regsOf = () =>
      quiet.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, created.orderId)));
    const regs = await regsOf();
    // One attendee per ticket, written once.
    expect(regs.map((r) => r.position).sort()).toEqual([1, 2]);
    expect(await ticketRow(quiet, q.vip)).toMatchObject({ sold: 2, held: 0 });
    const outbox = await quiet.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.registrationId,
            regs.map((r) => r.id),
          ),
        ),
    );
    expect(outbox.map((m) => m.kind).sort()).toEqual(['admin_notification', 'participant_confirmation']);
    // Every answer named the same booking.
    const [paidOrder] = await quiet.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(paidOrder!.bookingReference).toMatch(/^REG[0-9A-Z]+$/);
    for (const verified of [results[1]!, results[3]!]) {
      expect(((await verified.json()) as VerifyPaymentResponse).registration?.registrationNumber).toBe(
        paidOrder!.bookingReference,
      );
    }
    // A later duplicate is still harmless.
    const again = await quiet.app.request('/api/cashfree/webhook', signed(hook, undefined, quiet.env.payments.secretKey));
    expect(again.status).toBe(200);
    expect(await regsOf()).toHaveLength(2);
  });

  it('verify alone settles an order when no webhook arrives: PENDING, then FAILED with the hold released', async () => {
    const res = await postJson(quiet, '/api/cashfree/create-order', orderBody(q.eventId, [{ ticketId: q.general, quantity: 4 }]));
    const created = (await res.json()) as CreateOrderResponse;
    const held = async () => (await ticketRow(quiet, q.general)).held;
    expect(await held()).toBe(4);
    const pending = await quiet.app.request(`/api/cashfree/verify-payment/${created.orderId}`);
    expect(await pending.json()).toEqual({ orderId: created.orderId, status: 'PENDING' });
    await postJson(quiet, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'dropped' });
    const failed = await quiet.app.request(`/api/cashfree/verify-payment/${created.orderId}`);
    expect(((await failed.json()) as VerifyPaymentResponse).status).toBe('FAILED');
    expect(await held()).toBe(0);
    expect((await quiet.app.request('/api/cashfree/verify-payment/TDK_NOPE')).status).toBe(404);
  });
});
