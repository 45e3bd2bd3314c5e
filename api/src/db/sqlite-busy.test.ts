// Another process holding SQLite's write lock (a CLI command, a backup, a second server started by
// mistake) must not freeze this one: a transaction waits for the lock between other requests' work
// and, when it stays taken, fails as "busy", which the API answers with 503 (decision 029). These
// run on a SQLite file of their own whatever the run's engine: the lock is SQLite's alone.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { handleError } from '../http/errors';
import { tempDir } from '../testing/test-app';
import type { Database } from './client';
import { isDatabaseUnavailable } from './errors';
import { openSqlite } from './sqlite';

let open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const handle of open.reverse()) await handle.close();
  open = [];
});

/** This process's database, and another process's connection to the same file. */
function twoConnections(busyDeadlineMs = 400) {
  const file = join(tempDir('tdk-busy-'), 'app.db');
  const db = openSqlite(file, { busyDeadlineMs });
  const other = new BetterSqlite3(file);
  other.pragma('journal_mode = WAL');
  other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  other.exec(`INSERT INTO notes (text) VALUES ('first')`);
  open.push(db, other);
  return { db, other };
}

const insert = (db: Database, text: string) =>
  db.transaction(async (tx) => {
    const { driver } = db;
    if (driver.engine !== 'sqlite') throw new Error('sqlite only');
    driver.sqlite.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
    return tx;
  });
const count = (db: Database) =>
  db.query(async () => {
    const { driver } = db;
    if (driver.engine !== 'sqlite') throw new Error('sqlite only');
    return driver.sqlite.prepare('SELECT count(*) AS n FROM notes').pluck().get() as number;
  });

describe('SQLite locked by another process', () => {
  it('lets reads and timers run while a transaction waits for the lock, then commits once it is free', async () => {
    const { db, other } = twoConnections(5_000);
    other.exec('BEGIN IMMEDIATE');
    const settled: string[] = [];
    const write = insert(db, 'second').then(() => settled.push('write'));
    // A read of this process answers while the write waits (WAL reads beside the other writer),
    // and a timer fires: the event loop is not held by the wait.
    expect(await count(db)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    settled.push('read and timer');
    other.exec('COMMIT');
    await write;
    expect(settled).toEqual(['read and timer', 'write']);
    expect(await count(db)).toBe(2);
  });

  it('fails a transaction as "database unavailable" when the lock stays taken, having written nothing', async () => {
    const { db, other } = twoConnections();
    other.exec('BEGIN IMMEDIATE');
    const failure = await insert(db, 'never').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    other.exec('ROLLBACK');
    expect(await count(db)).toBe(1);
  });

  it('retries a single write outside a transaction the same way, as the driver or Drizzle throws it', async () => {
    const { db, other } = twoConnections(5_000);
    const notes = sqliteTable('notes', { id: integer('id').primaryKey(), text: text('text').notNull() });
    other.exec('BEGIN IMMEDIATE');
    const write = db.query(async () => {
      if (db.driver.engine !== 'sqlite') throw new Error('sqlite only');
      db.driver.sqlite.prepare(`INSERT INTO notes (text) VALUES ('outside')`).run();
    });
    const throughDrizzle = db.query(async (q) => {
      await (q as unknown as BetterSQLite3Database).insert(notes).values({ text: 'through drizzle' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    other.exec('COMMIT');
    await Promise.all([write, throughDrizzle]);
    expect(await count(db)).toBe(3);
  });

  it('answers a request that needs the lock with 503 service_unavailable and Retry-After', async () => {
    const { db, other } = twoConnections();
    const app = new Hono().onError(handleError).post('/write', async (c) => {
      await insert(db, 'from a request');
      return c.json({ ok: true }, 201);
    });
    other.exec('BEGIN IMMEDIATE');
    const res = await app.request('/write', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBeTruthy();
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    other.exec('ROLLBACK');
    expect((await app.request('/write', { method: 'POST' })).status).toBe(201);
  });
});
