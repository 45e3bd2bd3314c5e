// A PostgreSQL database of its own per test, on the server the test run started (tooling/postgres.mjs
// sets DATABASE_URL to a migrated template database; vitest's global setup migrates it once).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { env, PROCESS_DATABASE_ENGINE } from '../env';

const templateUrl = () => (env.database.engine === 'postgres' ? env.database.url : undefined);

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database copied from the migrated template; undefined when this run is on SQLite. */
export async function freshTestDatabaseUrl(): Promise<string | undefined> {
  const template = templateUrl();
  if (PROCESS_DATABASE_ENGINE !== 'postgres' || !template) return undefined;
  const templateName = new URL(template).pathname.slice(1);
  const name = `tdk_test_${randomBytes(6).toString('hex')}`;
  await onServer(template, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`));
  return withDatabase(template, name);
}

/** A new empty database (no migration applied) on the run's server; undefined when this run is on SQLite. */
export async function emptyTestDatabaseUrl(): Promise<string | undefined> {
  const template = templateUrl();
  if (PROCESS_DATABASE_ENGINE !== 'postgres' || !template) return undefined;
  const name = `tdk_test_${randomBytes(6).toString('hex')}`;
  await onServer(template, (client) => client.query(`CREATE DATABASE "${name}"`));
  return withDatabase(template, name);
}

/**
 * Drops a test's database. FORCE ends the test's own connections; a session the test role may not
 * end (a server process of another role still on it for a moment, SQLSTATE 42501) is waited out a
 * few times, and a database that still cannot go is left to the throwaway server rather than failing
 * a test whose assertions all passed.
 */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      if (attempt === 5) {
        console.warn(`[test] left database ${name}: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
