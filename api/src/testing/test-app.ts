// Builds the real app on a fresh, migrated and seeded database for app.request tests: a temporary
// DATA_DIR on SQLite, or a database of its own on the PostgreSQL server of the test run
// (TEST_DATABASE_URL, set by the test tooling; testing/postgres.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { seedIfEmpty, type SeedResult } from '../db/seed';
import { loadEnv, type Env } from '../env';
import { freshTestDatabaseUrl, dropTestDatabase } from './postgres';

export function tempDir(prefix = 'tdk-api-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestDatabase {
  db: Database;
  env: Env;
  dir: string;
  close(): Promise<void>;
}

/**
 * A database of its own for one test, migrated, on this run's engine: a temp SQLite file, or a new
 * PostgreSQL database (created from a migrated template, so in milliseconds).
 */
export async function createTestDatabase(vars: Record<string, string> = {}): Promise<TestDatabase> {
  const dir = tempDir();
  const postgresUrl = await freshTestDatabaseUrl();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: join(dir, 'data'),
    STATIC_ROOT: join(dir, 'static'),
    // The fixtures' buyers share an e-mail and a phone across a file's orders: the seat limits
    // (decision 027) are tested with their defaults in services/checkout-limits.test.ts.
    CHECKOUT_SEATS_PER_ADDRESS: '100000',
    CHECKOUT_SEATS_PER_BUYER: '100000',
    ...(postgresUrl && { DATABASE_URL: postgresUrl }),
    ...vars,
  });
  const db = await prepareDatabase(env);
  return {
    db,
    env,
    dir,
    async close() {
      await db.close();
      if (postgresUrl) await dropTestDatabase(postgresUrl);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestDatabase {
  app: ReturnType<typeof createApp>;
  seed: SeedResult;
}

export async function createTestApp(vars: Record<string, string> = {}, options: { seed?: boolean } = {}): Promise<TestApp> {
  const base = await createTestDatabase(vars);
  const seed =
    options.seed === false
      ? { seeded: false, staffCredentials: [] }
      : await seedIfEmpty(base.db, { nodeEnv: base.env.nodeEnv, env: base.env });
  return { ...base, app: createApp({ db: base.db, env: base.env }), seed };
}
