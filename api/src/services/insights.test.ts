// Every dashboard and Analytics figure against a small database whose answers are worked out by hand.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { events, orders, registrations } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { analyticsReport, dashboardSummary, lastTwelveIndiaMonths } from './insights';
import { writeSettings } from './settings';
import { testOrganisationId } from '../testing/organisations';
import { organisationOfEvent } from '../db/tenancy';

// 12:00 in India on Tuesday 10 March 2026. The 30-day window starts 2026-02-08T06:30Z; the
// previous one runs from 2026-01-09T06:30Z up to it.
const NOW = new Date('2026-03-10T06:30:00.000Z');

type EventRow = typeof events.$inferInsert;
type RegistrationRow = typeof registrations.$inferInsert;

async function anEvent(tx: Db, values: Pick<EventRow, 'title' | 'location' | 'category' | 'date'>) {
  const [event] = await tx
    .insert(events)
    .values({
      organisationId: await testOrganisationId(tx),
      time: '07:00',
      venue: `Ground, ${values.location}`,
      maxParticipants: 100,
      status: 'Active',
      ...values,
    })
    .returning();
  return event!;
}

let n = 0;
async function aRegistration(
  tx: Db,
  event: { id: number; title: string; date: string },
  values: Pick<RegistrationRow, 'registrationDate' | 'status' | 'paymentStatus' | 'amountPaise' | 'email'> &
    Partial<RegistrationRow>,
) {
  n += 1;
  await tx.insert(registrations).values({
    registrationNumber: `REGTEST${n}`,
    eventId: event.id,
    ticketName: 'General',
    ticketPricePaise: values.amountPaise,
    qrCode: `TDK-REGTEST${n}-${event.id}`,
    // As a refund leaves a refunded attendee (decision 022): their price refunded.
    refundedPaise: values.paymentStatus === 'Refunded' ? values.amountPaise : 0,
    ...values,
    organisationId: organisationOfEvent(event.id),
  });
}

async function anOrder(
  tx: Db,
  id: string,
  status: 'PAID' | 'CREATED' | 'REFUND_REQUIRED',
  createdAt: string,
  amountPaise = 10000,
) {
  // An order of one of the organisation's events (decision 051: its analytics count its own orders).
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.organisationId, await testOrganisationId(tx)))
    .limit(1);
  await tx.insert(orders).values({
    id,
    eventId: event?.id ?? null,
    status,
    createdAt,
    amountPaise,
    holdExpiresAt: createdAt,
    customerName: 'Buyer',
    customerEmail: 'buyer@example.in',
    customerPhone: '9820000000',
    participant: {},
  });
}

/** The hand-worked database; only the commission test writes to it, and it puts the setting back. */
let populated: TestDatabase;
/** A database with nothing in it, never written to. */
let empty: TestDatabase;

const dashboard = (t: TestDatabase) => t.db.query(async (db) => dashboardSummary(db, await testOrganisationId(db), NOW));
const analytics = (t: TestDatabase, period: Parameters<typeof analyticsReport>[2]) =>
  t.db.query(async (db) => analyticsReport(db, await testOrganisationId(db), period, NOW));

