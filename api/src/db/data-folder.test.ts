// The data folder (issue 28, decision 029): app.db, its backups and the session secret are this
// user's alone (0600, folders 0700), and a DATA_DIR the platform cannot write to stops the start
// with one line naming the folder, never a stack trace.
import { spawnSync } from 'node:child_process';
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from '../signing/session-secret';
import { loadEnv } from '../env';
import { tempDir, createTestDatabase, type TestDatabase } from '../testing/test-app';
import { backupDatabase } from './backup';
import { DatabaseStartupError, prepareDatabase, prepareSqliteFile } from './migrate';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
});

/** A folder this process cannot write to: a read-only one of its own, or (as root, who passes permissions) /sys. */
function readOnlyFolder(): string {
  if (process.getuid?.() === 0) return '/sys';
  const dir = tempDir('tdk-readonly-');
  chmodSync(dir, 0o500);
  return dir;
}

describe('files of personal data', () => {
  it("makes DATA_DIR and its folders 0700, and this run's database 0600", async () => {
    const t: TestDatabase = await createTestDatabase();
    opened.push(t);
    for (const dir of [t.env.dataDir, join(t.env.dataDir, 'outbox'), join(t.env.dataDir, 'uploads')])
      expect(modeOf(dir), dir).toBe(0o700);
    if (t.env.database.engine === 'sqlite') {
      await t.db.transaction(async () => undefined);
      for (const file of [t.env.database.file, `${t.env.database.file}-wal`]) expect(modeOf(file), file).toBe(0o600);
    }
  });

  it('tightens a database file and folder made before, and makes a backup 0600 in a 0700 folder', async () => {
    const dataDir = tempDir('tdk-modes-');
    chmodSync(dataDir, 0o755);
    const file = join(dataDir, 'app.db');
    writeFileSync(file, '', { mode: 0o644 });
    chmodSync(file, 0o644);
    const db = prepareSqliteFile(file);
    opened.push(db);
    await db.transaction(async () => undefined);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);

    const { file: backup } = await backupDatabase({ engine: 'sqlite', file }, dataDir);
    expect(modeOf(backup)).toBe(0o600);
    expect(modeOf(join(dataDir, 'backups'))).toBe(0o700);
  });

  it('writes the session secret 0600, and tightens one written before', () => {
    const dataDir = tempDir('tdk-secret-');
    resolveSessionSecret({ dataDir, sessionSecret: undefined });
    expect(modeOf(join(dataDir, 'session-secret'))).toBe(0o600);
    chmodSync(join(dataDir, 'session-secret'), 0o644);
    resolveSessionSecret({ dataDir, sessionSecret: undefined });
    expect(modeOf(join(dataDir, 'session-secret'))).toBe(0o600);
  });
});

describe('a DATA_DIR the platform cannot write to', () => {
  it('is refused with a message naming the folder', async () => {
    const folder = readOnlyFolder();
    const start = prepareDatabase(loadEnv({ NODE_ENV: 'test', DATA_DIR: folder }));
    await expect(start).rejects.toBeInstanceOf(DatabaseStartupError);
    await expect(start).rejects.toThrow(`DATA_DIR ${folder} `);
    const notAFolder = join(tempDir('tdk-file-'), 'data');
    writeFileSync(notAFolder, 'a file');
    await expect(prepareDatabase(loadEnv({ NODE_ENV: 'test', DATA_DIR: notAFolder }))).rejects.toThrow(
      `DATA_DIR ${notAFolder} is not a folder`,
    );
  });

  it('stops the server with one line and no stack trace', () => {
    const folder = readOnlyFolder();
    const api = fileURLToPath(new URL('../..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: api,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: folder, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^DATA_DIR ${folder} .*: the platform keeps its data there`));
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
