// Race swaps and deferrals from My bookings (issue 43, decision 071), on both engines: the event's
// policy as staff set it, a move to a cheaper race (a refund of the difference less the fee), a
// deferral (a credit with the organiser), and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiErrorBody, EventResponse, MyBookingsResponse, RaceChangePolicy } from '../contract';
import { auditLog, buyerCredits, checkIns, emailOutbox, events, registrations, ticketTypes } from '../db/schema';
import { EMAIL_KINDS } from '../mail/kinds';
import { orderPaymentsAndRefunds } from '../services/refunds';
import { countSeats } from '../services/inventory';
import {
  buyerSession,
  buyTicket,
  createCheckoutTestApp,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { anEventInput } from '../testing/catalogue';
import { jsonRequest } from '../testing/staff-session';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

const OPEN: RaceChangePolicy = { swap: true, defer: true, until: '2030-01-10T23:59', feePaise: 5_000 };

/** A fresh event of its own (VIP ₹1,500, General ₹499.50, Community Pass free), with this race-change policy. */
async function raceEvent(raceChange: RaceChangePolicy | null, options: { vipQuantity?: number } = {}) {
  const ids = await seedCheckoutEvent(t, { title: 'Swap Run', ...options });
  await t.db.query((db) => db.update(events).set({ selfService: { raceChange } }).where(eq(events.id, ids.eventId)));
  return ids;
}

let buyers = 0;
async function bought(eventId: number, ticketId: number) {
  const email = `racer${buyers++}-${Date.now()}@example.com`;
  const row = await buyTicket(t, { eventId, ticketId, participant: { email } });
  return { row, email, cookie: await buyerSession(t, email) };
}

const swap = (ticketNumber: string, ticketTypeId: number, cookie: string) =>
  postJson(t, `/api/bookings/attendees/${ticketNumber}/swap`, { ticketTypeId }, { cookie });
const defer = (ticketNumber: string, cookie: string) =>
  postJson(t, `/api/bookings/attendees/${ticketNumber}/defer`, {}, { cookie });
const list = async (cookie: string) =>
  (await (await t.app.request('/api/bookings', { headers: { cookie } })).json()) as MyBookingsResponse;
const rowOf = async (id: number) =>
  (await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, id))))[0]!;
const soldOf = async (id: number) =>
  (await t.db.query((db) => db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, id))))[0]!.sold;
const refundsOf = async (orderId: string) => (await t.db.query((db) => orderPaymentsAndRefunds(db, orderId))).refunds;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;
/** The cached seat counts agree with the recount from the rows (decision 036). */
async function seatsAgree(eventId: number, ids: number[]) {
  const counted = await t.db.query((db) => countSeats(db, eventId));
  for (const id of ids) expect((await soldOf(id)) === counted.get(id)!.sold).toBe(true);
}
const mailsOf = async (kind: string, id: number) =>
  t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.registrationId, id))),
  );
const auditOf = async (action: string, id: number) =>
  t.db.query((db) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id)))),
  );

describe('the race-change policy, as staff set it', () => {
  it('is stored and read back with the fee in paise, and refuses a bad deadline and a policy allowing nothing', async () => {
    const manager = await staffCookie(t, 'manager');
    const created = await t.app.request('/api/admin/events', jsonRequest('POST', anEventInput(), manager));
    const { event } = (await created.json()) as EventResponse;
    const policy = { cancel: null, transfer: null, changeDetails: null, raceChange: OPEN };
    const edited = await t.app.request(
      `/api/admin/events/${event.id}`,
      jsonRequest('PUT', { ...anEventInput(), selfService: policy, updatedAt: event.updatedAt }, manager),
    );
    expect(edited.status).toBe(200);
    const saved = (await edited.json()) as EventResponse;
    expect(saved.event.selfService).toEqual(policy);
    const refused = await t.app.request(
      `/api/admin/events/${event.id}`,
      jsonRequest(
        'PUT',
        {
          ...anEventInput(),
          selfService: { ...policy, raceChange: { swap: false, defer: false, until: '10 Jan 2030', feePaise: -1 } },
          updatedAt: saved.event.updatedAt,
        },
        manager,
      ),
    );
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toMatchObject({
      'selfService.raceChange.until': 'Race changes until must be a date and time',
      'selfService.raceChange.feePaise': 'Race change fee cannot be negative',
    });
  });
});

