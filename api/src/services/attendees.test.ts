// An order holds one attendee per ticket (issue 23, decision 021): each attendee their own ticket
// type, price paid and ticket number under the order's booking reference; errors named on the
// right attendee; eligibility by age on the event day and gender; the links, the gate and the
// e-mails per attendee.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type {
  AdminOrderResponse,
  ApiErrorBody,
  CheckInResponse,
  CheckInSyncResponse,
  CreateOrderBody,
  CreateOrderResponse,
  RegistrationResponse,
  TicketLinkResponse,
  VerifyPaymentResponse,
} from '../contract';
import { selectAttendees } from '../db/attendee-rows';
import { emailOutbox, events, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import { formatRupees } from '../mail/templates';
import {
  createCheckoutTestApp,
  holderCookie,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  ticketRow,
  type CheckoutTestApp,
  GUARDIAN,
} from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';
import { ticketLinkPath, verifyTicketLinkToken } from '../signing/ticket-links';
import { signedTicketCode } from './ticket-codes';

let t: CheckoutTestApp;
type EventIds = Awaited<ReturnType<typeof seedCheckoutEvent>>;
let ids: EventIds;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
// An event of its own for every test: no test sees another's seats, orders or attendees.
beforeEach(async () => {
  ids = await seedCheckoutEvent(t, { title: 'Family Fun Run' });
});
afterAll(() => t.close());

let buyers = 0;
/** A buyer of their own for each order (a buyer's new order would replace their unpaid one). */
const aBuyer = () => `family-${++buyers}@example.com`;

async function create(body: CreateOrderBody) {
  const res = await postJson(t, '/api/cashfree/create-order', body);
  return { status: res.status, cookie: holderCookie(res), body: (await res.json()) as CreateOrderResponse & ApiErrorBody };
}

/** Creates and pays for an order; its row, its attendees in order, and what verify answers. */
async function buy(body: CreateOrderBody) {
  const created = await create(body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paid = await postJson(t, `/emulator/cashfree/pay/${created.body.payment_session_id}`, {
    outcome: 'success',
    method: 'upi',
  });
  expect(paid.status).toBe(200);
  const verified = (await // From the browser that made the order: only it is given the ticket link (decision 027).
  (
    await t.app.request(`/api/cashfree/verify-payment/${created.body.orderId}`, { headers: { cookie: created.cookie } })
  ).json()) as VerifyPaymentResponse;
  const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.body.orderId)));
  const attendees = await t.db.query((db) =>
    selectAttendees(db).where(eq(registrations.orderId, created.body.orderId)).orderBy(asc(registrations.position)),
  );
  return { created: created.body, order: order!, reference: order!.bookingReference!, attendees, verified };
}

const ordersOfEvent = (eventId: number) => t.db.query((db) => db.select().from(orders).where(eq(orders.eventId, eventId)));
const setTicket = (id: number, values: Partial<typeof ticketTypes.$inferInsert>) =>
  t.db.query((db) => db.update(ticketTypes).set(values).where(eq(ticketTypes.id, id)));

