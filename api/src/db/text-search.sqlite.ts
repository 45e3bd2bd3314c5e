// Text search on SQLite: FTS5 trigram tables beside their base tables (drizzle/0003), kept in step
// by triggers. Contentless: they hold only the index. Synchronous inside, as better-sqlite3 is;
// the registrations console's search pages are tuned for 100,000 rows (decision 018).
import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { MIN_SEARCH_LENGTH, pageWithin, searchedPhoneDigits } from '../contract';
import type { Db } from './client';
import { events, registrations, ticketTypes } from './schema.sqlite';
import type * as schema from './schema.sqlite';
import type { TextSearch } from './text-search';

type SqliteDb = BetterSQLite3Database<typeof schema> & { $client: BetterSqlite3.Database };
const sqliteOf = (db: Db) => db as unknown as SqliteDb;

/**
 * Text as one FTS5 string ("…", quotes doubled): with the trigram tokenizer it matches that text
 * anywhere, any case, and nothing typed is read as query syntax (AND, *, column filters).
 */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The trigram-indexed tables beside their base tables (migration 0003_admin_list_indexes). */
type SearchTable = 'events_search' | 'ticket_types_search' | 'registrations_search';

/** `id` is the rowid of a row whose text the FTS5 query `match` finds in `table`. */
const matchedBy = (id: SQL | { getSQL(): SQL }, table: SearchTable, match: string) =>
  sql`${id} in (select rowid from ${sql.identifier(table)} where ${sql.identifier(table)} match ${match})`;

/**
 * The trigram index's query for the search box: the text anywhere in the registration number,
 * name or e-mail, or, for a search written like a phone number, its digits (3 or more) in the phone. Each part is one FTS5 string,
 * quotes doubled, so nothing typed is read as query syntax.
 */
function registrationSearchMatch(search: string): string {
  const digits = searchedPhoneDigits(search);
  const text = `{registration_number name email} : ${ftsString(search)}`;
  return digits.length >= MIN_SEARCH_LENGTH ? `${text} OR phone : ${ftsString(digits)}` : text;
}

const newestFirst = [desc(registrations.registrationDate), desc(registrations.id)];

/** How many matches a broad search may read, newest first, per row it needs, before it gives up. */
const NEWEST_MATCHES_PER_ROW = 8;
/** Past this many rows (a page deep into a broad search) the whole match is the cheaper answer. */
const NEWEST_MATCHES_AT_MOST = 20_000;
/** The trigram index's matches are looked up in the table this many at a time. */
const LOOKUP_BATCH = 250;

type SearchPage = { total: number; totalIsAtLeast?: true; page: number; ids: number[] };
type Found = { id: number; registrationDate: string };

/** The trigram index's matches in id order, at most a number of them (FTS5 stops reading there). */
const matchesOf = (db: SqliteDb, order: 'asc' | 'desc') =>
  db.$client
    .prepare(`select rowid from registrations_search where registrations_search match ? order by rowid ${order} limit ?`)
    .pluck();

/**
 * Which of these registrations (by id) pass the other filters, with their dates. NOT INDEXED: each
 * is read by its id, never found by walking a filter's index (all Confirmed rows, say).
 */
function lookUp(db: SqliteDb, ids: number[], others: SQL | undefined): Found[] {
  return db.all<Found>(
    sql`select ${registrations.id} as id, ${registrations.registrationDate} as registrationDate
        from ${registrations} not indexed
        where ${registrations.id} in (select value from json_each(${JSON.stringify(ids)}))${others ? sql` and ${others}` : sql``}`,
  );
}

/** The list's order: most recent first, the later id first on the same date (as `newestFirst`). */
const byNewest = (a: Found, b: Found) =>
  a.registrationDate === b.registrationDate ? b.id - a.id : a.registrationDate < b.registrationDate ? 1 : -1;

function pageOf(found: Found[], requested: number | undefined, pageSize: number): SearchPage {
  const total = found.length;
  const page = pageWithin(total, requested, pageSize);
  const ids = found
    .sort(byNewest)
    .slice((page - 1) * pageSize, page * pageSize)
    .map((row) => row.id);
  return { total, page, ids };
}

