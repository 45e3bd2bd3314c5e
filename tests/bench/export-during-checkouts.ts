// One heavy request must not freeze the others (issue 28, decision 029): a 100,000-row CSV export
// of the registrations runs while buyers check out, and another request (an event's tickets, read
// from the database) is timed next to it every PROBE_MS; the same request is timed idle and beside
// the checkouts alone first, and the budget is what the export adds to its p99.
// Against a real server (api/src/server.ts) on this process's engine (DATABASE_URL: unset is
// SQLite; export-during-checkouts.mjs runs it on both). ROWS=… changes the export's size. Run by
// export-during-checkouts.mjs through the API's tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../../api/src/db/migrate';
import { events as eventsTable, registrations } from '../../api/src/db/schema';
import { organisationAdmin, organisationRegistrationCount } from '../../api/src/testing/organisations';
import { seedIfEmpty } from '../../api/src/db/seed';
import { loadEnv, PROCESS_DATABASE_ENGINE } from '../../api/src/env';
import { sessionKey, signSession, SESSION_COOKIE } from '../../api/src/http/auth';
import { resolveSessionSecret } from '../../api/src/signing/session-secret';
import { orderBody } from '../support/order-body.mjs';
import { BUDGETS } from './budgets.mjs';
import { record, startApi } from './support.mjs';

const ROWS = Number(process.env.ROWS ?? 100_000);
const CHECKOUT_WORKERS = Number(process.env.CHECKOUT_WORKERS ?? 4);
const PROBE_MS = 25;
const CHECKOUTS_ALONE_MS = 10_000;
const POSTGRES = PROCESS_DATABASE_ENGINE === 'postgres';
const BENCH = POSTGRES ? 'export-during-checkouts-postgres' : 'export-during-checkouts';
const engine = POSTGRES ? ' on PostgreSQL' : '';

const dir = mkdtempSync(path.join(tmpdir(), 'tdk-bench-export-'));
const dataDir = path.join(dir, 'data');
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(POSTGRES && { DATABASE_URL: process.env.DATABASE_URL }) });

// The platform's demo data, then the server on it.
const seeding = await prepareDatabase(env);
await seedIfEmpty(seeding, { nodeEnv: 'test', env });
await seeding.close();
const api = await startApi({
  port: POSTGRES ? 3938 : 3937,
  env: {
    DATA_DIR: dataDir,
    PAYMENTS_MODE: 'emulator',
    TRUST_PROXY: 'true',
    ...(POSTGRES && { DATABASE_URL: process.env.DATABASE_URL }),
  },
});

