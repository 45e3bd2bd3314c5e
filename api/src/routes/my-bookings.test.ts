// My bookings (issue 24, decision 023): the one-time link, the buyer session, the event's policy at
// its deadlines, a change of details and a transfer, on both engines.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type {
  ApiErrorBody,
  AttendeeDetailsInput,
  CreateOrderResponse,
  EventResponse,
  MyBookingsResponse,
  SelfServicePolicy,
} from '../contract';
import { auditLog, emailOutbox, events, refundAttendees, refunds, registrations, ticketTypes } from '../db/schema';
import { orderPaymentsAndRefunds } from '../services/refunds';
import {
  buyTicket,
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { CHECK_IN_REFUSALS } from '../contract';
import { signedTicketCode } from '../services/ticket-codes';
import { ticketLinkPath } from '../signing/ticket-links';
import { anEventInput } from '../testing/catalogue';
import { jsonRequest } from '../testing/staff-session';
import { organisationOfEvent } from '../db/tenancy';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
/** The test event starts on 15 January 2030 at 06:30 in India. */
const EVENT_START = Date.parse('2030-01-15T01:00:00.000Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t, { title: 'Self-service Run' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
const nextAddress = () => `172.16.${(address >> 8) & 255}.${address++ & 255}`;

function send(method: string, path: string, body?: unknown, options: { cookie?: string; ip?: string } = {}) {
  const init = jsonRequest(method, body, options.cookie);
  init.headers = { ...(init.headers as Record<string, string>), 'x-forwarded-for': options.ip ?? nextAddress() };
  return t.app.request(path, init);
}

const setPolicy = (policy: Partial<SelfServicePolicy>) =>
  t.db.query((db) => db.update(events).set({ selfService: policy }).where(eq(events.id, ids.eventId)));

/** The token of the latest sign-in link mailed to `email`, read from the outbox as the mail catcher would. */
async function mailedToken(email: string): Promise<string | undefined> {
  const [mail] = await t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'bookings_link'), eq(emailOutbox.to, email)))
      .orderBy(desc(emailOutbox.id))
      .limit(1),
  );
  return mail && /\/bookings\/open[^#\s"]*#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
}

const linksTo = async (email: string) =>
  (
    await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'bookings_link'), eq(emailOutbox.to, email))),
    )
  ).length;

async function signIn(email: string): Promise<string> {
  expect((await send('POST', '/api/bookings/link', { email })).status).toBe(202);
  const token = await mailedToken(email);
  const res = await send('POST', '/api/bookings/session', { token });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!;
  return cookie.split(';')[0]!;
}

const bookings = async (cookie: string) => {
  const res = await send('GET', '/api/bookings', undefined, { cookie });
  return { status: res.status, body: (await res.json()) as MyBookingsResponse & ApiErrorBody };
};

const detailsOf = (row: typeof registrations.$inferSelect): AttendeeDetailsInput => ({
  fullName: `${row.firstName} ${row.lastName}`,
  email: row.email,
  phone: row.phone,
  dateOfBirth: row.dateOfBirth ?? '',
  gender: row.gender as AttendeeDetailsInput['gender'],
  emergencyContact: row.emergencyContactName,
  emergencyPhone: row.emergencyContactPhone,
});

const rowOf = async (id: number) =>
  (await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, id))))[0]!;

