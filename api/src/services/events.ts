import { and, asc, eq, getTableColumns, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { cityOfVenue, type EventsQuery, type SportEvent } from '../contract';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { toRupees } from './money';

// Both aggregates are correlated subqueries in the one list query, so a list costs one statement.
// They name tables explicitly: drizzle drops the table from column names in a single-table select,
// and an unqualified "id" inside the subquery would mean the ticket's id.
const startingPricePaise = sql<number>`coalesce((
  select min(tt.price_paise) from ticket_types tt where tt.event_id = events.id and tt.status = 'Active'
), events.price_paise)`;
const registeredCount = sql<number>`coalesce((
  select sum(tt.sold) from ticket_types tt where tt.event_id = events.id
), 0)`;

const eventWithAggregates = {
  ...getTableColumns(events),
  startingPricePaise: startingPricePaise.as('starting_price_paise'),
  registered: registeredCount.as('registered'),
};

type EventRow = typeof events.$inferSelect & { startingPricePaise: number; registered: number };

export function toSportEvent(row: EventRow): SportEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    time: row.time,
    venue: row.venue,
    location: row.location,
    category: row.category,
    maxParticipants: row.maxParticipants,
    price: toRupees(row.pricePaise),
    startingPrice: toRupees(row.startingPricePaise),
    registered: row.registered,
    imageUrl: row.imageUrl,
    status: row.status,
    organizer: row.organizer,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    highlights: row.highlights,
    rules: row.rules,
    regulations: row.regulations,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The city stored as an event's location: the contract's one rule, shared with the admin screens. */
export const locationOfVenue = (venue: string): string => cityOfVenue(venue);

const containsInsensitive = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), lower(${needle})) > 0`;

function publicFilters(query: EventsQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [ne(events.status, 'Draft')];
  const category = query.category?.trim();
  if (category && category.toLowerCase() !== 'all') {
    filters.push(sql`lower(${events.category}) = lower(${category})`);
  }
  const city = query.city?.trim();
  if (city) filters.push(containsInsensitive(events.location, city));
  const q = query.q?.trim();
  if (q) {
    filters.push(
      or(containsInsensitive(events.title, q), containsInsensitive(events.venue, q), containsInsensitive(events.category, q)),
    );
  }
  return and(...filters);
}

const byDate = [asc(events.date), asc(events.time), asc(events.id)];

/** Events the public may see (every status but Draft), soonest first. */
export function listPublicEvents(db: Db, query: EventsQuery = {}): SportEvent[] {
  return db
    .select(eventWithAggregates)
    .from(events)
    .where(publicFilters(query))
    .orderBy(...byDate)
    .all()
    .map(toSportEvent);
}

/** A public event, or undefined when it does not exist or is a Draft. */
export function getPublicEvent(db: Db, id: number): SportEvent | undefined {
  const row = db
    .select(eventWithAggregates)
    .from(events)
    .where(and(eq(events.id, id), ne(events.status, 'Draft')))
    .get();
  return row && toSportEvent(row);
}

export function isPublicEvent(db: Db, id: number): boolean {
  return (
    db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, id), ne(events.status, 'Draft')))
      .get() !== undefined
  );
}

/** Every event whatever its status, soonest first (the admin list). */
export function listAllEvents(db: Db): SportEvent[] {
  return db
    .select(eventWithAggregates)
    .from(events)
    .orderBy(...byDate)
    .all()
    .map(toSportEvent);
}
