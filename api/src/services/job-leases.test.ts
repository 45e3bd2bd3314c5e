// Background jobs run on one instance at a time (services/job-leases.ts): a lease is held by one
// holder until it lapses or is given up, whichever instance asks.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobLeases } from '../db/schema';
import { createTestDatabase, tempDir, type TestDatabase } from '../testing/test-app';
import { claimLease, releaseLease } from './job-leases';

let test: TestDatabase;
let db: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
});
afterAll(() => test.close());

const MINUTE = 60_000;
const claim = (job: string, holder: string, now: Date, ms = MINUTE) => db.query((q) => claimLease(q, job, holder, ms, now));
const leaseRow = async (job: string) => (await db.query((q) => q.select().from(jobLeases).where(eq(jobLeases.name, job))))[0];

describe('job leases', () => {
  // Each test names a job of its own.
  it('goes to one holder while it is live, is renewed by it, and passes on once it has lapsed', async () => {
    const job = 'lease-handover';
    const t0 = new Date('2030-01-01T00:00:00.000Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);

    // Free: the first holder takes it.
    expect(await claim(job, 'instance-a', t0)).toBe(true);
    expect(await leaseRow(job)).toMatchObject({ holder: 'instance-a', expiresAt: at(MINUTE).toISOString() });

    // Live: the second is refused, and the lease is unchanged.
    expect(await claim(job, 'instance-b', at(30_000))).toBe(false);
    expect(await leaseRow(job)).toMatchObject({ holder: 'instance-a', expiresAt: at(MINUTE).toISOString() });

    // The holder renews it: it now runs a minute from the renewal.
    expect(await claim(job, 'instance-a', at(50_000))).toBe(true);
    expect(await leaseRow(job)).toMatchObject({ holder: 'instance-a', expiresAt: at(50_000 + MINUTE).toISOString() });

    // Past the first term but inside the renewed one: still refused.
    expect(await claim(job, 'instance-b', at(MINUTE + 1000))).toBe(false);
    expect((await leaseRow(job))?.holder).toBe('instance-a');

    // Lapsed (the holder died): the second takes it over, and the first is now refused.
    expect(await claim(job, 'instance-b', at(50_000 + MINUTE))).toBe(true);
    expect(await leaseRow(job)).toMatchObject({ holder: 'instance-b', expiresAt: at(50_000 + 2 * MINUTE).toISOString() });
    expect(await claim(job, 'instance-a', at(50_000 + MINUTE + 1000))).toBe(false);
  });

  it('is freed by releaseLease, for its holder only', async () => {
    const job = 'lease-release';
    const now = new Date('2030-01-01T00:00:00.000Z');
    expect(await claim(job, 'instance-a', now)).toBe(true);

    // Another holder cannot give it up.
    await db.query((q) => releaseLease(q, job, 'instance-b'));
    expect((await leaseRow(job))?.holder).toBe('instance-a');
    expect(await claim(job, 'instance-b', now)).toBe(false);

    // Its holder can, and then anyone may take it at once, without waiting for it to lapse.
    await db.query((q) => releaseLease(q, job, 'instance-a'));
    expect(await leaseRow(job)).toBeUndefined();
    expect(await claim(job, 'instance-b', now)).toBe(true);
    expect((await leaseRow(job))?.holder).toBe('instance-b');
  });

  it('keeps the leases of different jobs apart', async () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    expect(await claim('lease-job-one', 'instance-a', now)).toBe(true);
    expect(await claim('lease-job-two', 'instance-b', now)).toBe(true);
    expect(await claim('lease-job-one', 'instance-b', now)).toBe(false);
    expect(await claim('lease-job-two', 'instance-a', now)).toBe(false);
  });

  it('goes to exactly one of several instances claiming it at once', async () => {
    const job = 'lease-race';
    const now = new Date('2030-01-01T00:00:00.000Z');
    const holders = Array.from({ length: 8 }, (_, i) => `instance-${i}`);
    const won = await Promise.all(holders.map((holder) => claim(job, holder, now)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect((await leaseRow(job))?.holder).toBe(holders[won.indexOf(true)]);
  });

  // Issue 40: after a kill -9 the restarted instance waited out its dead process's 10-minute
  // reconcile lease before fulfilling a paid order, although the README promises a reconcile at
  // start: each process named itself anew. An instance is now named by its data folder and port.
  it('is held at once by an instance restarted after a kill -9: it is the same holder as before', async () => {
    const api = fileURLToPath(new URL('../..', import.meta.url));
    /** The holder name a fresh API process on `dataDir` and `port` takes, as server.ts starts one. */
    const holderOfProcess = (dataDir: string, port: number) => {
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('./src/services/job-leases.ts').then((m) => { m.adoptLastingInstanceId(${JSON.stringify({ dataDir, port })}); console.log(m.instanceId()); })`,
        ],
        { cwd: api, encoding: 'utf8', env: { PATH: process.env.PATH } },
      );
      expect(run.stderr).toBe('');
      return run.stdout.trim();
    };
    const dataDir = tempDir('tdk-instance-');
    const before = holderOfProcess(dataDir, 3001);
    const now = new Date('2030-01-01T00:00:00.000Z');
    // The process that held the reconcile lease (for two 5-minute intervals) is killed...
    expect(await claim('lease-restart', before, now, 10 * 60_000)).toBe(true);
    // ...and its instance starts again a second later: the lease is its own.
    const after = holderOfProcess(dataDir, 3001);
    expect(after).toBe(before);
    expect(await claim('lease-restart', after, new Date(now.getTime() + 1000))).toBe(true);
    // Another instance (its own data folder, or another port on this one) is a holder of its own.
    expect(holderOfProcess(tempDir('tdk-instance-'), 3001)).not.toBe(before);
    expect(holderOfProcess(dataDir, 3002)).not.toBe(before);
    expect(await claim('lease-restart', holderOfProcess(dataDir, 3002), new Date(now.getTime() + 2000))).toBe(false);
    // Five processes started through tsx: on a loaded machine each takes seconds to compile and load.
  }, 90_000);
});
