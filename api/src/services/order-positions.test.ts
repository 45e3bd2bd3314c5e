// Positions from the first hold (issue 39, decision 040): create-order writes one attendee row per
// ticket, on hold and sealed; nobody sees or counts it until the payment makes it an attendee, with
// its number; a lapsed hold's positions stay uncounted; an order from before positions is fulfilled.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { orderLines, orders, registrations } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { storeAttendees } from './attendees';
import { releaseExpiredHolds } from './holds';
import { countSeats } from './inventory';
import { dropLapsedPositions, positionsForOpenOrders } from './order-positions';

let t: CheckoutTestApp;
type EventIds = Awaited<ReturnType<typeof seedCheckoutEvent>>;
let ids: EventIds;
let manager: string;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  manager = await staffCookie(t, 'admin');
});
beforeEach(async () => {
  ids = await seedCheckoutEvent(t);
});
afterAll(() => t.close());

let buyers = 0;
async function createOrder(quantity = 2): Promise<CreateOrderResponse> {
  const email = `positions-${++buyers}@example.com`;
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(ids.eventId, [{ ticketId: ids.vip, quantity }], { buyer: { email } }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as CreateOrderResponse;
}

const pay = (created: CreateOrderResponse) =>
  postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success', method: 'upi' });

const positionsOf = (orderId: string) =>
  t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(asc(registrations.position)),
  );

const staffGet = async (path: string) => {
  const res = await t.app.request(path, { headers: { cookie: manager } });
  expect(res.status).toBe(200);
  return res;
};

/** Everything staff see of the event's attendees: the list, its figures, a search, the export, the gate's offline list. */
async function whatStaffSee() {
  const list = (await (await staffGet(`/api/admin/registrations?eventId=${ids.eventId}`)).json()) as {
    registrations: { registrationNumber: string; status: string }[];
    total: number;
  };
  const stats = (await (await staffGet(`/api/admin/registrations/stats?eventId=${ids.eventId}`)).json()) as Record<
    string,
    number
  >;
  const search = (await (await staffGet(`/api/admin/registrations?search=Asha`)).json()) as {
    registrations: { eventId: number }[];
  };
  const csv = await (await staffGet(`/api/admin/registrations/export.csv?eventId=${ids.eventId}`)).text();
  const gate = (await (await staffGet(`/api/admin/registrations/check-in/list?eventId=${ids.eventId}`)).json()) as {
    entries: unknown[];
  };
  return {
    listed: list.registrations.map((r) => [r.registrationNumber, r.status]),
    total: list.total,
    stats,
    searched: search.registrations.filter((r) => r.eventId === ids.eventId).length,
    csvRows: csv.trim().split('\n').length - 1,
    gateEntries: gate.entries.length,
  };
}

/** Analytics without its window's instants and the conversion rate (orders made against orders paid: an unpaid order is an order). */
async function analytics() {
  const report = (await (await staffGet('/api/admin/insights/analytics?period=30d')).json()) as Record<string, unknown> & {
    quickStats: Record<string, unknown>;
  };
  const { from: _from, to: _to, ...rest } = report;
  const { conversionRate: _rate, ...quickStats } = report.quickStats;
  return { ...rest, quickStats };
}

const nobody = {
  listed: [],
  total: 0,
  searched: 0,
  csvRows: 0,
  gateEntries: 0,
};

