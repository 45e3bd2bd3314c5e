// The admin lists at 10,000 events and 100,000 registrations (issues 14, 22 and 41, DESIGN.md section
// 7): a filtered page of each list, the registrations' stats and CSV export, and the query plan of
// every statement they run. The events belong to 500 organisations (decision 051), unevenly: one big
// organiser holds 30% of them and a long tail shares the rest; each list is timed as the big
// organisation's staff and as a small one's (the routes scope every admin list to the acting
// organisation), and the public list (/api/events' service, its filters, one organiser's page) over
// all of them. ORGS=… changes the number of organisations. Straight against the API's services on this process's engine
// (DATABASE_URL, decision 020): a temp SQLite database, whose plans are read with EXPLAIN QUERY PLAN,
// or an empty PostgreSQL database (admin-lists.mjs starts a throwaway cluster), whose plans are read
// with EXPLAIN (FORMAT JSON). EVENTS=… ROWS=… change the size, PLANS=1 prints every plan, ONLY=… times
// only the lists whose name contains it (its figures then stand alone); run by
// admin-lists.mjs through the API's tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Db, EngineDriver } from '../../api/src/db/client';
import { prepareDatabase } from '../../api/src/db/migrate';
import { events as eventsTable, organisations, registrations, ticketTypes } from '../../api/src/db/schema';
import { loadEnv, PROCESS_DATABASE_ENGINE } from '../../api/src/env';
import { record } from './support.mjs';
import { BUDGETS } from './budgets.mjs';
import { listPublicEvents } from '../../api/src/services/events';
import { csvExportContext } from '../../api/src/services/registrations';
import { ADMIN_LIST_PAGE_SIZE } from '../../api/src/contract/admin-lists';
import { DEFAULT_REGISTRATION_PAGE_SIZE } from '../../api/src/contract/registrations-admin';
import { eventsCursorSchema } from '../../api/src/contract/event-paging';
import { registrationCsvLine } from '../../api/src/services/registration-csv';
import { eachRegistration, listRegistrationsPage, registrationStats, toRegistration } from '../../api/src/services/registrations';
import { listAdminEventsPage, listAdminTicketsPage, listEventOptions, ticketSummary } from '../../api/src/services/admin-lists';

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const ROWS = Number(process.env.ROWS ?? 100_000);
const ORGS = Number(process.env.ORGS ?? 500);
/** The big organiser's share of the events (and so of the registrations). */
const BIG_SHARE = 0.3;
/** This process's engine (DATABASE_URL at start): the tables, the services' SQL and the plans are its. */
const POSTGRES = PROCESS_DATABASE_ENGINE === 'postgres';
const dir = mkdtempSync(path.join(tmpdir(), 'tdk-bench-admin-lists-'));
const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: path.join(dir, 'data'),
  ...(POSTGRES && { DATABASE_URL: process.env.DATABASE_URL }),
});
const database = await prepareDatabase(env);
if (database.driver.engine !== PROCESS_DATABASE_ENGINE)
  throw new Error(`admin-lists.ts opened a database that is not ${PROCESS_DATABASE_ENGINE}`);
const driver = database.driver;
if (driver.engine === 'postgres') {
  // The bench seeds 100,000 rows and reads whole lists: an empty database of its own, never a real one.
  const { rows } = await driver.pool.query<{ n: number }>('select count(*) as n from events');
  if (rows[0]!.n > 0)
    throw new Error('admin-lists.ts seeds its own data: give it an empty PostgreSQL database (tooling/postgres.mjs)');
}

const CITIES = ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Kolkata', 'Pune', 'Hyderabad', 'Jaipur'];
const CATEGORIES = ['Running', 'Cycling', 'Football', 'Cricket', 'Swimming', 'Triathlon'];
const EVENT_STATUSES = ['Active', 'Active', 'Upcoming', 'Draft', 'Completed'] as const;
const STATUSES = ['Confirmed', 'Confirmed', 'Confirmed', 'Pending', 'Cancelled', 'Checked-In'] as const;
/** Rows per INSERT: well under either engine's limit on a statement's parameters. */
const BATCH = 500;
/** SQLite binds at most 32,766 parameters a statement, PostgreSQL 65,535: under both. */
const MAX_PARAMETERS = 32_766;

