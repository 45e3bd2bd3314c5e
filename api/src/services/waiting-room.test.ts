// The waiting room (issue 29, decision 032) through the API, on whichever engine the run uses:
// staff's settings and audit, the pre-queue and its recorded shuffle at opening, arrival order after,
// one place per browser and a limit per address, paced admission with entry tokens, every refusal
// of create-order during a queued sale, the caps across orders, a lapsed token passing the turn on,
// pause, sold out and seats coming back. Every test builds its own event; the admission job's turns
// are run by the test, with its clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AdminWaitingRoomResponse, ApiErrorBody, CreateOrderResponse, QueueStatusResponse } from '../contract';
import { orders, ticketTypes, waitingRoomVisitors, waitingRooms } from '../db/schema';
import { createCheckoutTestApp, orderBody, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { waitingRoomTurn } from '../jobs/scheduler';
import { staffCookie, TEST_ORIGIN, jsonRequest } from '../testing/staff-session';
import { releaseHold } from './holds';
import { indiaWallClock } from './india-time';
import { admitTurn, saveWaitingRoom } from './waiting-room';
import { seededShuffle } from './waiting-room-shuffle';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { WAITING_ROOM_SNAPSHOT_MS: '0' } });
});
afterAll(() => t.close());

const SYSTEM = { actorUserId: null, actorEmail: 'test', ip: null };
let addresses = 0;
const newAddress = () => `172.16.${(addresses >> 8) & 255}.${addresses++ & 255}`;

/** A browser: its own cookies and address, as a phone or a laptop would have. */
class Browser {
  readonly cookies = new Map<string, string>();
  /** Its buyer's own e-mail (create-order limits orders per e-mail in a window). */
  readonly email = `buyer-${addresses}-${Date.now().toString(36)}@example.com`;
  constructor(readonly address = newAddress()) {}
  async call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { Origin: TEST_ORIGIN, 'x-forwarded-for': this.address };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.request(path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }
  async join(eventId: number) {
    return this.call('POST', `/api/events/${eventId}/queue`);
  }
  async status(eventId: number): Promise<QueueStatusResponse> {
    const res = await this.call('GET', `/api/events/${eventId}/queue`);
    expect(res.status).toBe(200);
    return (await res.json()) as QueueStatusResponse;
  }
  /** Create-order as the storefront sends it, with this browser's entry token unless one is given. */
  async order(
    eventId: number,
    ticketId: number,
    options: { quantity?: number; email?: string; phone?: string; entryToken?: string | null } = {},
  ) {
    const entryToken =
      options.entryToken === undefined
        ? ((await this.status(eventId)).entryToken ?? undefined)
        : (options.entryToken ?? undefined);
    return this.call(
      'POST',
      '/api/cashfree/create-order',
      orderBody(eventId, [{ ticketId, quantity: options.quantity ?? 1 }], {
        buyer: { email: options.email ?? this.email, ...(options.phone && { phone: options.phone }) },
        ...(entryToken && { entryToken }),
      }),
    );
  }
}

const SECOND = 1000;

/** An event with a waiting room on sale in an hour; its ids. */
async function queuedEvent(
  options: { seats?: number; rate?: number; capPerEmail?: number; capPerPhone?: number; perAddress?: number } = {},
) {
  const ids = await seedCheckoutEvent(t, { vipQuantity: options.seats ?? 5, title: 'Queued sale' });
  const { date, time } = indiaWallClock(new Date(Date.now() + 3_600_000));
  await t.db.transaction((tx) =>
    saveWaitingRoom(
      tx,
      ids.eventId,
      {
        enabled: true,
        onSaleDate: date,
        onSaleTime: time,
        ratePerMinute: options.rate ?? 60,
        finishMinutes: 10,
        capPerEmail: options.capPerEmail ?? 4,
        capPerPhone: options.capPerPhone ?? 4,
        browsersPerAddress: options.perAddress ?? 10,
      },
      SYSTEM,
    ),
  );
  return ids;
}

/** The on-sale time comes (the room's time moved to a moment ago) and the job opens the sale. */
async function openSale(eventId: number, now = new Date()) {
  await t.db.query((db) =>
    db
      .update(waitingRooms)
      .set({ onSaleAt: new Date(now.getTime() - SECOND).toISOString() })
      .where(eq(waitingRooms.eventId, eventId)),
  );
  return t.db.transaction((tx) => admitTurn(tx, eventId, now));
}