describe('the one-time sign-in link', () => {
  it('answers alike for an e-mail with bookings and one without, and mails a link only to the first', async () => {
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'known@example.com' } });
    const known = await send('POST', '/api/bookings/link', { email: 'Known@Example.com' });
    const unknown = await send('POST', '/api/bookings/link', { email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await linksTo('known@example.com')).toBe(1);
    expect(await linksTo('nobody@example.com')).toBe(0);
  });

  it('opens a session once: the same link twice says it was used; a changed one is not valid', async () => {
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'once@example.com' } });
    await send('POST', '/api/bookings/link', { email: 'once@example.com' });
    const token = (await mailedToken('once@example.com'))!;
    const first = await send('POST', '/api/bookings/session', { token });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ email: 'once@example.com' });
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^tdk_buyer=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/bookings/);

    const again = await send('POST', '/api/bookings/session', { token });
    expect(again.status).toBe(410);
    expect(((await again.json()) as ApiErrorBody).error).toMatchObject({
      code: 'link_used',
      message: expect.stringMatching(/already been used/),
    });

    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = await send('POST', '/api/bookings/session', { token: changed });
    expect(forged.status).toBe(404);
    expect(((await forged.json()) as ApiErrorBody).error.code).toBe('link_invalid');

    // The session reloads the page; a tampered cookie is no session.
    expect((await bookings(cookie.split(';')[0]!)).status).toBe(200);
    const tampered = await bookings(`${cookie.split(';')[0]!}x`);
    expect(tampered.status).toBe(401);
    expect(tampered.body.error.code).toBe('unauthenticated');
  });

  it('works for 30 minutes: a minute before, yes; at 30 minutes, it has expired', async () => {
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'clock@example.com' } });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2029-06-01T10:00:00.000Z');
    vi.setSystemTime(start);
    await send('POST', '/api/bookings/link', { email: 'clock@example.com' });
    const early = (await mailedToken('clock@example.com'))!;
    vi.setSystemTime(start + 29 * 60_000);
    expect((await send('POST', '/api/bookings/session', { token: early })).status).toBe(200);

    vi.setSystemTime(start + 40 * 60_000);
    await send('POST', '/api/bookings/link', { email: 'clock@example.com' });
    const late = (await mailedToken('clock@example.com'))!;
    vi.setSystemTime(start + 70 * 60_000);
    const expired = await send('POST', '/api/bookings/session', { token: late });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as ApiErrorBody).error).toMatchObject({
      code: 'link_expired',
      message: expect.stringMatching(/expired/),
    });
  });

  it('limits links per e-mail (known or not) and per address, in the shared rate_limits table', async () => {
    for (let i = 0; i < 3; i++)
      expect((await send('POST', '/api/bookings/link', { email: 'flood@example.com' })).status).toBe(202);
    const limited = await send('POST', '/api/bookings/link', { email: 'flood@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as ApiErrorBody).error.code).toBe('rate_limited');

    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++)
      expect((await send('POST', '/api/bookings/link', { email: `spray${i}@example.com` }, { ip })).status).toBe(202);
    expect((await send('POST', '/api/bookings/link', { email: 'spray-more@example.com' }, { ip })).status).toBe(429);
  });

  it('refuses a malformed e-mail in the API shape', async () => {
    const res = await send('POST', '/api/bookings/link', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields).toMatchObject({ email: 'Invalid email format' });
  });
});

describe('My bookings', () => {
  it("lists the e-mail's orders with each attendee, ticket link and what the event allows", async () => {
    await setPolicy({ cancel: { daysBefore: 3, feePercent: 10 }, changeDetails: { hoursBefore: 48 } });
    const first = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      quantity: 2,
      participant: { email: 'family@example.com' },
    });
    const cookie = await signIn('family@example.com');
    const { status, body } = await bookings(cookie);
    expect(status).toBe(200);
    expect(body.email).toBe('family@example.com');
    expect(body.bookings).toHaveLength(1);
    const [booking] = body.bookings;
    expect(booking).toMatchObject({
      bookingReference: first.bookingReference,
      eventName: 'Self-service Run',
      eventDate: '2030-01-15',
      ticketUrl: ticketLinkPath(t.env, first.bookingReference),
      cancellation: { daysBefore: 3, feePercent: 10, until: new Date(EVENT_START - 72 * HOUR).toISOString() },
    });
    expect(booking!.attendees.map((a) => [a.ticketNumber, a.ticketName, a.name])).toEqual([
      [first.registrationNumber, 'General', 'Asha Devi Rao'],
      [`${first.bookingReference}02`, 'General', 'Ravi Rao'],
    ]);
    expect(booking!.attendees[0]).toMatchObject({
      ticketUrl: ticketLinkPath(t.env, first.registrationNumber),
      changeDetails: { open: true, until: new Date(EVENT_START - 48 * HOUR).toISOString() },
      transfer: { open: false, reason: 'not_allowed' },
    });
    await setPolicy({});
  });
});