/**
 * A broad search's page without reading all its matches: the trigram index hands its matches
 * newest id first, a batch at a time, until the page and one more than the cap are found. Those
 * are the page when no registration with an older id is dated after the page's last row (ids
 * and dates rise together as people register); otherwise, or when the other filters keep too few
 * of the matches, undefined: an exact way answers instead.
 */
function newestMatchesPage(
  db: SqliteDb,
  match: string,
  others: SQL | undefined,
  requested: number,
  pageSize: number,
  countCap: number,
) {
  const upTo = requested * pageSize;
  const wanted = Math.max(upTo, countCap) + 1;
  if (wanted > NEWEST_MATCHES_AT_MOST) return undefined;
  const readAtMost = wanted * NEWEST_MATCHES_PER_ROW;
  const found: Found[] = [];
  let batch: number[] = [];
  let read = 0;
  for (const id of matchesOf(db, 'desc').iterate(match, readAtMost + 1) as IterableIterator<number>) {
    if (++read > readAtMost) return undefined;
    batch.push(id);
    if (batch.length < LOOKUP_BATCH) continue;
    found.push(...lookUp(db, batch, others));
    if (found.length >= wanted) break;
    // The other filters keep so few of the matches that reading on would cost more than the whole.
    if (read >= 4 * LOOKUP_BATCH && found.length * (readAtMost / read) < wanted) return undefined;
    batch = [];
  }
  if (found.length < wanted) {
    // Every match was read (the last batch too): the exact answer.
    if (batch.length > 0) found.push(...lookUp(db, batch, others));
    return pageOf(found, requested, pageSize);
  }
  const oldestRead = batch.at(-1)!;
  found.sort(byNewest);
  const last = found[upTo - 1]!;
  const datedLater = db
    .select({ id: registrations.id })
    .from(registrations)
    // Among the rows the other filters keep (the organisation's, decision 059: its date index), the
    // unary + keeping the date range rather than the id range.
    .where(
      and(others, sql`${registrations.registrationDate} > ${last.registrationDate}`, sql`+${registrations.id} < ${oldestRead}`),
    )
    .limit(1)
    .get();
  if (datedLater) return undefined;
  const ids = found.slice(upTo - pageSize, upTo).map((row) => row.id);
  return { total: wanted - 1, totalIsAtLeast: true, page: requested, ids } satisfies SearchPage;
}

/**
 * The ids of one page of a search. A narrow search (at most the cap) takes its matches and sorts
 * them; a broad one reads the newest matches only (`newestMatchesPage`) and counts up to the cap.
 * When that cannot answer, the few rows the other filters keep are tested one by one
 * (`fewOthersPage`), else the whole match answers; both exactly.
 */
function searchPage(
  db: SqliteDb,
  search: string,
  others: SQL | undefined,
  requested: number | undefined,
  pageSize: number,
  countCap: number,
): SearchPage {
  const match = registrationSearchMatch(search);
  const first = matchesOf(db, 'asc').all(match, countCap + 1) as number[];
  if (first.length <= countCap) return pageOf(lookUp(db, first, others), requested, pageSize);
  return (
    newestMatchesPage(db, match, others, requested ?? 1, pageSize, countCap) ??
    fewOthersPage(db, requested, search, match, others, pageSize) ??
    wholeMatchPage(db, others, requested, match, pageSize)
  );
}

/** Past this many rows under the other filters, each read and tested, the whole match costs less. */
const ROW_TEST_AT_MOST = 20_000;

/**
 * The search's test on a row's own columns, exactly the trigram index's answer for text it can
 * compare: ASCII search text against ASCII columns is the same "contains, any case" (FTS5 folds
 * A-Z as lower() does). A column with other characters (the index folds some of them to ASCII,
 * 'K' to 'k') asks the index about that one row.
 */
