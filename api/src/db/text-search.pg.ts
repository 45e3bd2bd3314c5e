// Text search on PostgreSQL: ILIKE '%text%' over the columns of a pg_trgm GIN index
// (drizzle-postgres/0001), the same columns and expressions the index names so the planner uses it.
import { and, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { MIN_SEARCH_LENGTH, pageWithin, searchedPhoneDigits } from '../contract';
import { cappedCount } from './capped-count';
import type { Db } from './client';
import { events, registrations, ticketTypes } from './schema';
import type { TextSearch } from './text-search';

/** The text as a LIKE pattern matching it anywhere, with its own % _ and \ taken literally. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const eventMatches = (text: string) =>
  or(ilike(events.title, anywhere(text)), ilike(events.location, anywhere(text)), ilike(events.category, anywhere(text)))!;

const registrationMatches = (text: string) => {
  const r = registrations;
  const digits = searchedPhoneDigits(text);
  return or(
    ilike(r.registrationNumber, anywhere(text)),
    sql`(${r.firstName} || ' ' || ${r.lastName}) ilike ${anywhere(text)}`,
    ilike(r.email, anywhere(text)),
    digits.length >= MIN_SEARCH_LENGTH ? ilike(r.phone, anywhere(digits)) : undefined,
  )!;
};

const newestFirst = [desc(registrations.registrationDate), desc(registrations.id)];

/** The newest registrations a broad search's page is looked for among first (or 4× the rows up to it). */
const NEWEST_WINDOW = 5000;

/**
 * A page of a broad search (more matches than it counts), newest first. Walking the date index
 * until the page is found is quick when matches are everywhere, and reads most of the table when
 * they lie far back (a search whose newest match is 80,000 registrations old: 34 ms). So the page
 * is first looked for among the newest registrations only, a range of registrations_date_idx
 * (date, id); when they hold fewer matches than the rows up to the page, the page is found among
 * every match instead, each found through the trigram index and sorted (a materialised CTE, so
 * that the planner does not walk the date index for them).
 */
async function broadSearchPage(
  db: Db,
  where: SQL | undefined,
  others: SQL | undefined,
  page: number,
  pageSize: number,
): Promise<number[]> {
  const offset = (page - 1) * pageSize;
  const byDate = (extra?: SQL) =>
    db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(where, extra))
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset);
  // The window is the newest of the rows the other filters keep (the organisation's own, on its
  // date index, decision 059): another organisation's newer registrations are not in the list.
  const [edge] = await db
    .select({ date: registrations.registrationDate, id: registrations.id })
    .from(registrations)
    .where(others)
    .orderBy(...newestFirst)
    .limit(1)
    .offset(Math.max(NEWEST_WINDOW, 4 * page * pageSize) - 1);
  // Every registration is within the window: the date index is walked as far as it must be.
  if (!edge) return (await byDate()).map((row) => row.id);
  const newest = await byDate(sql`(${registrations.registrationDate}, ${registrations.id}) >= (${edge.date}, ${edge.id})`);
  // The window's matches come first in the list's order: a full page among them is the page.
  if (newest.length === pageSize) return newest.map((row) => row.id);
  // Otherwise the organisation's rows are walked newest first (its date index) until the page is
  // found: at most its own rows, where every match sorted would read them all too (decision 059).
  return (await byDate()).map((row) => row.id);
}

export const postgresTextSearch: TextSearch = {
  eventMatches,
  ticketTypeMatches: (text) =>
    or(
      ilike(ticketTypes.name, anywhere(text)),
      ilike(ticketTypes.category, anywhere(text)),
      // The matching events' ids as one array (an init plan), not IN (a subplan): an array can be
      // looked up in ticket_types_event_idx beside the trigram index's arms (a BitmapOr), where a
      // hashed subplan is only a filter over every ticket type.
      sql`${ticketTypes.eventId} = any(array(select ${events.id} from ${events} where ${ilike(events.title, anywhere(text))}))`,
    )!,
  registrationMatches,
  async registrationSearchPage(db, search, others, requested, pageSize, countCap) {
    const where = and(registrationMatches(search), others);
    // Counted up to one past the cap, or past the rows up to the page asked for: a broad search
    // is not counted through (decision 018).
    const upTo = (requested ?? 1) * pageSize;
    const countTo = Math.max(countCap, upTo);
    const { total, atLeast } = await cappedCount(db, registrations, where, countTo);
    const page = atLeast ? (requested ?? 1) : pageWithin(total, requested, pageSize);
    // A search that found no more than it counted (a narrow one) sorts its page from its matches,
    // read as the count read them (through the trigram index), all of them being within the limit.
    // Walking the date index newest first instead, on an estimate of many matches, reads the whole
    // table when there are fewer than a page (84 ms at 100,000 registrations).
    const matches = db
      .select({ id: registrations.id, registrationDate: registrations.registrationDate })
      .from(registrations)
      .where(where)
      .limit(countTo + 1)
      .as('matches');
    const ids = atLeast
      ? await broadSearchPage(db, where, others, page, pageSize)
      : (
          await db
            .select({ id: matches.id })
            .from(matches)
            .orderBy(desc(matches.registrationDate), desc(matches.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize)
        ).map((row) => row.id);
    return { total, ...(atLeast && { totalIsAtLeast: true as const }), page, ids };
  },
};
