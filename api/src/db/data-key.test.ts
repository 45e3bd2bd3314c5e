// Issue 40: a second instance started with another DATA_ENCRYPTION_KEY served, failed every read of
// sealed data with 500, and sealed new values under its own key. The database keeps the key's
// fingerprint (never the key); an instance whose key does not match refuses to start, in one line.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { DatabaseStartupError, prepareDatabase } from './migrate';
import { settings, staffUsers } from './schema';
import { isFreshDatabase } from './seed';
import { DATA_KEY_FINGERPRINT_SETTING } from './data-key-fingerprint';

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const handle of opened.reverse()) await handle.close();
});

const newKey = () => randomBytes(32);

async function database(key: Buffer): Promise<TestDatabase> {
  const test = await createTestDatabase({ DATA_ENCRYPTION_KEY: key.toString('base64') });
  opened.push(test);
  return test;
}

/** The same database started again, as another instance would, with `key`. */
async function startAgain(test: TestDatabase, key: Buffer | undefined) {
  const db = await prepareDatabase({ ...test.env, dataEncryptionKey: key });
  opened.push(db);
  return db;
}

const fingerprintOf = async (test: TestDatabase) =>
  (
    await test.db.query((db) =>
      db.select({ value: settings.value }).from(settings).where(eq(settings.key, DATA_KEY_FINGERPRINT_SETTING)),
    )
  )[0]?.value;

describe("the data key's fingerprint", () => {
  it('is recorded at the first start, is not the key, and leaves a new database fresh for its seed', async () => {
    const key = newKey();
    const test = await database(key);
    const fingerprint = await fingerprintOf(test);
    expect(typeof fingerprint).toBe('string');
    expect(fingerprint).not.toContain(key.toString('base64'));
    expect(fingerprint).not.toContain(key.toString('hex'));
    expect(fingerprint).not.toContain(key.toString('base64url'));
    expect(await test.db.query(isFreshDatabase)).toBe(true);
    // The same key starts again, as often as it likes.
    await startAgain(test, key);
    await startAgain(test, key);
    expect(await fingerprintOf(test)).toBe(fingerprint);
  });

  it('refuses an instance with another key, in one line naming DATA_ENCRYPTION_KEY', async () => {
    const test = await database(newKey());
    const refused = await startAgain(test, newKey()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseStartupError);
    const message = (refused as Error).message;
    expect(message).toMatch(/^DATA_ENCRYPTION_KEY /);
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/same DATA_ENCRYPTION_KEY/);
  });

  it('refuses an instance with no key set, which would generate its own (development)', async () => {
    const test = await database(newKey());
    const refused = await startAgain(test, undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseStartupError);
    expect((refused as Error).message).toMatch(/^DATA_ENCRYPTION_KEY /);
  });

  it('on a database sealed before fingerprints: refuses another key, records the key its values were sealed with', async () => {
    const key = newKey();
    const test = await database(key);
    // A staff member's TOTP secret sealed under the key, and no fingerprint: an older install.
    await test.db.query((db) =>
      db.insert(staffUsers).values({
        email: 'totp@tdk.test',
        fullName: 'Totp',
        passwordHash: 'x',
        twoFactorSecret: 'JBSWY3DPEHPK3PXP',
      }),
    );
    await test.db.query((db) => db.delete(settings).where(eq(settings.key, DATA_KEY_FINGERPRINT_SETTING)));
    const refused = await startAgain(test, newKey()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseStartupError);
    expect((refused as Error).message).toMatch(/^DATA_ENCRYPTION_KEY /);
    expect(await fingerprintOf(test)).toBeUndefined();
    await startAgain(test, key);
    expect(typeof (await fingerprintOf(test))).toBe('string');
  });

  it('stops the server with that one line and no stack trace', async () => {
    const test = await database(newKey());
    const api = fileURLToPath(new URL('../..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: api,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: test.env.dataDir,
        DATA_ENCRYPTION_KEY: newKey().toString('base64'),
        ...(test.env.database.engine === 'postgres' ? { DATABASE_URL: test.env.database.url } : {}),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATA_ENCRYPTION_KEY is not the key this database's personal data is sealed with/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
