import { desc, eq, ne, sql } from 'drizzle-orm';
import { ONLINE_CITY, type DashboardSummary } from '../contract';
import type { Db } from '../db/client';
import { events, registrations } from '../db/schema';
import { toRupees } from './money';

const TOP_CITIES = 5;
const RECENT_EVENTS = 5;

export function dashboardSummary(db: Db): DashboardSummary {
  const eventCounts = db
    .select({
      total: sql<number>`count(*)`,
      active: sql<number>`coalesce(sum(case when ${events.status} = 'Active' then 1 else 0 end), 0)`,
      cities: sql<number>`count(distinct case when ${events.location} <> ${ONLINE_CITY} then ${events.location} end)`,
    })
    .from(events)
    .get()!;
  const registrationCounts = db
    .select({
      total: sql<number>`count(*)`,
      revenuePaise: sql<number>`coalesce(sum(case when ${registrations.paymentStatus} = 'Paid' then ${registrations.amountPaise} else 0 end), 0)`,
    })
    .from(registrations)
    .get()!;

  const recentEvents = db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      location: events.location,
      status: events.status,
      category: events.category,
    })
    .from(events)
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(RECENT_EVENTS)
    .all();

  const registrationsPerEvent = db
    .select({ eventId: registrations.eventId, count: sql<number>`count(*)`.as('count') })
    .from(registrations)
    .groupBy(registrations.eventId)
    .as('per_event');
  const eventsCount = sql<number>`count(*)`;
  const registrationsCount = sql<number>`coalesce(sum(${registrationsPerEvent.count}), 0)`;
  const topCities = db
    .select({ city: events.location, events: eventsCount, registrations: registrationsCount })
    .from(events)
    .leftJoin(registrationsPerEvent, eq(registrationsPerEvent.eventId, events.id))
    .where(ne(events.location, ONLINE_CITY))
    .groupBy(events.location)
    .orderBy(desc(registrationsCount), desc(eventsCount), events.location)
    .limit(TOP_CITIES)
    .all();

  return {
    totalEvents: eventCounts.total,
    activeEvents: eventCounts.active,
    totalRegistrations: registrationCounts.total,
    totalRevenue: toRupees(registrationCounts.revenuePaise),
    cities: eventCounts.cities,
    recentEvents,
    topCities,
  };
}