describe('an order of several ticket types', () => {
  it('becomes one attendee per ticket, each with their own type, price and ticket number', async () => {
    // 3 General and 2 VIP, in the order the buyer listed the people.
    const lines = [ids.general, ids.vip, ids.general, ids.general, ids.vip].map((ticketId) => ({ ticketId }));
    const body = orderBody(ids.eventId, lines, { buyer: { email: aBuyer() }, orderAmount: 4498.5 });
    const { created, order, reference, attendees, verified } = await buy(body);
    expect(created.orderAmount).toBe(4498.5);
    expect(order).toMatchObject({ status: 'PAID', amountPaise: 449_850 });
    expect(reference).toMatch(/^REG[0-9A-Z]+$/);

    expect(
      attendees.map((a) => [
        a.position,
        a.registrationNumber,
        `${a.firstName} ${a.lastName}`,
        a.ticketId,
        a.ticketName,
        a.ticketPricePaise,
        a.amountPaise,
        a.quantity,
      ]),
    ).toEqual([
      [1, `${reference}01`, 'Asha Devi Rao', ids.general, 'General', 49_950, 49_950, 1],
      [2, `${reference}02`, 'Ravi Rao', ids.vip, 'VIP Pass', 150_000, 150_000, 1],
      [3, `${reference}03`, 'Meera Rao', ids.general, 'General', 49_950, 49_950, 1],
      [4, `${reference}04`, 'Kabir Rao', ids.general, 'General', 49_950, 49_950, 1],
      [5, `${reference}05`, 'Guest 5 Rao', ids.vip, 'VIP Pass', 150_000, 150_000, 1],
    ]);
    expect(
      attendees.every((a) => a.bookingReference === reference && a.status === 'Confirmed' && a.paymentStatus === 'Paid'),
    ).toBe(true);
    // What the attendees paid is what the order cost.
    expect(attendees.reduce((sum, a) => sum + a.amountPaise, 0)).toBe(order.amountPaise);
    // Each their own QR.
    expect(new Set(attendees.map((a) => a.qrCode)).size).toBe(5);

    // The lines, counted from the attendees.
    const stored = await t.db.query((db) =>
      db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.ticketTypeId),
    );
    expect(stored.map((l) => [l.ticketTypeId, l.quantity, l.unitPricePaise]).sort()).toEqual(
      [
        [ids.general, 3, 49_950],
        [ids.vip, 2, 150_000],
      ].sort(),
    );
    expect(await ticketRow(t, ids.general)).toMatchObject({ sold: 3, held: 0 });
    expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: 2, held: 0 });

    // Checkout answers with the booking reference; staff see the order whole.
    expect(verified).toMatchObject({ status: 'PAID', registration: { registrationNumber: reference } });
    const res = await t.app.request(`/api/admin/orders/${order.id}`, { headers: { cookie: await staffCookie(t, 'support') } });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AdminOrderResponse;
    expect(detail.order).toMatchObject({ bookingReference: reference, status: 'PAID', amount: 4498.5 });
    expect(detail.order.lines.map((l) => [l.ticketName, l.quantity, l.unitPrice]).sort()).toEqual(
      [
        ['General', 3, 499.5],
        ['VIP Pass', 2, 1500],
      ].sort(),
    );
    expect(detail.attendees.map((a) => [a.registrationNumber, a.ticketName, a.amount, a.position, a.orderSize])).toEqual([
      [`${reference}01`, 'General', 499.5, 1, 5],
      [`${reference}02`, 'VIP Pass', 1500, 2, 5],
      [`${reference}03`, 'General', 499.5, 3, 5],
      [`${reference}04`, 'General', 499.5, 4, 5],
      [`${reference}05`, 'VIP Pass', 1500, 5, 5],
    ]);
  });

  it("names each problem on its own attendee's field, and holds nothing", async () => {
    const heldBefore = (await ticketRow(t, ids.general)).held;
    const body = orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 3 }], { buyer: { email: aBuyer() } });
    const nextYear = new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10);
    body.attendees[1]!.participant = { ...body.attendees[1]!.participant, dateOfBirth: nextYear };
    body.attendees[2]!.participant = { ...body.attendees[2]!.participant, phone: '12345' };
    const { status, body: answer } = await create(body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe('validation_error');
    expect(answer.error.fields).toEqual({
      'attendees.1.participant.dateOfBirth': 'Please enter a valid date of birth',
      'attendees.2.participant.phone': 'Enter an Indian phone number, like 98765 43210',
    });
    expect((await ticketRow(t, ids.general)).held).toBe(heldBefore);
    expect(await ordersOfEvent(ids.eventId)).toHaveLength(0);
  });

  it('refuses an answer to a question the event does not ask', async () => {
    const body = orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email: aBuyer() } });
    body.attendees[0]!.answers = { shoeSize: '9' };
    const { status, body: answer } = await create(body);
    expect(status).toBe(400);
    expect(answer.error.fields).toEqual({ 'attendees.0.answers.shoeSize': 'This event has no such question' });
    expect((await ticketRow(t, ids.general)).held).toBe(0);
    expect(await ordersOfEvent(ids.eventId)).toHaveLength(0);
  });
});