describe('moving to a cheaper race', () => {
  it('lists the other races on sale with their cost, moves at once, refunds the difference less the fee once, moves the seat and audits', async () => {
    const ids = await raceEvent(OPEN);
    const { row, email, cookie } = await bought(ids.eventId, ids.vip);
    const [attendee] = (await list(cookie)).bookings[0]!.attendees;
    expect(attendee!.raceChange).toMatchObject({ swap: { open: true }, defer: { open: true }, fee: 50, credit: 1450 });
    // Not the race it holds, not one not on sale, not another event's.
    expect(attendee!.raceChange!.options).toEqual([
      { ticketTypeId: ids.general, name: 'General', price: 499.5, pay: 0, refund: 950.5 },
      { ticketTypeId: ids.free, name: 'Community Pass', price: 0, pay: 0, refund: 1450 },
    ]);
    const [vipSold, generalSold] = [await soldOf(ids.vip), await soldOf(ids.general)];

    const res = await swap(row.registrationNumber, ids.general, cookie);
    expect(res.status).toBe(200);
    const moved = ((await res.json()) as MyBookingsResponse).bookings[0]!.attendees[0]!;
    expect(moved).toMatchObject({ ticketName: 'General', status: 'Confirmed', paymentStatus: 'Paid', refunded: 950.5 });
    expect(await rowOf(row.id)).toMatchObject({ ticketId: ids.general, paymentStatus: 'Paid', refundedPaise: 95_050 });
    const given = await refundsOf(row.orderId!);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ amountPaise: 95_050, requestedBy: 'buyer', attendeeIds: [row.id] });
    expect([await soldOf(ids.vip), await soldOf(ids.general)]).toEqual([vipSold - 1, generalSold + 1]);
    await seatsAgree(ids.eventId, [ids.vip, ids.general]);
    const [audit] = await auditOf('buyer_race_swap', row.id);
    expect(audit).toMatchObject({ actorEmail: email });
    expect(audit!.detail).toMatchObject({
      feePaise: 5_000,
      refundPaise: 95_050,
      from: { name: 'VIP Pass' },
      to: { name: 'General' },
    });

    // Cancelling it later refunds at most what is still paid for it (₹1,500 less the ₹950.50 given
    // back: the General price and the swap fee), less the cancellation fee: never more than was paid.
    await t.db.query((db) =>
      db
        .update(events)
        .set({ selfService: { raceChange: OPEN, cancel: { daysBefore: 1, feePercent: 0 } } })
        .where(eq(events.id, ids.eventId)),
    );
    expect((await list(cookie)).bookings[0]!.attendees[0]!.cancelTerms).toEqual({ price: 549.5, fee: 0, refund: 549.5 });
  });

  it("takes a new bib from the new race's range and lets the old one go", async () => {
    const ids = await raceEvent(OPEN);
    await t.db.query(async (db) => {
      await db.update(ticketTypes).set({ bibFrom: 100, bibTo: 199 }).where(eq(ticketTypes.id, ids.vip));
      await db.update(ticketTypes).set({ bibFrom: 500, bibTo: 599 }).where(eq(ticketTypes.id, ids.general));
    });
    const { row, cookie } = await bought(ids.eventId, ids.vip);
    expect(row.bib).toBe(100);
    expect((await swap(row.registrationNumber, ids.general, cookie)).status).toBe(200);
    expect((await rowOf(row.id)).bib).toBe(500);
    // The next VIP entry gets the number let go.
    const next = await bought(ids.eventId, ids.vip);
    expect(next.row.bib).toBe(100);
  });

  it('moves once when two tabs ask at the same moment: one refund', async () => {
    const ids = await raceEvent(OPEN);
    const { row, cookie } = await bought(ids.eventId, ids.vip);
    const answers = await Promise.all([
      swap(row.registrationNumber, ids.general, cookie),
      swap(row.registrationNumber, ids.general, cookie),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(row.orderId!)).toHaveLength(1);
    await seatsAgree(ids.eventId, [ids.vip, ids.general]);
  });
});

