// The response cache's change counter (http/db-cache.ts) on SQLite: a commit by this connection or
// by any other (another process, a script) moves it at once, and nothing else does; it reads the
// WAL index's header first and asks SQLite only when that changed (decision 041). On a SQLite file
// of its own whatever the run's engine: the WAL index is SQLite's alone.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-app';
import { changeCounter } from './change-counter';
import { openSqlite } from './sqlite';

let open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const handle of open.reverse()) await handle.close();
  open = [];
});

function twoConnections() {
  const file = join(tempDir('tdk-counter-'), 'app.db');
  const db = openSqlite(file);
  const other = new BetterSqlite3(file);
  other.pragma('journal_mode = WAL');
  other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  open.push(db, other);
  return { db, other };
}

describe('the change counter on SQLite', () => {
  it('moves with every commit of another connection, each seen by the next read, and stays put between them', async () => {
    const { db, other } = twoConnections();
    const counter = changeCounter(db);
    const seen = [await counter.current()];
    for (let i = 0; i < 5; i++) {
      // Unchanged while nobody writes (the header read and compared, the pragma not needed).
      expect(await counter.current()).toBe(seen.at(-1));
      expect(await counter.current()).toBe(seen.at(-1));
      other.prepare('INSERT INTO notes (text) VALUES (?)').run(`note ${i}`);
      const now = await counter.current();
      expect(seen).not.toContain(now);
      seen.push(now);
    }
    // A checkpoint that restarts the WAL, then a commit: seen as well.
    other.pragma('wal_checkpoint(RESTART)');
    other.prepare('INSERT INTO notes (text) VALUES (?)').run('after the checkpoint');
    expect(seen).not.toContain(await counter.current());
  });

  it("moves with this connection's own commits", async () => {
    const { db } = twoConnections();
    const counter = changeCounter(db);
    const before = await counter.current();
    expect(await counter.current()).toBe(before);
    await db.transaction(async () => {
      if (db.driver.engine === 'sqlite') db.driver.sqlite.prepare("INSERT INTO notes (text) VALUES ('mine')").run();
    });
    expect(await counter.current()).not.toBe(before);
  });
});