describe('eligibility by ticket type', () => {
  // The event is on 2030-01-15: whoever turns 18 that day may run.
  const asAttendee = (participant: { dateOfBirth?: string; gender?: 'male' | 'female' | 'other' }, ticketId = ids.general) => {
    const body = orderBody(ids.eventId, [{ ticketId }], { buyer: { email: aBuyer() }, participant });
    // A parent consents for each attendee here: a child needs one (decision 030); an adult's is not kept.
    return create({ ...body, attendees: body.attendees.map((a) => ({ ...a, guardian: GUARDIAN })) });
  };

  it('takes a minimum age on the event day, to the day', async () => {
    await setTicket(ids.general, { minAge: 18 });
    const eighteenThatDay = await asAttendee({ dateOfBirth: '2012-01-15' });
    expect(eighteenThatDay.status).toBe(201);
    const aDayShort = await asAttendee({ dateOfBirth: '2012-01-16' });
    expect(aDayShort.status).toBe(400);
    expect(aDayShort.body.error.fields).toEqual({
      'attendees.0.participant.dateOfBirth': 'Participants in General must be 18 or older on 15 January 2030',
    });
    expect(aDayShort.body.error.message).toBe('Participants in General must be 18 or older on 15 January 2030');
    // Only the accepted order holds a seat.
    expect((await ticketRow(t, ids.general)).held).toBe(1);
  });

  it('takes a maximum age on the event day, to the day', async () => {
    await setTicket(ids.general, { maxAge: 17 });
    expect((await asAttendee({ dateOfBirth: '2012-01-16' })).status).toBe(201);
    const eighteen = await asAttendee({ dateOfBirth: '2012-01-15' });
    expect(eighteen.status).toBe(400);
    expect(eighteen.body.error.fields).toEqual({
      'attendees.0.participant.dateOfBirth': 'Participants in General must be 17 or younger on 15 January 2030',
    });
  });

  it('refuses the other gender for a category of one, on the gender field of that attendee', async () => {
    await setTicket(ids.vip, { gender: 'female' });
    expect((await asAttendee({ gender: 'female' }, ids.vip)).status).toBe(201);
    const male = await asAttendee({ gender: 'male' }, ids.vip);
    expect(male.status).toBe(400);
    expect(male.body.error.fields).toEqual({ 'attendees.0.participant.gender': 'VIP Pass is for women and girls only' });
    // In a family order, only the attendee holding that ticket is judged by it.
    const family = orderBody(ids.eventId, [{ ticketId: ids.vip }, { ticketId: ids.general }, { ticketId: ids.vip }], {
      buyer: { email: aBuyer() },
    });
    // Asha (female) may hold VIP; Ravi (male) holds General; Meera (female) holds VIP.
    expect((await create(family)).status).toBe(201);
    family.attendees[1]!.ticketId = ids.vip;
    family.attendees[2]!.ticketId = ids.general;
    const ravi = await create({ ...family, buyer: { ...family.buyer, email: aBuyer() } });
    expect(ravi.status).toBe(400);
    expect(ravi.body.error.fields).toEqual({ 'attendees.1.participant.gender': 'VIP Pass is for women and girls only' });
  });
});

describe('ticket links', () => {
  it("show the whole order on the booking reference's link, and only one attendee on theirs", async () => {
    const { reference, attendees, verified } = await buy(
      orderBody(ids.eventId, [{ ticketId: ids.vip }, { ticketId: ids.general, quantity: 2 }], { buyer: { email: aBuyer() } }),
    );
    // The link checkout issued is the booking reference's.
    const issued = verified.registration!.ticketUrl;
    expect(issued).toBe(ticketLinkPath(t.env, reference));
    const whole = await t.app.request(`/api${issued.replace('/ticket/', '/tickets/').replace('#t=', '?t=')}`);
    expect(whole.status).toBe(200);
    const order = (await whole.json()) as TicketLinkResponse;
    expect(order.bookingReference).toBe(reference);
    expect(
      order.tickets.map((x) => [x.registrationNumber, x.participantInfo.firstName, x.ticketName, x.position, x.orderSize]),
    ).toEqual([
      [`${reference}01`, 'Asha', 'VIP Pass', 1, 3],
      [`${reference}02`, 'Ravi', 'General', 2, 3],
      [`${reference}03`, 'Meera', 'General', 3, 3],
    ]);

    const ravi = attendees[1]!;
    const own = await t.app.request(
      `/api${ticketLinkPath(t.env, ravi.registrationNumber).replace('/ticket/', '/tickets/').replace('#t=', '?t=')}`,
    );
    expect(own.status).toBe(200);
    const his = (await own.json()) as TicketLinkResponse;
    expect(his.bookingReference).toBe(reference);
    expect(his.tickets.map((x) => x.registrationNumber)).toEqual([ravi.registrationNumber]);
    // Nothing of the other attendees (Asha is named only as his emergency contact).
    for (const other of [attendees[0]!, attendees[2]!]) expect(JSON.stringify(his)).not.toContain(other.registrationNumber);
    expect(JSON.stringify(his)).not.toContain('Meera');
    expect(JSON.stringify(his)).not.toContain('VIP Pass');

    // Each link has its own token: one attendee's cannot open the order, nor another attendee's ticket.
    const token = (number: string) => new URL(ticketLinkPath(t.env, number), 'http://x').searchParams.get('t')!;
    expect(verifyTicketLinkToken(t.env, reference, token(ravi.registrationNumber))).toBe(false);
    for (const path of [
      `/api/tickets/${reference}?t=${token(ravi.registrationNumber)}`,
      `/api/tickets/${attendees[2]!.registrationNumber}?t=${token(ravi.registrationNumber)}`,
      `/api/tickets/${ravi.registrationNumber}?t=${token(reference)}`,
    ]) {
      expect((await t.app.request(path)).status, path).toBe(404);
    }
  });
});