describe('deferring to the next edition', () => {
  it('cancels the attendee, frees the seat, records a credit less the fee shown in My bookings, and audits', async () => {
    const ids = await raceEvent(OPEN);
    const { row, email, cookie } = await bought(ids.eventId, ids.general);
    const sold = await soldOf(ids.general);
    const res = await defer(row.registrationNumber, cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as MyBookingsResponse;
    expect(body.bookings[0]!.attendees[0]).toMatchObject({ status: 'Cancelled', paymentStatus: 'Paid' });
    expect(body.credits).toEqual([expect.objectContaining({ amount: 449.5 })]);
    expect(body.credits![0]!.organiserName).not.toBe('');
    expect(await rowOf(row.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Paid' });
    expect(await soldOf(ids.general)).toBe(sold - 1);
    await seatsAgree(ids.eventId, [ids.general]);
    const credits = await t.db.query((db) => db.select().from(buyerCredits).where(eq(buyerCredits.registrationId, row.id)));
    expect(credits).toMatchObject([{ email, amountPaise: 44_950, usedAt: null }]);
    expect(await refundsOf(row.orderId!)).toHaveLength(0);
    const [audit] = await auditOf('buyer_defer', row.id);
    expect(audit!.detail).toMatchObject({ feePaise: 5_000, creditPaise: 44_950 });
    const [mail] = await mailsOf(EMAIL_KINDS.ticketDeferred, row.id);
    expect(mail!.to).toBe(email);
    expect(mail!.text).toContain(`You have a credit of ₹449.50 with ${body.credits![0]!.organiserName}`);

    const again = await defer(row.registrationNumber, cookie);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('This ticket is cancelled.');
  });
});

describe('refusals', () => {
  it('refuses after the deadline, when not allowed, and to the same race, changing nothing', async () => {
    const ids = await raceEvent({ ...OPEN, until: '2026-01-01T00:00' });
    const { row, cookie } = await bought(ids.eventId, ids.vip);
    expect((await list(cookie)).bookings[0]!.attendees[0]!.raceChange).toMatchObject({
      swap: { open: false, reason: 'closed' },
      options: [],
      credit: null,
    });
    const late = await swap(row.registrationNumber, ids.general, cookie);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatchObject({ code: 'deadline_passed' });
    expect((await defer(row.registrationNumber, cookie)).status).toBe(409);

    await t.db.query((db) =>
      db
        .update(events)
        .set({ selfService: { raceChange: { ...OPEN, swap: false } } })
        .where(eq(events.id, ids.eventId)),
    );
    const off = await swap(row.registrationNumber, ids.general, cookie);
    expect(off.status).toBe(403);
    expect(await errorOf(off)).toMatchObject({ code: 'not_allowed' });

    await t.db.query((db) =>
      db
        .update(events)
        .set({ selfService: { raceChange: OPEN } })
        .where(eq(events.id, ids.eventId)),
    );
    const same = await swap(row.registrationNumber, ids.vip, cookie);
    expect(same.status).toBe(409);
    expect((await errorOf(same)).message).toBe('This ticket is already for that race.');
    expect(await rowOf(row.id)).toMatchObject({ ticketId: ids.vip, status: 'Confirmed' });
  });

  it("refuses a sold-out race, another event's race, and a dearer race (no payment path yet), changing nothing", async () => {
    const ids = await raceEvent(OPEN);
    const { row, cookie } = await bought(ids.eventId, ids.vip);
    await t.db.query((db) => db.update(ticketTypes).set({ quantity: 0 }).where(eq(ticketTypes.id, ids.free)));
    expect((await list(cookie)).bookings[0]!.attendees[0]!.raceChange!.options.map((o) => o.name)).toEqual(['General']);
    const full = await swap(row.registrationNumber, ids.free, cookie);
    expect(full.status).toBe(409);
    expect(await errorOf(full)).toMatchObject({ code: 'sold_out', message: 'That race has no places left.' });

    const elsewhere = await swap(row.registrationNumber, ids.otherEvents, cookie);
    expect(elsewhere.status).toBe(400);
    expect(await errorOf(elsewhere)).toMatchObject({ code: 'validation_error' });

    const cheap = await bought(ids.eventId, ids.general);
    const dearer = await swap(cheap.row.registrationNumber, ids.vip, cheap.cookie);
    expect(dearer.status).toBe(409);
    expect((await errorOf(dearer)).message).toMatch(/needs a payment/);
    expect(await rowOf(cheap.row.id)).toMatchObject({ ticketId: ids.general });
    expect(await rowOf(row.id)).toMatchObject({ ticketId: ids.vip, refundedPaise: 0 });
    expect(await refundsOf(row.orderId!)).toHaveLength(0);
    await seatsAgree(ids.eventId, [ids.vip, ids.general, ids.free]);
  });

  it('refuses a race the attendee may not enter (age on the event day), on its field', async () => {
    const ids = await raceEvent(OPEN);
    // Born in 1995: 34 on 15 January 2030.
    await t.db.query((db) => db.update(ticketTypes).set({ minAge: 40 }).where(eq(ticketTypes.id, ids.general)));
    const { row, cookie } = await bought(ids.eventId, ids.vip);
    const young = await swap(row.registrationNumber, ids.general, cookie);
    expect(young.status).toBe(400);
    expect((await errorOf(young)).fields).toEqual({
      'participant.dateOfBirth': 'Participants in General must be 40 or older on 15 January 2030',
    });
    expect(await rowOf(row.id)).toMatchObject({ ticketId: ids.vip });
  });

  it('refuses a checked-in attendee and a refunded one', async () => {
    const ids = await raceEvent(OPEN);
    const { row, cookie } = await bought(ids.eventId, ids.vip);
    // Admitted at the gate (the event is years away, so the row is written as the gate writes it).
    await t.db.query((db) =>
      db.insert(checkIns).values({
        registrationId: row.id,
        list: 'entry',
        staffEmail: 'gate@example.com',
        via: 'online',
        checkedInAt: new Date().toISOString(),
      }),
    );
    const checkedIn = await swap(row.registrationNumber, ids.general, cookie);
    expect(checkedIn.status).toBe(409);
    expect(await errorOf(checkedIn)).toMatchObject({ code: 'deadline_passed', message: 'This attendee has already checked in.' });
    expect((await defer(row.registrationNumber, cookie)).status).toBe(409);

    await t.db.query((db) =>
      db
        .update(events)
        .set({ selfService: { raceChange: OPEN, cancel: { daysBefore: 1, feePercent: 0 } } })
        .where(eq(events.id, ids.eventId)),
    );
    const other = await bought(ids.eventId, ids.vip);
    const cancelled = await postJson(
      t,
      `/api/bookings/attendees/${other.row.registrationNumber}/cancel`,
      {},
      { cookie: other.cookie },
    );
    expect(cancelled.status).toBe(200);
    const refunded = await swap(other.row.registrationNumber, ids.general, other.cookie);
    expect(refunded.status).toBe(409);
    expect((await errorOf(refunded)).message).toBe('This ticket is cancelled.');
    expect((await defer(other.row.registrationNumber, other.cookie)).status).toBe(409);
    expect(await refundsOf(other.row.orderId!)).toHaveLength(1);
  });
});