beforeAll(async () => {
  populated = await createTestDatabase();
  empty = await createTestDatabase();

  await populated.db.transaction(async (db) => {
    const cricket = await anEvent(db, {
      title: 'Mumbai Cricket Cup',
      location: 'Mumbai',
      category: 'Cricket',
      date: '2026-03-01',
    });
    const football = await anEvent(db, {
      title: 'Pune Football League',
      location: 'Pune',
      category: 'Football',
      date: '2026-04-01',
    });
    const run = await anEvent(db, { title: 'Virtual 10K', location: 'Online', category: 'Running', date: '2026-03-05' });
    await anEvent(db, { title: 'Delhi Open', location: 'Delhi', category: 'Tennis', date: '2026-05-01' });

    // This period.
    await aRegistration(db, cricket, {
      registrationDate: '2026-03-01T10:00:00.000Z',
      status: 'Confirmed',
      paymentStatus: 'Paid',
      amountPaise: 50000,
      email: 'a@example.in',
    });
    await aRegistration(db, cricket, {
      registrationDate: '2026-03-02T10:00:00.000Z',
      status: 'Pending',
      paymentStatus: 'Pending',
      amountPaise: 50000,
      email: 'b@example.in',
    });
    await aRegistration(db, cricket, {
      registrationDate: '2026-02-20T10:00:00.000Z',
      status: 'Checked-In',
      paymentStatus: 'Paid',
      amountPaise: 100000,
      quantity: 2,
      email: 'c@example.in',
    });
    await aRegistration(db, football, {
      registrationDate: '2026-03-05T10:00:00.000Z',
      status: 'Confirmed',
      paymentStatus: 'Paid',
      amountPaise: 30000,
      email: 'A@Example.in',
    });
    await aRegistration(db, run, {
      registrationDate: '2026-03-03T10:00:00.000Z',
      status: 'Cancelled',
      paymentStatus: 'Refunded',
      amountPaise: 20000,
      email: 'd@example.in',
    });
    // The previous period: 00:30 on 1 February in India, still 31 January in UTC.
    await aRegistration(db, football, {
      registrationDate: '2026-01-31T19:00:00.000Z',
      status: 'Confirmed',
      paymentStatus: 'Paid',
      amountPaise: 40000,
      email: 'e@example.in',
    });
    // Before both: c's first registration, so c is not a new user this period.
    await aRegistration(db, cricket, {
      registrationDate: '2025-12-15T10:00:00.000Z',
      status: 'No-Show',
      paymentStatus: 'Paid',
      amountPaise: 50000,
      email: 'c@example.in',
    });

    await anOrder(db, 'order_paid', 'PAID', '2026-03-01T09:59:00.000Z');
    await anOrder(db, 'order_abandoned', 'CREATED', '2026-03-02T09:00:00.000Z');
    await anOrder(db, 'order_late', 'REFUND_REQUIRED', '2026-03-04T09:00:00.000Z', 25000);
    await anOrder(db, 'order_old', 'PAID', '2026-01-20T09:00:00.000Z');
  });
});

afterAll(async () => {
  await populated?.close();
  await empty?.close();
});

describe('dashboard', () => {
  it('counts revenue from Paid registrations only, and active users by e-mail over 90 days', async () => {
    const summary = await dashboard(populated);
    expect(summary.totalEvents).toBe(4);
    expect(summary.cities).toBe(3); // Mumbai, Pune, Delhi; Online is not a city
    expect(summary.totalRegistrations).toBe(7);
    expect(summary.totalRevenue).toBe(500 + 1000 + 300 + 400 + 500);
    // Confirmed or Checked-In since 10 December: a (twice, in two cases), c, e. Not b (Pending),
    // not d (Cancelled); c's No-Show does not count, but c's Checked-In does.
    expect(summary.activeUsers).toBe(3);
  });

  it('an empty database has zeros', async () => {
    expect(await dashboard(empty)).toMatchObject({
      totalEvents: 0,
      activeUsers: 0,
      totalRevenue: 0,
      cities: 0,
      topCities: [],
    });
  });
});

describe('analytics, last 30 days', () => {
  const report = () => analytics(populated, '30d');

  it('KPIs against the previous 30 days', async () => {
    const { kpis, from, to } = await report();
    expect(from).toBe('2026-02-08T06:30:00.000Z');
    expect(to).toBe(NOW.toISOString());
    // Paid only: the Pending ₹500 and the Refunded ₹200 are not revenue.
    expect(kpis.revenue).toEqual({ value: 1800, previous: 400, changePercent: 350 });
    // Bookings are registrations that are not Cancelled.
    expect(kpis.bookings).toEqual({ value: 4, previous: 1, changePercent: 300 });
    // New participants: a, b, d (c first registered in December); e in the previous period.
    expect(kpis.userGrowth).toEqual({ value: 3, previous: 1, changePercent: 200 });
    expect(kpis.activeCities).toEqual({ value: 2, previous: 1, changePercent: 100 });
  });

  it('top events by revenue, city performance and categories', async () => {
    const r = await report();
    expect(r.topEvents.map((e) => [e.title, e.revenue, e.bookings])).toEqual([
      ['Mumbai Cricket Cup', 1500, 3],
      ['Pune Football League', 300, 1],
    ]);
    expect(r.cityPerformance).toEqual([
      { city: 'Delhi', events: 1, registrations: 0, revenue: 0 },
      { city: 'Mumbai', events: 1, registrations: 3, revenue: 1500 },
      { city: 'Pune', events: 1, registrations: 1, revenue: 300 },
    ]);
    expect(r.cityScaleMax).toBe(250);
    expect(r.categories).toEqual([
      { category: 'Cricket', registrations: 3, percent: 75 },
      { category: 'Football', registrations: 1, percent: 25 },
    ]);
  });

  it('quick stats and the commission', async () => {
    const { quickStats, commission } = await report();
    // ₹1,800 over 4 paid tickets (one registration has 2).
    expect(quickStats.averageTicketPrice).toBe(450);
    // 3 orders created this period, 1 paid.
    expect(quickStats.conversionRate).toBe(33.3);
    // The cricket cup has been held: 1 of its 2 expected participants checked in.
    expect(quickStats.checkInRate).toBe(50);
    expect(quickStats.refundsOwed).toEqual({ count: 1, amount: 250 });
    expect(commission).toEqual({ percent: 5, platformRevenue: 90, organiserShare: 1710 });
  });

  it('the commission follows the setting', async () => {
    await populated.db.transaction((tx) => writeSettings(tx, { platformCommissionPercent: 12.5 }));
    try {
      expect((await report()).commission).toEqual({ percent: 12.5, platformRevenue: 225, organiserShare: 1575 });
    } finally {
      await populated.db.transaction((tx) => writeSettings(tx, { platformCommissionPercent: 5 }));
    }
  });
});