describe('positions from the first hold', () => {
  it('create-order writes one sealed position per ticket on hold, in the hold, and no screen, count or gate shows it', async () => {
    const before = await ticketRow(t, ids.vip);
    const dashboardBefore = await (await staffGet('/api/admin/insights/dashboard')).json();
    const analyticsBefore = await analytics();
    const participantsBefore = await (await staffGet('/api/admin/participants')).json();
    const created = await createOrder(2);

    const rows = await positionsOf(created.orderId);
    expect(rows.map((r) => [r.position, r.onHold, r.status, r.paymentStatus, r.bookingReference, r.qrCode, r.bib])).toEqual([
      [1, true, 'Pending', 'Pending', '', '', null],
      [2, true, 'Pending', 'Pending', '', '', null],
    ]);
    // No ticket number is given (or used up) by an unpaid hold: the position's is the order's id and its place.
    expect(rows.map((r) => r.registrationNumber)).toEqual([`${created.orderId}-1`, `${created.orderId}-2`]);
    expect(rows[0]).toMatchObject({
      firstName: 'Asha',
      ticketName: 'VIP Pass',
      amountPaise: 150_000,
      medicalConditions: 'Asthma',
    });
    // Sealed where personal, as every attendee row is; the order keeps no JSON of its attendees.
    const [raw] = await t.db.query((db) =>
      db
        .select({
          medical: sql<string>`${registrations.medicalConditions}`,
          emergency: sql<string>`${registrations.emergencyContactPhone}`,
        })
        .from(registrations)
        .where(eq(registrations.id, rows[0]!.id)),
    );
    expect(raw!.medical).toMatch(/^enc:v1:/);
    expect(raw!.emergency).toMatch(/^enc:v1:/);
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order!.participant).toEqual({});

    // Seats: held by the order's lines, sold only by paid attendees (the cache equals a recount).
    expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: before.sold, held: before.held + 2 });
    const recount = await t.db.query((db) => countSeats(db, ids.eventId));
    expect(recount.get(ids.vip)).toEqual({ sold: before.sold, held: before.held + 2 });

    // Staff see no attendee: list, figures, search, export, the gate's list; nor the order view's attendees.
    const seen = await whatStaffSee();
    expect(seen).toMatchObject(nobody);
    expect(seen.stats).toMatchObject({ totalRegistrations: 0, pendingRegistrations: 0 });
    const byNumber = (await (await staffGet(`/api/admin/registrations?search=${created.orderId.slice(4)}`)).json()) as {
      total: number;
    };
    expect(byNumber.total).toBe(0);
    const view = (await (await staffGet(`/api/admin/orders/${created.orderId}`)).json()) as { attendees: unknown[] };
    expect(view.attendees).toEqual([]);
    // The dashboard, Analytics and the participants' list are as they were.
    expect(await (await staffGet('/api/admin/insights/dashboard')).json()).toEqual(dashboardBefore);
    expect(await analytics()).toEqual(analyticsBefore);
    expect(await (await staffGet('/api/admin/participants')).json()).toEqual(participantsBefore);
    // The gate does not know the position's number.
    const gate = await t.app.request('/api/admin/registrations/check-in', {
      method: 'POST',
      headers: { cookie: manager, 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ code: rows[0]!.registrationNumber }),
    });
    expect([404, 422]).toContain(gate.status);
  });

  it('payment makes the same rows the attendees, Confirmed and numbered, and staff see them', async () => {
    const before = await ticketRow(t, ids.vip);
    const created = await createOrder(2);
    const held = await positionsOf(created.orderId);
    expect((await pay(created)).status).toBe(200);

    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    const reference = order!.bookingReference!;
    expect(reference).toMatch(/^REG[0-9A-Z]+$/);
    const rows = await positionsOf(created.orderId);
    // The same rows (ids), not new ones.
    expect(rows.map((r) => r.id)).toEqual(held.map((r) => r.id));
    expect(
      rows.map((r) => [r.registrationNumber, r.bookingReference, r.onHold, r.status, r.paymentStatus, r.paymentMethod]),
    ).toEqual([
      [`${reference}01`, reference, false, 'Confirmed', 'Paid', 'UPI'],
      [`${reference}02`, reference, false, 'Confirmed', 'Paid', 'UPI'],
    ]);
    expect(rows.map((r) => r.qrCode)).toEqual([`TDK-${reference}01-${ids.eventId}`, `TDK-${reference}02-${ids.eventId}`]);
    expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: before.sold + 2, held: before.held });

    const seen = await whatStaffSee();
    expect(seen.listed.sort()).toEqual([
      [`${reference}01`, 'Confirmed'],
      [`${reference}02`, 'Confirmed'],
    ]);
    expect(seen).toMatchObject({ total: 2, csvRows: 2, gateEntries: 2 });
    expect(seen.stats).toMatchObject({ totalRegistrations: 2, confirmedRegistrations: 2 });
    // The text search finds them by their new numbers (the search index followed the update).
    const found = (await (await staffGet(`/api/admin/registrations?search=${reference.slice(3)}`)).json()) as { total: number };
    expect(found.total).toBe(2);
  });

  it('a lapsed hold gives its seats back and its positions stay uncounted; a payment after it still fulfils them', async () => {
    const before = await ticketRow(t, ids.vip);
    const created = await createOrder(2);
    const later = new Date(Date.now() + 16 * 60_000);
    await t.db.transaction((tx) => releaseExpiredHolds(tx, later));
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order).toMatchObject({ status: 'EXPIRED' });
    expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: before.sold, held: before.held });
    expect((await positionsOf(created.orderId)).map((r) => r.onHold)).toEqual([true, true]);
    expect(await whatStaffSee()).toMatchObject(nobody);
    const recount = await t.db.query((db) => countSeats(db, ids.eventId));
    expect(recount.get(ids.vip)).toEqual({ sold: before.sold, held: before.held });

    // The buyer's payment lands late, with seats left: the positions become attendees.
    expect((await pay(created)).status).toBe(200);
    const rows = await positionsOf(created.orderId);
    expect(rows.map((r) => [r.onHold, r.status, r.paymentStatus])).toEqual([
      [false, 'Confirmed', 'Paid'],
      [false, 'Confirmed', 'Paid'],
    ]);
    expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: before.sold + 2, held: before.held });
  });

  it('drops the positions of orders no payment can still reach, and only those', async () => {
    const lapsed = await createOrder(1);
    const paid = await createOrder(1);
    await pay(paid);
    const open = await createOrder(1);
    await t.db.transaction((tx) => releaseExpiredHolds(tx, new Date(Date.now() + 16 * 60_000)));
    await t.db.query((db) =>
      db.update(orders).set({ status: 'CREATED', holdReleasedAt: null }).where(eq(orders.id, open.orderId)),
    );
    // Reconciliation's day has passed for all three.
    const dropped = await t.db.transaction((tx) => dropLapsedPositions(tx, new Date(Date.now() + 25 * 3_600_000).toISOString()));
    expect(dropped).toBeGreaterThanOrEqual(1);
    expect(await positionsOf(lapsed.orderId)).toEqual([]);
    expect((await positionsOf(paid.orderId)).map((r) => r.status)).toEqual(['Confirmed']);
    expect((await positionsOf(open.orderId)).map((r) => r.onHold)).toEqual([true]);
  });
});

