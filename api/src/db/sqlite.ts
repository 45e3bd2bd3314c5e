// SQLite through better-sqlite3: the embedded engine `npm start` runs on. better-sqlite3 answers
// synchronously on one connection, so the data layer serialises work on it: a transaction holds the
// connection from BEGIN IMMEDIATE to COMMIT, and a read waits for it, so no request ever runs a
// query inside another request's transaction.
//
// Another process may hold the file's write lock (a CLI command, a backup, a second `npm start` by
// mistake). better-sqlite3's busy timeout would wait for it inside a synchronous call, freezing the
// event loop and every request with it, so the timeout here is short (BUSY_WAIT_MS) and a
// transaction that finds the lock taken gives the connection back, waits on a timer and tries
// again, until BUSY_DEADLINE_MS: then it fails with SQLITE_BUSY, which the API answers with 503
// `service_unavailable` and Retry-After (db/errors.ts, http/errors.ts). Decision 029.
import { AsyncLocalStorage } from 'node:async_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Database, Db } from './client';
import * as schema from './schema.sqlite';

/** How long one statement may block the event loop waiting for another process's lock. */
export const BUSY_WAIT_MS = 25;
/** How long a transaction keeps trying to begin, between other requests' work, before it fails. */
export const BUSY_DEADLINE_MS = 2_000;

/** SQLITE_BUSY (or one of its extended codes), thrown by the driver or wrapped by Drizzle. */
const isBusy = (error: unknown) => {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'))) return true;
  }
  return false;
};

/** The error a transaction or write ends with when the lock stayed taken: the database is busy. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  readonly code = 'SQLITE_BUSY';
  constructor(waitedMs: number) {
    super(`the database file is locked by another process (waited ${waitedMs} ms)`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/** Not begun: the lock was taken (the task gave the connection back and will try again). */
const LOCKED = Symbol('locked');

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
/**
 * Tasks holding a connection now. Node 20's AsyncLocalStorage, once enabled, runs a hook on every
 * promise the process makes, a cost every request paid (a cached public read makes no query at
 * all): it is switched off whenever no task holds a connection, and on again by the next run().
 * Nothing is lost: a callback that outlives its task must not hold the connection anyway.
 */
let tasksHolding = 0;

/** Runs `fn` as work of its own, not as part of the task that scheduled it. */
export const leaveHeldConnection = <T>(fn: () => T): T => holding.exit(fn);

/** What must happen once a connection has closed (and not before): onSqliteClose(). */
const afterClose = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` once `sqlite` has been closed through its Database's close(). For a file descriptor on
 * the database's own files: closing one while the connection is open would drop the connection's
 * POSIX locks on that file (they belong to the process, not the descriptor).
 */
export function onSqliteClose(sqlite: BetterSqlite3.Database, fn: () => void) {
  const list = afterClose.get(sqlite) ?? [];
  list.push(fn);
  afterClose.set(sqlite, list);
}

/** Opens the database file with the pragmas every connection needs. Check the file first (migrate.ts). */
export function openSqlite(file: string, options: { busyDeadlineMs?: number } = {}): Database {
  const busyDeadlineMs = options.busyDeadlineMs ?? BUSY_DEADLINE_MS;
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  // Safe with WAL: a power cut may lose the last commits, never corrupt the file.
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle({ client: sqlite, schema }) as unknown as Db;
  const exclusive = serialQueue();
  const changes = sqlite.prepare('SELECT total_changes() AS n').pluck();
  const totalChanges = () => changes.get() as number;
  /** Whether the running task holds this connection now (not: held it once, before its end). */
  const holds = () => {
    const store = holding.getStore();
    return store?.connection === sqlite && store.open;
  };
  /** Runs a task holding the connection; anything it scheduled that runs later does not hold it. */
  const holdWhile = async <T>(task: () => Promise<T>): Promise<T> => {
    const token = { connection: sqlite, open: true };
    tasksHolding += 1;
    try {
      return await holding.run(token, task);
    } finally {
      token.open = false;
      if (--tasksHolding === 0) holding.disable();
    }
  };

  return {
    engine: 'sqlite',
    driver: { engine: 'sqlite', sqlite, file },
    async transaction(fn) {
      if (holds()) {
        throw new Error('A transaction was opened inside another: pass the transaction handle down instead.');
      }
      const started = Date.now();
      for (let attempt = 0; ; attempt++) {
        const outcome = await exclusive(() =>
          holdWhile(async () => {
            try {
              sqlite.exec('BEGIN IMMEDIATE');
            } catch (error) {
              if (isBusy(error)) return LOCKED;
              throw error;
            }
            try {
              const result = await fn(db);
              sqlite.exec('COMMIT');
              return { result };
            } catch (error) {
              if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
              throw error;
            }
          }),
        );
        if (outcome !== LOCKED) return outcome.result;
        const waited = Date.now() - started;
        if (waited >= busyDeadlineMs) throw new DatabaseBusyError(waited);
        // Other requests' reads run meanwhile (WAL lets them read beside the other writer).
        await sleep(Math.min(10 * 2 ** attempt, 200, busyDeadlineMs - waited));
      }
    },
    async query(fn) {
      if (holds()) return fn(db);
      const started = Date.now();
      for (let attempt = 0; ; attempt++) {
        const outcome = await exclusive(() =>
          holdWhile(async () => {
            const before = totalChanges();
            try {
              return { result: await fn(db) };
            } catch (error) {
              // A write refused by the lock before anything was written is tried again; one that
              // follows writes of its own is not (they are done), and fails as busy.
              if (isBusy(error) && totalChanges() === before) return LOCKED;
              throw error;
            }
          }),
        );
        if (outcome !== LOCKED) return outcome.result;
        const waited = Date.now() - started;
        if (waited >= busyDeadlineMs) throw new DatabaseBusyError(waited);
        await sleep(Math.min(10 * 2 ** attempt, 200, busyDeadlineMs - waited));
      }
    },
    async ping() {
      sqlite.prepare('SELECT 1').get();
    },
    async close() {
      await exclusive(async () => {
        sqlite.close();
        for (const fn of afterClose.get(sqlite) ?? []) fn();
      });
    },
  };
}
