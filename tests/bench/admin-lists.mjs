#!/usr/bin/env node
// The admin lists at 10,000 events and 100,000 registrations (issues 14 and 22): a filtered page of
// each list, the registrations' stats and CSV export, and their query plans, on both engines
// (decision 020): first on SQLite (figures under `admin-lists`), then on a throwaway PostgreSQL
// cluster (`admin-lists-postgres`, figures named "on PostgreSQL"). EVENTS=… ROWS=… change the size,
// PLANS=1 prints every statement's plan.
import { startPostgres } from '../../tooling/postgres.mjs';
import { spawnTypeScriptBench } from './support.mjs';

// --expose-gc: the export's live heap is measured after collecting what it has thrown away.
const nodeOptions = '--expose-gc';

console.log('admin lists on SQLite');
// The process's engine comes from DATABASE_URL at start: none is SQLite, whatever the shell has.
const onSqlite = spawnTypeScriptBench('admin-lists.ts', { nodeOptions, env: { DATABASE_URL: undefined } });

console.log('\nadmin lists on PostgreSQL');
let pg;
// Never leave a cluster behind, whatever way this benchmark ends (stop() is synchronous and runs once).
process.once('exit', () => pg?.stop());
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
let onPostgres;
try {
  pg = await startPostgres({ log: true });
  onPostgres = spawnTypeScriptBench('admin-lists.ts', { nodeOptions, env: { DATABASE_URL: pg.url } });
} finally {
  pg?.stop();
}
process.exit(onSqlite !== 0 ? onSqlite : onPostgres);
