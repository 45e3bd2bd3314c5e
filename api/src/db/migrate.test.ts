import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-app';
import { DatabaseStartupError, MIGRATIONS_FOLDER, prepareDatabase } from './migrate';

const dirs: string[] = [];
function freshDir() {
  const dir = tempDir('tdk-migrate-');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startupError(dataDir: string): DatabaseStartupError {
  try {
    prepareDatabase(dataDir).db.$client.close();
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseStartupError);
    return error as DatabaseStartupError;
  }
  throw new Error('prepareDatabase accepted the database');
}

describe('prepareDatabase', () => {
  it('creates a missing DATA_DIR with uploads/ and outbox/, and migrates it', () => {
    const dataDir = join(freshDir(), 'nested', 'data');
    const { db, paths } = prepareDatabase(dataDir);
    try {
      for (const dir of [dataDir, paths.uploadsDir, paths.outboxDir]) expect(statSync(dir).isDirectory()).toBe(true);
      const tables = db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
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
        ]),
      );
      expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.$client.close();
    }
  });

  it('opens an already migrated database again without change', () => {
    const dataDir = freshDir();
    prepareDatabase(dataDir).db.$client.close();
    const { db } = prepareDatabase(dataDir);
    const applied = db.$client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get();
    db.$client.close();
    // Every committed migration once, and no more on the second opening.
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied).toBe(journal.entries.length);
  });

  it('refuses a file that is not a SQLite database and leaves it untouched', () => {
    const dataDir = freshDir();
    const file = join(dataDir, 'app.db');
    const garbage = 'these are not the bytes of a database\n'.repeat(200);
    writeFileSync(file, garbage);
    const error = startupError(dataDir);
    expect(error.message).toContain(`Database at ${file} is corrupt or not a SQLite database`);
    expect(error.message).toContain('it was not modified');
    expect(readFileSync(file, 'utf8')).toBe(garbage);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a database whose pages are damaged and leaves it untouched', () => {
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

    const error = startupError(dataDir);
    expect(error.message).toMatch(/corrupt or not a SQLite database: .+\. Restore it from a backup/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a database written by a newer version', () => {
    const dataDir = freshDir();
    prepareDatabase(dataDir).db.$client.close();
    const file = join(dataDir, 'app.db');
    const sqlite = new Database(file);
    const future = Date.UTC(2099, 0, 1);
    sqlite.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('f'.repeat(64), future);
    sqlite.close();
    const before = readFileSync(file);

    const error = startupError(dataDir);
    expect(error.message).toContain(`Database at ${file} was written by a newer version of the platform`);
    expect(error.message).toContain('2099-01-01');
    expect(error.message).toContain('refusing to start. Upgrade the code or restore a backup.');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('accepts a zero-byte file as a new database', () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, 'app.db'), '');
    const { db } = prepareDatabase(dataDir);
    expect(db.$client.prepare('SELECT count(*) FROM events').pluck().get()).toBe(0);
    db.$client.close();
  });
});
