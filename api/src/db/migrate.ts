// Applies the committed migrations at start, after making sure the file is one this code may touch:
// a corrupt file or one written by a newer version is refused, never reset.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { dataPaths, ensureDataDirs, openDatabase, type AppDb, type DataPaths } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
const MIGRATIONS_TABLE = '__drizzle_migrations';

/** A reason not to start that the operator must act on; server.ts prints the message alone. */
export class DatabaseStartupError extends Error {
  override name = 'DatabaseStartupError';
}

const corrupt = (file: string, reason: string) =>
  new DatabaseStartupError(
    `Database at ${file} is corrupt or not a SQLite database: ${reason}. ` +
      'Restore it from a backup or move it aside; it was not modified.',
  );

/**
 * Inspects an existing database file through a read-only connection, so that nothing is written to
 * a file we are about to refuse.
 */
export function checkDatabaseFile(file: string, migrationsFolder = MIGRATIONS_FOLDER) {
  if (!existsSync(file)) return;
  if (!statSync(file).isFile()) throw new DatabaseStartupError(`Database at ${file} is not a regular file.`);

  let sqlite: Database.Database;
  try {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw corrupt(file, (error as Error).message);
  }
  try {
    let messages: string[];
    try {
      const rows = sqlite.pragma('quick_check') as Record<string, string>[];
      messages = rows.map((row) => Object.values(row)[0]);
    } catch (error) {
      throw corrupt(file, (error as Error).message);
    }
    if (messages.length !== 1 || messages[0] !== 'ok') throw corrupt(file, messages.slice(0, 3).join('; '));

    const hasTable = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(MIGRATIONS_TABLE);
    if (!hasTable) return;

    const applied = sqlite.prepare(`SELECT hash, created_at AS createdAt FROM ${MIGRATIONS_TABLE}`).all() as {
      hash: string;
      createdAt: number | string | null;
    }[];
    const known = readMigrationFiles({ migrationsFolder });
    const knownHashes = new Set(known.map((m) => m.hash));
    const knownTimes = new Set(known.map((m) => m.folderMillis));
    // A migration is ours if either its content or its journal time matches; a line-ending change
    // to a committed SQL file must not look like a newer version.
    const unknown = applied.filter((m) => !knownHashes.has(m.hash) && !knownTimes.has(Number(m.createdAt)));
    if (unknown.length > 0) {
      const latest = Math.max(...unknown.map((m) => Number(m.createdAt) || 0));
      const when = latest > 0 ? `, the latest from ${new Date(latest).toISOString()}` : '';
      throw new DatabaseStartupError(
        `Database at ${file} was written by a newer version of the platform ` +
          `(${unknown.length} migration${unknown.length === 1 ? '' : 's'} this code does not know${when}); ` +
          'refusing to start. Upgrade the code or restore a backup.',
      );
    }
  } finally {
    sqlite.close();
  }
}

export function runMigrations(db: AppDb, migrationsFolder = MIGRATIONS_FOLDER) {
  migrate(db, { migrationsFolder });
}

/** DATA_DIR → a checked, migrated database, ready to seed. */
export function prepareDatabase(dataDir: string, migrationsFolder = MIGRATIONS_FOLDER): { db: AppDb; paths: DataPaths } {
  const paths = dataPaths(dataDir);
  ensureDataDirs(paths);
  checkDatabaseFile(paths.dbFile, migrationsFolder);
  const db = openDatabase(paths.dbFile);
  try {
    runMigrations(db, migrationsFolder);
  } catch (error) {
    db.$client.close();
    throw error;
  }
  return { db, paths };
}
