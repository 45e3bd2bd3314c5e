// Builds the real app on a fresh temporary DATA_DIR, migrated and seeded, for app.request tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import { prepareDatabase } from '../db/migrate';
import { seedIfEmpty, type SeedResult } from '../db/seed';
import { loadEnv, type Env } from '../env';

export function tempDir(prefix = 'tdk-api-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: ReturnType<typeof prepareDatabase>['db'];
  env: Env;
  seed: SeedResult;
  dir: string;
  close(): void;
}

export async function createTestApp(vars: Record<string, string> = {}, options: { seed?: boolean } = {}): Promise<TestApp> {
  const dir = tempDir();
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: join(dir, 'data'), STATIC_ROOT: join(dir, 'static'), ...vars });
  const { db } = prepareDatabase(env.dataDir);
  const seed = options.seed === false ? { seeded: false, staffCredentials: [] } : await seedIfEmpty(db, { nodeEnv: env.nodeEnv });
  return {
    app: createApp({ db, env }),
    db,
    env,
    seed,
    dir,
    close() {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
