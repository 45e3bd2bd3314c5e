// Applies the committed migrations at start, after making sure the database is one this code may
// touch: a corrupt file, an unreachable server or a database written by a newer version is refused,
// never reset. Several instances starting at once on PostgreSQL migrate one at a time.
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqliteDrizzle } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgresDrizzle } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROCESS_DATABASE_ENGINE, REPO_ROOT, type Env } from '../env';
import { DataFolderUnusable, dataPaths, ensureDataDirs, keepPrivate, PRIVATE_FILE_MODE, type Database } from './client';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';
import { readDataKey, setDataKey } from './data-crypto';
import { checkDataKey, DataKeyMismatch } from './data-key-fingerprint';
import { encryptExistingRows } from './encrypt-existing';

/**
 * Each engine's committed drizzle-kit migrations (drizzle.config.ts, drizzle.pg.config.ts), found
 * from the repo's root: this file is bundled into api/dist/server.js when the API is served from its
 * build (tooling/api-build.mjs), so a path relative to it would point elsewhere there.
 */
export const MIGRATIONS_FOLDER = join(REPO_ROOT, 'api', 'drizzle');
export const POSTGRES_MIGRATIONS_FOLDER = join(REPO_ROOT, 'api', 'drizzle-postgres');
const MIGRATIONS_TABLE = '__drizzle_migrations';

/** A reason not to start that the operator must act on; server.ts prints the message alone. */
export class DatabaseStartupError extends Error {
  override name = 'DatabaseStartupError';
}

/** Refuses a database that has migrations this code does not know: a newer version wrote it. */
function refuseNewer(what: string, applied: { hash: string; createdAt: number | string | null }[], migrationsFolder: string) {
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
      `${what} was written by a newer version of the platform ` +
        `(${unknown.length} migration${unknown.length === 1 ? '' : 's'} this code does not know${when}); ` +
        'refusing to start. Upgrade the code or restore a backup.',
    );
  }
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

  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
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
    refuseNewer(`Database at ${file}`, applied, migrationsFolder);
  } finally {
    sqlite.close();
  }
}

/** Applies the SQLite migrations on their own handle (the migrator wants the synchronous driver). */
function migrateSqlite(file: string, migrationsFolder: string) {
  const sqlite = new BetterSqlite3(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    // Off while migrating, as SQLite's own procedure for rebuilding a table asks (a CHECK changed:
    // 0010 rebuilds events): the migrator runs in one transaction, where the migration's own
    // PRAGMA foreign_keys=OFF is ignored, and dropping the old table would otherwise cascade to
    // every row that references it. The references are checked once the migrations are in.
    sqlite.pragma('foreign_keys = OFF');
    sqlite.pragma('busy_timeout = 5000');
    migrateSqliteDrizzle(drizzleSqlite({ client: sqlite }), { migrationsFolder });
    const broken = sqlite.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0)
      throw new Error(`Migrating ${file} left ${broken.length} broken reference(s): ${JSON.stringify(broken.slice(0, 3))}`);
    sqlite.pragma('foreign_keys = ON');
  } finally {
    sqlite.close();
  }
}

/** The key of the advisory lock that lets one starting instance migrate while the others wait. */
const MIGRATION_LOCK = 7_210_020;

/** Says which server DATABASE_URL names, without its password. */
export function describeDatabaseUrl(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the server it names';
  }
}

export async function migratePostgres(url: string, migrationsFolder: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseStartupError(
      `DATABASE_URL: PostgreSQL at ${describeDatabaseUrl(url)} does not answer (${(error as Error).message}). ` +
        'Start it, or correct DATABASE_URL.',
    );
  }
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { rows } = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('drizzle.${MIGRATIONS_TABLE}') IS NOT NULL AS exists`,
    );
    if (rows[0]?.exists) {
      const applied = await client.query<{ hash: string; createdAt: string }>(
        `SELECT hash, created_at AS "createdAt" FROM drizzle.${MIGRATIONS_TABLE}`,
      );
      refuseNewer(`PostgreSQL at ${describeDatabaseUrl(url)}`, applied.rows, migrationsFolder);
    }
    await migratePostgresDrizzle(drizzlePostgres({ client }), { migrationsFolder });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The engine DATABASE_URL names, checked, migrated and open. Refuses (DatabaseStartupError) a
 * corrupt or newer database, an unreachable server, and an engine other than the one this process's
 * tables were chosen for (PROCESS_DATABASE_ENGINE).
 */
export async function prepareDatabase(
  env: Pick<Env, 'database' | 'dataDir' | 'uploadsDir'> & Partial<Pick<Env, 'dataEncryptionKey'>>,
): Promise<Database> {
  const database = await openMigrated(env);
  // Personal data is sealed with this data folder's key (decision 030), the one every instance of
  // this database has (decision 037: checked against the key's fingerprint, or recorded, before
  // anything is sealed or opened); rows from before are sealed now.
  const key = readDataKey(env);
  try {
    await database.transaction((tx) => checkDataKey(tx, key));
  } catch (error) {
    await database.close();
    if (error instanceof DataKeyMismatch) throw new DatabaseStartupError(error.message);
    throw error;
  }
  setDataKey(key);
  const sealed = await database.transaction((tx) => encryptExistingRows(tx));
  const count = sealed.registrations + sealed.orders + sealed.staffUsers;
  if (count > 0) console.log(`[data] encrypted personal data at rest in ${count} existing row(s)`);
  return database;
}

async function openMigrated(env: Pick<Env, 'database' | 'dataDir' | 'uploadsDir'>): Promise<Database> {
  const config = env.database;
  // The data folder first: every engine keeps the outbox, uploads and session secret there.
  try {
    ensureDataDirs(dataPaths(env.dataDir), env.uploadsDir);
  } catch (error) {
    if (error instanceof DataFolderUnusable) throw new DatabaseStartupError(error.message);
    throw error;
  }
  if (config.engine !== PROCESS_DATABASE_ENGINE) {
    throw new DatabaseStartupError(
      `DATABASE_URL names ${config.engine}, but this process was started for ${PROCESS_DATABASE_ENGINE}: ` +
        'set DATABASE_URL in the environment before the API starts.',
    );
  }
  if (config.engine === 'postgres') {
    await migratePostgres(config.url, POSTGRES_MIGRATIONS_FOLDER);
    return openPostgres(config.url, { max: config.poolSize });
  }
  return prepareSqliteFile(config.file);
}

/** A SQLite file checked, migrated and open (prepareDatabase's SQLite half). */
export function prepareSqliteFile(file: string, migrationsFolder = MIGRATIONS_FOLDER): Database {
  mkdirSync(dirname(file), { recursive: true });
  checkDatabaseFile(file, migrationsFolder);
  // A new database file is made owner-only before anything is written to it.
  if (existsSync(file)) keepPrivate(file, PRIVATE_FILE_MODE);
  else closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  migrateSqlite(file, migrationsFolder);
  const db = openSqlite(file);
  // The file and its WAL companions hold every attendee's details: this user's alone (SQLite
  // creates the companions with the database file's mode).
  for (const path of [file, `${file}-wal`, `${file}-shm`]) keepPrivate(path, PRIVATE_FILE_MODE);
  return db;
}