// Then ROWS registrations of one of its events, written straight to the table beside the running
// server (after its start, which would make orders of registrations that have none), 500 a
// transaction so that its own work goes on.
const database = await prepareDatabase(env);
const event = (await database.query((db) => db.select().from(eventsTable))).find((e) => e.status === 'Active');
if (!event) throw new Error('the seed has no Active event');
const seeded = performance.now();
for (let i = 0; i < ROWS; i += 500) {
  await database.transaction((tx) =>
    tx.insert(registrations).values(
      Array.from({ length: Math.min(500, ROWS - i) }, (_, j) => {
        const n = i + j;
        const number = `REGEXPORT${n.toString(36).toUpperCase().padStart(6, '0')}`;
        return {
          registrationNumber: number,
          bookingReference: `BKEXPORT${Math.floor(n / 2)}`,
          eventId: event.id,
          organisationId: event.organisationId,
          ticketName: 'General',
          ticketPricePaise: 49900,
          amountPaise: 49900,
          registrationDate: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
          status: 'Confirmed' as const,
          paymentStatus: 'Paid' as const,
          qrCode: `TDK-${number}-${event.id}`,
          firstName: `First${n}`,
          lastName: `Last${n % 977}`,
          email: `fan${n}@example.com`,
          phone: `98${String(n).padStart(8, '0')}`,
        };
      }),
    ),
  );
  // A pause between them, or the server's own writes (its workers) would rarely find the lock free.
  await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log(
  `${POSTGRES ? 'PostgreSQL: ' : ''}seeded ${ROWS.toLocaleString('en-IN')} registrations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);
// An admin of the event's organisation (decision 051): the export is that organisation's registrations.
const manager = await database.query((db) => organisationAdmin(db, event.organisationId));
if (!manager) throw new Error("the seed has no admin of the event's organisation");
const cookie = `${SESSION_COOKIE}=${await signSession(sessionKey(resolveSessionSecret(env)), manager, event.organisationId)}`;
// The registrations the organisation's export holds: those of its events (the seed's other organisers' are not in it).
const total = await database.query((db) => organisationRegistrationCount(db, event.organisationId));
await database.close();
const base = api.baseUrl;

let address = 0;
const nextAddress = () => `10.77.${(address >> 8) & 255}.${address++ & 255}`;
const postJson = async (url: string, body: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, string> | undefined };
};

// A paid ticket with seats, for the live checkouts.
const { events } = (await (await fetch(`${base}/api/events?limit=48`)).json()) as { events: { id: number; status: string }[] };
let ticket: { eventId: number; id: number; price: number } | undefined;
for (const e of events.filter((x) => x.status === 'Active')) {
  const { tickets } = (await (await fetch(`${base}/api/events/${e.id}/tickets`)).json()) as {
    tickets: { id: number; price: number; available: number; status: string }[];
  };
  const found = tickets.find((t) => t.status === 'Active' && t.price > 0 && t.available >= 200);
  if (found) {
    ticket = { eventId: e.id, id: found.id, price: found.price };
    break;
  }
}
if (!ticket) throw new Error('no Active paid ticket with 200 seats in the seed');
const probePath = `/api/events/${ticket.eventId}/tickets`;

/** One timed request of another visitor. */
async function probe(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${probePath}`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${probePath} answered ${res.status}`);
  return performance.now() - started;
}
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const idle: number[] = [];
for (let i = 0; i < 60; i++) {
  idle.push(await probe());
  await sleep(PROBE_MS);
}

let exporting = true;
let checkingOut = true;
let paid = 0;
let refused = 0;
const failures: string[] = [];
let buyer = 0;
const checkouts = Array.from({ length: CHECKOUT_WORKERS }, async () => {
  while (checkingOut) {
    const i = buyer++;
    const order = await postJson(
      '/api/cashfree/create-order',
      orderBody(ticket.eventId, ticket.id, {
        fullName: `Export Buyer ${i}`,
        email: `export${i}@example.com`,
        phone: String(9100000000 + i),
      }),
    );
    if (order.status === 409) {
      refused++;
      continue;
    }
    if (order.status !== 201) {
      failures.push(`create-order ${order.status}`);
      continue;
    }
    const pay = await postJson(`/emulator/cashfree/pay/${encodeURIComponent(order.body!.payment_session_id!)}`, {
      outcome: 'success',
    });
    if (pay.status === 200) paid++;
    else failures.push(`pay ${pay.status}`);
  }
});

// The checkouts alone first, for comparison: what the export adds is the difference.
const checkoutsAlone: number[] = [];
const aloneUntil = performance.now() + CHECKOUTS_ALONE_MS;
while (performance.now() < aloneUntil) {
  checkoutsAlone.push(await probe());
  await sleep(PROBE_MS);
}

const during: number[] = [];
const prober = (async () => {
  while (exporting) {
    during.push(await probe());
    await sleep(PROBE_MS);
  }
})();

const exportStarted = performance.now();
const res = await fetch(`${base}/api/admin/registrations/export.csv`, { headers: { cookie } });
if (!res.ok) throw new Error(`export answered ${res.status}`);
const text = await res.text();
const exportMs = performance.now() - exportStarted;
exporting = false;
checkingOut = false;
await Promise.all([prober, ...checkouts]);

// The header, then a line per registration (those of the live checkouts may or may not be in it).
const lines = text.split('\r\n').filter(Boolean).length - 1;
const p99 = pct(during, 0.99);
const aloneP99 = pct(checkoutsAlone, 0.99);
console.log(
  `export of ${lines.toLocaleString('en-IN')} rows in ${(exportMs / 1000).toFixed(1)} s; ${paid} orders paid and ${refused} sold out meanwhile; ` +
    `another request: idle p50 ${pct(idle, 0.5).toFixed(0)} ms, checkouts alone p50 ${pct(checkoutsAlone, 0.5).toFixed(0)} ms p99 ${pct(checkoutsAlone, 0.99).toFixed(0)} ms, during the export p50 ${pct(during, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms (${during.length} samples)`,
);
record(BENCH, [
  {
    figure: `what a ${ROWS.toLocaleString('en-IN')}-row CSV export adds to another request's p99 beside live checkouts${engine}`,
    budget: `≤ ${BUDGETS.exportAddsToNeighbourP99Ms} ms`,
    measured: `${(p99 - aloneP99).toFixed(0)} ms (p99 ${p99.toFixed(0)} ms during the export, ${aloneP99.toFixed(0)} ms beside the checkouts alone; during: p50 ${pct(during, 0.5).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms, ${during.length} samples; idle p50 ${pct(idle, 0.5).toFixed(0)} ms)`,
    pass: p99 - aloneP99 <= BUDGETS.exportAddsToNeighbourP99Ms,
  },
  {
    figure: `the export's rows${engine}`,
    budget: `at least the ${total.toLocaleString('en-IN')} registered before it`,
    measured: `${lines.toLocaleString('en-IN')} rows in ${(exportMs / 1000).toFixed(1)} s`,
    pass: lines >= total,
  },
  {
    figure: `checkouts during the export${engine}`,
    budget: 'no request failed',
    measured: `${paid} paid, ${refused} sold out, ${failures.length} failed${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''}`,
    pass: failures.length === 0 && paid > 0,
  },
]);
api.stop();
// The server may still be writing its last e-mails as it stops.
await sleep(1000);
try {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
} catch {
  console.log(`(${dir} is left behind: the server was still writing to it)`);
}
process.exit(0);
