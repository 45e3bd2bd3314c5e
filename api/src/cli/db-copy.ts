// npm run db:copy -- --to postgres://user:password@host:5432/database [--from /path/to/app.db]
// Copies this install's SQLite database (DATA_DIR/app.db, or --from) into an empty PostgreSQL
// database; then start the API with DATABASE_URL set to it (README, "Switching to PostgreSQL").
import { resolve } from 'node:path';
import { CopyRefusal, copySqliteToPostgres } from '../db/copy';
import { resolveDataKey } from '../db/data-crypto';
import { DatabaseStartupError, describeDatabaseUrl } from '../db/migrate';
import { databaseEngineOf, env } from '../env';

const args = process.argv.slice(2).filter((a) => a !== '--');
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const to = option('--to');
const from = option('--from');

if (!to || databaseEngineOf(to) !== 'postgres') {
  console.error('Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from /path/to/app.db]');
  process.exit(2);
}
const file = from ? resolve(process.cwd(), from) : env.database.engine === 'sqlite' ? env.database.file : undefined;
if (!file) {
  console.error('DATABASE_URL already names PostgreSQL: say which SQLite file to copy with --from /path/to/app.db');
  process.exit(2);
}

// The sealed personal data is read with this install's key and sealed again with it (decision 030):
// the PostgreSQL install must start with the same DATA_ENCRYPTION_KEY (or DATA_DIR/data-key).
resolveDataKey(env);

try {
  console.log(`Copying ${file} into PostgreSQL at ${describeDatabaseUrl(to)}…`);
  const counts = await copySqliteToPostgres(file, to, (line) => console.log(line));
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `Done: ${rows} rows in ${Object.keys(counts).length} tables. Start the API with DATABASE_URL=${to.replace(/:[^:@/]+@/, ':…@')}`,
  );
} catch (error) {
  if (error instanceof CopyRefusal || error instanceof DatabaseStartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
