// What the response cache (http/db-cache.ts) asks before it answers: has anything it may have read
// changed since? A value that moves with every committed change, read cheaply on every request.
// SQLite: this connection's total_changes() and the file's data_version (which moves when another
// connection commits). PostgreSQL: the data_version row, moved at commit by deferred triggers on
// the tables the public answers read (drizzle-postgres/0001), so a change committed by any instance
// is seen by every other at once.
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './client';

export interface ChangeCounter {
  /** A value that differs after any committed change to what the cache holds. */
  current(): Promise<string>;
}

function sqliteCounter(sqlite: BetterSqlite3.Database): ChangeCounter {
  // Two plain statements cost half of one that joins them (the pragma's table-valued form).
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  return {
    current: async () => `${totalChanges.get() as number}:${dataVersion.get() as number}`,
  };
}

export function changeCounter(database: Database): ChangeCounter {
  const driver = database.driver;
  if (driver.engine === 'sqlite') return sqliteCounter(driver.sqlite);
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
