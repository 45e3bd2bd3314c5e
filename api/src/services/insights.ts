// The dashboard's and the Analytics screen's figures, all from the database (issue 12).
// Revenue is paid less refunded (decision 022): each Paid or Refunded attendee's price less their
// share of the refunds that cover them (`refunded_paise`); a booking is a registration that is not Cancelled; a
// user is a participant e-mail (lower-cased). Periods are instants; months are Asia/Kolkata months.
import { commissionPercentOf } from './order-pricing';
import { and, desc, eq, gte, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ACTIVE_USER_DAYS,
  CITY_BAR_EVENTS,
  ONLINE_CITY,
  type AnalyticsPeriod,
  type AnalyticsReport,
  type DashboardSummary,
  type Kpi,
} from '../contract';
import { isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { indiaMonth } from '../db/functions';
import { events, orders, refunds, registrations } from '../db/schema';
import { indiaDay, instantOfIndiaTime } from './india-time';
import { takenPaise } from './money-taken';
import { toRupees } from '../contract/money';
import { inOwnEvents, ownEvents, ownRegistrations, type OrganisationId } from '../db/tenancy';

const TOP_CITIES = 5;
const RECENT_EVENTS = 5;
const TOP_EVENTS = 5;
const DAY_MS = 86_400_000;

const PERIOD_DAYS: Record<Exclude<AnalyticsPeriod, 'all'>, number> = { '30d': 30, '90d': 90, '12m': 365 };

const paidPaise = takenPaise();
const bookingCount = sql<number>`coalesce(sum(case when ${registrations.status} <> 'Cancelled' then 1 else 0 end), 0)`;
const participantKey = sql`lower(${registrations.email})`;

export async function dashboardSummary(db: Db, organisationId: OrganisationId, now = new Date()): Promise<DashboardSummary> {
  const own = ownRegistrations(organisationId);
  const [eventCounts] = await db
    .select({
      total: sql<number>`count(*)`,
      active: sql<number>`coalesce(sum(case when ${events.status} = 'Active' then 1 else 0 end), 0)`,
      cities: sql<number>`count(distinct case when ${events.location} <> ${ONLINE_CITY} then ${events.location} end)`,
    })
    .from(events)
    .where(ownEvents(organisationId));
  const [registrationCounts] = await db
    .select({ total: sql<number>`count(*)`, revenuePaise: paidPaise })
    .from(registrations)
    .where(and(isAttendee, own));
  const activeSince = new Date(now.getTime() - ACTIVE_USER_DAYS * DAY_MS).toISOString();
  const [active] = await db
    .select({ count: sql<number>`count(distinct ${participantKey})` })
    .from(registrations)
    .where(
      and(
        isAttendee,
        own,
        inArray(registrations.status, ['Confirmed', 'Checked-In']),
        gte(registrations.registrationDate, activeSince),
        ne(registrations.email, ''),
      ),
    );

  const recentEvents = await db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      location: events.location,
      status: events.status,
      category: events.category,
    })
    .from(events)
    .where(ownEvents(organisationId))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(RECENT_EVENTS);

  const registrationsPerEvent = db
    .select({ eventId: registrations.eventId, count: sql<number>`count(*)`.as('count') })
    .from(registrations)
    .where(and(isAttendee, own))
    .groupBy(registrations.eventId)
    .as('per_event');
  const eventsCount = sql<number>`count(*)`;
  const registrationsCount = sql<number>`coalesce(sum(${registrationsPerEvent.count}), 0)`;
  const topCities = await db
    .select({ city: events.location, events: eventsCount, registrations: registrationsCount })
    .from(events)
    .leftJoin(registrationsPerEvent, eq(registrationsPerEvent.eventId, events.id))
    .where(and(ownEvents(organisationId), ne(events.location, ONLINE_CITY)))
    .groupBy(events.location)
    .orderBy(desc(registrationsCount), desc(eventsCount), events.location)
    .limit(TOP_CITIES);

  return {
    totalEvents: eventCounts!.total,
    activeEvents: eventCounts!.active,
    activeUsers: active!.count,
    totalRegistrations: registrationCounts!.total,
    totalRevenue: toRupees(registrationCounts!.revenuePaise),
    cities: eventCounts!.cities,
    recentEvents,
    topCities,
  };
}

interface Window {
  from: string | null;
  to: string;
}

/** The period's window and the previous one of the same length (none for 'all'). */
export function periodWindows(period: AnalyticsPeriod, now: Date): { current: Window; previous: Window | null } {
  const to = now.toISOString();
  if (period === 'all') return { current: { from: null, to }, previous: null };
  const length = PERIOD_DAYS[period] * DAY_MS;
  const from = new Date(now.getTime() - length).toISOString();
  return { current: { from, to }, previous: { from: new Date(now.getTime() - 2 * length).toISOString(), to: from } };
}

const within = (column: PgColumn, w: Window) => and(w.from === null ? undefined : gte(column, w.from), lt(column, w.to));

