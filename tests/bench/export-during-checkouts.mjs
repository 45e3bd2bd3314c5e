#!/usr/bin/env node
// A 100,000-row CSV export during live checkouts, with another request timed next to it (issue 28,
// decision 029), on both engines: first on SQLite (figures under `export-during-checkouts`), then on
// a throwaway PostgreSQL cluster (`export-during-checkouts-postgres`). ROWS=… changes the size.
import { startPostgres } from '../../tooling/postgres.mjs';
import { spawnTypeScriptBench } from './support.mjs';

console.log('export during checkouts on SQLite');
const onSqlite = spawnTypeScriptBench('export-during-checkouts.ts', { env: { DATABASE_URL: undefined } });

console.log('\nexport during checkouts on PostgreSQL');
let pg;
process.once('exit', () => pg?.stop());
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
let onPostgres;
try {
  pg = await startPostgres({ log: true });
  onPostgres = spawnTypeScriptBench('export-during-checkouts.ts', { env: { DATABASE_URL: pg.url } });
} finally {
  pg?.stop();
}
process.exit(onSqlite !== 0 ? onSqlite : onPostgres);
