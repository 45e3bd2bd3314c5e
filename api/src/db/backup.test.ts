import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createTestApp, tempDir, type TestApp } from '../testing/test-app';
import { backupDatabase } from './backup';
import { prepareDatabase } from './migrate';
import { registrations } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('npm run backup', () => {
  it('copies the live SQLite database consistently, and a restored copy has every registration; PostgreSQL is pointed to pg_dump', async () => {
    const live = await t.db.query((db) => db.select().from(registrations));
    expect(live.length).toBeGreaterThan(0);
    if (t.env.database.engine === 'postgres') {
      await expect(backupDatabase(t.env.database, t.env.dataDir)).rejects.toThrow(/pg_dump/);
      return;
    }
    const { file, pages } = await backupDatabase(t.env.database, t.env.dataDir, join(t.dir, 'backups', 'nightly.db'));
    // A change made after the backup is not in it: the copy is one moment of the database.
    await t.db.transaction((tx) => tx.update(registrations).set({ notes: 'backed up' }).where(eq(registrations.id, live[0]!.id)));
    expect(pages).toBeGreaterThan(0);

    // Restore: the copy becomes app.db of a fresh DATA_DIR, opened (and migrated) as at start.
    const restoredDir = tempDir('tdk-restore-');
    mkdirSync(restoredDir, { recursive: true });
    copyFileSync(file, join(restoredDir, 'app.db'));
    // With the data key it was sealed with (kept apart from backups; decision 037 refuses another).
    copyFileSync(join(t.env.dataDir, 'data-key'), join(restoredDir, 'data-key'));
    const restoredDb = await prepareDatabase(loadEnv({ NODE_ENV: 'test', DATA_DIR: restoredDir }));
    try {
      const restored = await restoredDb.query((db) => db.select().from(registrations));
      expect(restored.map((r) => r.registrationNumber).sort()).toEqual(live.map((r) => r.registrationNumber).sort());
      expect(restored.find((r) => r.id === live[0]!.id)?.notes).toBe(live[0]!.notes);
    } finally {
      await restoredDb.close();
    }
  });

  it('refuses to overwrite an existing file', async () => {
    const file = join(t.dir, 'backups', 'twice.db');
    if (t.env.database.engine === 'sqlite') await backupDatabase(t.env.database, t.env.dataDir, file);
    await expect(backupDatabase(t.env.database, t.env.dataDir, file)).rejects.toThrow(
      t.env.database.engine === 'sqlite' ? /already exists/ : /pg_dump/,
    );
  });
});
