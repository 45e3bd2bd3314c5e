import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../db/migrate';
import { registrations } from '../db/schema';
import { createTestApp, tempDir, type TestApp } from '../testing/test-app';
import { backupDatabase } from './backup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('npm run backup', () => {
  it('copies the live database consistently, and a restored copy has every registration', async () => {
    const live = t.db.select().from(registrations).all();
    expect(live.length).toBeGreaterThan(0);
    // A change made after the backup is not in it: the copy is one moment of the database.
    const writing = t.db.$client.prepare("UPDATE registrations SET notes = 'backed up' WHERE id = ?");
    const { file, pages } = await backupDatabase(t.env.dataDir, join(t.dir, 'backups', 'nightly.db'));
    writing.run(live[0]!.id);
    expect(pages).toBeGreaterThan(0);

    // Restore: the copy becomes app.db of a fresh DATA_DIR, opened (and migrated) as at start.
    const restoredDir = tempDir('tdk-restore-');
    mkdirSync(restoredDir, { recursive: true });
    copyFileSync(file, join(restoredDir, 'app.db'));
    const { db } = prepareDatabase(restoredDir);
    try {
      const restored = db.select().from(registrations).all();
      expect(restored.map((r) => r.registrationNumber).sort()).toEqual(live.map((r) => r.registrationNumber).sort());
      expect(restored.find((r) => r.id === live[0]!.id)?.notes).toBe(live[0]!.notes);
    } finally {
      db.$client.close();
    }
  });

  it('refuses to overwrite an existing file', async () => {
    const file = join(t.dir, 'backups', 'twice.db');
    await backupDatabase(t.env.dataDir, file);
    await expect(backupDatabase(t.env.dataDir, file)).rejects.toThrow(/already exists/);
  });
});
