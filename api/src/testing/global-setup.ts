// Vitest's global setup: on a PostgreSQL run, migrates the template database once; every test then
// gets a copy of it (testing/postgres.ts). A SQLite run needs nothing: each test migrates a temp file.
import { migratePostgres, POSTGRES_MIGRATIONS_FOLDER } from '../db/migrate';
import { env } from '../env';

export default async function setup() {
  if (env.database.engine === 'postgres') await migratePostgres(env.database.url, POSTGRES_MIGRATIONS_FOLDER);
}
