// Postponing an event (issue 24, decision 025) through the real app: the event moves to its new date
// and keeps where it was, each paid order's buyer gets one e-mail in their language with the refund
// deadline and My bookings, and in My bookings cancelling is a full refund until that deadline
// whatever the event's own policy, then the policy again. Bad input is refused, managers only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse, EventInput, MyBookingsResponse, PostponeEventResponse } from '../contract';
import { auditLog, emailOutbox, events, refunds, registrations } from '../db/schema';
import { checkIn } from '../services/check-in';
import { signedTicketCode } from '../services/ticket-codes';
import { ticketLinkPath } from '../signing/ticket-links';
import {
  buyerSession,
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { anEventInput } from '../testing/catalogue';
import { jsonRequest } from '../testing/staff-session';
import { testOrganisationId } from '../testing/organisations';

let t: CheckoutTestApp;
let manager: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => {
  vi.useRealTimers();
  return t.close();
});

let buyers = 0;
let address = 0;
function send(method: string, path: string, body?: unknown, cookie?: string) {
  const init = jsonRequest(method, body, cookie);
  init.headers = {
    ...(init.headers as Record<string, string>),
    'x-forwarded-for': `172.20.${(address >> 8) & 255}.${address++ & 255}`,
  };
  return t.app.request(path, init);
}

async function paidOrder(eventId: number, ticketId: number, language: 'en' | 'hi' | 'mr' = 'en') {
  const email = `postpone-buyer-${++buyers}@example.com`;
  const created = (await (
    await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(eventId, [{ ticketId, quantity: 1 }], { buyer: { email }, language }),
    )
  ).json()) as CreateOrderResponse;
  expect((await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' })).status).toBe(200);
  return { orderId: created.orderId, email };
}

async function postpone(eventId: number, body: unknown, cookie = manager) {
  const res = await send('POST', `/api/admin/events/${eventId}/postpone`, body, cookie);
  return { status: res.status, body: (await res.json()) as PostponeEventResponse & ApiErrorBody };
}

const mailsTo = (email: string, kind: string) =>
  t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, kind)))
      .orderBy(desc(emailOutbox.id)),
  );

