// Text search on PostgreSQL: ILIKE '%text%' over the columns of a pg_trgm GIN index
// (drizzle-postgres/0001), the same columns and expressions the index names so the planner uses it.
import { and, count, desc, ilike, or, sql } from 'drizzle-orm';
import { MIN_SEARCH_LENGTH, pageWithin } from '../contract';
import { events, registrations, ticketTypes } from './schema';
import type { TextSearch } from './text-search';

/** The text as a LIKE pattern matching it anywhere, with its own % _ and \ taken literally. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const eventMatches = (text: string) =>
  or(ilike(events.title, anywhere(text)), ilike(events.location, anywhere(text)), ilike(events.category, anywhere(text)))!;

const registrationMatches = (text: string) => {
  const r = registrations;
  const digits = text.replace(/\D/g, '');
  return or(
    ilike(r.registrationNumber, anywhere(text)),
    sql`(${r.firstName} || ' ' || ${r.lastName}) ilike ${anywhere(text)}`,
    ilike(r.email, anywhere(text)),
    digits.length >= MIN_SEARCH_LENGTH ? ilike(r.phone, anywhere(digits)) : undefined,
  )!;
};

const newestFirst = [desc(registrations.registrationDate), desc(registrations.id)];

export const postgresTextSearch: TextSearch = {
  eventMatches,
  ticketTypeMatches: (text) =>
    or(
      ilike(ticketTypes.name, anywhere(text)),
      ilike(ticketTypes.category, anywhere(text)),
      sql`${ticketTypes.eventId} in (select ${events.id} from ${events} where ${ilike(events.title, anywhere(text))})`,
    )!,
  registrationMatches,
  async registrationSearchPage(db, search, others, requested, pageSize, countCap) {
    const where = and(registrationMatches(search), others);
    // Counted up to one past the cap, or past the rows up to the page asked for: a broad search
    // is not counted through (decision 018).
    const upTo = (requested ?? 1) * pageSize;
    const countTo = Math.max(countCap, upTo);
    const capped = db
      .select({ one: sql`1` })
      .from(registrations)
      .where(where)
      .limit(countTo + 1)
      .as('capped');
    const [{ n }] = await db.select({ n: count() }).from(capped);
    const atLeast = n > countTo;
    const total = atLeast ? countTo : n;
    const page = atLeast ? (requested ?? 1) : pageWithin(total, requested, pageSize);
    const rows = await db
      .select({ id: registrations.id })
      .from(registrations)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { total, ...(atLeast && { totalIsAtLeast: true as const }), page, ids: rows.map((row) => row.id) };
  },
};
