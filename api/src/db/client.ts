import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database, { type RunResult } from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

/** What services query through: the database or a transaction on it. */
export type Db = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

/** The open database with its better-sqlite3 handle (pragmas, health, change detection). */
export type AppDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface DataPaths {
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
  outboxDir: string;
}

export function dataPaths(dataDir: string): DataPaths {
  return {
    dataDir,
    dbFile: join(dataDir, 'app.db'),
    uploadsDir: join(dataDir, 'uploads'),
    outboxDir: join(dataDir, 'outbox'),
  };
}

/** Creates DATA_DIR and its sub-folders when missing (a fresh machine starts with none). */
export function ensureDataDirs(paths: DataPaths) {
  for (const dir of [paths.dataDir, paths.uploadsDir, paths.outboxDir]) mkdirSync(dir, { recursive: true });
}

/** Opens the database file with the pragmas every connection needs. Check the file first (migrate.ts). */
export function openDatabase(file: string): AppDb {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Safe with WAL: a power cut may lose the last commits, never corrupt the file.
  sqlite.pragma('synchronous = NORMAL');
  return drizzle({ client: sqlite, schema });
}