describe('an order from before positions (its attendees in orders.participant)', () => {
  /** The order as the code before decision 040 left it: its attendees as JSON, no rows. */
  async function asBeforePositions(orderId: string) {
    const rows = await positionsOf(orderId);
    const lines = await t.db.query((db) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)));
    const json = storeAttendees(
      rows.map((r, i) => ({
        ticketId: r.ticketId!,
        participant: {
          fullName: i === 0 ? 'Asha Devi Rao' : `Guest ${i + 1} Rao`,
          email: '',
          phone: '9876543210',
          dateOfBirth: '1990-01-01',
          gender: 'female' as const,
          medicalConditions: 'Asthma',
          emergencyContact: 'Ravi Rao',
          emergencyPhone: '9876500000',
          tshirtSize: undefined,
          bloodGroup: undefined,
          experience: undefined,
        },
      })),
      rows.map((r) => ({
        listPaise: r.ticketPricePaise,
        groupDiscountPaise: 0,
        promoDiscountPaise: 0,
        netPaise: r.amountPaise,
        gstRate: 0,
      })),
    );
    await t.db.transaction(async (tx) => {
      await tx.delete(registrations).where(eq(registrations.orderId, orderId));
      await tx
        .update(orders)
        .set({ participant: json as unknown as Record<string, unknown> })
        .where(eq(orders.id, orderId));
    });
    expect(lines.length).toBeGreaterThan(0);
  }

  it('gets its positions from the data upgrade, and is fulfilled from them when paid', async () => {
    const created = await createOrder(2);
    await asBeforePositions(created.orderId);
    expect(await positionsOf(created.orderId)).toEqual([]);
    expect(await t.db.transaction((tx) => positionsForOpenOrders(tx))).toBeGreaterThanOrEqual(2);
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order!.participant).toEqual({});
    const held = await positionsOf(created.orderId);
    expect(held.map((r) => [r.onHold, r.firstName, r.medicalConditions, r.amountPaise])).toEqual([
      [true, 'Asha', 'Asthma', 150_000],
      [true, 'Guest', 'Asthma', 150_000],
    ]);
    expect(await whatStaffSee()).toMatchObject(nobody);

    expect((await pay(created)).status).toBe(200);
    const rows = await positionsOf(created.orderId);
    expect(rows.map((r) => r.id)).toEqual(held.map((r) => r.id));
    expect(rows.map((r) => [r.status, r.ticketName, r.firstName, r.lastName])).toEqual([
      ['Confirmed', 'VIP Pass', 'Asha', 'Devi Rao'],
      ['Confirmed', 'VIP Pass', 'Guest', '2 Rao'],
    ]);
  });

  it('is fulfilled from its JSON when paid before the upgrade reached it (an older instance wrote it)', async () => {
    const created = await createOrder(1);
    await asBeforePositions(created.orderId);
    expect((await pay(created)).status).toBe(200);
    const rows = await positionsOf(created.orderId);
    expect(rows.map((r) => [r.onHold, r.status, r.firstName, r.medicalConditions])).toEqual([
      [false, 'Confirmed', 'Asha', 'Asthma'],
    ]);
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order).toMatchObject({ status: 'PAID', participant: {} });
  });
});
