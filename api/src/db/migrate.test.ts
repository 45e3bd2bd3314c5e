import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { dataPaths, ensureDataDirs } from './client';
import { loadEnv, PROCESS_DATABASE_ENGINE } from '../env';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-app';
import {
  DatabaseStartupError,
  migratePostgres,
  MIGRATIONS_FOLDER,
  POSTGRES_MIGRATIONS_FOLDER,
  prepareDatabase,
  prepareSqliteFile,
} from './migrate';

const dirs: string[] = [];
function freshDir() {
  const dir = tempDir('tdk-migrate-');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** DATA_DIR's SQLite file, checked, migrated and open; its driver handle to look inside. */
function open(dataDir: string) {
  const db = prepareSqliteFile(join(dataDir, 'app.db'));
  if (db.driver.engine !== 'sqlite') throw new Error('not SQLite');
  return { db, sqlite: db.driver.sqlite };
}

async function startupError(dataDir: string): Promise<DatabaseStartupError> {
  try {
    await open(dataDir).db.close();
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseStartupError);
    return error as DatabaseStartupError;
  }
  throw new Error('prepareDatabase accepted the database');
}

describe('prepareDatabase on SQLite', () => {
  it('creates a missing DATA_DIR with uploads/ and outbox/, and migrates it', async () => {
    const dataDir = join(freshDir(), 'nested', 'data');
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    if (PROCESS_DATABASE_ENGINE === 'sqlite') await (await prepareDatabase(env)).close();
    else ensureDataDirs(dataPaths(env.dataDir), env.uploadsDir);
    for (const dir of [dataDir, env.uploadsDir, dataPaths(dataDir).outboxDir]) expect(statSync(dir).isDirectory()).toBe(true);
    const { db, sqlite } = open(dataDir);
    try {
      const tables = sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
      expect(tables).toEqual(
        expect.arrayContaining([
          'events',
          'ticket_types',
          'orders',
          'order_lines',
          'registrations',
          'staff_users',
          'settings',
          'email_outbox',
          'audit_log',
          'newsletter_subscribers',
          'login_attempts',
          'rate_limits',
          'job_leases',
          'emulator_orders',
        ]),
      );
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('opens an already migrated database again without change', async () => {
    const dataDir = freshDir();
    await open(dataDir).db.close();
    const { db, sqlite } = open(dataDir);
    const applied = sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get();
    await db.close();
    // Every committed migration once, and no more on the second opening.
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied).toBe(journal.entries.length);
  });

  it('refuses a file that is not a SQLite database and leaves it untouched', async () => {
    const dataDir = freshDir();
    const file = join(dataDir, 'app.db');
    const garbage = 'these are not the bytes of a database\n'.repeat(200);
    writeFileSync(file, garbage);
    const error = await startupError(dataDir);
    expect(error.message).toContain(`Database at ${file} is corrupt or not a SQLite database`);
    expect(error.message).toContain('it was not modified');
    expect(readFileSync(file, 'utf8')).toBe(garbage);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a database whose pages are damaged and leaves it untouched', async () => {
    const dataDir = freshDir();
    const file = join(dataDir, 'app.db');
    const sqlite = new Database(file);
    sqlite.exec('CREATE TABLE t (x TEXT); CREATE INDEX t_x ON t (x);');
    const insert = sqlite.prepare('INSERT INTO t VALUES (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`row ${i} ${'x'.repeat(50)}`);
    })();
    sqlite.close();
    const bytes = readFileSync(file);
    // Keep the header page, scribble over the pages after it.
    bytes.fill(0xab, 4096 * 2, 4096 * 6);
    writeFileSync(file, bytes);

    const error = await startupError(dataDir);
    expect(error.message).toMatch(/corrupt or not a SQLite database: .+\. Restore it from a backup/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a database written by a newer version', async () => {
    const dataDir = freshDir();
    await open(dataDir).db.close();
    const file = join(dataDir, 'app.db');
    const sqlite = new Database(file);
    const future = Date.UTC(2099, 0, 1);
    sqlite.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('f'.repeat(64), future);
    sqlite.close();
    const before = readFileSync(file);

    const error = await startupError(dataDir);
    expect(error.message).toContain(`Database at ${file} was written by a newer version of the platform`);
    expect(error.message).toContain('2099-01-01');
    expect(error.message).toContain('refusing to start. Upgrade the code or restore a backup.');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('accepts a zero-byte file as a new database', async () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, 'app.db'), '');
    const { db, sqlite } = open(dataDir);
    expect(sqlite.prepare('SELECT count(*) FROM events').pluck().get()).toBe(0);
    await db.close();
  });
});

describe('prepareDatabase on PostgreSQL', () => {
  it('names DATABASE_URL and the server, without its password, when the server does not answer', async () => {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: freshDir(), DATABASE_URL: 'postgres://tdk:secret@127.0.0.1:1/tdk' });
    const error = await migratePostgres(
      env.database.engine === 'postgres' ? env.database.url : '',
      POSTGRES_MIGRATIONS_FOLDER,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseStartupError);
    expect((error as Error).message).toMatch(
      /^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/tdk does not answer \(.+\)\. Start it, or correct DATABASE_URL\.$/,
    );
    expect((error as Error).message).not.toContain('secret');
  });

  it('refuses a DATABASE_URL that names neither engine, saying what it must look like', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://localhost/tdk' })).toThrow(
      /DATABASE_URL: DATABASE_URL must be postgres:\/\/user:password@host:port\/database or sqlite:\/path\/to\/file\.db/,
    );
  });
});