describe('the e-mails of an order', () => {
  it('list every attendee for the buyer, and send an attendee with an address of their own their ticket', async () => {
    const buyer = aBuyer();
    const body = orderBody(ids.eventId, [{ ticketId: ids.vip }, { ticketId: ids.general, quantity: 2 }], {
      buyer: { email: buyer },
    });
    // Ravi gave his own address; Meera gave the buyer's (in other letters): she gets no separate mail.
    body.attendees[1]!.participant = { ...body.attendees[1]!.participant, email: 'ravi.rao@example.com' };
    body.attendees[2]!.participant = { ...body.attendees[2]!.participant, email: buyer.toUpperCase() };
    const { reference, attendees } = await buy(body);
    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.registrationId,
            attendees.map((a) => a.id),
          ),
        )
        .orderBy(emailOutbox.id),
    );
    expect(mails.map((m) => [m.kind, m.to]).sort()).toEqual([
      ['admin_notification', expect.stringContaining('admin@tdksports.in')],
      ['attendee_ticket', 'ravi.rao@example.com'],
      ['participant_confirmation', buyer],
    ]);

    const confirmation = mails.find((m) => m.kind === 'participant_confirmation')!;
    expect(confirmation.subject).toBe(`Your ticket for Family Fun Run (${reference})`);
    const expectedLines = [
      `1. Asha Devi Rao · VIP Pass · ${formatRupees(1500)} · ${reference}01`,
      `2. Ravi Rao · General · ${formatRupees(499.5)} · ${reference}02`,
      `3. Meera Rao · General · ${formatRupees(499.5)} · ${reference}03`,
    ];
    for (const line of expectedLines) expect(confirmation.text).toContain(line);
    for (const a of attendees) {
      expect(confirmation.html).toContain(`${a.firstName} ${a.lastName}`);
      expect(confirmation.html).toContain(`${a.registrationNumber}</a>`);
    }

    const admin = mails.find((m) => m.kind === 'admin_notification')!;
    for (const line of expectedLines) expect(admin.text).toContain(line);

    const own = mails.find((m) => m.kind === 'attendee_ticket')!;
    const ravi = attendees[1]!;
    expect(own.registrationId).toBe(ravi.id);
    expect(own.subject).toBe(`Your ticket for Family Fun Run (${ravi.registrationNumber})`);
    expect(own.text).toContain('Hi Ravi Rao,');
    expect(own.text).toContain('General');
    const link = new RegExp(`/ticket/${ravi.registrationNumber}#t=([\\w-]+)`).exec(own.text);
    expect(link).not.toBeNull();
    expect(verifyTicketLinkToken(t.env, ravi.registrationNumber, link![1])).toBe(true);
    // His ticket only: not the others' numbers, nor the link to the whole order.
    for (const other of [attendees[0]!, attendees[2]!]) expect(own.text).not.toContain(other.registrationNumber);
    expect(own.text).not.toContain(`/ticket/${reference}#`);
  });
});

