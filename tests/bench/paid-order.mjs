#!/usr/bin/env node
// Statements and CPU milliseconds per paid order end to end (issue 39, DESIGN.md section 7):
// paid-order.ts on SQLite (figures under `paid-order`), then on a throwaway PostgreSQL cluster
// (`paid-order-postgres`). ORDERS=… changes the count.
import { startPostgres } from '../../tooling/postgres.mjs';
import { spawnTypeScriptBench } from './support.mjs';

console.log('paid orders on SQLite');
const onSqlite = spawnTypeScriptBench('paid-order.ts', { env: { DATABASE_URL: undefined } });

console.log('\npaid orders on PostgreSQL');
let pg;
process.once('exit', () => pg?.stop());
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
let onPostgres;
try {
  pg = await startPostgres({ log: true });
  onPostgres = spawnTypeScriptBench('paid-order.ts', { env: { DATABASE_URL: pg.url } });
} finally {
  pg?.stop();
}
process.exit(onSqlite !== 0 ? onSqlite : onPostgres);