describe('changing an attendee', () => {
  it('is refused while the event does not allow it, and nothing changes', async () => {
    await setPolicy({});
    const row = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'noedit@example.com' } });
    const cookie = await signIn('noedit@example.com');
    const res = await send(
      'PUT',
      `/api/bookings/attendees/${row.registrationNumber}`,
      { participant: { ...detailsOf(row), fullName: 'New Name' } },
      { cookie },
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).error).toMatchObject({
      code: 'not_allowed',
      message: 'This event does not allow this change.',
    });
    expect((await rowOf(row.id)).firstName).toBe('Asha');
  });

  it('is allowed until its deadline and refused at it; judged by checkout rules, audited and mailed to the buyer', async () => {
    await setPolicy({ changeDetails: { hoursBefore: 48 } });
    const row = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'edit@example.com' } });
    vi.useFakeTimers({ toFake: ['Date'] });
    const deadline = EVENT_START - 48 * HOUR;
    vi.setSystemTime(deadline - 60_000);
    const cookie = await signIn('edit@example.com');
    const path = `/api/bookings/attendees/${row.registrationNumber}`;

    const badPhone = await send('PUT', path, { participant: { ...detailsOf(row), phone: '12345' } }, { cookie });
    expect(badPhone.status).toBe(400);
    expect(((await badPhone.json()) as ApiErrorBody).error.fields).toHaveProperty(['participant.phone']);

    vi.setSystemTime(deadline - 1);
    const ok = await send(
      'PUT',
      path,
      { participant: { ...detailsOf(row), fullName: 'Asha Rao Kulkarni', phone: '91234 56789' } },
      { cookie },
    );
    expect(ok.status).toBe(200);
    const after = await rowOf(row.id);
    expect(after).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao Kulkarni',
      phone: '+919123456789',
      registrationNumber: row.registrationNumber,
    });
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'buyer_update'), eq(auditLog.entityId, String(row.id)))),
    );
    expect(audit).toMatchObject({ actorEmail: 'edit@example.com', entity: 'registration' });
    expect(audit!.detail).toMatchObject({ changes: { lastName: { from: 'Devi Rao', to: 'Rao Kulkarni' } } });
    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'attendee_details_changed'), eq(emailOutbox.registrationId, row.id))),
    );
    expect(mails.map((m) => m.to)).toEqual(['edit@example.com']);
    expect(mails[0]!.text).toMatch(/Asha Rao Kulkarni/);

    vi.setSystemTime(deadline);
    const late = await send('PUT', path, { participant: { ...detailsOf(row), fullName: 'Too Late' } }, { cookie });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ApiErrorBody).error).toMatchObject({
      code: 'deadline_passed',
      message: 'The deadline for this change has passed.',
    });
    expect((await rowOf(row.id)).lastName).toBe('Rao Kulkarni');
  });

  it("refuses another e-mail's order exactly as an unknown ticket, changing nothing", async () => {
    await setPolicy({ changeDetails: { hoursBefore: 1 }, transfer: { hoursBefore: 1 } });
    const theirs = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'owner@example.com' },
    });
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'intruder@example.com' } });
    const cookie = await signIn('intruder@example.com');
    const edit = await send(
      'PUT',
      `/api/bookings/attendees/${theirs.registrationNumber}`,
      { participant: { ...detailsOf(theirs), fullName: 'Stolen' } },
      { cookie },
    );
    expect(edit.status).toBe(404);
    expect(((await edit.json()) as ApiErrorBody).error).toMatchObject({
      code: 'not_found',
      message: 'There is no such ticket in your bookings.',
    });
    const transfer = await send(
      'POST',
      `/api/bookings/attendees/${theirs.registrationNumber}/transfer`,
      { participant: { ...detailsOf(theirs), fullName: 'Stolen', email: 'thief@example.com' } },
      { cookie },
    );
    expect(transfer.status).toBe(404);
    expect(await rowOf(theirs.id)).toMatchObject({ firstName: 'Asha', registrationNumber: theirs.registrationNumber });
    // Without a session at all: 401.
    expect(
      (await send('PUT', `/api/bookings/attendees/${theirs.registrationNumber}`, { participant: detailsOf(theirs) })).status,
    ).toBe(401);
  });
});

