// A SQLite database migrated up to (not including) one committed migration, to test what that
// migration does to the rows an older version wrote.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, prepareSqliteFile } from '../db/migrate';
import { tempDir } from './test-app';

/** The file of a new database with the migrations before `idx` applied. */
export async function sqliteDatabaseBefore(idx: number): Promise<string> {
  const dir = tempDir('tdk-migrate-');
  const before = join(dir, 'before');
  cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalFile = join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  const file = join(dir, 'tdk.sqlite');
  await prepareSqliteFile(file, before).close();
  return file;
}

/** Applies every committed migration to `file`. */
export const migrateToLatest = async (file: string) => prepareSqliteFile(file).close();
