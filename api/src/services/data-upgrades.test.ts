// Upgrades of the data run once per database (decision 036): recorded in the transaction that ran
// them, skipped at every later start, and run again after a failure that recorded nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATA_UPGRADES_SETTING } from '../db/model';
import { settings } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DATA_UPGRADES, runDataUpgrades } from './data-upgrades';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const applied = async () =>
  (await t.db.query((db) => db.select().from(settings).where(eq(settings.key, DATA_UPGRADES_SETTING))))[0]?.value ?? [];

describe('upgrades of the data', () => {
  it('run once each, in order, and never again once recorded', async () => {
    const before = (await applied()) as string[];
    const runs: string[] = [];
    const upgrades = [
      { name: 'test-first', run: async () => void runs.push('first') },
      { name: 'test-second', run: async () => void runs.push('second') },
    ];
    expect(await runDataUpgrades(t.db, upgrades)).toEqual(['test-first', 'test-second']);
    expect(await runDataUpgrades(t.db, upgrades)).toEqual([]);
    expect(runs).toEqual(['first', 'second']);
    expect(await applied()).toEqual([...before, 'test-first', 'test-second']);
  });

  it('record nothing for an upgrade that failed, which runs again at the next start', async () => {
    let fail = true;
    const flaky = [
      {
        name: 'test-flaky',
        run: async () => {
          if (fail) throw new Error('disk full');
        },
      },
    ];
    await expect(runDataUpgrades(t.db, flaky)).rejects.toThrow('disk full');
    expect(await applied()).not.toContain('test-flaky');
    fail = false;
    expect(await runDataUpgrades(t.db, flaky)).toEqual(['test-flaky']);
  });

  it('have names that are never reused', () => {
    const names = DATA_UPGRADES.map((u) => u.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