/**
 * A turn of the job `seconds` after its last turn (the rate owes one admission a second at 60 a
 * minute), whatever the requests in between took on a busy machine.
 */
async function turnAfter(eventId: number, seconds: number) {
  const last = Date.parse((await room(eventId)).lastAdmitAt!);
  return t.db.transaction((tx) => admitTurn(tx, eventId, new Date(last + seconds * SECOND)));
}

const room = async (eventId: number) =>
  (await t.db.query((db) => db.select().from(waitingRooms).where(eq(waitingRooms.eventId, eventId))))[0]!;

async function errorOf(res: Response) {
  return { status: res.status, body: ((await res.json()) as ApiErrorBody).error };
}

describe('staff settings', () => {
  it('creates, changes and audits a room, shows its figures, and refuses a new on-sale time once the sale opened', async () => {
    const { eventId } = await seedCheckoutEvent(t, { title: 'Console room' });
    const manager = await staffCookie(t, 'manager');
    const path = `/api/admin/events/${eventId}/waiting-room`;
    const none = (await (await t.app.request(path, jsonRequest('GET', undefined, manager))).json()) as AdminWaitingRoomResponse;
    expect(none).toEqual({ eventId, settings: null, figures: null, audit: [] });
    // The event page asks every event: without a room the answer is 'off' (book as usual).
    expect(await new Browser().status(eventId)).toMatchObject({ state: 'off', place: 'none', entryToken: null });

    const settings = {
      enabled: true,
      onSaleDate: '2029-12-01',
      onSaleTime: '10:00',
      ratePerMinute: 500,
      finishMinutes: 10,
      capPerEmail: 4,
      capPerPhone: 4,
      browsersPerAddress: 10,
    };
    const bad = await t.app.request(path, jsonRequest('PUT', { ...settings, ratePerMinute: 0 }, manager));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields).toEqual({ ratePerMinute: 'The admission rate must be at least 1' });

    const saved = await t.app.request(path, jsonRequest('PUT', settings, manager));
    expect(saved.status).toBe(200);
    const view = (await saved.json()) as AdminWaitingRoomResponse;
    expect(view.settings).toEqual({ ...settings, onSaleAt: '2029-12-01T04:30:00.000Z' });
    expect(view.figures).toMatchObject({ state: 'before', waiting: 0, admitted: 0, sold: 0, seatsLeft: 500, paused: false });
    // The rate changes live; each change is in the room's audit with what changed.
    await t.app.request(path, jsonRequest('PUT', { ...settings, ratePerMinute: 1200 }, manager));
    await t.app.request(`${path}/pause`, jsonRequest('POST', undefined, manager));
    const paused = (await (
      await t.app.request(`${path}/resume`, jsonRequest('POST', undefined, manager))
    ).json()) as AdminWaitingRoomResponse;
    expect(paused.audit.map((a) => a.action)).toEqual(['resume', 'pause', 'update', 'create']);
    expect(paused.audit[2]!.detail).toEqual({ ratePerMinute: { from: 500, to: 1200 } });
    expect(paused.audit[0]!.actorEmail).toMatch(/manager/);

    await openSale(eventId);
    const moved = await t.app.request(path, jsonRequest('PUT', { ...settings, onSaleTime: '11:00' }, manager));
    expect(await errorOf(moved)).toMatchObject({
      status: 409,
      body: {
        code: 'conflict',
        fields: { onSaleDate: 'The sale has opened and its queue is drawn: the on-sale time can no longer change' },
      },
    });
    // Support reads it; only managers steer it.
    const support = await staffCookie(t, 'support');
    expect((await t.app.request(path, jsonRequest('GET', undefined, support))).status).toBe(200);
    expect((await t.app.request(`${path}/pause`, jsonRequest('POST', undefined, support))).status).toBe(403);
  });
});

