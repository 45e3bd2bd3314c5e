// The outbox wake-up: a transaction that queues e-mails announces it, and every instance's outbox
// worker is woken at once instead of at its next poll (which stays as the fallback). SQLite: an
// in-process signal (one process serves a SQLite file), heard after the transaction commits, since
// the worker's own query waits for the connection. PostgreSQL: NOTIFY inside the transaction, which
// the server delivers to every LISTENing instance when (and only if) it commits.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PROCESS_DATABASE_ENGINE } from '../env';
import type { Database, Db } from './client';
import { leaveHeldConnection } from './sqlite';

const CHANNEL = 'tdk_outbox';
const local = new EventEmitter();
local.setMaxListeners(0);

/** Says, inside the queuing transaction, that e-mails were queued. */
export async function announceOutbox(tx: Db): Promise<void> {
  if (PROCESS_DATABASE_ENGINE === 'postgres') {
    await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
    return;
  }
  // The worker's run is work of its own, not part of this transaction.
  leaveHeldConnection(() => setImmediate(() => local.emit(CHANNEL)));
}

/** Calls `listener` whenever e-mails are queued on this database (by any instance); returns the stop. */
export function onOutboxQueued(database: Database, listener: () => void): () => void {
  const driver = database.driver;
  if (driver.engine === 'sqlite') {
    local.on(CHANNEL, listener);
    return () => local.off(CHANNEL, listener);
  }
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: driver.url });
    next.on('notification', () => listener());
    next.on('error', () => reconnect());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (stopped) return void next.end().catch(() => undefined);
      client = next;
      // Anything queued while not listening is found now.
      listener();
    } catch {
      await next.end().catch(() => undefined);
      reconnect();
    }
  };
  const reconnect = () => {
    if (stopped || retry) return;
    client?.end().catch(() => undefined);
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 5_000);
    retry.unref();
  };
  void connect();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    void client?.end().catch(() => undefined);
  };
}