describe('transferring a ticket', () => {
  const NEW_PERSON: AttendeeDetailsInput = {
    fullName: 'Priya Nair',
    email: 'priya@example.com',
    phone: '99887 66554',
    dateOfBirth: '1998-08-08',
    gender: 'female',
    emergencyContact: 'Anil Nair',
    emergencyPhone: '99887 11111',
  };

  it('keeps the ticket type’s category: an ineligible person is refused on their field, nothing changed', async () => {
    await setPolicy({ transfer: { hoursBefore: 24 } });
    await t.db.query((db) => db.update(ticketTypes).set({ minAge: 18 }).where(eq(ticketTypes.id, ids.vip)));
    const row = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.vip, participant: { email: 'vip@example.com' } });
    const cookie = await signIn('vip@example.com');
    const res = await send(
      'POST',
      `/api/bookings/attendees/${row.registrationNumber}/transfer`,
      { participant: { ...NEW_PERSON, dateOfBirth: '2016-01-01' } },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields?.['participant.dateOfBirth']).toMatch(/VIP Pass.*18/);
    expect(await rowOf(row.id)).toMatchObject({ firstName: 'Asha', registrationNumber: row.registrationNumber });
    await t.db.query((db) => db.update(ticketTypes).set({ minAge: null }).where(eq(ticketTypes.id, ids.vip)));
  });

  it('gives the new person a new ticket number; the old code is refused at the gate at once, and both are mailed', async () => {
    await setPolicy({ transfer: { hoursBefore: 24 } });
    const row = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'giver@example.com' } });
    const oldCode = signedTicketCode(t.env, row.registrationNumber, row.eventId);
    const cookie = await signIn('giver@example.com');
    const res = await send(
      'POST',
      `/api/bookings/attendees/${row.registrationNumber}/transfer`,
      { participant: NEW_PERSON },
      { cookie },
    );
    expect(res.status).toBe(200);
    const after = await rowOf(row.id);
    expect(after).toMatchObject({
      firstName: 'Priya',
      lastName: 'Nair',
      email: 'priya@example.com',
      registrationNumber: `${row.registrationNumber}T1`,
    });
    const given = (await res.json()) as MyBookingsResponse;
    const listed = given.bookings.flatMap((b) => b.attendees);
    expect(listed.map((a) => a.ticketNumber)).toEqual([`${row.registrationNumber}T1`]);
    // Its only ticket given away (issue 40): the order's link is not offered to the giver.
    expect(given.bookings.find((b) => b.attendees.some((a) => a.ticketNumber === listed[0]!.ticketNumber))!.ticketUrl).toBe('');

    const coordinator = await staffCookie(t, 'coordinator');
    const scan = await t.app.request(
      '/api/admin/registrations/check-in',
      jsonRequest('POST', { code: oldCode, eventId: ids.eventId }, coordinator),
    );
    expect(scan.status).toBe(422);
    expect(((await scan.json()) as ApiErrorBody).error.message).toBe(
      'This ticket was transferred to another person: its old code no longer admits',
    );
    // The old ticket link no longer opens; the new one does.
    expect(
      (
        await t.app.request(
          ticketLinkPath(t.env, row.registrationNumber).replace('/ticket/', '/api/tickets/').replace('#t=', '?t='),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.app.request(
          ticketLinkPath(t.env, after.registrationNumber).replace('/ticket/', '/api/tickets/').replace('#t=', '?t='),
        )
      ).status,
    ).toBe(200);

    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'ticket_transferred'), eq(emailOutbox.registrationId, row.id))),
    );
    expect(mails.map((m) => m.to).sort()).toEqual(['giver@example.com', 'priya@example.com']);
    expect(mails.find((m) => m.to === 'priya@example.com')!.text).toContain(ticketLinkPath(t.env, after.registrationNumber));
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'buyer_transfer'), eq(auditLog.entityId, String(row.id)))),
    );
    expect(audit!.detail).toMatchObject({ fromTicketNumber: row.registrationNumber, toTicketNumber: after.registrationNumber });

    // A second transfer (by the holder now: the ticket is theirs) gives yet another number; the
    // first replaced one still says why.
    const again = await send(
      'POST',
      `/api/bookings/attendees/${after.registrationNumber}/transfer`,
      { participant: { ...NEW_PERSON, fullName: 'Third Person' } },
      { cookie: await signIn('priya@example.com') },
    );
    expect(again.status).toBe(200);
    expect((await rowOf(row.id)).registrationNumber).toBe(`${row.registrationNumber}T2`);
  });

  it('keeps the whole ticket number when its booking reference itself ends in T (…T01 becomes …T01T1, then …T01T2)', async () => {
    await setPolicy({ transfer: { hoursBefore: 24 } });
    const row = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'tee@example.com' } });
    // A booking reference ends in any of its alphabet's letters, T among them.
    const number = `${row.registrationNumber.slice(0, -3)}T01`;
    await t.db.query((db) => db.update(registrations).set({ registrationNumber: number }).where(eq(registrations.id, row.id)));
    const cookie = await signIn('tee@example.com');
    const first = await send('POST', `/api/bookings/attendees/${number}/transfer`, { participant: NEW_PERSON }, { cookie });
    expect(first.status).toBe(200);
    expect((await rowOf(row.id)).registrationNumber).toBe(`${number}T1`);
    const second = await send(
      'POST',
      `/api/bookings/attendees/${number}T1/transfer`,
      { participant: { ...NEW_PERSON, fullName: 'Third Person' } },
      { cookie: await signIn('priya@example.com') },
    );
    expect(second.status).toBe(200);
    expect((await rowOf(row.id)).registrationNumber).toBe(`${number}T2`);
  });

  it('hands the ticket over (issue 40): its QR, link, details and cancel are the new holder’s alone; the giver sees to whom', async () => {
    await setPolicy({
      transfer: { hoursBefore: 24 },
      cancel: { daysBefore: 1, feePercent: 0 },
      changeDetails: { hoursBefore: 1 },
    });
    const order = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 2 }], { participant: { email: 'pair@example.com' } }),
      )
    ).json()) as CreateOrderResponse;
    await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
    const rows = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, order.orderId)).orderBy(registrations.position),
    );
    const [given, kept] = [rows[0]!, rows[1]!];
    const reference = given.bookingReference!;
    const giver = await signIn('pair@example.com');
    const res = await send(
      'POST',
      `/api/bookings/attendees/${given.registrationNumber}/transfer`,
      { participant: { ...NEW_PERSON, email: 'holder@example.com' } },
      { cookie: giver },
    );
    expect(res.status).toBe(200);
    const newNumber = (await rowOf(given.id)).registrationNumber;

    // The giver's My bookings: the ticket says to whom it went, with no link (no QR) and nothing open.
    const giverView = (await bookings(giver)).body.bookings.find((b) => b.bookingReference === reference)!;
    const gone = giverView.attendees.find((a) => a.ticketNumber === newNumber)!;
    expect(gone.transferredTo).toEqual({ name: 'Priya Nair', email: 'holder@example.com' });
    expect(gone.ticketUrl).toBe('');
    expect(gone.details.phone).toBe('');
    expect([gone.cancel.open, gone.transfer.open, gone.changeDetails.open]).toEqual([false, false, false]);
    expect(giverView.attendees.find((a) => a.ticketNumber === kept.registrationNumber)!.ticketUrl).not.toBe('');

    // The order's own link (the confirmation e-mail's) no longer carries the holder's signed QR.
    const orderPage = await t.app.request(
      ticketLinkPath(t.env, reference).replace('/ticket/', '/api/tickets/').replace('#t=', '?t='),
    );
    expect(orderPage.status).toBe(200);
    const shown = (await orderPage.json()) as { tickets: { registrationNumber: string; qrCode: string }[] };
    expect(shown.tickets.map((x) => x.registrationNumber)).toEqual([kept.registrationNumber]);

    // The giver can no longer cancel it for the refund, nor change it, nor transfer it again.
    const cancel = await send('POST', `/api/bookings/attendees/${newNumber}/cancel`, undefined, { cookie: giver });
    expect(cancel.status).toBe(404);
    const change = await send(
      'PUT',
      `/api/bookings/attendees/${newNumber}`,
      { participant: { ...NEW_PERSON, email: 'pair@example.com' } },
      { cookie: giver },
    );
    expect(change.status).toBe(404);
    expect((await rowOf(given.id)).status).toBe('Confirmed');

    // The holder signs in with their own e-mail and sees only their ticket, with its link, and may cancel it.
    const holder = await signIn('holder@example.com');
    const holderView = (await bookings(holder)).body.bookings.find((b) => b.bookingReference === reference)!;
    expect(holderView.attendees.map((a) => a.ticketNumber)).toEqual([newNumber]);
    expect(holderView.attendees[0]!.ticketUrl).toBe(ticketLinkPath(t.env, newNumber));
    expect(holderView.buyer).toEqual({ fullName: 'Priya Nair', email: 'holder@example.com', phone: '' });
    expect(holderView.invoices).toEqual([]);
    const holderCancel = await send('POST', `/api/bookings/attendees/${newNumber}/cancel`, undefined, { cookie: holder });
    expect(holderCancel.status).toBe(200);
    expect((await rowOf(given.id)).status).toBe('Cancelled');
    expect((await rowOf(kept.id)).status).toBe('Confirmed');
  });

  it('is refused at its deadline', async () => {
    await setPolicy({ transfer: { hoursBefore: 24 } });
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'late-giver@example.com' },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EVENT_START - 24 * HOUR - 1);
    const cookie = await signIn('late-giver@example.com');
    vi.setSystemTime(EVENT_START - 24 * HOUR);
    const res = await send(
      'POST',
      `/api/bookings/attendees/${row.registrationNumber}/transfer`,
      { participant: NEW_PERSON },
      { cookie },
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('deadline_passed');
    expect((await rowOf(row.id)).registrationNumber).toBe(row.registrationNumber);
  });
});

