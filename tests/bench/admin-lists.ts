// The admin lists at 10,000 events and 100,000 registrations (issue 14, DESIGN.md section 7): a
// filtered page of each list, the registrations' stats and CSV export, and the query plan of every
// statement they run. Straight against the API's services on a temp database (EVENTS=… ROWS=… to
// change the size); run by admin-lists.mjs through the API's tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { prepareDatabase } from '../../api/src/db/migrate';
import { loadEnv } from '../../api/src/env';
import { record } from './support.mjs';
import { registrationCsvLine } from '../../api/src/services/registration-csv';
import { eachRegistration, listRegistrationsPage, registrationStats, toRegistration } from '../../api/src/services/registrations';
import { listAdminEventsPage, listAdminTicketsPage, listEventOptions, ticketSummary } from '../../api/src/services/admin-lists';

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const ROWS = Number(process.env.ROWS ?? 100_000);
const dir = mkdtempSync(path.join(tmpdir(), 'tdk-bench-admin-lists-'));
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data') });
const { db } = prepareDatabase(env.dataDir);
const sqlite = db.$client;

const CITIES = ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Kolkata', 'Pune', 'Hyderabad', 'Jaipur'];
const CATEGORIES = ['Running', 'Cycling', 'Football', 'Cricket', 'Swimming', 'Triathlon'];
const EVENT_STATUSES = ['Active', 'Active', 'Upcoming', 'Draft', 'Completed'];
const STATUSES = ['Confirmed', 'Confirmed', 'Confirmed', 'Pending', 'Cancelled', 'Checked-In'];

