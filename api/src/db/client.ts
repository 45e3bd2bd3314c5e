import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

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
export function openDatabase(file: string): Db {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Safe with WAL: a power cut may lose the last commits, never corrupt the file.
  sqlite.pragma('synchronous = NORMAL');
  return drizzle({ client: sqlite, schema }) as Db;
}
