// PostgreSQL through node-postgres: the engine a platform with several API instances runs on. A
// pool of connections; a transaction takes one of them from BEGIN to COMMIT (Drizzle's own), and a
// read takes whichever is free.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from './client';
import * as schema from './schema.pg';
import { PREPARED_TEXTS, statementNamer } from './statement-names';

/** Connections per instance: a few more than the cores that would keep them busy. */
export const POOL_SIZE = 10;

// bigint (count(*), sums) and numeric come back as numbers, as SQLite gives them: every one of ours
// is a count or an amount in paise, far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Statements are sent named (db/statement-names.ts): PostgreSQL's CPU is what every instance shares,
 * and a connection then parses and plans each of a checkout's forty-odd statements once.
 */
const named = statementNamer(PREPARED_TEXTS);

const RETRIES = 3;
/** deadlock_detected and serialization_failure: safe to run the whole transaction again. */
const isRetryable = (error: unknown) => {
  const code = ((error as { cause?: { code?: unknown } })?.cause ?? (error as { code?: unknown }))?.code;
  return code === '40P01' || code === '40001';
};

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    // A statement that waits this long is stuck (a lock never released): fail it, do not hang.
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 60_000,
    // Named statements are parsed once, but planned for each run's own values (decision 059): after
    // five runs PostgreSQL would otherwise keep one generic plan for every value, and one plan does
    // not serve both an organisation with 30,000 attendees and one with 50, nor every search text
    // (a generic plan made a small organisation's search 45 ms instead of 2).
    options: '-c plan_cache_mode=force_custom_plan',
  });
  // A connection the server dropped while idle (a restart) is reported here; the pool replaces it.
  pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection lost: ${error.message}`));
  // One dropped while in use (mid-transaction) fails its query, which the request answers with 503;
  // without a listener its 'error' event would end the process.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => query(named(config), ...rest)) as typeof client.query;
  });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    engine: 'postgres',
    driver: { engine: 'postgres', pool, url },
    async transaction(fn) {
      // Two transactions that lock rows in opposite orders: the server aborts one (a deadlock) and
      // it is run again from the start, as if it had come a moment later.
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction((tx) => fn(tx as unknown as Db));
        } catch (error) {
          if (attempt >= RETRIES || !isRetryable(error)) throw error;
        }
      }
    },
    query: (fn) => fn(db),
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}
