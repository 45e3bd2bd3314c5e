// A database migrated up to (not including) one committed migration, to test what that migration
// does to the rows an older version wrote: a SQLite file, or on a PostgreSQL run a database of its own.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, migratePostgres, POSTGRES_MIGRATIONS_FOLDER, prepareSqliteFile } from '../db/migrate';
import { emptyTestDatabaseUrl } from './postgres';
import { tempDir } from './test-app';

/** A copy of a migrations folder whose journal stops before migration `idx`. */
function migrationsBefore(folder: string, idx: number, dir: string): string {
  const before = join(dir, 'before');
  cpSync(folder, before, { recursive: true });
  const journalFile = join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

/** The file of a new database with the migrations before `idx` applied. */
export async function sqliteDatabaseBefore(idx: number): Promise<string> {
  const dir = tempDir('tdk-migrate-');
  const before = migrationsBefore(MIGRATIONS_FOLDER, idx, dir);
  const file = join(dir, 'tdk.sqlite');
  await prepareSqliteFile(file, before).close();
  return file;
}

/** Applies every committed migration to `file`. */
export const migrateToLatest = async (file: string) => prepareSqliteFile(file).close();

/**
 * The URL of a new PostgreSQL database with the migrations before `idx` applied (drop it with
 * dropTestDatabase); undefined when this run is on SQLite.
 */
export async function postgresDatabaseBefore(idx: number): Promise<string | undefined> {
  const url = await emptyTestDatabaseUrl();
  if (!url) return undefined;
  await migratePostgres(url, migrationsBefore(POSTGRES_MIGRATIONS_FOLDER, idx, tempDir('tdk-migrate-pg-')));
  return url;
}

/** Applies every committed PostgreSQL migration to the database at `url`. */
export const migratePostgresToLatest = (url: string) => migratePostgres(url, POSTGRES_MIGRATIONS_FOLDER);
