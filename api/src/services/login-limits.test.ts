import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ADDRESS_LIMIT, beginLogin, loginRetryAfter, loginSucceeded } from './login-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(() => t.close());

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const begin = (email: string, ip: string, at: number) => t.db.transaction((tx) => beginLogin(tx, email, ip, at));
const retryAfter = (email: string, ip: string, at: number) => t.db.query((db) => loginRetryAfter(db, email, ip, at));
const fail = async (email: string, ip: string, at: number) => {
  const attempt = await begin(email, ip, at);
  expect(attempt.retryAfter).toBe(0);
};

describe('sign-in limits', () => {
  it('delays one account from one address more after each failure, then locks it for the window', async () => {
    const [email, ip] = ['growing@tdk.test', '203.0.113.10'];
    await fail(email, ip, T0);
    await fail(email, ip, T0 + 1_000);
    await fail(email, ip, T0 + 2_000);
    expect(await retryAfter(email, ip, T0 + 2_000)).toBe(10);
    await fail(email, ip, T0 + 12_000);
    expect(await retryAfter(email, ip, T0 + 12_000)).toBe(60);
    expect(await retryAfter(email, ip, T0 + 71_000)).toBe(1);
    await fail(email, ip, T0 + 72_000);
    // Five failures: locked until the first leaves the 15-minute window.
    expect(await retryAfter(email, ip, T0 + 72_000)).toBe(15 * 60 - 72);
    expect(await retryAfter(email, ip, T0 + 15 * 60_000 + 1)).toBe(0);
  });

  it("never locks the account's owner at another address", async () => {
    const email = 'admin-owner@tdk.test';
    for (let i = 0; i < 5; i++) await begin(email, '203.0.113.66', T0 + i * 120_000);
    expect(await retryAfter(email, '203.0.113.66', T0 + 600_000)).toBeGreaterThan(0);
    expect(await retryAfter(email, '198.51.100.7', T0 + 600_000)).toBe(0);
  });

  it('locks an address that sprays many accounts', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < ADDRESS_LIMIT; i++) await fail(`spray-${i}@tdk.test`, ip, T0 + i);
    expect(await retryAfter('someone-new@tdk.test', ip, T0 + ADDRESS_LIMIT)).toBeGreaterThan(14 * 60);
  });

  it('a success takes its attempt back and clears the failures', async () => {
    const [email, ip] = ['cleared@tdk.test', '203.0.113.20'];
    await fail(email, ip, T0);
    await fail(email, ip, T0 + 1);
    const attempt = await begin(email, ip, T0 + 2);
    if (!('ids' in attempt)) throw new Error('expected an allowed attempt');
    await t.db.transaction((tx) => loginSucceeded(tx, email, ip, attempt));
    await fail(email, ip, T0 + 3);
    await fail(email, ip, T0 + 4);
    expect(await retryAfter(email, ip, T0 + 5)).toBe(0);
  });

  it('counts parallel attempts one after another, so a burst cannot all pass the check', async () => {
    const [email, ip] = ['burst@tdk.test', '203.0.113.30'];
    const attempts = await Promise.all(Array.from({ length: 8 }, () => begin(email, ip, T0)));
    // Three failures are allowed at once; the growing delay answers the rest.
    expect(attempts.filter((a) => a.retryAfter === 0)).toHaveLength(3);
  });
});
