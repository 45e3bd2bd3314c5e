// Online backups of the SQLite engine (issue 13): SQLite's backup API copies the database page by page while the
// platform keeps running (readers and writers are not stopped), and the copy is consistent: one
// moment of the database, never a half-written transaction. Restoring is copying the file back as
// DATA_DIR/app.db while the platform is stopped (README, "Backups"). PostgreSQL has its own tools
// (pg_dump, or the server's continuous archiving): this refuses and says so.
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { DatabaseConfig } from '../env';
import { keepPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './client';

/** DATA_DIR/backups/app-2026-11-22T18-30-00-000Z.db */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return join(dataDir, 'backups', `app-${now.toISOString().replace(/[:.]/g, '-')}.db`);
}

/** Writes a consistent copy of the SQLite database to `destination`; resolves with its path and size. */
export async function backupDatabase(
  config: DatabaseConfig,
  dataDir: string,
  destination = defaultBackupFile(dataDir),
): Promise<{ file: string; pages: number }> {
  if (config.engine === 'postgres') {
    throw new Error('DATABASE_URL is PostgreSQL: back it up with pg_dump (see README, "Backups")');
  }
  const source = config.file;
  if (!existsSync(source)) throw new Error(`No database at ${source}: nothing to back up`);
  if (existsSync(destination)) throw new Error(`${destination} already exists: choose another file`);
  // A backup holds everything app.db does: this user's alone (decision 029).
  mkdirSync(dirname(destination), { recursive: true, mode: PRIVATE_DIR_MODE });
  if (dirname(destination) === join(dataDir, 'backups')) keepPrivate(dirname(destination), PRIVATE_DIR_MODE);
  // Created owner-only before a page is copied into it (an empty file is an empty database).
  closeSync(openSync(destination, 'wx', PRIVATE_FILE_MODE));
  // A connection of its own, read-only: the running server keeps its own.
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(destination);
    keepPrivate(destination, PRIVATE_FILE_MODE);
    return { file: destination, pages: totalPages };
  } finally {
    db.close();
  }
}
