// The waiting list (decision 024) through the API, on whichever engine the run uses: joining a
// sold-out type, offers when seats free (a lapsed hold, a cancelled attendee, staff raising a
// quantity), offers lapsing to the next entry under a controlled clock, an offer used by its own
// order only once, staff's list, and the event's end. Every test builds its own event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse, WaitingListResponse } from '../contract';
import { emailOutbox, events, orders, ticketTypes, waitingListEntries, waitingRooms } from '../db/schema';
import {
  confirmWaitingListEmail,
  createCheckoutTestApp,
  holderCookie,
  orderBody,
  postJson,
  seedCheckoutEvent,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { offerSweepTurn } from '../jobs/scheduler';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { releaseHold } from './holds';
import { expireOffers, releaseSoldSeat } from './inventory';
import { createCheckoutOrder } from './checkout';
import { endWaitingListForEvent, JOINS_PER_ADDRESS, queueOfferEmails } from './waiting-list';
import { indiaWallClock } from './india-time';
import { admitTurn, saveWaitingRoom } from './waiting-room';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** An event whose VIP type (of `seats`) is sold out; its ids. */
async function soldOutEvent(seats = 2, title = 'Sold out run') {
  const ids = await seedCheckoutEvent(t, { vipQuantity: seats, title });
  await t.db.query((db) => db.update(ticketTypes).set({ sold: seats }).where(eq(ticketTypes.id, ids.vip)));
  return ids;
}

const joinBody = (ticketId: number, email: string, quantity = 1, extra: Record<string, unknown> = {}) => ({
  ticketId,
  fullName: `Waiter ${email.split('@')[0]}`,
  email,
  phone: '98200 12345',
  quantity,
  ...extra,
});

/** Joins and confirms the e-mail from the mailed link (issue 40), as the owner of the address would. */
async function join(eventId: number, body: Record<string, unknown>) {
  const res = await joinUnconfirmed(eventId, body);
  if (res.status === 200) expect((await confirmWaitingListEmail(t, String(body.email))).status).toBe(200);
  return res;
}

const joinUnconfirmed = (eventId: number, body: Record<string, unknown>) =>
  postJson(t, `/api/events/${eventId}/waiting-list`, body);

const entryOf = async (ticketId: number, email: string) =>
  (
    await t.db.query((db) =>
      db
        .select()
        .from(waitingListEntries)
        .where(and(eq(waitingListEntries.ticketTypeId, ticketId), eq(waitingListEntries.email, email))),
    )
  )[0]!;

/** An unpaid order holding `quantity` VIP seats (made while they were free). */
async function holdOrder(eventId: number, ticketId: number, email: string, quantity = 1) {
  const res = await postJson(t, '/api/cashfree/create-order', orderBody(eventId, [{ ticketId, quantity }], { buyer: { email } }));
  expect(res.status).toBe(201);
  return ((await res.json()) as CreateOrderResponse).orderId;
}

describe('joining', () => {
  it("refuses more than the type's maximum per order, which one order could not book (decision 027)", async () => {
    const ids = await soldOutEvent(2, 'Per order wait');
    await t.db.query((db) => db.update(ticketTypes).set({ maxPerOrder: 3 }).where(eq(ticketTypes.id, ids.vip)));
    const refused = await join(ids.eventId, joinBody(ids.vip, 'many@example.com', 4));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiErrorBody).error).toMatchObject({
      code: 'validation_error',
      fields: { quantity: 'At most 3 "VIP Pass" tickets per order' },
    });
    expect((await join(ids.eventId, joinBody(ids.vip, 'three@example.com', 3))).status).toBe(200);
  });

  it('puts a buyer on the list of a sold-out type with their place, the same answer for a repeat, and e-mails them', async () => {
    const ids = await soldOutEvent(2, 'Join run');
    const first = await join(ids.eventId, joinBody(ids.vip, 'first@example.com', 2, { language: 'hi' }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ticketId: ids.vip, ticketName: 'VIP Pass', quantity: 2, place: 1, confirmed: false });
    const second = await join(ids.eventId, joinBody(ids.vip, 'Second@Example.com', 1));
    expect(await second.json()).toEqual({ ticketId: ids.vip, ticketName: 'VIP Pass', quantity: 1, place: 2, confirmed: false });
    // A repeat of a confirmed entry updates it and keeps its place.
    const again = await join(ids.eventId, joinBody(ids.vip, 'FIRST@example.com', 3, { language: 'hi' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ticketId: ids.vip, ticketName: 'VIP Pass', quantity: 3, place: 1, confirmed: true });
    const entry = await entryOf(ids.vip, 'first@example.com');
    expect([entry.quantity, entry.phone, entry.status, entry.language]).toEqual([3, '+919820012345', 'waiting', 'hi']);
    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, 'first@example.com'), eq(emailOutbox.kind, 'waiting_list_joined'))),
    );
    expect(mails).toHaveLength(2);
    // First the link that confirms the address, then (confirmed) the place.
    expect(mails[0]!.subject).toBe('Join run की प्रतीक्षा सूची के लिए अपना ई-मेल पक्का करें');
    expect(mails[1]!.subject).toBe('आप Join run की प्रतीक्षा सूची में हैं');
    expect(mails[1]!.text).toContain('1');
  });

  it('counts a place only once its e-mail is confirmed (issue 40): an unconfirmed entry is offered nothing, and an address is mailed at most 3 links an hour', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 1, title: 'Confirm first' });
    const orderId = await holdOrder(ids.eventId, ids.vip, 'confirm-holder@example.com', 1);
    // A stranger puts someone else's address at the head of the line, four times.
    for (let i = 0; i < 4; i++) {
      const res = await joinUnconfirmed(ids.eventId, joinBody(ids.vip, 'victim@example.com', 1));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { confirmed: boolean }).confirmed).toBe(false);
    }
    expect((await join(ids.eventId, joinBody(ids.vip, 'real@example.com', 1))).status).toBe(200);
    const mailsToVictim = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, 'victim@example.com'), eq(emailOutbox.kind, 'waiting_list_joined'))),
    );
    expect(mailsToVictim).toHaveLength(3);
    // The freed seat goes to the confirmed entry, though the unconfirmed one joined first.
    await t.db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED', new Date()));
    expect((await entryOf(ids.vip, 'victim@example.com')).status).toBe('waiting');
    expect((await entryOf(ids.vip, 'real@example.com')).status).toBe('offered');
    const manager = await staffCookie(t, 'manager');
    const list = (await (
      await t.app.request(`/api/admin/tickets/${ids.vip}/waiting-list`, jsonRequest('GET', undefined, manager))
    ).json()) as WaitingListResponse;
    expect(list.entries.map((e) => e.email)).toEqual(['real@example.com']);
    // A forged link confirms nothing; the real one takes the place after those confirmed before it.
    const victim = await entryOf(ids.vip, 'victim@example.com');
    const forged = await postJson(t, `/api/events/${ids.eventId}/waiting-list/confirm`, {
      token: `${victim.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.status).toBe(400);
    const confirmed = await confirmWaitingListEmail(t, 'victim@example.com');
    expect(await confirmed.json()).toMatchObject({ place: 2, confirmed: true });
  });

  it('refuses a type that is not sold out (buy instead), too many, a bad phone or e-mail, and an unknown ticket', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 5, title: 'Still on sale' });
    const onSale = await join(ids.eventId, joinBody(ids.vip, 'early@example.com'));
    expect(onSale.status).toBe(409);
    const body = (await onSale.json()) as ApiErrorBody;
    expect(body.error.message).toBe('"VIP Pass" is not sold out: 5 tickets are still on sale. Buy them instead.');
    await t.db.query((db) => db.update(ticketTypes).set({ sold: 5 }).where(eq(ticketTypes.id, ids.vip)));
    const tooMany = await join(ids.eventId, joinBody(ids.vip, 'many@example.com', 11));
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as ApiErrorBody).error.fields).toEqual({ quantity: 'Choose from 1 to 10 tickets' });
    const badPhone = await join(ids.eventId, { ...joinBody(ids.vip, 'phone@example.com'), phone: '12345' });
    expect(((await badPhone.json()) as ApiErrorBody).error.fields).toEqual({
      phone: 'Enter an Indian phone number, like 98765 43210',
    });
    const badEmail = await join(ids.eventId, joinBody(ids.vip, 'not-an-email'));
    expect(((await badEmail.json()) as ApiErrorBody).error.fields).toEqual({ email: 'Invalid email format' });
    const otherEvent = await join(ids.eventId, joinBody(ids.otherEvents, 'other@example.com'));
    expect(otherEvent.status).toBe(400);
    expect(
      await t.db.query((db) => db.select().from(waitingListEntries).where(eq(waitingListEntries.eventId, ids.eventId))),
    ).toEqual([]);
  });

  it('limits joins per address on every instance (the shared rate_limits table)', async () => {
    const ids = await soldOutEvent(1, 'Busy address');
    const address = { 'x-forwarded-for': '10.99.99.99' };
    const answers: number[] = [];
    for (let i = 0; i < JOINS_PER_ADDRESS + 1; i++) {
      answers.push(
        (await postJson(t, `/api/events/${ids.eventId}/waiting-list`, joinBody(ids.vip, `busy${i}@example.com`), address)).status,
      );
    }
    expect(answers.slice(0, JOINS_PER_ADDRESS).every((status) => status === 200)).toBe(true);
    const last = await postJson(
      t,
      `/api/events/${ids.eventId}/waiting-list`,
      joinBody(ids.vip, 'busy-last@example.com'),
      address,
    );
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts a type as sold out when its event has reached its max participants', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 50, title: 'Full event' });
    await t.db.query((db) => db.update(events).set({ maxParticipants: 3 }).where(eq(events.id, ids.eventId)));
    await t.db.query((db) => db.update(ticketTypes).set({ sold: 3 }).where(eq(ticketTypes.id, ids.general)));
    const res = await join(ids.eventId, joinBody(ids.vip, 'full@example.com', 2));
    expect(res.status).toBe(200);
    const tickets = (await (await t.app.request(`/api/events/${ids.eventId}/tickets`)).json()) as {
      tickets: { id: number; available: number }[];
    };
    expect(tickets.tickets.find((x) => x.id === ids.vip)?.available).toBe(0);
  });
});

describe('offers', () => {
  it('offers a lapsed hold to the next entry whose number fits, holds its seats and e-mails the link once', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 1, title: 'Lapsed hold' });
    const orderId = await holdOrder(ids.eventId, ids.vip, 'holder@example.com');
    await join(ids.eventId, joinBody(ids.vip, 'pair@example.com', 2));
    await join(ids.eventId, joinBody(ids.vip, 'single@example.com', 1, { language: 'mr' }));
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId)));
    // Offers that tests run before this one made are mailed first, so the count below is this offer's.
    await t.db.transaction((tx) => queueOfferEmails(tx, t.env));
    // The hold lapses (the sweeper's clock, 16 minutes on).
    const later = new Date(Date.parse(order!.holdExpiresAt) + 60_000);
    await t.db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED', later));
    const pair = await entryOf(ids.vip, 'pair@example.com');
    const single = await entryOf(ids.vip, 'single@example.com');
    expect(pair.status).toBe('waiting');
    expect(single.status).toBe('offered');
    expect(single.offerExpiresAt).toBe(new Date(later.getTime() + 24 * HOUR).toISOString());
    // The offered seat counts as held: nobody else can buy it.
    expect((await ticketRow(t, ids.vip)).held).toBe(1);
    const other = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.vip }], { buyer: { email: 'late@example.com' } }),
    );
    expect(other.status).toBe(409);
    // The e-mail is queued once, however many workers ask.
    const queued = await Promise.all([1, 2].map(() => t.db.transaction((tx) => queueOfferEmails(tx, t.env))));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, 'single@example.com'), eq(emailOutbox.kind, 'waiting_list_offer'))),
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.text).toContain(`/event/${ids.eventId}?offer=${single.offerToken}&lang=mr`);
    expect(mail!.subject).toBe('तुमच्यासाठी तिकिटे उपलब्ध आहेत: Lapsed hold');
  });

  it('offers seats when staff raise the quantity, and when an attendee is cancelled', async () => {
    const ids = await soldOutEvent(1, 'Raised quantity');
    await join(ids.eventId, joinBody(ids.vip, 'one@example.com', 2));
    await join(ids.eventId, joinBody(ids.vip, 'two@example.com', 1));
    const manager = await staffCookie(t, 'manager');
    const ticket = (await (
      await t.app.request(`/api/admin/tickets/${ids.vip}`, jsonRequest('GET', undefined, manager))
    ).json()) as {
      ticket: Record<string, unknown> & { updatedAt: string };
    };
    const { ticket: current } = ticket;
    const put = await t.app.request(
      `/api/admin/tickets/${ids.vip}`,
      jsonRequest(
        'PUT',
        {
          eventId: ids.eventId,
          name: current.name,
          description: current.description,
          category: current.category,
          price: current.price,
          quantity: 3,
          status: 'Active',
          updatedAt: current.updatedAt,
        },
        manager,
      ),
    );
    expect(put.status).toBe(200);
    expect((await entryOf(ids.vip, 'one@example.com')).status).toBe('offered');
    expect((await entryOf(ids.vip, 'two@example.com')).status).toBe('waiting');
    expect((await ticketRow(t, ids.vip)).held).toBe(2);
    // A sold seat given back (an attendee cancelled, an order refunded): the next entry's offer.
    await t.db.transaction((tx) => releaseSoldSeat(tx, { ticketTypeId: ids.vip, quantity: 1 }, new Date().toISOString()));
    expect((await entryOf(ids.vip, 'two@example.com')).status).toBe('offered');
    const row = await ticketRow(t, ids.vip);
    expect([row.sold, row.held]).toEqual([0, 3]);
  });

  it('passes a lapsed offer to the next entry, once, when two workers sweep at the same moment', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 1, title: 'Lapsing offer' });
    const orderId = await holdOrder(ids.eventId, ids.vip, 'holder2@example.com');
    await join(ids.eventId, joinBody(ids.vip, 'a@example.com'));
    await join(ids.eventId, joinBody(ids.vip, 'b@example.com'));
    const now = new Date();
    await t.db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED', now));
    expect((await entryOf(ids.vip, 'a@example.com')).status).toBe('offered');
    // Not yet: 23 hours on, nothing lapses.
    expect(await t.db.transaction((tx) => expireOffers(tx, new Date(now.getTime() + 23 * HOUR)))).toBe(0);
    const dayLater = new Date(now.getTime() + 25 * HOUR);
    const [one, two] = await Promise.all([
      offerSweepTurn(t.db, 'worker-1', dayLater),
      offerSweepTurn(t.db, 'worker-2', dayLater),
    ]);
    // One worker holds the job's lease; the other's turn does nothing (other tests' offers lapse too).
    expect(Math.min(one, two)).toBe(0);
    expect(Math.max(one, two)).toBeGreaterThanOrEqual(1);
    expect((await entryOf(ids.vip, 'a@example.com')).status).toBe('expired');
    const b = await entryOf(ids.vip, 'b@example.com');
    expect(b.status).toBe('offered');
    expect(b.offerExpiresAt).toBe(new Date(dayLater.getTime() + 24 * HOUR).toISOString());
    expect((await ticketRow(t, ids.vip)).held).toBe(1);
  });

  it('never offers a seat twice nor one entry two offers when two holds lapse at once', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 3, title: 'Two at once' });
    const first = await holdOrder(ids.eventId, ids.vip, 'h1@example.com');
    const second = await holdOrder(ids.eventId, ids.vip, 'h2@example.com');
    await holdOrder(ids.eventId, ids.vip, 'h3@example.com');
    for (const n of [1, 2, 3]) await join(ids.eventId, joinBody(ids.vip, `w${n}@example.com`));
    const now = new Date();
    await Promise.all([first, second].map((id) => t.db.transaction((tx) => releaseHold(tx, id, 'EXPIRED', now))));
    const entries = await t.db.query((db) =>
      db
        .select()
        .from(waitingListEntries)
        .where(eq(waitingListEntries.ticketTypeId, ids.vip))
        .orderBy(waitingListEntries.position),
    );
    expect(entries.map((e) => e.status)).toEqual(['offered', 'offered', 'waiting']);
    expect(new Set(entries.map((e) => e.offerToken).filter(Boolean)).size).toBe(2);
    const row = await ticketRow(t, ids.vip);
    expect([row.sold, row.held]).toEqual([0, 3]);
  });
});

describe('using an offer', () => {
  async function offered(title: string) {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 2, title });
    const orderId = await holdOrder(ids.eventId, ids.vip, `holder-${title.length}@example.com`, 2);
    await join(ids.eventId, joinBody(ids.vip, 'lucky@example.com', 2));
    await join(ids.eventId, joinBody(ids.vip, 'next@example.com', 1));
    await t.db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED', new Date()));
    const entry = await entryOf(ids.vip, 'lucky@example.com');
    expect(entry.status).toBe('offered');
    return { ids, token: entry.offerToken! };
  }
  const offerOrder = (ids: { eventId: number; vip: number }, token: string, email = 'lucky@example.com', quantity = 2) =>
    orderBody(ids.eventId, [{ ticketId: ids.vip, quantity }], { buyer: { email }, offerToken: token });

  it('lets the entry buy the offered seats once: the order takes them over, nothing is sold twice', async () => {
    const { ids, token } = await offered('Offer used');
    const view = await t.app.request(`/api/events/${ids.eventId}/waiting-list/offers/${token}`);
    expect(await view.json()).toMatchObject({
      offer: { ticketId: ids.vip, quantity: 2, email: 'lucky@example.com', status: 'offered' },
    });
    const bought = await postJson(t, '/api/cashfree/create-order', offerOrder(ids, token));
    expect(bought.status).toBe(201);
    const order = (await bought.json()) as CreateOrderResponse;
    // The order holds the two offered seats: not two more.
    expect((await ticketRow(t, ids.vip)).held).toBe(2);
    expect((await entryOf(ids.vip, 'lucky@example.com')).orderId).toBe(order.orderId);
    await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
    const row = await ticketRow(t, ids.vip);
    expect([row.sold, row.held]).toEqual([2, 0]);
    const twice = await postJson(t, '/api/cashfree/create-order', offerOrder(ids, token));
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ApiErrorBody).error.message).toBe('This waiting-list offer has already been used');
    expect((await ticketRow(t, ids.vip)).sold).toBe(2);
  });

  it('refuses another e-mail and an offer that has expired, and a retry by its buyer keeps the offer', async () => {
    const { ids, token } = await offered('Offer refused');
    const foreign = await postJson(t, '/api/cashfree/create-order', offerOrder(ids, token, 'someone@example.com'));
    expect(foreign.status).toBe(409);
    expect(((await foreign.json()) as ApiErrorBody).error.fields).toEqual({
      'buyer.email': 'This waiting-list offer was sent to another e-mail address: book with the address it was sent to',
    });
    // The buyer starts, abandons and starts again in their browser: the offer is still theirs.
    const firstTry = await postJson(t, '/api/cashfree/create-order', offerOrder(ids, token));
    expect(firstTry.status).toBe(201);
    const retry = await postJson(t, '/api/cashfree/create-order', offerOrder(ids, token), { cookie: holderCookie(firstTry) });
    expect(retry.status).toBe(201);
    expect((await ticketRow(t, ids.vip)).held).toBe(2);
    expect((await entryOf(ids.vip, 'next@example.com')).status).toBe('waiting');

    // A day on, another offer of this event lapses before its use.
    const other = await offered('Offer lapsed');
    const late = createCheckoutOrder(
      { db: t.db, env: t.env, provider: { createOrder: () => Promise.reject(new Error('not reached')) } as never },
      offerOrder(other.ids, other.token) as never,
      undefined,
      new Date(Date.now() + 25 * HOUR),
    );
    await expect(late).rejects.toThrow(
      'This waiting-list offer has expired: its seats passed to the next person on the waiting list',
    );
    // Nothing changed by the refusal: it rolled back with its transaction.
    expect((await entryOf(other.ids.vip, 'lucky@example.com')).status).toBe('offered');
  });
});

describe('an offer buys only what it offered (issue 40)', () => {
  it('refuses another ticket type or more seats beside it, and skips a live waiting room only for its own seats', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 1, title: 'Offer bounds' });
    const orderId = await holdOrder(ids.eventId, ids.vip, 'bounds-holder@example.com', 1);
    await join(ids.eventId, joinBody(ids.vip, 'bounded@example.com', 1));
    // The sale goes behind a waiting room, live now; then the held seat lapses and is offered.
    const { date, time } = indiaWallClock(new Date(Date.now() + HOUR));
    const system = { actorUserId: null, actorEmail: 'test', ip: null };
    await t.db.transaction((tx) =>
      saveWaitingRoom(
        tx,
        ids.eventId,
        {
          enabled: true,
          onSaleDate: date,
          onSaleTime: time,
          ratePerMinute: 60,
          finishMinutes: 10,
          capPerEmail: 4,
          capPerPhone: 4,
          browsersPerAddress: 10,
        },
        system,
      ),
    );
    await t.db.query((db) =>
      db
        .update(waitingRooms)
        .set({ onSaleAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(waitingRooms.eventId, ids.eventId)),
    );
    await t.db.transaction((tx) => admitTurn(tx, ids.eventId, new Date()));
    await t.db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED', new Date()));
    const token = (await entryOf(ids.vip, 'bounded@example.com')).offerToken!;
    const generalBefore = (await ticketRow(t, ids.general)).held;

    const offerFor = (attendees: { ticketId: number; quantity: number }[]) =>
      postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, attendees, { buyer: { email: 'bounded@example.com' }, offerToken: token }),
      );
    const message = 'This waiting-list offer is for 1 "VIP Pass" ticket: an order with it buys only that';
    const plusGeneral = await offerFor([
      { ticketId: ids.vip, quantity: 1 },
      { ticketId: ids.general, quantity: 1 },
    ]);
    expect(plusGeneral.status).toBe(409);
    expect(((await plusGeneral.json()) as ApiErrorBody).error.fields).toEqual({ offerToken: message });
    const twoVip = await offerFor([{ ticketId: ids.vip, quantity: 2 }]);
    expect(twoVip.status).toBe(409);
    expect(((await twoVip.json()) as ApiErrorBody).error.fields).toEqual({ offerToken: message });
    expect((await ticketRow(t, ids.general)).held).toBe(generalBefore);
    expect((await entryOf(ids.vip, 'bounded@example.com')).status).toBe('offered');

    // Without the offer, the queue's entry token is asked for.
    const queued = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 1 }], { buyer: { email: 'bounded@example.com' } }),
    );
    expect(queued.status).toBe(403);
    // The offered seat itself is bought without the queue: it was held for this entry.
    const own = await offerFor([{ ticketId: ids.vip, quantity: 1 }]);
    expect(own.status).toBe(201);
  });
});

describe('staff', () => {
  it('lists the waiting list with its demand, moves and removes entries (an offered one passes its seats on)', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 1, title: 'Staff list' });
    const orderId = await holdOrder(ids.eventId, ids.vip, 'hold-staff@example.com');
    for (const [email, q] of [
      ['s1@example.com', 1],
      ['s2@example.com', 3],
      ['s3@example.com', 1],
    ] as const) {
      await join(ids.eventId, joinBody(ids.vip, email, q));
    }
    await t.db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED', new Date()));
    const support = await staffCookie(t, 'support');
    const list = (await (
      await t.app.request(`/api/admin/tickets/${ids.vip}/waiting-list`, jsonRequest('GET', undefined, support))
    ).json()) as WaitingListResponse;
    expect(list.entries.map((e) => [e.place, e.email, e.quantity, e.status])).toEqual([
      [1, 's1@example.com', 1, 'offered'],
      [2, 's2@example.com', 3, 'waiting'],
      [3, 's3@example.com', 1, 'waiting'],
    ]);
    expect(list.waiting).toEqual({ people: 2, seats: 4 });
    // Support reads; only a manager changes it.
    const s3 = list.entries[2]!.id;
    expect(
      (
        await t.app.request(
          `/api/admin/tickets/${ids.vip}/waiting-list/${s3}/move`,
          jsonRequest('POST', { direction: 'up' }, support),
        )
      ).status,
    ).toBe(403);
    const manager = await staffCookie(t, 'manager');
    const moved = await t.app.request(
      `/api/admin/tickets/${ids.vip}/waiting-list/${s3}/move`,
      jsonRequest('POST', { direction: 'up' }, manager),
    );
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as WaitingListResponse).entries.map((e) => e.email)).toEqual([
      's1@example.com',
      's3@example.com',
      's2@example.com',
    ]);
    // Removing the offered entry: its seat goes to the next in line that fits (s3, now second).
    const s1 = list.entries[0]!.id;
    const removed = await t.app.request(
      `/api/admin/tickets/${ids.vip}/waiting-list/${s1}`,
      jsonRequest('DELETE', undefined, manager),
    );
    expect(removed.status).toBe(200);
    expect((await entryOf(ids.vip, 's1@example.com')).status).toBe('removed');
    expect((await entryOf(ids.vip, 's3@example.com')).status).toBe('offered');
    expect((await ticketRow(t, ids.vip)).held).toBe(1);
    const again = await t.app.request(
      `/api/admin/tickets/${ids.vip}/waiting-list/${s1}`,
      jsonRequest('DELETE', undefined, manager),
    );
    expect(again.status).toBe(409);
  });

  it('ends an event’s waiting list for its cancellation: entries ended, offered seats freed, everyone e-mailed', async () => {
    const ids = await seedCheckoutEvent(t, { vipQuantity: 1, title: 'Cancelled run' });
    const orderId = await holdOrder(ids.eventId, ids.vip, 'hold-cancel@example.com');
    await join(ids.eventId, joinBody(ids.vip, 'c1@example.com'));
    await join(ids.eventId, joinBody(ids.vip, 'c2@example.com'));
    await t.db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED', new Date()));
    const ended = await t.db.transaction((tx) => endWaitingListForEvent(tx, t.env, ids.eventId));
    expect(ended.map((e) => [e.email, e.ticketName])).toEqual([
      ['c1@example.com', 'VIP Pass'],
      ['c2@example.com', 'VIP Pass'],
    ]);
    expect((await entryOf(ids.vip, 'c1@example.com')).status).toBe('ended');
    expect((await ticketRow(t, ids.vip)).held).toBe(0);
    const mails = await t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'waiting_list_ended')));
    expect(
      mails
        .filter((m) => m.subject === 'Waiting list closed: Cancelled run')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['c1@example.com', 'c2@example.com']);
  });
});
