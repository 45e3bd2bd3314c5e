// Events and Tickets Management's lists, a page at a time (issue 14): every order and filter walks
// an index (migration 0003_admin_list_indexes), the search goes through the trigram indexes, and
// a page's ids are found before its whole rows are read (the events' aggregates are subqueries).
import { and, asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  ADMIN_LIST_PAGE_SIZE,
  indiaToday,
  SEARCH_COUNT_CAP,
  type AdminEventListQuery,
  type AdminEventPage,
  type AdminTicketListQuery,
  type AdminTicketPage,
  type EventOption,
  type EventSortKey,
  type TicketSummary,
} from '../contract';
import type { Db } from '../db/client';
import { events, ticketTypes } from '../db/schema';
import { greatest, least } from '../db/functions';
import { ownEvents, ownTicketTypes, type OrganisationId } from '../db/tenancy';
import { indiaDay } from './india-time';
import { textSearch } from '../db/text-search';
import { byDate, eventWithAggregates, toAdminEvent } from './events';
import { cachedTakenPaise } from './money-taken';
import { offsetPage } from './paging';
import { toRupees } from '../contract/money';
import { ticketWithEvent, toTicket } from './tickets';

/** Each sort key's expression, exactly as its index in schema.ts has it; the id breaks ties. */
const EVENT_ORDER: Record<EventSortKey, SQLWrapper[]> = {
  title: [sql`lower(${events.title})`],
  category: [events.category],
  date: [events.date, events.time],
  location: [events.location],
  participants: [events.maxParticipants],
  // The money actually taken (money-taken.ts), as the database keeps it per event: events_taken_idx.
  revenue: [cachedTakenPaise()],
  status: [events.status],
};

/** A page of every event, drafts included, in the table's order (soonest first by default). */
export async function listAdminEventsPage(
  db: Db,
  organisationId: OrganisationId,
  query: AdminEventListQuery = {},
): Promise<AdminEventPage> {
  const where = and(ownEvents(organisationId), query.search ? textSearch.eventMatches(query.search) : undefined);
  const pageSize = query.pageSize ?? ADMIN_LIST_PAGE_SIZE;
  const direction = query.direction === 'desc' ? desc : asc;
  const orderBy = [...EVENT_ORDER[query.sort ?? 'date'], events.id].map((term) => direction(term));
  // A search is counted up to the cap (decision 018): a word in a sixth of 10,000 titles is "1,000+".
  const countCap = query.search ? SEARCH_COUNT_CAP : undefined;
  const { ids, ...found } = await offsetPage(
    db,
    { table: events, id: events.id, where, orderBy, countCap },
    query.page,
    pageSize,
  );
  const rows = await db
    .select(eventWithAggregates)
    .from(events)
    .where(inArray(events.id, ids))
    .orderBy(...orderBy);
  return {
    events: rows.map((row) => ({ ...toAdminEvent(row), moneyTaken: toRupees(Number(row.takenPaise)) })),
    ...found,
    pageSize,
  };
}

/** Every event, soonest first, as a picker needs it: id, title, date and status. */
export async function listEventOptions(db: Db, organisationId: OrganisationId): Promise<EventOption[]> {
  return db
    .select({ id: events.id, title: events.title, date: events.date, status: events.status })
    .from(events)
    .where(ownEvents(organisationId))
    .orderBy(...byDate);
}

/** A ticket's window excludes India's today: it starts after it, or ended before it. */
const outsideWindow = (today: string) =>
  or(sql`substr(${ticketTypes.validFrom}, 1, 10) > ${today}`, sql`substr(${ticketTypes.validUntil}, 1, 10) < ${today}`)!;

function ticketFilters(organisationId: OrganisationId, query: AdminTicketListQuery, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ownTicketTypes(organisationId)];
  // The search finds a ticket by its name or category, or by its event's title.
  if (query.search) conditions.push(textSearch.ticketTypeMatches(query.search));
  if (query.eventId !== undefined) conditions.push(eq(ticketTypes.eventId, query.eventId));
  if (query.showExpired !== 'true') {
    const today = indiaToday(now);
    // A window with no dates at one end is open there: unknown is not outside.
    conditions.push(sql`(${outsideWindow(today)}) is not true`);
  }
  return and(...conditions);
}

/** A page of ticket types with their event's name, newest first; expired ones only when asked. */
export async function listAdminTicketsPage(
  db: Db,
  organisationId: OrganisationId,
  query: AdminTicketListQuery = {},
  now = new Date(),
): Promise<AdminTicketPage> {
  const where = ticketFilters(organisationId, query, now);
  const pageSize = query.pageSize ?? ADMIN_LIST_PAGE_SIZE;
  const orderBy = [desc(ticketTypes.createdAt), desc(ticketTypes.id)];
  const countCap = query.search ? SEARCH_COUNT_CAP : undefined;
  const { ids, ...found } = await offsetPage(
    db,
    { table: ticketTypes, id: ticketTypes.id, where, orderBy, countCap },
    query.page,
    pageSize,
  );
  const rows = await db
    .select(ticketWithEvent)
    .from(ticketTypes)
    .leftJoin(events, eq(events.id, ticketTypes.eventId))
    .where(inArray(ticketTypes.id, ids))
    .orderBy(...orderBy);
  return { tickets: rows.map((row) => toTicket(row, now)), ...found, pageSize };
}

/** Tickets Management's four cards over every ticket type, from the summary index alone. */
export async function ticketSummary(db: Db, organisationId: OrganisationId, now = new Date()): Promise<TicketSummary> {
  // The types the list shows Active (contract/ticket-status.ts): on sale, within their valid days
  // (India's), with a seat of their own left (quantity and bib range, less sold and held).
  const today = indiaDay(now);
  const capacity = sql`case when ${ticketTypes.bibFrom} is not null and ${ticketTypes.bibTo} is not null then ${least(ticketTypes.quantity, sql`${ticketTypes.bibTo} - ${ticketTypes.bibFrom} + 1`)} else ${ticketTypes.quantity} end`;
  const active = sql`(${ticketTypes.status} = 'Active'
    and (${ticketTypes.validUntil} is null or substr(${ticketTypes.validUntil}, 1, 10) >= ${today})
    and (${ticketTypes.validFrom} is null or substr(${ticketTypes.validFrom}, 1, 10) <= ${today})
    and ${capacity} - ${ticketTypes.sold} - ${ticketTypes.held} > 0)`;
  const [row] = await db
    .select({
      activeQuantity: sql<number>`coalesce(sum(case when ${active} then ${ticketTypes.quantity} else 0 end), 0)`,
      activeTypes: sql<number>`coalesce(sum(case when ${active} then 1 else 0 end), 0)`,
      sold: sql<number>`coalesce(sum(${ticketTypes.sold}), 0)`,
      available: sql<number>`coalesce(sum(${greatest(0, sql`${ticketTypes.quantity} - ${ticketTypes.sold}`)}), 0)`,
    })
    .from(ticketTypes)
    .where(ownTicketTypes(organisationId));
  // The money taken, as every screen counts it (money-taken.ts): not seats times a price. Summed
  // from each event's cache of it (events.taken_paise, kept by the database and recounted by
  // money-taken-cache.test.ts), a row per event instead of one per attendee.
  const [taken] = await db
    .select({ paise: sql<number>`coalesce(sum(${cachedTakenPaise()}), 0)`.mapWith(Number) })
    .from(events)
    .where(ownEvents(organisationId));
  return {
    activeQuantity: row!.activeQuantity,
    activeTypes: row!.activeTypes,
    sold: row!.sold,
    available: row!.available,
    revenue: toRupees(taken!.paise),
  };
}
