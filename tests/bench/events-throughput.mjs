#!/usr/bin/env node
// DESIGN.md section 7: GET /api/events with 200 events against a bare Hono hello route, measured
// in the same run, at 50 connections. Prints req/s, the ratio (budget ≥ 0.5) and p99 (budget
// < 50 ms). Starts its own servers on loopback; asserts nothing.
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
  db.close();
  await waitForHealth('http://127.0.0.1:3902/hello');

  const count = (await (await fetch(`${api.baseUrl}/api/events`)).json()).events.length;
  const browserHeaders = { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'application/json' };

  await load('http://127.0.0.1:3902/hello', { connections, seconds: 2 }); // warm-up
  await load(`${api.baseUrl}/api/events`, { connections, seconds: 2, headers: browserHeaders });
  const base = await load('http://127.0.0.1:3902/hello', { connections, seconds });
  const gzip = await load(`${api.baseUrl}/api/events`, { connections, seconds, headers: browserHeaders });
  const plain = await load(`${api.baseUrl}/api/events`, { connections, seconds });

  const row = (name, r) =>
    `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
  console.log(`GET /api/events with ${count} events, ${connections} connections, ${seconds} s each`);
  console.log(row('bare Hono hello', base));
  console.log(row('/api/events (Accept-Encoding gzip)', gzip));
  console.log(row('/api/events (no compression)', plain));
  console.log(
    `  ratio to hello: ${(gzip.rps / base.rps).toFixed(2)} with gzip, ${(plain.rps / base.rps).toFixed(2)} without (budget ≥ 0.50)`,
  );
  console.log(`  p99 with gzip ${gzip.p99.toFixed(1)} ms (budget < 50 ms)`);
  const ratio = (r) => r.rps / base.rps;
  const line = (r) => `${ratio(r).toFixed(2)} (${r.rps.toFixed(0)} vs ${base.rps.toFixed(0)} req/s; p50 ${r.p50.toFixed(1)} ms)`;
  record('events-throughput', [
    { figure: 'GET /api/events ÷ bare Hono route, gzip', budget: '≥ 0.50', measured: line(gzip), pass: ratio(gzip) >= 0.5 },
    {
      figure: 'GET /api/events ÷ bare Hono route, uncompressed',
      budget: '≥ 0.50',
      measured: line(plain),
      pass: ratio(plain) >= 0.5,
    },
    {
      figure: 'GET /api/events p99 at 50 connections, gzip',
      budget: '< 50 ms',
      measured: `${gzip.p99.toFixed(1)} ms`,
      pass: gzip.p99 < 50,
    },
    {
      figure: 'GET /api/events p99 at 50 connections, uncompressed',
      budget: '< 50 ms',
      measured: `${plain.p99.toFixed(1)} ms`,
      pass: plain.p99 < 50,
    },
    {
      figure: 'GET /api/events errors',
      budget: '0',
      measured: String(gzip.errors + plain.errors),
      pass: gzip.errors + plain.errors === 0,
    },
  ]);
} finally {
  api.stop();
  hello.kill();
}