describe('monthly figures are Asia/Kolkata months', () => {
  it('a payment at 00:30 on 1 February in India counts in February, not January', async () => {
    const { monthly } = await analytics(populated, '30d');
    expect(monthly).toHaveLength(12);
    expect(monthly[0]).toMatchObject({ month: '2025-04', label: 'Apr 2025' });
    expect(monthly.at(-1)).toMatchObject({ month: '2026-03', revenue: 800, bookings: 3 });
    const byMonth = Object.fromEntries(monthly.map((m) => [m.month, [m.revenue, m.bookings]]));
    expect(byMonth['2026-02']).toEqual([1400, 2]);
    expect(byMonth['2026-01']).toEqual([0, 0]);
    expect(byMonth['2025-12']).toEqual([500, 1]);
  });

  it('the month turns at midnight in India', () => {
    // 23:59 IST on 31 March is still March; one minute later it is April.
    expect(lastTwelveIndiaMonths(new Date('2026-03-31T18:29:00Z')).at(-1)!.key).toBe('2026-03');
    const april = lastTwelveIndiaMonths(new Date('2026-03-31T18:30:00Z'));
    expect(april.at(-1)).toEqual({ key: '2026-04', label: 'Apr 2026', start: '2026-03-31T18:30:00.000Z' });
    expect(april[0]!.key).toBe('2025-05');
  });
});

describe('other periods', () => {
  it('all time has no previous period', async () => {
    const { kpis, from } = await analytics(populated, 'all');
    expect(from).toBeNull();
    expect(kpis.revenue).toEqual({ value: 2700, previous: null, changePercent: null });
    expect(kpis.userGrowth.value).toBe(5); // a, b, c, d, e
  });

  it('a period with no data answers zeros, no percentages and twelve empty months', async () => {
    const r = await analytics(empty, '90d');
    expect(r.kpis.revenue).toEqual({ value: 0, previous: 0, changePercent: null });
    expect(r.kpis.bookings.value).toBe(0);
    expect(r.topEvents).toEqual([]);
    expect(r.categories).toEqual([]);
    expect(r.quickStats).toEqual({
      averageTicketPrice: 0,
      conversionRate: null,
      checkInRate: null,
      refundsOwed: { count: 0, amount: 0 },
      refunded: { count: 0, amount: 0 },
    });
    expect(r.monthly.every((m) => m.revenue === 0 && m.bookings === 0)).toBe(true);
    expect(r.commission).toEqual({ percent: 5, platformRevenue: 0, organiserShare: 0 });
  });

  it('a city with more than 250 events sets the scale', async () => {
    const values = Array.from({ length: 260 }, (_, i) => ({
      title: `Bulk ${i}`,
      date: '2026-06-01',
      time: '07:00',
      venue: 'Ground, Chennai',
      location: 'Chennai',
      category: 'Running',
      maxParticipants: 10,
    }));
    // A database of its own: the empty one stays empty for the tests that read it.
    const bulk = await createTestDatabase();
    try {
      await bulk.db.transaction(async (db) => {
        const organisationId = await testOrganisationId(db);
        await db.insert(events).values(values.map((v) => ({ ...v, organisationId })));
      });
      expect((await analytics(bulk, '30d')).cityScaleMax).toBe(260);
    } finally {
      await bulk.close();
    }
  });
});