describe('at the gate', () => {
  const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  let coordinator: string;
  beforeEach(async () => {
    // The gates open today.
    await t.db.query((db) => db.update(events).set({ date: todayInIndia() }).where(eq(events.id, ids.eventId)));
    coordinator = await staffCookie(t, 'coordinator');
  });
  const scan = async <T>(body: unknown, path = '/api/admin/registrations/check-in') => {
    const res = await t.app.request(path, jsonRequest('POST', body, coordinator));
    return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
  };
  const checkedIn = async (orderId: string) =>
    (
      await t.db.query((db) => selectAttendees(db).where(eq(registrations.orderId, orderId)).orderBy(asc(registrations.position)))
    ).map((r) => r.checkInTime !== null);

  it("admits one attendee by their own QR; a booking reference lists the order's attendees and admits nobody", async () => {
    const { created, reference, attendees } = await buy(
      orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 3 }], { buyer: { email: aBuyer() } }),
    );
    expect(attendees.every((a) => a.eventDate === todayInIndia())).toBe(true);

    // Typed at the desk, the booking reference lists the three.
    const typed = await scan<Extract<CheckInResponse, { attendees: unknown }>>({
      code: reference.toLowerCase(),
      entry: 'typed',
      gate: 'Desk',
      eventId: ids.eventId,
    });
    expect(typed.status).toBe(200);
    expect(typed.body.bookingReference).toBe(reference);
    expect(typed.body.attendees.map((a) => [a.registrationNumber, a.participantInfo.firstName, a.status])).toEqual([
      [`${reference}01`, 'Asha', 'Confirmed'],
      [`${reference}02`, 'Ravi', 'Confirmed'],
      [`${reference}03`, 'Meera', 'Confirmed'],
    ]);
    // An old group ticket's QR (signed for the booking reference) is listed the same way.
    const groupQr = await scan<Extract<CheckInResponse, { attendees: unknown }>>({
      code: signedTicketCode(t.env, reference, ids.eventId),
    });
    expect(groupQr.status).toBe(200);
    expect(groupQr.body.attendees).toHaveLength(3);
    expect(await checkedIn(created.orderId)).toEqual([false, false, false]);

    // Ravi's own QR, as his registration carries it, admits him alone.
    const res = await t.app.request(`/api/admin/registrations/${attendees[1]!.id}`, { headers: { cookie: coordinator } });
    const loaded = (await res.json()) as RegistrationResponse;
    const admitted = await scan<RegistrationResponse>({
      code: loaded.registration.qrCode,
      gate: 'North Gate',
      eventId: ids.eventId,
    });
    expect(admitted.status).toBe(200);
    expect(admitted.body.registration).toMatchObject({
      registrationNumber: `${reference}02`,
      bookingReference: reference,
      status: 'Checked-In',
      checkInGate: 'North Gate',
    });
    expect(await checkedIn(created.orderId)).toEqual([false, true, false]);
    // His QR again is a duplicate; it admits nobody else.
    expect((await scan({ code: loaded.registration.qrCode, gate: 'South Gate' })).status).toBe(409);
    expect(await checkedIn(created.orderId)).toEqual([false, true, false]);

    // A sync takes signed codes only (issue 28): the bare booking reference is refused, the attendee's QR admitted.
    const asha = signedTicketCode(t.env, attendees[0]!.registrationNumber, ids.eventId);
    const at = new Date(Date.now() - 30_000).toISOString();
    const synced = await scan<CheckInSyncResponse>(
      {
        eventId: ids.eventId,
        scans: [
          { code: reference, scannedAt: at, gate: 'Gate A' },
          { code: asha, scannedAt: at, gate: 'Gate A' },
        ],
      },
      '/api/admin/registrations/check-in/sync',
    );
    expect(synced.status).toBe(200);
    expect(synced.body.results).toEqual([
      {
        code: reference,
        outcome: 'refused',
        checkInTime: null,
        gate: null,
        reason: 'This ticket was not issued by us',
      },
      { code: asha, outcome: 'checked-in', checkInTime: at, gate: 'Gate A' },
    ]);
    expect(await checkedIn(created.orderId)).toEqual([true, true, false]);
  });

  it('lists the only attendee of a typed booking reference; staff admit them from the list', async () => {
    const { reference, attendees } = await buy(
      orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email: aBuyer() } }),
    );
    const typed = await scan<Extract<CheckInResponse, { attendees: unknown }>>({
      code: reference,
      entry: 'typed',
      gate: 'Desk',
      eventId: ids.eventId,
    });
    expect(typed.status).toBe(200);
    expect(typed.body.attendees.map((a) => [a.registrationNumber, a.status])).toEqual([
      [attendees[0]!.registrationNumber, 'Confirmed'],
    ]);
    const chosen = await scan<RegistrationResponse>({
      code: attendees[0]!.registrationNumber,
      entry: 'chosen',
      gate: 'Desk',
      eventId: ids.eventId,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.registration).toMatchObject({
      registrationNumber: attendees[0]!.registrationNumber,
      status: 'Checked-In',
    });
  });
});