describe("the event's policy, as staff set it", () => {
  it('is off for a new event, is stored and read back, and refuses a fee over 100% on its field', async () => {
    const manager = await staffCookie(t, 'manager');
    const created = await t.app.request('/api/admin/events', jsonRequest('POST', anEventInput(), manager));
    const { event } = (await created.json()) as EventResponse;
    expect(event.selfService).toEqual({ cancel: null, transfer: null, changeDetails: null, raceChange: null });
    const policy = { cancel: { daysBefore: 3, feePercent: 10 }, transfer: { hoursBefore: 24 }, changeDetails: null };
    const edited = await t.app.request(
      `/api/admin/events/${event.id}`,
      jsonRequest('PUT', { ...anEventInput(), selfService: policy, updatedAt: event.updatedAt }, manager),
    );
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as EventResponse).event.selfService).toEqual({ ...policy, raceChange: null });
    const refused = await t.app.request(
      `/api/admin/events/${event.id}`,
      jsonRequest(
        'PUT',
        { ...anEventInput(), selfService: { ...policy, cancel: { daysBefore: 3, feePercent: 120 } }, updatedAt: event.updatedAt },
        manager,
      ),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiErrorBody).error.fields).toEqual({
      'selfService.cancel.feePercent': 'Cancellation fee must be at most 100',
    });
  });
});

