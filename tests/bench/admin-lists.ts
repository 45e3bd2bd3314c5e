// The admin lists at 10,000 events and 100,000 registrations (issue 14, DESIGN.md section 7): a
// filtered page of each list, the registrations' stats and CSV export, and the query plan of every
// statement they run. Straight against the API's services on a temp SQLite database, whose query
// planner the plans are read from (EVENTS=… ROWS=… to change the size); run by admin-lists.mjs
// through the API's tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../../api/src/db/client';
import { prepareDatabase } from '../../api/src/db/migrate';
import { events as eventsTable, registrations, ticketTypes } from '../../api/src/db/schema';
import { loadEnv, PROCESS_DATABASE_ENGINE } from '../../api/src/env';
import { record } from './support.mjs';
import { registrationCsvLine } from '../../api/src/services/registration-csv';
import { eachRegistration, listRegistrationsPage, registrationStats, toRegistration } from '../../api/src/services/registrations';
import { listAdminEventsPage, listAdminTicketsPage, listEventOptions, ticketSummary } from '../../api/src/services/admin-lists';

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const ROWS = Number(process.env.ROWS ?? 100_000);
const dir = mkdtempSync(path.join(tmpdir(), 'tdk-bench-admin-lists-'));
// The query plans read are SQLite's (EXPLAIN QUERY PLAN): the bench runs on the embedded engine.
if (PROCESS_DATABASE_ENGINE !== 'sqlite') throw new Error('admin-lists.ts reads SQLite query plans: run it without DATABASE_URL');
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data') });
const database = await prepareDatabase(env);
if (database.driver.engine !== 'sqlite') throw new Error('admin-lists.ts opened a database that is not SQLite');
const sqlite = database.driver.sqlite;

const CITIES = ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Kolkata', 'Pune', 'Hyderabad', 'Jaipur'];
const CATEGORIES = ['Running', 'Cycling', 'Football', 'Cricket', 'Swimming', 'Triathlon'];
const EVENT_STATUSES = ['Active', 'Active', 'Upcoming', 'Draft', 'Completed'] as const;
const STATUSES = ['Confirmed', 'Confirmed', 'Confirmed', 'Pending', 'Cancelled', 'Checked-In'] as const;
/** Rows per INSERT: well under either engine's limit on a statement's parameters. */
const BATCH = 500;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
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
  await inBatches(eventRows, async (batch) => {
    events.push(
      ...(await tx.insert(eventsTable).values(batch).returning({
        id: eventsTable.id,
        title: eventsTable.title,
        date: eventsTable.date,
        venue: eventsTable.venue,
      })),
    );
  });
  const ticketRows = events.flatMap((event, i) =>
    (['General', 'Early Bird'] as const).map((name, n) => ({
      eventId: event.id,
      name,
      pricePaise: 49900,
      quantity: 500,
      category: 'General',
      status: n === 1 && i % 3 === 0 ? ('Sold Out' as const) : ('Active' as const),
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
  `seeded ${EVENTS.toLocaleString('en-IN')} events, ${(EVENTS * 2).toLocaleString('en-IN')} ticket types and ` +
    `${ROWS.toLocaleString('en-IN')} registrations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

type Figure = { figure: string; budget: string; measured: string; pass: boolean | null };
const figures: Figure[] = [];
/** Every statement a timed query ran, with its parameters, for EXPLAIN QUERY PLAN afterwards. */
const statements = new Map<string, { label: string; sql: string; params: unknown[] }>();

/** Runs `run` while noting each statement better-sqlite3 prepares and the parameters it is given. */
async function capturing(label: string, run: () => Promise<unknown>) {
  const prepare = sqlite.prepare;
  sqlite.prepare = function (this: BetterSqlite3.Database, source: string) {
    const statement = prepare.call(this, source);
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = statement[method] as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        if (!statements.has(`${label}\n${source}`)) statements.set(`${label}\n${source}`, { label, sql: source, params });
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

/**
 * Median and p99 of `repeat` runs after one warm-up run (which also notes its statements), taken
 * in `rounds` rounds; the figure is the median round's, so one pause of a shared machine is not
 * the figure.
 */
async function time(list: string, label: string, query: (db: Db) => Promise<unknown>, repeat = 51, rounds = 3) {
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
  figures.push({
    figure: `${list} at ${list === 'Registrations' ? ROWS.toLocaleString('en-IN') : `${EVENTS.toLocaleString('en-IN')} events`}: ${label}`,
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
  figure: `Registrations CSV export of ${ROWS.toLocaleString('en-IN')} rows: streamed`,
  budget: 'live heap grows < 50 MB',
  measured: `${((peak - heapBefore) / 1024 / 1024).toFixed(1)} MB for ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  pass: peak - heapBefore < 50 * 1024 * 1024,
});

/**
 * A full scan: the plan reads a table row by row. An index walked whole (USING INDEX / COVERING
 * INDEX) is bounded by the index, and an FTS5 table's VIRTUAL TABLE INDEX is its own lookup.
 */
const fullScan = (detail: string) =>
  /^SCAN /.test(detail) && !/USING (COVERING )?INDEX|VIRTUAL TABLE INDEX|CONSTANT ROW/.test(detail);
const scans: string[] = [];
for (const { label, sql, params } of statements.values()) {
  const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  const bad = plan.filter((step) => fullScan(step.detail));
  if (bad.length > 0) scans.push(`${label} (${bad.map((step) => step.detail).join('; ')})`);
  if (process.env.PLANS) console.log(`\n${label}\n${sql}\n${plan.map((step) => `  ${step.detail}`).join('\n')}`);
}
console.log(
  `  query plans: ${statements.size} statements, ${scans.length ? `full scans in ${scans.join(', ')}` : 'no full scans'}`,
);
figures.push({
  figure: `Admin lists' query plans (${statements.size} statements): no full scans`,
  budget: 'no SCAN of a table without an index',
  measured: scans.length ? `full scans: ${scans.join(', ')}` : 'none',
  pass: scans.length === 0,
});

record('admin-lists', figures);
await database.close();
rmSync(dir, { recursive: true, force: true });
