#!/usr/bin/env node
// DESIGN.md section 7: GET /api/events (the storefront's first page, with 200 events in the
// catalogue) and GET /api/events/:id against a bare Hono hello route, measured in the same run, at
// 50 connections, each with a browser's Accept-Encoding and without compression. Prints req/s,
// the ratio (budget ≥ 0.5) and p50/p99 (budget < 50 ms). Starts its own servers on loopback;
// asserts nothing.
//
// Usage: node tests/bench/events-throughput.mjs   (SECONDS=8 CONNECTIONS=50 to change the load)
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiDir, load, record, startApi, waitForHealth } from './support.mjs';

const seconds = Number(process.env.SECONDS ?? 8);
const connections = Number(process.env.CONNECTIONS ?? 50);
const TARGET_EVENTS = 200;

const api = await startApi({ port: 3901 });
const hello = spawn(process.execPath, [path.join(import.meta.dirname, 'hello-server.mjs')], {
  env: { ...process.env, PORT: '3902' },
  stdio: 'inherit',
});

try {
  // Grow the seeded catalogue to 200 public events by copying seeded rows, as an organiser would.
  const Database = createRequire(path.join(apiDir, 'package.json'))('better-sqlite3');
  const db = new Database(path.join(api.dataDir, 'app.db'));
  const columns = db
    .prepare('PRAGMA table_info(events)')
    .all()
    .map((c) => c.name)
    .filter((name) => name !== 'id');
  const list = columns.map((c) => `"${c}"`).join(', ');
  while (db.prepare("SELECT count(*) AS n FROM events WHERE status != 'Draft'").get().n < TARGET_EVENTS) {
    const missing = TARGET_EVENTS - db.prepare("SELECT count(*) AS n FROM events WHERE status != 'Draft'").get().n;
    db.prepare(`INSERT INTO events (${list}) SELECT ${list} FROM events WHERE status != 'Draft' LIMIT ?`).run(missing);
  }
  const count = db
    .prepare(
      "SELECT count(*) AS n FROM events WHERE status NOT IN ('Draft', 'Completed') AND date >= date('now', '+330 minutes')",
    )
    .get().n;
  db.close();
  await waitForHealth('http://127.0.0.1:3902/hello');

  // The storefront's first request for /events: a first-time visitor's city (Mumbai, with Online
  // events) and the first page of the grid (storefront/src/features/events/queries.ts).
  const firstPage = `${api.baseUrl}/api/events?city=Mumbai&limit=12`;
  const { events: firstEvents } = await (await fetch(firstPage)).json();
  const detail = `${api.baseUrl}/api/events/${firstEvents[0].id}`;
  const browserHeaders = { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'application/json' };
  const plainHeaders = { Accept: 'application/json' };

  await load('http://127.0.0.1:3902/hello', { connections, seconds: 2 }); // warm-up
  await load(firstPage, { connections, seconds: 2, headers: browserHeaders });
  await load(detail, { connections, seconds: 1, headers: browserHeaders });
  const base = await load('http://127.0.0.1:3902/hello', { connections, seconds });
  const measured = [
    {
      name: 'GET /api/events (first page)',
      compression: 'gzip',
      ...(await load(firstPage, { connections, seconds, headers: browserHeaders })),
    },
    {
      name: 'GET /api/events (first page)',
      compression: 'uncompressed',
      ...(await load(firstPage, { connections, seconds, headers: plainHeaders })),
    },
    {
      name: 'GET /api/events/:id',
      compression: 'gzip',
      ...(await load(detail, { connections, seconds, headers: browserHeaders })),
    },
    {
      name: 'GET /api/events/:id',
      compression: 'uncompressed',
      ...(await load(detail, { connections, seconds, headers: plainHeaders })),
    },
  ];

  const ratio = (r) => r.rps / base.rps;
  const row = (name, r) =>
    `  ${name.padEnd(48)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
  console.log(
    `${firstEvents.length} events on the first page of ${count} public ones, ${connections} connections, ${seconds} s each`,
  );
  console.log(row('bare Hono hello', base));
  for (const r of measured) console.log(`${row(`${r.name}, ${r.compression}`, r)}   ratio ${ratio(r).toFixed(2)}`);

  const line = (r) => `${ratio(r).toFixed(2)} (${r.rps.toFixed(0)} vs ${base.rps.toFixed(0)} req/s; p50 ${r.p50.toFixed(1)} ms)`;
  record(
    'events-throughput',
    measured.flatMap((r) => [
      { figure: `${r.name} ÷ bare Hono route, ${r.compression}`, budget: '≥ 0.50', measured: line(r), pass: ratio(r) >= 0.5 },
      {
        figure: `${r.name} p99 at ${connections} connections, ${r.compression}`,
        budget: '< 50 ms',
        measured: `${r.p99.toFixed(1)} ms`,
        pass: r.p99 < 50,
      },
      { figure: `${r.name} errors, ${r.compression}`, budget: '0', measured: String(r.errors), pass: r.errors === 0 },
    ]),
  );
} finally {
  api.stop();
  hello.kill();
}
