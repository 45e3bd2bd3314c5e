#!/usr/bin/env node
// DESIGN.md section 7: GET /api/events (the storefront's first page, with 200 events in the
// catalogue) and GET /api/events/:id against a bare Hono hello route, measured in the same run, at
// 50 connections, each with a browser's Accept-Encoding and without compression. Prints req/s,
// the ratio and p50/p99 against their budgets (budgets.mjs). Starts its own servers on loopback;
// asserts nothing.
//
// Usage: node tests/bench/events-throughput.mjs   (SECONDS=4 ROUNDS=3 CONNECTIONS=50 to change the load)
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUDGETS } from './budgets.mjs';
import { apiDir, load, median, record, rssMb, startApi, waitForHealth } from './support.mjs';

const RATIO = BUDGETS.publicReadsVsHello;
const P99_MS = BUDGETS.publicReadsP99Ms;

const seconds = Number(process.env.SECONDS ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 50);
const TARGET_EVENTS = 200;

const api = await startApi({ port: 3901 });
// An idle instance's resident memory (issue 39): started, seeded, its first page drawn, then left alone.
await new Promise((resolve) => setTimeout(resolve, 5_000));
const idleMb = rssMb([api.pid]);
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

  const cases = [
    { name: 'GET /api/events (first page)', compression: 'gzip', url: firstPage, headers: browserHeaders },
    { name: 'GET /api/events (first page)', compression: 'uncompressed', url: firstPage, headers: plainHeaders },
    { name: 'GET /api/events/:id', compression: 'gzip', url: detail, headers: browserHeaders },
    { name: 'GET /api/events/:id', compression: 'uncompressed', url: detail, headers: plainHeaders },
  ];
  const helloUrl = 'http://127.0.0.1:3902/hello';
  await load(helloUrl, { connections, seconds: 2 }); // warm-up
  for (const c of cases) await load(c.url, { connections, seconds: 1, headers: c.headers });

  // Rounds of [hello, each case]: each ratio is taken against the hello of its own round, so a
  // neighbour's load on a shared machine moves both sides; the table gives the median round.
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const base = await load(helloUrl, { connections, seconds });
    const results = [];
    for (const c of cases) results.push(await load(c.url, { connections, seconds, headers: c.headers }));
    rounds.push({ base, results });
  }

  const row = (name, r) =>
    `  ${name.padEnd(48)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
  console.log(
    `${firstEvents.length} events on the first page of ${count} public ones, ${connections} connections, ${ROUNDS} rounds of ${seconds} s each`,
  );
  rounds.forEach(({ base, results }, round) => {
    console.log(`round ${round + 1}`);
    console.log(row('bare Hono hello', base));
    cases.forEach((c, i) =>
      console.log(`${row(`${c.name}, ${c.compression}`, results[i])}   ratio ${(results[i].rps / base.rps).toFixed(2)}`),
    );
  });

  console.log(`  resident memory of the idle instance: ${idleMb.toFixed(0)} MB (budget < ${BUDGETS.idleInstanceMb} MB)`);
  record('events-throughput', [
    {
      figure: 'Resident memory of an idle instance (started, seeded, left alone 5 s), served from its build',
      budget: `< ${BUDGETS.idleInstanceMb} MB`,
      measured: `${idleMb.toFixed(0)} MB`,
      pass: idleMb < BUDGETS.idleInstanceMb,
    },
    ...cases.flatMap((c, i) => {
      const ratios = rounds.map(({ base, results }) => results[i].rps / base.rps);
      const ratio = median(ratios);
      // The round whose ratio is the median, for its req/s in words.
      const { base, results } = rounds[ratios.indexOf(ratio)];
      const p50 = median(rounds.map(({ results: r }) => r[i].p50));
      const p99 = median(rounds.map(({ results: r }) => r[i].p99));
      const errors = rounds.reduce((sum, { results: r }) => sum + r[i].errors, 0);
      console.log(
        `  ${`${c.name}, ${c.compression}`.padEnd(48)} median ratio ${ratio.toFixed(2)} (budget ≥ ${RATIO.toFixed(2)}), p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (budget < ${P99_MS} ms)`,
      );
      return [
        {
          figure: `${c.name} ÷ bare Hono route, ${c.compression}`,
          budget: `≥ ${RATIO.toFixed(2)}`,
          measured: `${ratio.toFixed(2)} (${results[i].rps.toFixed(0)} vs ${base.rps.toFixed(0)} req/s; median of ${ROUNDS} rounds)`,
          pass: ratio >= RATIO,
        },
        {
          figure: `${c.name} p50 / p99 at ${connections} connections, ${c.compression}`,
          budget: `p99 < ${P99_MS} ms`,
          measured: `${p50.toFixed(1)} ms / ${p99.toFixed(1)} ms`,
          pass: p99 < P99_MS,
        },
        { figure: `${c.name} errors, ${c.compression}`, budget: '0', measured: String(errors), pass: errors === 0 },
      ];
    }),
  ]);
} finally {
  api.stop();
  hello.kill();
}