/** The first registration of each participant e-mail, as a subquery. */
function firstRegistrations(db: Db, organisationId: OrganisationId) {
  return db
    .select({
      email: sql<string>`${participantKey}`.as('email'),
      first: sql<string>`min(${registrations.registrationDate})`.as('first'),
    })
    .from(registrations)
    .where(and(isAttendee, ownRegistrations(organisationId), ne(registrations.email, '')))
    .groupBy(participantKey)
    .as('first_registrations');
}

async function periodFigures(db: Db, organisationId: OrganisationId, w: Window) {
  const [totals] = await db
    .select({
      revenuePaise: paidPaise,
      bookings: bookingCount,
      activeCities: sql<number>`count(distinct case when ${registrations.status} <> 'Cancelled' and ${events.location} <> ${ONLINE_CITY} then ${events.location} end)`,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(isAttendee, ownEvents(organisationId), within(registrations.registrationDate, w)));
  const first = firstRegistrations(db, organisationId);
  const [newUsers] = await db
    .select({ count: sql<number>`count(*)` })
    .from(first)
    .where(and(w.from === null ? undefined : sql`${first.first} >= ${w.from}`, sql`${first.first} < ${w.to}`));
  return {
    revenue: toRupees(totals!.revenuePaise),
    revenuePaise: totals!.revenuePaise,
    bookings: totals!.bookings,
    activeCities: totals!.activeCities,
    newUsers: newUsers!.count,
  };
}

export function kpi(value: number, previous: number | null): Kpi {
  if (previous === null) return { value, previous: null, changePercent: null };
  const changePercent = previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10;
  return { value, previous, changePercent };
}

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

const MONTH_LABEL = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The last 12 Asia/Kolkata months ending with the current one: keys 'YYYY-MM' and the first instant. */
export function lastTwelveIndiaMonths(now: Date): { key: string; label: string; start: string }[] {
  const [year, month] = indiaDay(now).split('-').map(Number) as [number, number];
  const months = [];
  for (let back = 11; back >= 0; back--) {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    const key = first.toISOString().slice(0, 7);
    // Midnight of the 1st in India is 18:30 UTC the day before.
    const start = instantOfIndiaTime(`${key}-01`, '00:00').toISOString();
    months.push({ key, label: MONTH_LABEL.format(first), start });
  }
  return months;
}

export async function analyticsReport(
  db: Db,
  organisationId: OrganisationId,
  period: AnalyticsPeriod,
  now = new Date(),
): Promise<AnalyticsReport> {
  const { current, previous } = periodWindows(period, now);
  const figures = await periodFigures(db, organisationId, current);
  const before = previous ? await periodFigures(db, organisationId, previous) : null;
  // The acting organisation's attendees, orders and refunds only (decision 051).
  const own = ownRegistrations(organisationId);
  const ownOrders = inOwnEvents(orders.eventId, organisationId);
  const ownRefunds = inArray(
    refunds.orderId,
    db.select({ id: orders.id }).from(orders).where(inOwnEvents(orders.eventId, organisationId)),
  );
  const inPeriod = and(isAttendee, own, within(registrations.registrationDate, current));

  const revenuePaise = sql<number>`${paidPaise}`;
  // Grouped by the events' primary key, so their other columns may be selected (on PostgreSQL too).
  const topEvents = (
    await db
      .select({
        id: events.id,
        title: events.title,
        location: events.location,
        category: events.category,
        bookings: bookingCount,
        revenuePaise,
      })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .where(inPeriod)
      .groupBy(events.id)
      .having(sql`${paidPaise} > 0`)
      .orderBy(desc(revenuePaise), desc(bookingCount), events.title)
      .limit(TOP_EVENTS)
  ).map(({ revenuePaise: paise, ...rest }) => ({ ...rest, revenue: toRupees(paise) }));

  // Events per city are the city's catalogue (all time); registrations and revenue are the period's.
  // Online is not a city, here as on the dashboard.
  const periodPerEvent = db
    .select({
      eventId: registrations.eventId,
      bookings: bookingCount.as('bookings'),
      paise: sql<number>`${paidPaise}`.as('paise'),
    })
    .from(registrations)
    .where(inPeriod)
    .groupBy(registrations.eventId)
    .as('period_per_event');
  const cityEvents = sql<number>`count(*)`;
  const cityPerformance = (
    await db
      .select({
        city: events.location,
        events: cityEvents,
        registrations: sql<number>`coalesce(sum(${periodPerEvent.bookings}), 0)`,
        paise: sql<number>`coalesce(sum(${periodPerEvent.paise}), 0)`,
      })
      .from(events)
      .leftJoin(periodPerEvent, eq(periodPerEvent.eventId, events.id))
      .where(and(ownEvents(organisationId), ne(events.location, ONLINE_CITY)))
      .groupBy(events.location)
      .orderBy(desc(cityEvents), events.location)
  ).map(({ paise, ...rest }) => ({ ...rest, revenue: toRupees(paise) }));
  const cityScaleMax = Math.max(CITY_BAR_EVENTS, ...cityPerformance.map((c) => c.events));

  const months = lastTwelveIndiaMonths(now);
  const monthKey = indiaMonth(registrations.registrationDate);
  const perMonth = new Map(
    (
      await db
        .select({ month: monthKey, paise: paidPaise, bookings: bookingCount })
        .from(registrations)
        .where(
          and(
            isAttendee,
            own,
            gte(registrations.registrationDate, months[0]!.start),
            lt(registrations.registrationDate, now.toISOString()),
          ),
        )
        .groupBy(monthKey)
    ).map((row) => [row.month, row]),
  );
  const monthly = months.map(({ key, label }) => {
    const row = perMonth.get(key);
    return { month: key, label, revenue: toRupees(row?.paise ?? 0), bookings: row?.bookings ?? 0 };
  });

  const categoryCount = sql<number>`count(*)`;
  const categoryRows = await db
    .select({ category: events.category, registrations: categoryCount })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(inPeriod, ne(registrations.status, 'Cancelled')))
    .groupBy(events.category)
    .orderBy(desc(categoryCount), events.category);
  const categoryTotal = categoryRows.reduce((n, c) => n + c.registrations, 0);
  const categories = categoryRows.map((c) => ({ ...c, percent: percentOf(c.registrations, categoryTotal) }));

  const [paidTickets] = await db
    .select({ tickets: sql<number>`coalesce(sum(${registrations.quantity}), 0)`, paise: paidPaise })
    .from(registrations)
    .where(and(inPeriod, eq(registrations.paymentStatus, 'Paid')));
  const [orderCounts] = await db
    .select({
      created: sql<number>`count(*)`,
      paid: sql<number>`coalesce(sum(case when ${orders.status} = 'PAID' then 1 else 0 end), 0)`,
    })
    .from(orders)
    .where(and(ownOrders, within(orders.createdAt, current)));
  const today = indiaDay(now);
  const [attendance] = await db
    .select({
      expected: sql<number>`count(*)`,
      checkedIn: sql<number>`coalesce(sum(case when ${registrations.status} = 'Checked-In' then 1 else 0 end), 0)`,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(inPeriod, inArray(registrations.status, ['Confirmed', 'Checked-In', 'No-Show']), sql`${events.date} <= ${today}`));
  // Owed now: refunds asked for and not settled, and paid orders flagged before refunds were
  // recorded (decision 022) that have none yet.
  const [owed] = await db
    .select({ count: sql<number>`count(*)`, paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(ownRefunds, inArray(refunds.status, ['pending', 'processing'])));
  const [flagged] = await db
    .select({ count: sql<number>`count(*)`, paise: sql<number>`coalesce(sum(${orders.amountPaise}), 0)` })
    .from(orders)
    .where(
      and(
        ownOrders,
        eq(orders.status, 'REFUND_REQUIRED'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refunds)
            .where(eq(refunds.orderId, orders.id)),
        ),
      ),
    );
  // Given back in the period: refunds the provider completed.
  const [given] = await db
    .select({ count: sql<number>`count(*)`, paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(ownRefunds, eq(refunds.status, 'succeeded'), within(refunds.processedAt, current)));

  // The organisation's own commission when platform staff set one (decision 060), else the platform's.
  const commissionPercent = await commissionPercentOf(db, organisationId);
  // On the period's revenue, paid less refunded.
  const commissionPaise = Math.round((figures.revenuePaise * commissionPercent) / 100);

  return {
    period,
    from: current.from,
    to: current.to,
    kpis: {
      revenue: kpi(figures.revenue, before?.revenue ?? null),
      bookings: kpi(figures.bookings, before?.bookings ?? null),
      userGrowth: kpi(figures.newUsers, before?.newUsers ?? null),
      activeCities: kpi(figures.activeCities, before?.activeCities ?? null),
    },
    topEvents,
    cityPerformance,
    cityScaleMax,
    monthly,
    categories,
    quickStats: {
      averageTicketPrice: paidTickets!.tickets === 0 ? 0 : toRupees(Math.round(paidTickets!.paise / paidTickets!.tickets)),
      conversionRate: orderCounts!.created === 0 ? null : percentOf(orderCounts!.paid, orderCounts!.created),
      checkInRate: attendance!.expected === 0 ? null : percentOf(attendance!.checkedIn, attendance!.expected),
      refundsOwed: { count: owed!.count + flagged!.count, amount: toRupees(owed!.paise + flagged!.paise) },
      refunded: { count: given!.count, amount: toRupees(given!.paise) },
    },
    commission: {
      percent: commissionPercent,
      platformRevenue: toRupees(commissionPaise),
      organiserShare: toRupees(figures.revenuePaise - commissionPaise),
    },
  };
}