describe('the pre-queue and the shuffle', () => {
  it('keeps one place per browser, shuffles the pre-queue at opening as its recorded seed draws, and queues later arrivals in order', async () => {
    const { eventId } = await queuedEvent({ seats: 50 });
    const early = Array.from({ length: 12 }, () => new Browser());
    for (const browser of early) expect((await browser.join(eventId)).status).toBe(200);
    // A reload or a second tab is the same browser: the same place, no second row.
    const again = (await (await early[0]!.join(eventId)).json()) as QueueStatusResponse;
    expect(again).toMatchObject({ state: 'before', place: 'waiting', position: null, inLine: 12 });
    expect(await early[0]!.status(eventId)).toMatchObject({ place: 'waiting', position: null, inLine: 12 });
    // Nobody orders before the on-sale, queued or not.
    const before = await errorOf(await early[0]!.order(eventId, (await ids(eventId)).vip, { entryToken: null }));
    expect(before.status).toBe(403);
    expect(before.body.code).toBe('queue_required');
    expect(before.body.message).toMatch(/^Sales open on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} \(India time\)/);

    const opened = await openSale(eventId);
    expect(opened.opened).toBe(true);
    const late = [new Browser(), new Browser()];
    for (const browser of late) await browser.join(eventId);

    const r = await room(eventId);
    expect(r.preQueueCount).toBe(12);
    const rows = await t.db.query((db) =>
      db.select().from(waitingRoomVisitors).where(eq(waitingRoomVisitors.eventId, eventId)).orderBy(asc(waitingRoomVisitors.id)),
    );
    // The recorded seed draws the same order again from the pre-queue in arrival order.
    const drawn = seededShuffle(
      rows.slice(0, 12).map((v) => v.id),
      r.shuffleSeed!,
    );
    const byNumber = [...rows].sort((a, b) => a.number! - b.number!).map((v) => v.id);
    expect(byNumber.slice(0, 12)).toEqual(drawn);
    // Later arrivals queue behind, in arrival order.
    expect(rows.slice(12).map((v) => v.number)).toEqual([13, 14]);
    // Each browser reads its place (the cookie keeps it; the numbers above are the truth).
    for (const [i, browser] of [...early, ...late].entries()) {
      expect(await browser.status(eventId)).toMatchObject({
        state: 'open',
        place: 'waiting',
        position: rows[i]!.number,
        ahead: rows[i]!.number! - 1,
      });
    }
    // The audit holds the seed, so anyone may draw the order again.
    const manager = await staffCookie(t, 'manager');
    const view = (await (
      await t.app.request(`/api/admin/events/${eventId}/waiting-room`, jsonRequest('GET', undefined, manager))
    ).json()) as AdminWaitingRoomResponse;
    expect(view.audit[0]).toMatchObject({
      action: 'open',
      actorEmail: 'system',
      detail: { shuffleSeed: r.shuffleSeed, preQueue: 12 },
    });
  });

  it('refuses a new browser from an address that has its number already, and a cleared cookie starts at the back', async () => {
    const { eventId } = await queuedEvent({ perAddress: 3 });
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await new Browser(address).join(eventId)).status).toBe(200);
    const refused = await new Browser(address).join(eventId);
    // Never kept by a cache on the way, refusals included.
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const bot = await errorOf(refused);
    expect(bot).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(bot.body.message).toMatch(/Too many browsers from your network/);
    // Another address is welcome.
    expect((await new Browser().join(eventId)).status).toBe(200);

    await openSale(eventId);
    const first = new Browser();
    await first.join(eventId);
    const position = (await first.status(eventId)).position!;
    // Cookies cleared: a new browser, at the back of the line; the old place stands for nobody new.
    first.cookies.clear();
    const rejoined = (await (await first.join(eventId)).json()) as QueueStatusResponse;
    expect(rejoined.position).toBe(position + 1);
  });
});

