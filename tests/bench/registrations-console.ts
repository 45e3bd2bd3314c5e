// The registrations console at 100,000 registrations (issue 10): how long each list query, the
// stats and a full CSV export take, and how much memory the export holds. Run by
// registrations-console.mjs through the API's tsx; figures, not pass/fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../../api/src/db/migrate';
import { seedIfEmpty } from '../../api/src/db/seed';
import { loadEnv } from '../../api/src/env';
import { record } from './support.mjs';
import { registrationCsvLine } from '../../api/src/services/registration-csv';
import { eachRegistration, listRegistrationsPage, registrationStats, toRegistration } from '../../api/src/services/registrations';

const ROWS = Number(process.env.ROWS ?? 100_000);
const dir = mkdtempSync(path.join(tmpdir(), 'tdk-bench-registrations-'));
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data') });
const { db } = prepareDatabase(env.dataDir);
await seedIfEmpty(db, { nodeEnv: 'test' });

const events = db.$client.prepare('SELECT id, title, date, time, venue FROM events').all() as {
  id: number;
  title: string;
  date: string;
  time: string;
  venue: string;
}[];
const insert = db.$client.prepare(
  `INSERT INTO registrations (registration_number, event_id, event_name, event_date, event_time, event_venue, ticket_name,
     ticket_price_paise, quantity, amount_paise, registration_date, status, payment_status, qr_code, first_name, last_name, email, phone)
   VALUES (?, ?, ?, ?, ?, ?, 'General', 49900, 1, 49900, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const STATUSES = ['Confirmed', 'Confirmed', 'Confirmed', 'Pending', 'Cancelled', 'Checked-In'];
const started = performance.now();
db.$client.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const event = events[i % events.length]!;
    const status = STATUSES[i % STATUSES.length]!;
    const number = `REGBENCH${i.toString(36).toUpperCase().padStart(6, '0')}`;
    insert.run(
      number,
      event.id,
      event.title,
      event.date,
      event.time,
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
console.log(`registrations: ${ROWS.toLocaleString('en-IN')} inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const figures: { figure: string; budget: string; measured: string; pass: boolean | null }[] = [];

function time(label: string, run: () => unknown, repeat = 21) {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(repeat / 2)]!;
  const p99 = samples[Math.min(repeat - 1, Math.floor(repeat * 0.99))]!;
  console.log(`  ${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms`);
  figures.push({
    figure: `Registrations at ${ROWS.toLocaleString('en-IN')}: ${label}`,
    budget: '< 50 ms p99',
    measured: `p99 ${p99.toFixed(1)} ms (median ${median.toFixed(1)})`,
    pass: p99 < 50,
  });
}

time('first page (25, newest first)', () => listRegistrationsPage(db, env, {}));
time('page 2,000', () => listRegistrationsPage(db, env, { page: 2000 }));
time('one event', () => listRegistrationsPage(db, env, { eventId: events[3]!.id }));
time('status Confirmed + payment Paid', () => listRegistrationsPage(db, env, { status: 'Confirmed', paymentStatus: 'Paid' }));
time('text search (e-mail substring)', () => listRegistrationsPage(db, env, { search: 'fan4242' }));
time('text search (phone digits)', () => listRegistrationsPage(db, env, { search: '9800004242' }));
time('stats (four figures)', () => registrationStats(db));

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
  measured: `${((peak - heapBefore) / 1024 / 1024).toFixed(1)} MB for ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV`,
  pass: peak - heapBefore < 50 * 1024 * 1024,
});
record('registrations-console', figures);
db.$client.close();
rmSync(dir, { recursive: true, force: true });