const seeded = performance.now();
const insertEvent = sqlite.prepare(
  `INSERT INTO events (title, date, time, venue, location, category, max_participants, price_paise, status)
   VALUES (?, ?, '06:00', ?, ?, ?, 500, 49900, ?)`,
);
const insertTicket = sqlite.prepare(
  `INSERT INTO ticket_types (event_id, name, price_paise, quantity, category, status, created_at, valid_until)
   VALUES (?, ?, 49900, 500, 'General', ?, ?, ?)`,
);
const insertRegistration = sqlite.prepare(
  `INSERT INTO registrations (registration_number, event_id, event_name, event_date, event_time, event_venue, ticket_name,
     ticket_price_paise, quantity, amount_paise, registration_date, status, payment_status, qr_code, first_name, last_name, email, phone)
   VALUES (?, ?, ?, ?, '06:00', ?, 'General', 49900, 1, 49900, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const events: { id: number; title: string; date: string; venue: string }[] = [];
sqlite.transaction(() => {
  for (let i = 0; i < EVENTS; i++) {
    const city = CITIES[i % CITIES.length]!;
    const venue = `Ground ${i % 97}, ${city}`;
    const title = `${CATEGORIES[i % CATEGORIES.length]} Meet ${i}`;
    const date = new Date(Date.UTC(2026, 0, 1) + (i % 730) * 86_400_000).toISOString().slice(0, 10);
    const id = Number(
      insertEvent.run(title, date, venue, city, CATEGORIES[i % CATEGORIES.length], EVENT_STATUSES[i % EVENT_STATUSES.length])
        .lastInsertRowid,
    );
    events.push({ id, title, date, venue });
    for (const [n, name] of ['General', 'Early Bird'].entries()) {
      // Every fourth event's Early Bird ended in 2025: hidden unless expired tickets are shown.
      const validUntil = n === 1 && i % 4 === 0 ? '2025-06-30' : null;
      insertTicket.run(
        id,
        name,
        n === 1 && i % 3 === 0 ? 'Sold Out' : 'Active',
        new Date(Date.UTC(2025, 0, 1) + i * 60_000 + n).toISOString(),
        validUntil,
      );
    }
  }
  for (let i = 0; i < ROWS; i++) {
    const event = events[(i * 7919) % events.length]!;
    const status = STATUSES[i % STATUSES.length]!;
    const number = `REGBENCH${i.toString(36).toUpperCase().padStart(6, '0')}`;
    insertRegistration.run(
      number,
      event.id,
      event.title,
      event.date,
      event.venue,
      new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      status,
      status === 'Pending' ? 'Pending' : 'Paid',
      `TDK-${number}-${event.id}`,
      `First${i}`,
      `Last${i % 977}`,
      `fan${i}@example.com`,
      `98${String(i).padStart(8, '0')}`,
    );
  }
})();
console.log(
  `seeded ${EVENTS.toLocaleString('en-IN')} events, ${(EVENTS * 2).toLocaleString('en-IN')} ticket types and ` +
    `${ROWS.toLocaleString('en-IN')} registrations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

type Figure = { figure: string; budget: string; measured: string; pass: boolean | null };
const figures: Figure[] = [];
/** Every statement a timed query ran, with its parameters, for EXPLAIN QUERY PLAN afterwards. */
const statements = new Map<string, { label: string; sql: string; params: unknown[] }>();

/** Runs `run` while noting each statement better-sqlite3 prepares and the parameters it is given. */
function capturing(label: string, run: () => unknown) {
  const prepare = sqlite.prepare;
  sqlite.prepare = function (this: Database.Database, source: string) {
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
    run();
  } finally {
    sqlite.prepare = prepare;
  }
}

/**
 * Median and p99 of `repeat` runs after one warm-up run (which also notes its statements), taken
 * in `rounds` rounds; the figure is the median round's, so one pause of a shared machine is not
 * the figure.
 */
function time(list: string, label: string, run: () => unknown, repeat = 51, rounds = 3) {
  capturing(`${list}: ${label}`, run);
  const medians: number[] = [];
  const p99s: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // What earlier figures left to collect is not this query's cost (node --expose-gc).
    global.gc?.();
    const samples: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      run();
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

time('Events', 'first page (soonest first)', () => listAdminEventsPage(db, {}));
time('Events', 'page 500', () => listAdminEventsPage(db, { page: 500 }));
for (const sort of ['title', 'category', 'location', 'participants', 'revenue', 'status'] as const) {
  time('Events', `sorted by ${sort}, descending, page 3`, () => listAdminEventsPage(db, { sort, direction: 'desc', page: 3 }));
}
time('Events', 'search (title word, 1,667 matches)', () => listAdminEventsPage(db, { search: 'cricket' }));
time('Events', 'search (one event)', () => listAdminEventsPage(db, { search: 'meet 4242' }));
time('Events', 'search (city) sorted by date, page 40', () => listAdminEventsPage(db, { search: 'pune', page: 40 }));
time('Events', 'options for a picker (every event)', () => listEventOptions(db));
time('Tickets', 'first page (newest first, current only)', () => listAdminTicketsPage(db, {}));
time('Tickets', 'with expired, page 1,000', () => listAdminTicketsPage(db, { showExpired: 'true', page: 1000 }));
time('Tickets', "search (event's name)", () => listAdminTicketsPage(db, { search: 'meet 4242' }));
time('Tickets', 'search (ticket name, 10,000 matches)', () => listAdminTicketsPage(db, { search: 'early bird' }));
time('Tickets', 'summary (four cards)', () => ticketSummary(db));

const someEvent = events[4242 % events.length]!;
time('Registrations', 'first page (25, newest first)', () => listRegistrationsPage(db, env, {}));
time('Registrations', 'page 2,000', () => listRegistrationsPage(db, env, { page: 2000 }));
time('Registrations', 'one event', () => listRegistrationsPage(db, env, { eventId: someEvent.id }));
time('Registrations', 'status Pending', () => listRegistrationsPage(db, env, { status: 'Pending' }));
time('Registrations', 'payment Paid', () => listRegistrationsPage(db, env, { paymentStatus: 'Paid' }));
time('Registrations', 'status Confirmed + payment Paid', () =>
  listRegistrationsPage(db, env, { status: 'Confirmed', paymentStatus: 'Paid' }),
);
time('Registrations', 'status Confirmed + payment Paid, page 500', () =>
  listRegistrationsPage(db, env, { status: 'Confirmed', paymentStatus: 'Paid', page: 500 }),
);
time('Registrations', 'one event + status Confirmed', () =>
  listRegistrationsPage(db, env, { eventId: someEvent.id, status: 'Confirmed' }),
);
time('Registrations', 'search: e-mail substring', () => listRegistrationsPage(db, env, { search: 'fan4242' }));
time('Registrations', 'search: name, any case', () => listRegistrationsPage(db, env, { search: 'FIRST4242 last' }));
time('Registrations', 'search: phone digits', () => listRegistrationsPage(db, env, { search: '98000 04242' }));
time('Registrations', 'search: registration number', () => listRegistrationsPage(db, env, { search: 'regbench002s' }));
time('Registrations', 'search: 46,656 numbers match (regbench000)', () =>
  listRegistrationsPage(db, env, { search: 'regbench000' }),
);
time('Registrations', 'search: every row matches (example.com)', () => listRegistrationsPage(db, env, { search: 'example.com' }));
time('Registrations', 'search matching 11,000 rows + status', () =>
  listRegistrationsPage(db, env, { search: 'fan1', status: 'Confirmed' }),
);
time('Registrations', 'search: every row matches, page 30', () =>
  listRegistrationsPage(db, env, { search: 'example.com', page: 30 }),
);
time('Registrations', 'search: every row matches, one event', () =>
  listRegistrationsPage(db, env, { search: 'example.com', eventId: someEvent.id }),
);
time('Registrations', 'stats (four figures)', () => registrationStats(db));
time('Registrations', "stats of one event (delete dialog's impact)", () => registrationStats(db, someEvent.id));

global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let peak = heapBefore;
let bytes = 0;
const t0 = performance.now();
let rows = 0;
for (const row of eachRegistration(db, {})) {
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
sqlite.close();
rmSync(dir, { recursive: true, force: true });