/** Inserts `rows` BATCH at a time, each INSERT checked (its SQL as Drizzle writes it) to bind few enough parameters. */
async function inBatches<T, R>(rows: T[], insert: (batch: T[]) => PromiseLike<R> & { toSQL(): { params: unknown[] } }) {
  const results: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const statement = insert(rows.slice(i, i + BATCH));
    const bound = statement.toSQL().params.length;
    if (bound > MAX_PARAMETERS) throw new Error(`An INSERT of ${BATCH} rows binds ${bound} parameters: lower BATCH`);
    results.push(await statement);
  }
  return results;
}

/**
 * The organisation (its index, 0 to ORGS - 1) of event i: 3 in every 10 are the big organiser's
 * (index 0); the rest go to the tail, skewed (the square of an even spread) so that the first of
 * the tail hold dozens of events and its end one or none.
 */
const organisationIndexOf = (i: number) => {
  if (i % 10 < BIG_SHARE * 10) return 0;
  const u = ((i * 2654435761) % 4294967296) / 4294967296;
  return 1 + Math.floor(u * u * (ORGS - 1));
};

const seeded = performance.now();
const events: { id: number; title: string; date: string; venue: string; organisationId: number }[] = [];
let organisationIds: number[] = [];
await database.transaction(async (tx) => {
  // Approved organisers, but every 50th of the tail suspended (its events leave the public list).
  const organisationRows = Array.from({ length: ORGS }, (_, n) => ({
    slug: `bench-org-${n}`,
    displayName: n === 0 ? 'Big Bench Organiser' : `Bench Club ${n}`,
    legalName: `Bench Club ${n} Pvt Ltd`,
    contactEmail: `org${n}@example.com`,
    state: '27',
    status: n > 0 && n % 50 === 0 ? ('suspended' as const) : ('approved' as const),
  }));
  const insertedOrganisations = await inBatches(organisationRows, (batch) =>
    tx.insert(organisations).values(batch).returning({ id: organisations.id }),
  );
  organisationIds = insertedOrganisations.flat().map((o) => o.id);
  const eventRows = Array.from({ length: EVENTS }, (_, i) => {
    const city = CITIES[i % CITIES.length]!;
    return {
      organisationId: organisationIds[organisationIndexOf(i)]!,
      title: `${CATEGORIES[i % CATEGORIES.length]} Meet ${i}`,
      date: new Date(Date.UTC(2026, 0, 1) + (i % 730) * 86_400_000).toISOString().slice(0, 10),
      time: '06:00',
      venue: `Ground ${i % 97}, ${city}`,
      location: city,
      category: CATEGORIES[i % CATEGORIES.length]!,
      maxParticipants: 500,
      pricePaise: 49900,
      status: EVENT_STATUSES[i % EVENT_STATUSES.length]!,
    };
  });
  const inserted = await inBatches(eventRows, (batch) =>
    tx.insert(eventsTable).values(batch).returning({
      id: eventsTable.id,
      title: eventsTable.title,
      date: eventsTable.date,
      venue: eventsTable.venue,
      organisationId: eventsTable.organisationId,
    }),
  );
  events.push(...inserted.flat());
  const ticketRows = events.flatMap((event, i) =>
    (['General', 'Early Bird'] as const).map((name, n) => ({
      eventId: event.id,
      organisationId: event.organisationId,
      name,
      pricePaise: 49900,
      quantity: 500,
      category: 'General',
      status: 'Active' as const,
      // Every third event's Early Bird is sold out: its seats are all sold (the status follows from them).
      sold: n === 1 && i % 3 === 0 ? 500 : 0,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000 + n).toISOString(),
      // Every fourth event's Early Bird ended in 2025: hidden unless expired tickets are shown.
      validUntil: n === 1 && i % 4 === 0 ? '2025-06-30' : null,
    })),
  );
  await inBatches(ticketRows, (batch) => tx.insert(ticketTypes).values(batch));
  const registrationRows = Array.from({ length: ROWS }, (_, i) => {
    const event = events[(i * 7919) % events.length]!;
    const status = STATUSES[i % STATUSES.length]!;
    const number = `REGBENCH${i.toString(36).toUpperCase().padStart(6, '0')}`;
    return {
      registrationNumber: number,
      eventId: event.id,
      organisationId: event.organisationId,
      eventName: event.title,
      eventDate: event.date,
      eventTime: '06:00',
      eventVenue: event.venue,
      ticketName: 'General',
      ticketPricePaise: 49900,
      quantity: 1,
      amountPaise: 49900,
      registrationDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      status,
      paymentStatus: status === 'Pending' ? ('Pending' as const) : ('Paid' as const),
      qrCode: `TDK-${number}-${event.id}`,
      firstName: `First${i}`,
      lastName: `Last${i % 977}`,
      email: `fan${i}@example.com`,
      phone: `98${String(i).padStart(8, '0')}`,
    };
  });
  await inBatches(registrationRows, (batch) => tx.insert(registrations).values(batch));
});
console.log(
  `${POSTGRES ? 'PostgreSQL: ' : ''}seeded ${ORGS.toLocaleString('en-IN')} organisations, ${EVENTS.toLocaleString('en-IN')} events, ${(EVENTS * 2).toLocaleString('en-IN')} ticket types and ` +
    `${ROWS.toLocaleString('en-IN')} registrations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

if (driver.engine === 'postgres') {
  const vacuumed = performance.now();
  // The planner's statistics and visibility map as the server keeps them for tables that have
  // settled: autovacuum would vacuum and analyse these within a minute of the seeding (in the
  // middle of the timings, changing plans as it went), so it is done here, before anything is
  // timed. A test cluster commits asynchronously (synchronous_commit=off), and VACUUM marks no page
  // all-visible until the seeding's commit has reached the disk: it is run again until every page
  // is (an index-only scan reads the table for any page that is not).
  const visibility = async () =>
    (
      await driver.pool.query<{ pages: number; visible: number }>(
        `select sum(relpages) as pages, sum(relallvisible) as visible from pg_class
          where relname in ('organisations', 'events', 'ticket_types', 'registrations') and relkind = 'r'`,
      )
    ).rows[0]!;
  let pages: { pages: number; visible: number };
  for (let attempt = 1; ; attempt++) {
    await driver.pool.query('vacuum (analyze) organisations, events, ticket_types, registrations');
    pages = await visibility();
    if (pages.visible >= pages.pages || attempt === 20) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(
    `PostgreSQL: vacuum (analyze) in ${((performance.now() - vacuumed) / 1000).toFixed(1)} s, ` +
      `${pages.visible} of ${pages.pages} pages all-visible`,
  );
}

type Figure = { figure: string; budget: string; measured: string; pass: boolean | null };
const figures: Figure[] = [];
/** The figures' names: the SQLite rows keep theirs, PostgreSQL's say so. */
const onEngine = POSTGRES ? ' on PostgreSQL' : '';
/** Every statement a timed query ran, with its parameters, for its query plan afterwards. */
const statements = new Map<string, { label: string; sql: string; params: unknown[] }>();
type PgPool = Extract<EngineDriver, { engine: 'postgres' }>['pool'];
const note = (label: string, sql: string, params: unknown[]) => {
  if (!statements.has(`${label}\n${sql}`)) statements.set(`${label}\n${sql}`, { label, sql, params });
};

/**
 * Runs `run` while noting each statement it sends and the parameters it is given: on SQLite each
 * statement better-sqlite3 prepares, on PostgreSQL each query Drizzle sends through the pool
 * (`pool.query(config, values)`; services' reads outside a transaction all go that way).
 */
async function capturing(label: string, run: () => Promise<unknown>) {
  if (driver.engine === 'postgres') {
    const pool = driver.pool;
    const query = pool.query;
    pool.query = function (this: PgPool, ...args: unknown[]) {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof config === 'string' ? config : config.text;
      note(label, text, values ?? (typeof config === 'string' ? undefined : config.values) ?? []);
      return (query as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    try {
      await run();
    } finally {
      pool.query = query;
    }
    return;
  }
  const sqlite = driver.sqlite;
  const prepare = sqlite.prepare;
  sqlite.prepare = function (this: BetterSqlite3.Database, source: string) {
    const statement = prepare.call(this, source);
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = statement[method] as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        note(label, source, params);
        return original.apply(statement, params);
      };
    }
    return statement;
  } as typeof sqlite.prepare;
  try {
    await run();
  } finally {
    sqlite.prepare = prepare;
  }
}

/** The lists that missed 50 ms p99: their statements' plans are printed as they ran (EXPLAIN ANALYZE). */
const slow = new Set<string>();

/**
 * Median and p99 of `repeat` runs after one warm-up run (which also notes its statements), taken
 * in `rounds` rounds; the figure is the median round's, so one pause of a shared machine is not
 * the figure.
 */
async function time(list: string, label: string, query: (db: Db) => Promise<unknown>, who = '', repeat = 51, rounds = 3) {
  // ONLY=<words>: only the lists whose name and label contain them (while working on one).
  if (process.env.ONLY && !`${list}${who}: ${label}`.toLowerCase().includes(process.env.ONLY.toLowerCase())) return;
  const run = () => database.query(query);
  await capturing(`${list}${who}: ${label}`, run);
  const medians: number[] = [];
  const p99s: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // What earlier figures left to collect is not this query's cost (node --expose-gc).
    global.gc?.();
    const samples: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      await run();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    medians.push(samples[Math.floor(repeat / 2)]!);
    p99s.push(samples[Math.min(repeat - 1, Math.floor(repeat * 0.99))]!);
  }
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const median = middle(medians);
  const p99 = middle(p99s);
  console.log(
    `  ${`${list}${who}: ${label}`.padEnd(80)} median ${median.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms`,
  );
  const budget = list === 'Public events' ? BUDGETS.publicEventsListP99Ms : BUDGETS.adminListP99Ms;
  if (p99 >= budget) slow.add(`${list}${who}: ${label}`);
  figures.push({
    figure: `${list} at ${list === 'Registrations' ? ROWS.toLocaleString('en-IN') : `${EVENTS.toLocaleString('en-IN')} events`} of ${ORGS.toLocaleString('en-IN')} organisations${onEngine}${who}: ${label}`,
    budget: `< ${budget} ms p99`,
    measured: `p99 ${p99.toFixed(1)} ms (median ${median.toFixed(1)}; median of ${rounds} rounds of ${repeat} runs)`,
    pass: p99 < budget,
  });
}

/** An organisation as its staff see it: its events and registrations, the example rows each list searches for. */
type Organisation = { id: number; who: string; events: typeof events; registrations: number[] };
const organisationOf = (index: number, name: string): Organisation => {
  const id = organisationIds[index]!;
  const own = events.filter((event) => event.organisationId === id);
  const registrationIndexes: number[] = [];
  for (let i = 0; i < ROWS; i++) if (events[(i * 7919) % events.length]!.organisationId === id) registrationIndexes.push(i);
  return {
    id,
    who: `, as ${name} (${own.length.toLocaleString('en-IN')} events, ${registrationIndexes.length.toLocaleString('en-IN')} registrations)`,
    events: own,
    registrations: registrationIndexes,
  };
};
/** The big organiser, and a small one of the tail: the first with 3 to 5 events that has registrations. */
const big = organisationOf(0, 'the big organisation');
const small = (() => {
  const counts = new Map<number, number>();
  for (let i = 0; i < EVENTS; i++) counts.set(organisationIndexOf(i), (counts.get(organisationIndexOf(i)) ?? 0) + 1);
  for (let n = ORGS - 1; n > 0; n--) {
    if ((counts.get(n) ?? 0) < 3 || (counts.get(n) ?? 0) > 5 || n % 50 === 0) continue;
    const candidate = organisationOf(n, 'a small organisation');
    if (candidate.registrations.length > 0) return candidate;
  }
  return organisationOf(ORGS - 1, 'a small organisation');
})();

const registrationNumberOf = (i: number) => `REGBENCH${i.toString(36).toUpperCase().padStart(6, '0')}`;
/** The last page of `total` rows, `pageSize` a page. */
const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

async function adminListsAs(organisation: Organisation) {
  const { id, who } = organisation;
  const someEvent = organisation.events[Math.floor(organisation.events.length / 2)]!;
  const someTitleNumber = someEvent.title.split(' ').at(-1)!;
  const someRow = organisation.registrations[Math.floor(organisation.registrations.length / 2)] ?? 0;
  const eventPages = lastPage(organisation.events.length, ADMIN_LIST_PAGE_SIZE);
  const registrationPages = lastPage(organisation.registrations.length, DEFAULT_REGISTRATION_PAGE_SIZE);
  await time('Events', 'first page (soonest first)', (db) => listAdminEventsPage(db, id, {}), who);
  await time('Events', `last page (${eventPages})`, (db) => listAdminEventsPage(db, id, { page: eventPages }), who);
  for (const sort of ['title', 'category', 'location', 'participants', 'revenue', 'status'] as const) {
    await time(
      'Events',
      `sorted by ${sort}, descending, page 3`,
      (db) => listAdminEventsPage(db, id, { sort, direction: 'desc', page: 3 }),
      who,
    );
  }
  await time('Events', 'search (title word, a sixth)', (db) => listAdminEventsPage(db, id, { search: 'cricket' }), who);
  await time('Events', 'search (one event)', (db) => listAdminEventsPage(db, id, { search: `meet ${someTitleNumber}` }), who);
  await time(
    'Events',
    'search (city) sorted by date, last page',
    (db) => listAdminEventsPage(db, id, { search: 'pune', page: lastPage(organisation.events.length / 8, ADMIN_LIST_PAGE_SIZE) }),
    who,
  );
  await time('Events', 'options for a picker (every event of its own)', (db) => listEventOptions(db, id), who);
  await time('Tickets', 'first page (newest first, current only)', (db) => listAdminTicketsPage(db, id, {}), who);
  await time(
    'Tickets',
    `with expired, last page (${eventPages * 2})`,
    (db) => listAdminTicketsPage(db, id, { showExpired: 'true', page: eventPages * 2 }),
    who,
  );
  await time(
    'Tickets',
    "search (event's name)",
    (db) => listAdminTicketsPage(db, id, { search: `meet ${someTitleNumber}` }),
    who,
  );
  await time(
    'Tickets',
    'search (ticket name, half of them)',
    (db) => listAdminTicketsPage(db, id, { search: 'early bird' }),
    who,
  );
  await time('Tickets', 'summary (four cards)', (db) => ticketSummary(db, id), who);

  const list = (query: Parameters<typeof listRegistrationsPage>[3]) => (db: Db) => listRegistrationsPage(db, env, id, query);
  await time('Registrations', 'first page (25, newest first)', list({}), who);
  await time('Registrations', `last page (${registrationPages})`, list({ page: registrationPages }), who);
  await time('Registrations', 'one event', list({ eventId: someEvent.id }), who);
  await time('Registrations', 'status Pending', list({ status: 'Pending' }), who);
  await time('Registrations', 'payment Paid', list({ paymentStatus: 'Paid' }), who);
  await time('Registrations', 'status Confirmed + payment Paid', list({ status: 'Confirmed', paymentStatus: 'Paid' }), who);
  await time(
    'Registrations',
    'status Confirmed + payment Paid, a late page',
    list({ status: 'Confirmed', paymentStatus: 'Paid', page: Math.max(1, Math.floor(registrationPages / 4)) }),
    who,
  );
  await time('Registrations', 'one event + status Confirmed', list({ eventId: someEvent.id, status: 'Confirmed' }), who);
  await time('Registrations', 'search: e-mail substring', list({ search: `fan${someRow}` }), who);
  await time('Registrations', 'search: name, any case', list({ search: `FIRST${someRow} last` }), who);
  const digits = `98${String(someRow).padStart(8, '0')}`;
  await time('Registrations', 'search: phone digits', list({ search: `${digits.slice(0, 5)} ${digits.slice(5)}` }), who);
  await time('Registrations', 'search: registration number', list({ search: registrationNumberOf(someRow).toLowerCase() }), who);
  await time('Registrations', 'search: a third of all numbers match (regbench000)', list({ search: 'regbench000' }), who);
  await time('Registrations', 'search: every row matches (example.com)', list({ search: 'example.com' }), who);
  await time('Registrations', 'search matching a ninth of rows + status', list({ search: 'fan1', status: 'Confirmed' }), who);
  await time('Registrations', 'search: every row matches, page 30', list({ search: 'example.com', page: 30 }), who);
  await time(
    'Registrations',
    'search: every row matches, one event',
    list({ search: 'example.com', eventId: someEvent.id }),
    who,
  );
  await time('Registrations', 'stats (four figures)', (db) => registrationStats(db, id), who);
  await time(
    'Registrations',
    "stats of one event (delete dialog's impact)",
    (db) => registrationStats(db, id, someEvent.id),
    who,
  );

  // The CSV export of every registration of the organisation, as the route streams it: its context
  // (booking sizes), then the rows a chunk at a time.
  if (process.env.ONLY && !`Registrations CSV export${who}`.toLowerCase().includes(process.env.ONLY.toLowerCase())) return;
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let bytes = 0;
  const t0 = performance.now();
  let rows = 0;
  await capturing(`Registrations CSV export${who}`, async () => {
    await database.query((db) => csvExportContext(db, id, undefined));
    for await (const row of eachRegistration(database, id, {})) {
      bytes += registrationCsvLine(toRegistration(row, env)).length;
      if (++rows % 20000 === 0) {
        // What the export holds, not the garbage it has made: collect first (node --expose-gc).
        global.gc?.();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  const grew = (peak - heapBefore) / 1024 / 1024;
  // Rows a second, over at least a second's worth of the budget's rate (a small organisation's
  // export is a few hundred rows: its figure is its time, which the same floor bounds).
  const budgetSeconds = Math.max(1, rows / BUDGETS.adminCsvExportRowsPerSecond);
  console.log(
    `  ${`Registrations CSV export${who}`.padEnd(80)} ${rows.toLocaleString('en-IN')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s; ` +
      `live heap grew at most ${grew.toFixed(1)} MB while writing it`,
  );
  figures.push({
    figure: `Registrations CSV export of ${rows.toLocaleString('en-IN')} of ${ROWS.toLocaleString('en-IN')} rows${onEngine}${who}: streamed`,
    budget: `live heap grows < ${BUDGETS.adminCsvExportHeapMb} MB; < ${budgetSeconds.toFixed(1)} s (${BUDGETS.adminCsvExportRowsPerSecond.toLocaleString('en-IN')} rows a second, at least 1 s)`,
    measured: `${grew.toFixed(1)} MB for ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${seconds.toFixed(2)} s`,
    pass: grew < BUDGETS.adminCsvExportHeapMb && seconds < budgetSeconds,
  });
}

console.log(`  as the big organisation${big.who.slice(', as the big organisation'.length)}`);
await adminListsAs(big);
console.log(`  as a small organisation${small.who.slice(', as a small organisation'.length)}`);
await adminListsAs(small);

// The public list (GET /api/events' service) over every organisation's events, its filters as a
// buyer sets them, and one organiser's page (?organiser=slug, decision 054). A fixed day, so that
// half of the seeded dates are still to come whatever the day the bench runs.
const NOW = new Date(Date.UTC(2026, 11, 31, 6));
const publicList = (query: Parameters<typeof listPublicEvents>[1]) => (db: Db) => listPublicEvents(db, query, NOW);
const smallSlug = `bench-org-${organisationIds.indexOf(small.id)}`;
console.log('  the public list, over every organisation');
await time('Public events', 'first page (soonest first)', publicList({}));
await time('Public events', 'category', publicList({ category: 'Cricket' }));
await time('Public events', 'city', publicList({ city: 'Pune' }));
await time('Public events', 'search (q)', publicList({ q: 'meet 42' }));
await time('Public events', 'category + city + q', publicList({ category: 'Running', city: 'Mumbai', q: 'ground' }));
await time('Public events', 'the big organiser (organiser=)', publicList({ organiser: 'bench-org-0' }));
await time('Public events', 'a small organiser (organiser=)', publicList({ organiser: smallSlug }));
await time('Public events', 'a suspended organiser (organiser=)', publicList({ organiser: 'bench-org-50' }));
await time('Public events', 'the big organiser + category', publicList({ organiser: 'bench-org-0', category: 'Cricket' }));
{
  const { nextCursor } = await database.query((db) => listPublicEvents(db, { limit: 500 }, NOW));
  const cursor = nextCursor ? eventsCursorSchema.parse(nextCursor) : undefined;
  await time('Public events', 'a page after 500 events (cursor)', publicList({ cursor }));
}

/** The database's tables (not a subquery's or a CTE's name, which a plan also SCANs). */
const sqliteTables =
  driver.engine === 'postgres'
    ? new Set<string>()
    : new Set(
        (driver.sqlite.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map(
          (t) => t.name,
        ),
      );
/**
 * SQLite's full scan: the plan reads a table row by row. An index walked whole (USING INDEX /
 * COVERING INDEX) is bounded by the index, an FTS5 table's VIRTUAL TABLE INDEX is its own lookup,
 * and a SCAN of a subquery (a capped count's `capped`, decision 050) reads only the rows its
 * LIMIT let through.
 */
const fullScan = (detail: string) =>
  sqliteTables.has(/^SCAN (\S+)/.exec(detail)?.[1] ?? '') &&
  !/USING (COVERING )?INDEX|VIRTUAL TABLE INDEX|CONSTANT ROW/.test(detail);

/**
 * The tables this bench fills (10,000 / 20,000 / 100,000 rows): a full scan of one is a finding.
 * On PostgreSQL a full scan is a Seq Scan that read the whole table as it ran (EXPLAIN ANALYZE:
 * the rows it returned and the rows its filter removed, over its loops, reach the table's rows),
 * as SQLite's is a SCAN without an index (decision 050). A Seq Scan that a Limit stopped early (a
 * capped count: "1,000+", decision 018) read a bounded part of the table, whatever its size; one
 * that read every row is what an index, or a capped count, must answer instead.
 */
const LISTED_TABLES = new Set(['events', 'ticket_types', 'registrations']);
type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};
/** Every node of a PostgreSQL plan (EXPLAIN (FORMAT JSON)), init plans and subplans included. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** The rows a Seq Scan read as it ran: those it returned and those its filter removed, every loop. */
const rowsRead = (node: PlanNode) =>
  ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
const tableRows = new Map<string, number>();
if (driver.engine === 'postgres') {
  for (const table of LISTED_TABLES) {
    const { rows } = await driver.pool.query<{ n: string }>(`select count(*) as n from ${table}`);
    tableRows.set(table, Number(rows[0]!.n));
  }
}

const scans: string[] = [];
/** Seq Scans that stopped early, or on other (small) tables: shown, not counted. */
const partialScans: string[] = [];
/** Each list's statements in the order it sent them, to name a finding "statement n". */
const nth = new Map<string, number>();
for (const { label, sql, params } of statements.values()) {
  const n = (nth.get(label) ?? 0) + 1;
  nth.set(label, n);
  if (driver.engine === 'postgres') {
    // The statement as the service sent it, its parameters bound, run: the plan it ran with and the
    // rows each node read.
    const { rows } = await driver.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${sql}`,
      params,
    );
    const seqScans = nodesOf(rows[0]!['QUERY PLAN'][0].Plan).filter((node) => node['Node Type'] === 'Seq Scan');
    const whole = (node: PlanNode) =>
      LISTED_TABLES.has(node['Relation Name']!) && rowsRead(node) >= (tableRows.get(node['Relation Name']!) ?? Infinity);
    const bad = seqScans.filter(whole);
    const others = seqScans.filter((node) => !whole(node));
    const where = (nodes: PlanNode[]) =>
      `${label}, statement ${n} (${nodes.map((node) => `Seq Scan on ${node['Relation Name']}: ${rowsRead(node).toLocaleString('en-IN')} of ${(tableRows.get(node['Relation Name']!) ?? 0).toLocaleString('en-IN')} rows`).join('; ')})`;
    if (bad.length > 0) scans.push(where(bad));
    if (others.length > 0) partialScans.push(where(others));
    if (process.env.PLANS || bad.length > 0 || slow.has(label)) {
      // As it ran: rows, loops, buffers and time of each node, to see why.
      const analysed = await driver.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
      console.log(
        `\n${label}, statement ${n}\n${sql}\n${JSON.stringify(params)}\n${analysed.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`,
      );
    }
  } else {
    const plan = driver.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    const bad = plan.filter((step) => fullScan(step.detail));
    if (bad.length > 0) scans.push(`${label} (${bad.map((step) => step.detail).join('; ')})`);
    if (process.env.PLANS) console.log(`\n${label}\n${sql}\n${plan.map((step) => `  ${step.detail}`).join('\n')}`);
  }
}
if (POSTGRES) {
  console.log(
    `  query plans: ${statements.size} statements, ${scans.length ? `${scans.length} with a full scan of a listed table: ${scans.join(', ')}` : 'no full scan of events, ticket_types or registrations'}` +
      (partialScans.length
        ? `; Seq Scans that stopped early or read a small table, not counted: ${partialScans.join(', ')}`
        : ''),
  );
  figures.push({
    figure: `Admin lists' query plans on PostgreSQL (${statements.size} statements): no full scan of events, ticket_types or registrations`,
    budget:
      'no Seq Scan reading every row of events, ticket_types or registrations (EXPLAIN (ANALYZE, FORMAT JSON) of each statement)',
    measured: scans.length ? `${scans.length} statements: ${scans.join(', ')}` : 'none',
    pass: scans.length === 0,
  });
} else {
  console.log(
    `  query plans: ${statements.size} statements, ${scans.length ? `full scans in ${scans.join(', ')}` : 'no full scans'}`,
  );
  figures.push({
    figure: `Admin lists' query plans (${statements.size} statements): no full scans`,
    budget: 'no SCAN of a table without an index',
    measured: scans.length ? `full scans: ${scans.join(', ')}` : 'none',
    pass: scans.length === 0,
  });
}

// Each engine's figures in a part of their own, so that neither run overwrites the other's.
record(POSTGRES ? 'admin-lists-postgres' : 'admin-lists', figures);
await database.close();
rmSync(dir, { recursive: true, force: true });