describe('cancelling a ticket with a refund', () => {
  const cancel = (ticketNumber: string, cookie: string) =>
    send('POST', `/api/bookings/attendees/${ticketNumber}/cancel`, undefined, { cookie });
  const soldOf = async (ticketId: number) =>
    (await t.db.query((db) => db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, ticketId))))[0]!
      .sold;
  const refundsOf = async (orderId: string) => (await t.db.query((db) => orderPaymentsAndRefunds(db, orderId))).refunds;

  it('refunds the price less the fee (the fee rounded down to the paisa), cancels the attendee, frees the seat, mails and audits', async () => {
    await setPolicy({ cancel: { daysBefore: 3, feePercent: 7 } });
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      quantity: 2,
      participant: { email: 'canceller@example.com' },
    });
    const cookie = await signIn('canceller@example.com');
    // ₹499.50 × 7% = ₹34.965: the fee is ₹34.96, the refund ₹464.54.
    const listed = (await bookings(cookie)).body.bookings[0]!.attendees[0]!;
    expect(listed.cancel).toEqual({ open: true, until: new Date(EVENT_START - 72 * HOUR).toISOString() });
    expect(listed.cancelTerms).toEqual({ price: 499.5, fee: 34.96, refund: 464.54 });
    const sold = await soldOf(ids.general);

    const res = await cancel(row.registrationNumber, cookie);
    expect(res.status).toBe(200);
    const [first, second] = ((await res.json()) as MyBookingsResponse).bookings[0]!.attendees;
    expect(first).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'Refunded',
      refunded: 464.54,
      cancel: { open: false, reason: 'cancelled' },
      cancelTerms: null,
    });
    expect(second).toMatchObject({ status: 'Confirmed', cancel: { open: true } });
    expect(await rowOf(row.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refundedPaise: 46_454 });
    const [refund] = await refundsOf(row.orderId!);
    expect(refund).toMatchObject({ amountPaise: 46_454, requestedBy: 'buyer', attendeeIds: [row.id] });
    // Sent to the provider after the commit.
    expect(refund!.status).not.toBe('pending');
    expect(await soldOf(ids.general)).toBe(sold - 1);

    const coordinator = await staffCookie(t, 'coordinator');
    const scan = await t.app.request(
      '/api/admin/registrations/check-in',
      jsonRequest(
        'POST',
        { code: signedTicketCode(t.env, row.registrationNumber, row.eventId), eventId: ids.eventId },
        coordinator,
      ),
    );
    expect(scan.status).not.toBe(200);
    expect(((await scan.json()) as ApiErrorBody).error.message).toBe(CHECK_IN_REFUSALS.refunded);

    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'ticket_cancelled'), eq(emailOutbox.registrationId, row.id))),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('canceller@example.com');
    expect(mails[0]!.text).toContain('₹464.54');
    expect(mails[0]!.text).toContain('₹34.96');
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'buyer_cancel'), eq(auditLog.entityId, String(row.id)))),
    );
    expect(audit).toMatchObject({ actorEmail: 'canceller@example.com' });
    expect(audit!.detail).toMatchObject({ feePaise: 3_496, refundPaise: 46_454, feePercent: 7 });

    // Twice: the second is refused and refunds nothing more.
    const again = await cancel(row.registrationNumber, cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiErrorBody).error.message).toBe('This ticket is cancelled.');
    expect(await refundsOf(row.orderId!)).toHaveLength(1);
  });

  it('gives one refund when the same ticket is cancelled twice at once', async () => {
    await setPolicy({ cancel: { daysBefore: 3, feePercent: 10 } });
    const row = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'double@example.com' } });
    const cookie = await signIn('double@example.com');
    const answers = await Promise.all([cancel(row.registrationNumber, cookie), cancel(row.registrationNumber, cookie)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const given = await refundsOf(row.orderId!);
    expect(given).toHaveLength(1);
    expect(given[0]!.amountPaise).toBe(49_950 - 4_995);
  });

  it('with a 100% fee cancels the attendee and frees the seat with no refund row; the buyer is told no refund is due', async () => {
    await setPolicy({ cancel: { daysBefore: 1, feePercent: 100 } });
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'keepall@example.com' },
    });
    const cookie = await signIn('keepall@example.com');
    const sold = await soldOf(ids.general);
    const res = await cancel(row.registrationNumber, cookie);
    expect(res.status).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Paid', refundedPaise: 0 });
    expect(await refundsOf(row.orderId!)).toHaveLength(0);
    expect(await soldOf(ids.general)).toBe(sold - 1);
    const [mail] = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'ticket_cancelled'), eq(emailOutbox.registrationId, row.id))),
    );
    expect(mail!.text).toContain('no refund is due');
    const coordinator = await staffCookie(t, 'coordinator');
    const scan = await t.app.request(
      '/api/admin/registrations/check-in',
      jsonRequest(
        'POST',
        { code: signedTicketCode(t.env, row.registrationNumber, row.eventId), eventId: ids.eventId },
        coordinator,
      ),
    );
    expect(((await scan.json()) as ApiErrorBody).error.message).toBe(CHECK_IN_REFUSALS.cancelled);
    expect((await cancel(row.registrationNumber, cookie)).status).toBe(409);
  });

  /** A paid order of one General (₹499.50) and one ₹1,500 ticket of a type of its own; its attendees in order. */
  async function twoTicketOrder(email: string) {
    const [dearer] = await t.db.query((db) =>
      db
        .insert(ticketTypes)
        .values({
          eventId: ids.eventId,
          organisationId: organisationOfEvent(ids.eventId),
          name: 'Dearer',
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
        orderBody(ids.eventId, [{ ticketId: ids.general }, { ticketId: dearer!.id }], { participant: { email } }),
      )
    ).json()) as CreateOrderResponse;
    await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
    const rows = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
    );
    return { orderId: created.orderId, general: rows[0]!, dearer: rows[1]! };
  }

  it("still refunds the buyer's other ticket after staff tried to refund more than one attendee paid", async () => {
    // Issue 40: ₹1,999 "for" the ₹499.50 attendee was taken, and the buyer's cancel of the ₹1,500 one answered 500.
    await setPolicy({ cancel: { daysBefore: 3, feePercent: 10 } });
    const order = await twoTicketOrder('over-refund@example.com');
    const manager = await staffCookie(t, 'manager');
    const staff = await t.app.request(
      `/api/admin/orders/${order.orderId}/refunds`,
      jsonRequest('POST', { attendeeIds: [order.general.id], amount: 1999, reason: 'Typed the order total' }, manager),
    );
    expect(staff.status).toBe(400);
    expect(((await staff.json()) as ApiErrorBody).error.fields?.amount).toMatch(/^At most 499.5 rupees/);

    const cookie = await signIn('over-refund@example.com');
    const res = await cancel(order.dearer.registrationNumber, cookie);
    expect(res.status).toBe(200);
    expect(await rowOf(order.dearer.id)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'Refunded',
      refundedPaise: 135_000,
    });
    expect(await rowOf(order.general.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
  });

  it('answers a cancel whose money an older over-large refund already took in plain words, not 500', async () => {
    await setPolicy({ cancel: { daysBefore: 3, feePercent: 10 } });
    const order = await twoTicketOrder('over-refunded-before@example.com');
    // What the platform recorded before refunds were capped: ₹1,999 against the ₹499.50 attendee.
    const at = new Date().toISOString();
    await t.db.transaction(async (tx) => {
      const [old] = await tx
        .insert(refunds)
        .values({
          orderId: order.orderId,
          amountPaise: 199_900,
          status: 'succeeded',
          reason: 'Typed the order total',
          requestedBy: 'system',
          requestedByEmail: 'system',
          nextAttemptAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await tx.insert(refundAttendees).values({ refundId: old!.id, registrationId: order.general.id, sharePaise: 49_950 });
      await tx
        .update(registrations)
        .set({ status: 'Cancelled', paymentStatus: 'Refunded', refundedPaise: 49_950 })
        .where(eq(registrations.id, order.general.id));
    });
    const cookie = await signIn('over-refunded-before@example.com');
    const res = await cancel(order.dearer.registrationNumber, cookie);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error).toEqual({
      code: 'conflict',
      message: "This ticket's money has already been refunded. Please contact the organiser.",
    });
    expect(await rowOf(order.dearer.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
    expect(await refundsOf(order.orderId)).toHaveLength(1);
  });

  it('is open until its deadline and refused at it', async () => {
    await setPolicy({ cancel: { daysBefore: 2, feePercent: 10 } });
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'late-cancel@example.com' },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EVENT_START - 48 * HOUR - 1);
    const cookie = await signIn('late-cancel@example.com');
    expect((await bookings(cookie)).body.bookings[0]!.attendees[0]!.cancel).toMatchObject({ open: true });
    vi.setSystemTime(EVENT_START - 48 * HOUR);
    expect((await bookings(cookie)).body.bookings[0]!.attendees[0]!).toMatchObject({
      cancel: { open: false, reason: 'closed' },
      cancelTerms: null,
    });
    const res = await cancel(row.registrationNumber, cookie);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('deadline_passed');
    expect(await rowOf(row.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
    expect(await refundsOf(row.orderId!)).toHaveLength(0);
  });

  it("is refused when the event does not allow it, and another e-mail's ticket answers as an unknown one", async () => {
    await setPolicy({ transfer: { hoursBefore: 24 } });
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'nocancel@example.com' },
    });
    const cookie = await signIn('nocancel@example.com');
    const refused = await cancel(row.registrationNumber, cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe('not_allowed');

    await setPolicy({ cancel: { daysBefore: 1, feePercent: 0 } });
    const stranger = await signIn(
      (await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'stranger@example.com' } })).email,
    );
    const theirs = await cancel(row.registrationNumber, stranger);
    const unknown = await cancel('REGNOSUCH0001', stranger);
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    expect(await rowOf(row.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
    expect(await refundsOf(row.orderId!)).toHaveLength(0);
    await setPolicy({});
  });
});
