// What one paid order costs end to end (issue 39, DESIGN.md section 7): create-order, the payment
// through the Cashfree emulator (with its signed webhook), verify-payment, as a buyer's browser makes
// them, counted in statements sent to the database and in CPU milliseconds of this process (the API
// and the emulator it serves), on this process's engine (DATABASE_URL: run by paid-order.mjs on
// SQLite, then on a throwaway PostgreSQL cluster). In process, through app.request, so the figures are
// the API's work alone: no HTTP, no other process. ORDERS=… changes the count.
import type BetterSqlite3 from 'better-sqlite3';
import type { CreateOrderResponse, VerifyPaymentResponse } from '../../api/src/contract';
import { PROCESS_DATABASE_ENGINE } from '../../api/src/env';
import { CHECKOUT_COOKIE } from '../../api/src/services/hold-ownership';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent } from '../../api/src/testing/test-checkout';
import { BUDGETS } from './budgets.mjs';
import { record } from './support.mjs';

const ORDERS = Number(process.env.ORDERS ?? 60);
const WARM_UP = 10;
const POSTGRES = PROCESS_DATABASE_ENGINE === 'postgres';
const onEngine = POSTGRES ? 'PostgreSQL' : 'SQLite';

const t = await createCheckoutTestApp();
const driver = t.db.driver;
// A ticket type with seats for every order of the run.
const { eventId, vip: ticketId } = await seedCheckoutEvent(t, { vipQuantity: 100_000 });

/** Counts every statement sent to the database: on SQLite each prepared statement run and each exec, on PostgreSQL each query of a pool client. */
let statements = 0;
if (driver.engine === 'sqlite') {
  const sqlite = driver.sqlite;
  const prepare = sqlite.prepare;
  sqlite.prepare = function (this: BetterSqlite3.Database, source: string) {
    const statement = prepare.call(this, source);
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = statement[method] as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        statements += 1;
        return original.apply(statement, params);
      };
    }
    return statement;
  } as typeof sqlite.prepare;
  const exec = sqlite.exec;
  sqlite.exec = function (this: BetterSqlite3.Database, source: string) {
    statements += 1;
    return exec.call(this, source);
  } as typeof sqlite.exec;
} else {
  // Every query of every pool client (pool.query checks one out and queries it: counted once), over
  // the query that db/postgres.ts gives each client as it connects.
  type Client = { query: (...args: unknown[]) => unknown };
  const pool = driver.pool as typeof driver.pool & { _clients?: Client[] };
  const countOn = (client: Client) => {
    const query = client.query;
    client.query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
  };
  for (const client of pool._clients ?? []) countOn(client);
  pool.on('connect', (client) => countOn(client as unknown as Client));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** One paid order as the storefront makes it; the statements and CPU it took. */
let buyers = 0;
async function paidOrder() {
  // A buyer of their own each time (the per-buyer limits of decision 027 are not what is measured).
  const n = ++buyers;
  const buyer = { email: `buyer${n}@example.com`, phone: `97${String(n).padStart(8, '0')}` };
  const body = orderBody(eventId, [{ ticketId, quantity: 1 }], { buyer });
  const before = statements;
  const cpu = process.cpuUsage();
  const created = await postJson(t, '/api/cashfree/create-order', body);
  if (created.status !== 201) throw new Error(`create-order answered ${created.status}: ${await created.text()}`);
  const cookie = (created.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${CHECKOUT_COOKIE}=`));
  const order = (await created.json()) as CreateOrderResponse;
  const paid = await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
  if (paid.status !== 200) throw new Error(`the emulator's pay answered ${paid.status}`);
  await paid.arrayBuffer();
  const verified = await t.app.request(`/api/cashfree/verify-payment/${order.orderId}`, { headers: cookie ? { cookie } : {} });
  const verdict = (await verified.json()) as VerifyPaymentResponse;
  if (verdict.status !== 'PAID') throw new Error(`verify-payment answered ${JSON.stringify(verdict)}`);
  const used = process.cpuUsage(cpu);
  const counted = statements - before;
  // What the order left running (the webhook's delivery, the outbox's wake-up) is its cost too:
  // counted, not timed (the wait is idle).
  await settle();
  return { untilVerified: counted, cpuMs: (used.user + used.system) / 1000, settled: statements - before };
}

for (let i = 0; i < WARM_UP; i++) await paidOrder();
const results = [];
for (let i = 0; i < ORDERS; i++) results.push(await paidOrder());
const perOrder = (key: 'settled' | 'cpuMs') => results.map((r) => r[key]).sort((a, b) => a - b);
const statementsEach = perOrder('settled');
const cpuEach = perOrder('cpuMs');
const medianOf = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
const stmts = medianOf(statementsEach);
const cpuMs = medianOf(cpuEach);
console.log(
  `  ${onEngine}: ${ORDERS} paid orders (after ${WARM_UP} to warm up): statements per order median ${stmts} (min ${statementsEach[0]}, max ${statementsEach.at(-1)}), CPU ms per order median ${cpuMs.toFixed(1)} (p90 ${cpuEach[Math.floor(ORDERS * 0.9)]!.toFixed(1)})`,
);
const budget = BUDGETS.paidOrder[POSTGRES ? 'postgres' : 'sqlite'];
record(POSTGRES ? 'paid-order-postgres' : 'paid-order', [
  {
    figure: `Statements per paid order end to end (create-order, pay through the emulator, webhook, verify), ${onEngine}`,
    budget: `≤ ${budget.statements}`,
    measured: `${stmts} (median of ${ORDERS}; ${statementsEach[0]}-${statementsEach.at(-1)})`,
    pass: stmts <= budget.statements,
  },
  {
    figure: `CPU milliseconds per paid order end to end, in process, ${onEngine}`,
    budget: `≤ ${budget.cpuMs} ms`,
    measured: `${cpuMs.toFixed(1)} ms (median of ${ORDERS})`,
    pass: cpuMs <= budget.cpuMs,
  },
]);
await t.close();
process.exit(0);
