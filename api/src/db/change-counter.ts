// What the response cache (http/db-cache.ts) asks before it answers: has anything it may have read
// changed since? A value that moves with every committed change, read cheaply on every request.
// SQLite: this connection's total_changes() and the file's data_version (which moves when another
// connection commits). PostgreSQL: the data_version row, moved at commit by deferred triggers on
// the tables the public answers read (drizzle-postgres/0001), so a change committed by any instance
// is seen by every other at once.
import { closeSync, openSync, readSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './client';
import { onSqliteClose } from './sqlite';

export interface ChangeCounter {
  /** A value that differs after any committed change to what the cache holds. */
  current(): Promise<string>;
}

/**
 * The WAL index's header: the first 48 bytes of the database's -shm file (SQLite's wal.c,
 * WalIndexHdr; a format every SQLite version sharing a file must agree on). Every commit, by any
 * connection of any process, rewrites it (its change counter, the last frame, the salts after a
 * checkpoint), and the commit is visible to readers only once it has.
 */
const WAL_INDEX_HEADER_BYTES = 48;

function sqliteCounter(sqlite: BetterSqlite3.Database, file: string): ChangeCounter {
  // Two plain statements cost half of one that joins them (the pragma's table-valued form).
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // data_version opens a read transaction (file locks: system calls), about three quarters of what
  // a cached public read cost here (decision 041). It can only have moved if the WAL index's header
  // has: that is read first (one pread of 48 bytes), and the pragma runs only when it changed. The
  // descriptor stays open while the connection is (closing one drops the process's locks on the file).
  let shm: number | null | undefined;
  const seen = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const read = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let known = false;
  let version = 0;
  const openShm = () => {
    try {
      const fd = openSync(`${file}-shm`, 'r');
      onSqliteClose(sqlite, () => closeSync(fd));
      return fd;
    } catch {
      // No -shm file (an in-memory database, or not in WAL mode): the pragma every time.
      return null;
    }
  };
  return {
    current: async () => {
      const changes = totalChanges.get() as number;
      if (shm === undefined) {
        // Once the connection has read the file (the pragma below), its -shm file exists.
        version = dataVersion.get() as number;
        shm = openShm();
        return `${changes}:${version}`;
      }
      if (shm !== null) {
        const bytes = readSync(shm, read, 0, WAL_INDEX_HEADER_BYTES, 0);
        if (bytes === WAL_INDEX_HEADER_BYTES && known && read.equals(seen)) return `${changes}:${version}`;
        // Read before the pragma: a commit between the two is seen again on the next request.
        known = bytes === WAL_INDEX_HEADER_BYTES;
        read.copy(seen);
      }
      version = dataVersion.get() as number;
      return `${changes}:${version}`;
    },
  };
}

export function changeCounter(database: Database): ChangeCounter {
  const driver = database.driver;
  if (driver.engine === 'sqlite') return sqliteCounter(driver.sqlite, driver.file);
  const pool = driver.pool;
  return {
    async current() {
      const { rows } = await pool.query<{ version: string | number }>({
        name: 'tdk_data_version',
        text: 'SELECT version FROM data_version WHERE id = 1',
      });
      return String(rows[0]?.version ?? 0);
    },
  };
}
