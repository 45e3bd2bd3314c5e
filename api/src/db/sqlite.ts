// SQLite through better-sqlite3: the embedded engine `npm start` runs on. better-sqlite3 answers
// synchronously on one connection, so the data layer serialises work on it: a transaction holds the
// connection from BEGIN IMMEDIATE to COMMIT, and a read waits for it, so no request ever runs a
// query inside another request's transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Database, Db } from './client';
import * as schema from './schema.sqlite';

/** A queue of one: each task starts when the previous one has settled. */
function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}

/**
 * Which connection the running task holds (set for the whole of a transaction or a read, and for
 * everything that task awaits): its own queries go straight through, a transaction inside it is a
 * mistake. Callbacks it schedules (timers, events) would inherit it: they leave it first
 * (`leaveHeldConnection`), as they run after the task.
 */
const holding = new AsyncLocalStorage<{ connection: object; open: boolean }>();

/** Runs `fn` as work of its own, not as part of the task that scheduled it. */
export const leaveHeldConnection = <T>(fn: () => T): T => holding.exit(fn);

/** Opens the database file with the pragmas every connection needs. Check the file first (migrate.ts). */
export function openSqlite(file: string): Database {
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Safe with WAL: a power cut may lose the last commits, never corrupt the file.
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle({ client: sqlite, schema }) as unknown as Db;
  const exclusive = serialQueue();
  /** Whether the running task holds this connection now (not: held it once, before its end). */
  const holds = () => {
    const store = holding.getStore();
    return store?.connection === sqlite && store.open;
  };
  /** Runs a task holding the connection; anything it scheduled that runs later does not hold it. */
  const holdWhile = async <T>(task: () => Promise<T>): Promise<T> => {
    const token = { connection: sqlite, open: true };
    try {
      return await holding.run(token, task);
    } finally {
      token.open = false;
    }
  };

  return {
    engine: 'sqlite',
    driver: { engine: 'sqlite', sqlite, file },
    transaction(fn) {
      if (holds()) {
        return Promise.reject(new Error('A transaction was opened inside another: pass the transaction handle down instead.'));
      }
      return exclusive(() =>
        holdWhile(async () => {
          sqlite.exec('BEGIN IMMEDIATE');
          try {
            const result = await fn(db);
            sqlite.exec('COMMIT');
            return result;
          } catch (error) {
            if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
            throw error;
          }
        }),
      );
    },
    query(fn) {
      if (holds()) return fn(db);
      return exclusive(() => holdWhile(() => fn(db)));
    },
    async ping() {
      sqlite.prepare('SELECT 1').get();
    },
    async close() {
      await exclusive(async () => sqlite.close());
    },
  };
}