function rowMatches(search: string, match: string): SQL {
  const text = search.toLowerCase();
  const digits = searchedPhoneDigits(search);
  const r = registrations;
  const name = sql`${r.firstName} || ' ' || ${r.lastName}`;
  const columns = sql`${r.registrationNumber} || ${r.firstName} || ${r.lastName} || ${r.email}`;
  return sql`(instr(lower(${r.registrationNumber}), ${text}) > 0
    or instr(lower(${name}), ${text}) > 0
    or instr(lower(${r.email}), ${text}) > 0
    ${digits.length >= MIN_SEARCH_LENGTH ? sql`or instr(${r.phone}, ${digits}) > 0` : sql``}
    or (length(${columns}) <> octet_length(${columns})
      and ${r.id} in (select rowid from registrations_search where registrations_search match ${match} and rowid = ${r.id})))`;
}

/**
 * A broad search under filters that keep few rows (one event's registrations): those rows, newest
 * first through the filters' index, each tested on its own columns (`rowMatches`). Exact. Only
 * for ASCII search text, which `rowMatches` compares as the index does.
 */
function fewOthersPage(
  db: SqliteDb,
  requested: number | undefined,
  search: string,
  match: string,
  others: SQL | undefined,
  pageSize: number,
): SearchPage | undefined {
  // eslint-disable-next-line no-control-regex
  if (!others || !/^[\x00-\x7f]*$/.test(search)) return undefined;
  const rows = db.select({ n: count() }).from(registrations).where(others).get()!.n;
  if (rows > ROW_TEST_AT_MOST) return undefined;
  const kept = db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(others, rowMatches(search, match)))
    .orderBy(...newestFirst)
    .all()
    .map((row) => row.id);
  const page = pageWithin(kept.length, requested, pageSize);
  return { total: kept.length, page, ids: kept.slice((page - 1) * pageSize, page * pageSize) };
}

/**
 * A page of a search from all its matches (the trigram index reads every posting of its text):
 * exact, and bounded by the index, for when the newest matches cannot tell the page. The list's
 * order is walked (with the other filters' index, id only) keeping the matches.
 */
function wholeMatchPage(
  db: SqliteDb,
  others: SQL | undefined,
  requested: number | undefined,
  match: string,
  pageSize: number,
): SearchPage {
  const matched = new Set(
    db.$client
      .prepare('select rowid from registrations_search where registrations_search match ?')
      .pluck()
      .all(match) as number[],
  );
  const walk = db
    .select({ id: registrations.id })
    .from(registrations)
    .where(others)
    .orderBy(...newestFirst)
    .toSQL();
  const inOrder = db.$client.prepare(walk.sql).pluck();
  if (others) {
    // Only the other filters know how many of the matches they keep: walk all of theirs.
    const kept = (inOrder.all(...walk.params) as number[]).filter((id) => matched.has(id));
    const page = pageWithin(kept.length, requested, pageSize);
    return { total: kept.length, page, ids: kept.slice((page - 1) * pageSize, page * pageSize) };
  }
  const page = pageWithin(matched.size, requested, pageSize);
  const offset = (page - 1) * pageSize;
  const ids: number[] = [];
  let skipped = 0;
  for (const id of inOrder.iterate(...walk.params) as IterableIterator<number>) {
    if (!matched.has(id)) continue;
    if (skipped < offset) skipped++;
    else if (ids.push(id) === pageSize) break;
  }
  return { total: matched.size, page, ids };
}

export const sqliteTextSearch: TextSearch = {
  eventMatches: (text) => matchedBy(events.id, 'events_search', ftsString(text)),
  ticketTypeMatches: (text) =>
    sql`(${matchedBy(ticketTypes.id, 'ticket_types_search', ftsString(text))} or ${matchedBy(
      ticketTypes.eventId,
      'events_search',
      `{title} : ${ftsString(text)}`,
    )})`,
  registrationMatches: (text) => matchedBy(registrations.id, 'registrations_search', registrationSearchMatch(text)),
  async registrationSearchPage(db, search, others, page, pageSize, countCap) {
    return searchPage(sqliteOf(db), search, others, page, pageSize, countCap);
  },
};