describe('joining at once', () => {
  it('gives two tabs of one browser joining in the same moment one place, and counts the pre-queue once per browser', async () => {
    const { eventId } = await queuedEvent();
    const { eventId: other } = await queuedEvent();
    const browser = new Browser();
    // The browser's cookie comes from another event's queue: both tabs send it.
    expect((await browser.join(other)).status).toBe(200);
    const [one, two] = await Promise.all([browser.join(eventId), browser.join(eventId)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const rows = await t.db.query((db) => db.select().from(waitingRoomVisitors).where(eq(waitingRoomVisitors.eventId, eventId)));
    expect(rows).toHaveLength(1);
    await new Browser().join(eventId);
    const status = await browser.call('GET', `/api/events/${eventId}/queue`);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(await status.json()).toMatchObject({ state: 'before', place: 'waiting', inLine: 2 });
    expect((await room(eventId)).preQueueCount).toBe(2);

    // After the opening, two tabs again: one number, and the next browser takes the one after it.
    await openSale(eventId);
    const late = new Browser();
    expect((await late.join(other)).status).toBe(200);
    const answers = await Promise.all([late.join(eventId), late.join(eventId)]);
    const places = await Promise.all(answers.map(async (res) => ((await res.json()) as QueueStatusResponse).position));
    expect(places).toEqual([3, 3]);
    const next = (await (await new Browser().join(eventId)).json()) as QueueStatusResponse;
    expect(next.position).toBe(4);
    expect((await room(eventId)).lastNumber).toBe(4);
    // Browsers arriving together after the opening are numbered in the order their rows were written.
    await Promise.all(Array.from({ length: 6 }, () => new Browser().join(eventId)));
    const arrived = await t.db.query((db) =>
      db.select().from(waitingRoomVisitors).where(eq(waitingRoomVisitors.eventId, eventId)).orderBy(asc(waitingRoomVisitors.id)),
    );
    expect(arrived.slice(2).map((v) => v.number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

async function ids(eventId: number) {
  const types = await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId)));
  return { vip: types.find((x) => x.name === 'VIP Pass')!.id, general: types.find((x) => x.name === 'General')!.id };
}

describe('admission and create-order', () => {
  it('admits at the rate in line order with a token bound to the browser, and refuses every order without a valid one', async () => {
    const { eventId, vip } = await queuedEvent({ seats: 5, rate: 60 });
    const [a, b, c] = [new Browser(), new Browser(), new Browser()];
    await openSale(eventId);
    for (const browser of [a, b, c]) await browser.join(eventId);
    expect(await a.status(eventId)).toMatchObject({ position: 1, entryToken: null, estimatedWaitMinutes: 1 });

    // Two seconds at 60 a minute: the first two in line.
    expect((await turnAfter(eventId, 2)).admitted).toBe(2);
    const admitted = await a.status(eventId);
    expect(admitted).toMatchObject({ place: 'admitted', position: null });
    expect(admitted.entryToken).toEqual(expect.any(String));
    expect(await c.status(eventId)).toMatchObject({ place: 'waiting', position: 1, ahead: 0 });

    // Without a token, with a forged one, with someone else's, or one changed by hand: refused.
    const none = await errorOf(await c.order(eventId, vip, { entryToken: null }));
    expect(none).toMatchObject({ status: 403, body: { code: 'queue_required' } });
    expect(none.body.message).toBe('This sale has a queue. Join it on the event page: you can order when it is your turn.');
    const forged = await errorOf(
      await c.order(eventId, vip, { entryToken: 'AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.bm90LWEtc2lnbmF0dXJl' }),
    );
    expect(forged).toMatchObject({
      status: 403,
      body: {
        code: 'entry_token_invalid',
        fields: { entryToken: 'This entry pass is not valid. Join the queue on the event page.' },
      },
    });
    const foreign = await errorOf(await c.order(eventId, vip, { entryToken: admitted.entryToken! }));
    expect(foreign).toMatchObject({ status: 403, body: { code: 'entry_token_invalid' } });
    expect(foreign.body.message).toMatch(/belongs to another browser/);
    const [id, end, sig] = admitted.entryToken!.split('.');
    const stretched = `${id}.${(parseInt(end!, 36) + 3_600_000).toString(36)}.${sig}`;
    expect((await errorOf(await a.order(eventId, vip, { entryToken: stretched }))).body.code).toBe('entry_token_invalid');
    // Nothing was held by any of them.
    const [type] = await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.id, vip)));
    expect(type!.held).toBe(0);

    // Its own browser orders with it.
    const ordered = await a.order(eventId, vip, { quantity: 2 });
    expect(ordered.status).toBe(201);
    const { orderId } = (await ordered.json()) as CreateOrderResponse;
    expect(await a.status(eventId)).toMatchObject({ place: 'in_checkout' });
    // Paid: the job counts a purchase, and the pass is spent.
    await a.call('POST', `/emulator/cashfree/pay/${(await orderRow(orderId)).providerSessionId}`, { outcome: 'success' });
    await turnAfter(eventId, 2);
    expect(await a.status(eventId)).toMatchObject({ place: 'bought', entryToken: null });
    const again = await errorOf(
      await a.order(eventId, vip, { entryToken: admitted.entryToken!, email: 'other@example.com', phone: '98111 22222' }),
    );
    expect(again).toMatchObject({
      status: 403,
      body: { code: 'entry_token_invalid', message: 'This entry pass has already been used for a booking.' },
    });
  });

  it('keeps the caps per e-mail and per phone across several orders of the sale', async () => {
    const { eventId, general } = await queuedEvent({ seats: 5, rate: 600, capPerEmail: 4, capPerPhone: 5 });
    await openSale(eventId);
    const buyers = [new Browser(), new Browser(), new Browser(), new Browser()];
    for (const browser of buyers) await browser.join(eventId);
    await turnAfter(eventId, 2);
    const pay = async (res: Response) => {
      expect(res.status).toBe(201);
      const { orderId } = (await res.json()) as CreateOrderResponse;
      await t.app.request(`/emulator/cashfree/pay/${(await orderRow(orderId)).providerSessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: 'success' }),
      });
    };
    // Three tickets paid for one e-mail, then one more (4) is fine, a fifth is not, in a new order too.
    await pay(await buyers[0]!.order(eventId, general, { quantity: 3, email: 'cap@example.com', phone: '98200 00001' }));
    const over = await errorOf(
      await buyers[1]!.order(eventId, general, { quantity: 2, email: 'CAP@example.com', phone: '98200 00002' }),
    );
    expect(over).toMatchObject({
      status: 409,
      body: {
        code: 'cap_exceeded',
        fields: { 'buyer.email': 'This sale allows 4 tickets per e-mail address; this one has 3 already.' },
      },
    });
    await pay(await buyers[1]!.order(eventId, general, { quantity: 1, email: 'cap@example.com', phone: '98200 00002' }));
    // One phone behind several e-mails: 5 allowed in all (1 + 3 + 1 over).
    await pay(await buyers[2]!.order(eventId, general, { quantity: 3, email: 'one@example.com', phone: '98200 00002' }));
    const phone = await errorOf(
      await buyers[3]!.order(eventId, general, { quantity: 2, email: 'two@example.com', phone: '+91 98200 00002' }),
    );
    expect(phone).toMatchObject({
      status: 409,
      body: {
        code: 'cap_exceeded',
        fields: { 'buyer.phone': 'This sale allows 5 tickets per phone number; this one has 4 already.' },
      },
    });
    expect(
      (await buyers[3]!.order(eventId, general, { quantity: 1, email: 'two@example.com', phone: '98200 00002' })).status,
    ).toBe(201);
  });

  it('passes the turn on when a token lapses unused, and admits nobody while paused', async () => {
    const { eventId } = await queuedEvent({ seats: 5, rate: 60 });
    await openSale(eventId);
    const [a, b] = [new Browser(), new Browser()];
    await a.join(eventId);
    await b.join(eventId);
    await t.db.transaction(async (tx) => {
      const { setWaitingRoomPaused } = await import('./waiting-room');
      await setWaitingRoomPaused(tx, eventId, true, SYSTEM);
    });
    expect((await turnAfter(eventId, 30)).admitted).toBe(0);
    expect(await a.status(eventId)).toMatchObject({ state: 'paused', place: 'waiting', position: 1, estimatedWaitMinutes: null });
    await t.db.transaction(async (tx) => {
      const { setWaitingRoomPaused } = await import('./waiting-room');
      await setWaitingRoomPaused(tx, eventId, false, SYSTEM);
    });
    // A turn one second after resuming: one admission, not the paused half minute's worth.
    expect((await turnAfter(eventId, 1)).admitted).toBe(1);
    const token = (await a.status(eventId)).entryToken!;
    // Ten minutes on, unused: it lapses and the next in line is admitted.
    const later = await turnAfter(eventId, 11 * 60);
    expect(later).toMatchObject({ expired: 1, admitted: 1 });
    const row = await t.db.query((db) =>
      db
        .select()
        .from(waitingRoomVisitors)
        .where(and(eq(waitingRoomVisitors.eventId, eventId), isNotNull(waitingRoomVisitors.number)))
        .orderBy(asc(waitingRoomVisitors.number)),
    );
    expect(row.map((r) => r.status)).toEqual(['expired', 'admitted']);
    expect(token).toEqual(expect.any(String));
  });
});

describe('sold out', () => {
  it('tells everyone waiting and refuses new joins when every seat is held, offers a seat back to the front, and closes when all are sold', async () => {
    const { eventId, vip } = await queuedEvent({ seats: 2, rate: 600 });
    // Only the VIP seats: the other types are not on sale in this test.
    await t.db.query((db) =>
      db
        .update(ticketTypes)
        .set({ status: 'Upcoming' })
        .where(and(eq(ticketTypes.eventId, eventId), isNotNull(ticketTypes.id))),
    );
    await t.db.query((db) => db.update(ticketTypes).set({ status: 'Active' }).where(eq(ticketTypes.id, vip)));
    await openSale(eventId);
    const [a, b, c] = [new Browser(), new Browser(), new Browser()];
    for (const browser of [a, b, c]) await browser.join(eventId);
    // Two seats: two admitted, the third waits.
    expect((await turnAfter(eventId, 2)).admitted).toBe(2);
    const held = (await (await a.order(eventId, vip, { quantity: 2 })).json()) as CreateOrderResponse;
    await turnAfter(eventId, 3);
    expect(await c.status(eventId)).toMatchObject({ state: 'sold_out', seatsLeft: 0, place: 'waiting' });
    expect(await errorOf(await new Browser().join(eventId))).toMatchObject({ status: 409, body: { code: 'sold_out' } });

    // The hold lapses (after a's ten minutes, and b let its pass lapse unused): the seats go to the
    // front of the line, c.
    await t.db.transaction((tx) => releaseHold(tx, held.orderId, 'EXPIRED', new Date()));
    expect(await turnAfter(eventId, 11 * 60)).toMatchObject({ expired: 2, admitted: 1 });
    expect(await c.status(eventId)).toMatchObject({ state: 'open', place: 'admitted', seatsLeft: 2 });
    expect(await a.status(eventId)).toMatchObject({ place: 'expired', entryToken: null });

    const paid = (await (await c.order(eventId, vip, { quantity: 2 })).json()) as CreateOrderResponse;
    await c.call('POST', `/emulator/cashfree/pay/${(await orderRow(paid.orderId)).providerSessionId}`, { outcome: 'success' });
    // Every seat sold: the queue closes.
    await turnAfter(eventId, 11 * 60 + 1);
    expect(await b.status(eventId)).toMatchObject({ state: 'closed', seatsLeft: 0 });
    expect((await room(eventId)).closedAt).not.toBeNull();
  });
});

describe('across instances', () => {
  it('admits under one lease: two instances taking a turn at once admit once', async () => {
    const { eventId } = await queuedEvent({ seats: 5, rate: 60 });
    await openSale(eventId);
    for (let i = 0; i < 3; i++) await new Browser().join(eventId);
    // Two seconds after the opening's turn, whatever the joins took: the rate owes two admissions.
    const now = new Date(Date.parse((await room(eventId)).lastAdmitAt!) + 2 * SECOND);
    const [one, two] = await Promise.all([waitingRoomTurn(t.db, 'instance-a', now), waitingRoomTurn(t.db, 'instance-b', now)]);
    // One instance held the lease and took the turn; the other did nothing.
    expect(one.length === 0 || two.length === 0).toBe(true);
    expect(one.length + two.length).toBeGreaterThan(0);
    const admitted = await t.db.query((db) =>
      db
        .select()
        .from(waitingRoomVisitors)
        .where(and(eq(waitingRoomVisitors.eventId, eventId), eq(waitingRoomVisitors.status, 'admitted')))
        .orderBy(asc(waitingRoomVisitors.number)),
    );
    expect(admitted.map((v) => v.number)).toEqual([1, 2]);
  });
});

const orderRow = async (orderId: string) =>
  (await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId))))[0]!;
