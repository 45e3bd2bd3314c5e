// The admin lists at 10,000 events and 100,000 registrations (issues 14 and 22, DESIGN.md section
// 7): a filtered page of each list, the registrations' stats and CSV export, and the query plan of
// every statement they run. Straight against the API's services on this process's engine
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
import { events as eventsTable, registrations, ticketTypes } from '../../api/src/db/schema';
import { loadEnv, PROCESS_DATABASE_ENGINE } from '../../api/src/env';
import { record } from './support.mjs';
import { registrationCsvLine } from '../../api/src/services/registration-csv';
import { eachRegistration, listRegistrationsPage, registrationStats, toRegistration } from '../../api/src/services/registrations';
import { listAdminEventsPage, listAdminTicketsPage, listEventOptions, ticketSummary } from '../../api/src/services/admin-lists';

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const ROWS = Number(process.env.ROWS ?? 100_000);
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

const seeded = performance.now();
const events: { id: number; title: string; date: string; venue: string }[] = [];
await database.transaction(async (tx) => {
  const eventRows = Array.from({ length: EVENTS }, (_, i) => {
    const city = CITIES[i % CITIES.length]!;
    return {
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
    }),
  );
  events.push(...inserted.flat());
  const ticketRows = events.flatMap((event, i) =>
    (['General', 'Early Bird'] as const).map((name, n) => ({
      eventId: event.id,
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
  `${POSTGRES ? 'PostgreSQL: ' : ''}seeded ${EVENTS.toLocaleString('en-IN')} events, ${(EVENTS * 2).toLocaleString('en-IN')} ticket types and ` +
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
          where relname in ('events', 'ticket_types', 'registrations') and relkind = 'r'`,
      )
    ).rows[0]!;
  let pages: { pages: number; visible: number };
  for (let attempt = 1; ; attempt++) {
    await driver.pool.query('vacuum (analyze) events, ticket_types, registrations');
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
async function time(list: string, label: string, query: (db: Db) => Promise<unknown>, repeat = 51, rounds = 3) {
  // ONLY=<words>: only the lists whose name and label contain them (while working on one).
  if (process.env.ONLY && !`${list}: ${label}`.toLowerCase().includes(process.env.ONLY.toLowerCase())) return;
  const run = () => database.query(query);
  await capturing(`${list}: ${label}`, run);
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
    `  ${`${list}: ${label}`.padEnd(56)} median ${median.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms`,
  );
  if (p99 >= 50) slow.add(`${list}: ${label}`);
  figures.push({
    figure: `${list} at ${list === 'Registrations' ? ROWS.toLocaleString('en-IN') : `${EVENTS.toLocaleString('en-IN')} events`}${onEngine}: ${label}`,
    budget: '< 50 ms p99',
    measured: `p99 ${p99.toFixed(1)} ms (median ${median.toFixed(1)}; median of ${rounds} rounds of ${repeat} runs)`,
    pass: p99 < 50,
  });
}

await time('Events', 'first page (soonest first)', (db) => listAdminEventsPage(db, {}));
await time('Events', 'page 500', (db) => listAdminEventsPage(db, { page: 500 }));
for (const sort of ['title', 'category', 'location', 'participants', 'revenue', 'status'] as const) {
  await time('Events', `sorted by ${sort}, descending, page 3`, (db) =>
    listAdminEventsPage(db, { sort, direction: 'desc', page: 3 }),
  );
}
await time('Events', 'search (title word, 1,667 matches)', (db) => listAdminEventsPage(db, { search: 'cricket' }));
await time('Events', 'search (one event)', (db) => listAdminEventsPage(db, { search: 'meet 4242' }));
await time('Events', 'search (city) sorted by date, page 40', (db) => listAdminEventsPage(db, { search: 'pune', page: 40 }));
await time('Events', 'options for a picker (every event)', (db) => listEventOptions(db));
await time('Tickets', 'first page (newest first, current only)', (db) => listAdminTicketsPage(db, {}));
await time('Tickets', 'with expired, page 1,000', (db) => listAdminTicketsPage(db, { showExpired: 'true', page: 1000 }));
await time('Tickets', "search (event's name)", (db) => listAdminTicketsPage(db, { search: 'meet 4242' }));
await time('Tickets', 'search (ticket name, 10,000 matches)', (db) => listAdminTicketsPage(db, { search: 'early bird' }));
await time('Tickets', 'summary (four cards)', (db) => ticketSummary(db));

const someEvent = events[4242 % events.length]!;
await time('Registrations', 'first page (25, newest first)', (db) => listRegistrationsPage(db, env, {}));
await time('Registrations', 'page 2,000', (db) => listRegistrationsPage(db, env, { page: 2000 }));
await time('Registrations', 'one event', (db) => listRegistrationsPage(db, env, { eventId: someEvent.id }));
await time('Registrations', 'status Pending', (db) => listRegistrationsPage(db, env, { status: 'Pending' }));
await time('Registrations', 'payment Paid', (db) => listRegistrationsPage(db, env, { paymentStatus: 'Paid' }));
await time('Registrations', 'status Confirmed + payment Paid', (db) =>
  listRegistrationsPage(db, env, { status: 'Confirmed', paymentStatus: 'Paid' }),
);
await time('Registrations', 'status Confirmed + payment Paid, page 500', (db) =>
  listRegistrationsPage(db, env, { status: 'Confirmed', paymentStatus: 'Paid', page: 500 }),
);
await time('Registrations', 'one event + status Confirmed', (db) =>
  listRegistrationsPage(db, env, { eventId: someEvent.id, status: 'Confirmed' }),
);
await time('Registrations', 'search: e-mail substring', (db) => listRegistrationsPage(db, env, { search: 'fan4242' }));
await time('Registrations', 'search: name, any case', (db) => listRegistrationsPage(db, env, { search: 'FIRST4242 last' }));
await time('Registrations', 'search: phone digits', (db) => listRegistrationsPage(db, env, { search: '98000 04242' }));
await time('Registrations', 'search: registration number', (db) => listRegistrationsPage(db, env, { search: 'regbench002s' }));
await time('Registrations', 'search: 46,656 numbers match (regbench000)', (db) =>
  listRegistrationsPage(db, env, { search: 'regbench000' }),
);
await time('Registrations', 'search: every row matches (example.com)', (db) =>
  listRegistrationsPage(db, env, { search: 'example.com' }),
);
await time('Registrations', 'search matching 11,000 rows + status', (db) =>
  listRegistrationsPage(db, env, { search: 'fan1', status: 'Confirmed' }),
);
await time('Registrations', 'search: every row matches, page 30', (db) =>
  listRegistrationsPage(db, env, { search: 'example.com', page: 30 }),
);
await time('Registrations', 'search: every row matches, one event', (db) =>
  listRegistrationsPage(db, env, { search: 'example.com', eventId: someEvent.id }),
);
await time('Registrations', 'stats (four figures)', (db) => registrationStats(db));
await time('Registrations', "stats of one event (delete dialog's impact)", (db) => registrationStats(db, someEvent.id));

global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let peak = heapBefore;
let bytes = 0;
const t0 = performance.now();
let rows = 0;
for await (const row of eachRegistration(database, {})) {
  bytes += registrationCsvLine(toRegistration(row, env)).length;
  if (++rows % 20000 === 0) {
    // What the export holds, not the garbage it has made: collect first (node --expose-gc).
    global.gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
}
console.log(
  `  CSV export of every row: ${rows.toLocaleString('en-IN')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
    `live heap grew at most ${((peak - heapBefore) / 1024 / 1024).toFixed(1)} MB while writing it`,
);
figures.push({
  figure: `Registrations CSV export of ${ROWS.toLocaleString('en-IN')} rows${onEngine}: streamed`,
  budget: 'live heap grows < 50 MB',
  measured: `${((peak - heapBefore) / 1024 / 1024).toFixed(1)} MB for ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  pass: peak - heapBefore < 50 * 1024 * 1024,
});

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