describe('postponing an event', () => {
  it('moves the event, keeps its old date, e-mails each buyer once in their language and audits it', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Monsoon Postponed Run' });
    const english = await paidOrder(ids.eventId, ids.general);
    const hindi = await paidOrder(ids.eventId, ids.vip, 'hi');

    const { status, body } = await postpone(ids.eventId, {
      date: '2030-02-20',
      time: '07:15',
      refundUntil: '2030-02-10',
      reason: 'Heavy rain warning for the week',
    });
    expect(status).toBe(200);
    expect(body.buyersNotified).toBe(2);
    expect(body.postponement).toMatchObject({ previousDate: '2030-01-15', previousTime: '06:30', refundUntil: '2030-02-10' });

    const [event] = await t.db.query((db) => db.select().from(events).where(eq(events.id, ids.eventId)));
    expect([event!.date, event!.time]).toEqual(['2030-02-20', '07:15']);
    const publicEvent = (await (await send('GET', `/api/events/${ids.eventId}`)).json()) as {
      event: { date: string; postponement: { previousDate: string; refundUntil: string } };
    };
    expect(publicEvent.event.date).toBe('2030-02-20');
    expect(publicEvent.event.postponement).toMatchObject({ previousDate: '2030-01-15', refundUntil: '2030-02-10' });

    const [mail] = await mailsTo(english.email, 'event_postponed');
    expect(mail!.subject).toContain('Monsoon Postponed Run has a new date');
    expect(mail!.text).toContain('Heavy rain warning for the week');
    expect(mail!.text).toContain('/bookings');
    expect(mail!.text).toMatch(/10 February 2030/);
    const [hindiMail] = await mailsTo(hindi.email, 'event_postponed');
    expect(hindiMail!.subject).toContain('की नई तारीख');
    expect(await mailsTo(english.email, 'event_postponed')).toHaveLength(1);

    const [entry] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'postpone'), eq(auditLog.entityId, String(ids.eventId)))),
    );
    expect(entry!.detail).toMatchObject({ date: { from: '2030-01-15', to: '2030-02-20' }, buyersNotified: 2 });
  });

  it("gives every attendee the new date: the gate admits on it and not on the old one, online and offline; the ticket, its .ics, My bookings and staff's lists show it", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Rain-Delayed Half Marathon' });
    const buyer = await paidOrder(ids.eventId, ids.general);
    expect(
      (await postpone(ids.eventId, { date: '2030-03-20', time: '06:00', refundUntil: '2030-03-01', reason: 'Monsoon' })).status,
    ).toBe(200);
    const [attendee] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.eventId, ids.eventId)));
    const code = signedTicketCode(t.env, attendee!.registrationNumber, ids.eventId);

    // The online gate, as staff scan it on each day (India time).
    const scanOn = (day: string) =>
      t.db.transaction(async (tx) =>
        checkIn(
          tx,
          t.env,
          await testOrganisationId(tx),
          { code, eventId: ids.eventId },
          'gate@example.com',
          new Date(`${day}T01:30:00Z`),
        ),
      );
    const onOldDay = await scanOn('2030-01-15');
    expect(onOldDay).toEqual({ kind: 'refuse', reason: 'This event is not today' });
    const onNewDay = await scanOn('2030-03-20');
    expect(onNewDay.kind).toBe('admit');

    // The offline gate judges by the list it downloaded: the event's new date.
    const coordinator = await staffCookie(t, 'coordinator');
    const list = (await (
      await send('GET', `/api/admin/registrations/check-in/list?eventId=${ids.eventId}`, undefined, coordinator)
    ).json()) as {
      eventDate: string;
    };
    expect(list.eventDate).toBe('2030-03-20');

    // The ticket page and its calendar file, from the e-mailed link.
    const link = ticketLinkPath(t.env, attendee!.registrationNumber);
    const token = new URLSearchParams(new URL(link, 'http://x').hash.slice(1)).get('t')!;
    const page = (await (await send('GET', `/api/tickets/${attendee!.registrationNumber}?t=${token}`)).json()) as {
      tickets: { eventDate: string; eventTime: string }[];
    };
    expect(page.tickets.map((ticket) => [ticket.eventDate, ticket.eventTime])).toEqual([['2030-03-20', '06:00']]);
    const ics = await (await send('GET', `/api/tickets/${attendee!.registrationNumber}/calendar.ics?t=${token}`)).text();
    expect(ics).toContain('DTSTART:20300320T003000Z');

    // My bookings and the staff's registration view.
    const session = await buyerSession(t, buyer.email);
    const mine = (await (await send('GET', '/api/bookings', undefined, session)).json()) as MyBookingsResponse;
    expect(mine.bookings.map((b) => [b.eventDate, b.eventTime])).toEqual([['2030-03-20', '06:00']]);
    const staff = (await (await send('GET', `/api/admin/registrations/${attendee!.id}`, undefined, manager)).json()) as {
      registration: { eventDate: string; eventTime: string };
    };
    expect([staff.registration.eventDate, staff.registration.eventTime]).toEqual(['2030-03-20', '06:00']);
  });

  it('is the only way to move race day: an edit of the date or time of an event with paid attendees is refused with a pointer to it', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Edited Ghat Run' });
    await paidOrder(ids.eventId, ids.general);
    const updatedAt = async () =>
      (await t.db.query((db) => db.select().from(events).where(eq(events.id, ids.eventId))))[0]!.updatedAt;
    const edit = async (changes: Partial<EventInput>) =>
      send(
        'PUT',
        `/api/admin/events/${ids.eventId}`,
        {
          ...anEventInput({ title: 'Edited Ghat Run', date: '2030-01-15', time: '06:30', status: 'Active', ...changes }),
          updatedAt: await updatedAt(),
        },
        manager,
      );
    const moved = await edit({ date: '2030-01-22' });
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as ApiErrorBody).error.message).toBe(
      'This event has paid attendees: use Postpone to change its date or time, so that they are told and may cancel for a refund',
    );
    expect((await edit({ time: '07:00' })).status).toBe(409);
    const [event] = await t.db.query((db) => db.select().from(events).where(eq(events.id, ids.eventId)));
    expect([event!.date, event!.time]).toEqual(['2030-01-15', '06:30']);
    // Anything else is edited as before; an event nobody paid for moves freely.
    expect((await edit({ title: 'Edited Ghat Run 2026' })).status).toBe(200);
    const empty = await seedCheckoutEvent(t, { title: 'Unsold Ghat Run' });
    const [unsold] = await t.db.query((db) => db.select().from(events).where(eq(events.id, empty.eventId)));
    const free = await send(
      'PUT',
      `/api/admin/events/${empty.eventId}`,
      { ...anEventInput({ title: 'Unsold Ghat Run', date: '2030-01-22', status: 'Active' }), updatedAt: unsold!.updatedAt },
      manager,
    );
    expect(free.status).toBe(200);
  });

  it('refuses a date not later than now and the present one, a deadline after the new date, and a cancelled event', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Refused Postponement' });
    const base = { date: '2030-02-20', time: '07:00', refundUntil: '2030-02-10', reason: 'Venue flooded' };
    const earlier = await postpone(ids.eventId, { ...base, date: '2030-01-10', refundUntil: '2030-01-05' });
    expect(earlier.status).toBe(400);
    expect(earlier.body.error.fields?.date).toBe('The new date and time must be later than the present ones');
    const past = await postpone(ids.eventId, { ...base, date: '2020-01-10', refundUntil: '2020-01-05' });
    expect(past.body.error.fields?.date).toBe('The new date must be after today');
    const late = await postpone(ids.eventId, { ...base, refundUntil: '2030-02-21' });
    expect(late.status).toBe(400);
    expect(late.body.error.fields?.refundUntil).toBe('The refund deadline must be before the new date');
    const noReason = await postpone(ids.eventId, { ...base, reason: ' ' });
    expect(noReason.body.error.fields?.reason).toBe('A reason is required');

    await t.db.query((db) => db.update(events).set({ status: 'Cancelled' }).where(eq(events.id, ids.eventId)));
    const cancelled = await postpone(ids.eventId, base);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toBe('A cancelled event cannot be postponed');
    const [event] = await t.db.query((db) => db.select().from(events).where(eq(events.id, ids.eventId)));
    expect(event!.date).toBe('2030-01-15');
  });

  it('is for managers: a coordinator is refused and nothing moves', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Coordinator Postponement' });
    const coordinator = await staffCookie(t, 'coordinator');
    const res = await postpone(
      ids.eventId,
      { date: '2030-02-20', time: '07:00', refundUntil: '2030-02-10', reason: 'Rain' },
      coordinator,
    );
    expect(res.status).toBe(403);
    const [event] = await t.db.query((db) => db.select().from(events).where(eq(events.id, ids.eventId)));
    expect(event!.date).toBe('2030-01-15');
  });

  it('lets a buyer cancel in My bookings for a full refund until the deadline, though the event allows no cancelling', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Refund Window Run' });
    const buyer = await paidOrder(ids.eventId, ids.general);
    // The event's own policy allows nothing after the sale.
    await t.db.query((db) => db.update(events).set({ selfService: {} }).where(eq(events.id, ids.eventId)));
    const cookie = await buyerSession(t, buyer.email);
    const before = (await (await send('GET', '/api/bookings', undefined, cookie)).json()) as MyBookingsResponse;
    expect(before.bookings[0]!.attendees[0]!.cancel).toEqual({ open: false, reason: 'not_allowed' });

    const tomorrow = new Date(Date.now() + 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
    expect(
      (await postpone(ids.eventId, { date: '2030-02-20', time: '07:00', refundUntil: tomorrow, reason: 'Rain' })).status,
    ).toBe(200);

    const after = (await (await send('GET', '/api/bookings', undefined, cookie)).json()) as MyBookingsResponse;
    const attendee = after.bookings[0]!.attendees[0]!;
    expect(attendee.cancel.open).toBe(true);
    expect(attendee.cancelTerms).toEqual({ price: 499.5, fee: 0, refund: 499.5 });
    expect(after.bookings[0]!.cancellation).toMatchObject({ feePercent: 0, until: `${tomorrow}T18:29:59.999Z` });

    const cancelled = await send('POST', `/api/bookings/attendees/${attendee.ticketNumber}/cancel`, {}, cookie);
    expect(cancelled.status).toBe(200);
    const [refund] = await t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, buyer.orderId)));
    expect(refund!.amountPaise).toBe(49_950);
    expect(refund!.reason).toBe('Cancelled by the buyer after the event was postponed (full refund)');
  });

  it('closes the full refund after the deadline: the event policy applies again', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Closed Window Run' });
    const buyer = await paidOrder(ids.eventId, ids.general);
    await t.db.query((db) => db.update(events).set({ selfService: {} }).where(eq(events.id, ids.eventId)));
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await postpone(ids.eventId, { date: '2030-02-20', time: '07:00', refundUntil: today, reason: 'Rain' })).status).toBe(
      200,
    );
    // Two days on, the deadline has passed.
    vi.useFakeTimers({ now: Date.now() + 2 * 86_400_000, toFake: ['Date'] });
    const cookie = await buyerSession(t, buyer.email);
    const after = (await (await send('GET', '/api/bookings', undefined, cookie)).json()) as MyBookingsResponse;
    vi.useRealTimers();
    expect(after.bookings[0]!.attendees[0]!.cancel).toEqual({ open: false, reason: 'not_allowed' });
  });
});
