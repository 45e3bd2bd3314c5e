import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ADDRESS_LIMIT, beginLogin, loginRetryAfter, loginSucceeded } from './login-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(() => t.close());

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const fail = (email: string, ip: string, at: number) => {
  const attempt = beginLogin(t.db, email, ip, at);
  expect(attempt.retryAfter).toBe(0);
};

describe('sign-in limits', () => {
  it('delays one account from one address more after each failure, then locks it for the window', () => {
    const [email, ip] = ['growing@tdk.test', '203.0.113.10'];
    fail(email, ip, T0);
    fail(email, ip, T0 + 1_000);
    fail(email, ip, T0 + 2_000);
    expect(loginRetryAfter(t.db, email, ip, T0 + 2_000)).toBe(10);
    fail(email, ip, T0 + 12_000);
    expect(loginRetryAfter(t.db, email, ip, T0 + 12_000)).toBe(60);
    expect(loginRetryAfter(t.db, email, ip, T0 + 71_000)).toBe(1);
    fail(email, ip, T0 + 72_000);
    // Five failures: locked until the first leaves the 15-minute window.
    expect(loginRetryAfter(t.db, email, ip, T0 + 72_000)).toBe(15 * 60 - 72);
    expect(loginRetryAfter(t.db, email, ip, T0 + 15 * 60_000 + 1)).toBe(0);
  });

  it("never locks the account's owner at another address", () => {
    const email = 'admin-owner@tdk.test';
    for (let i = 0; i < 5; i++) beginLogin(t.db, email, '203.0.113.66', T0 + i * 120_000);
    expect(loginRetryAfter(t.db, email, '203.0.113.66', T0 + 600_000)).toBeGreaterThan(0);
    expect(loginRetryAfter(t.db, email, '198.51.100.7', T0 + 600_000)).toBe(0);
  });

  it('locks an address that sprays many accounts', () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < ADDRESS_LIMIT; i++) fail(`spray-${i}@tdk.test`, ip, T0 + i);
    expect(loginRetryAfter(t.db, 'someone-new@tdk.test', ip, T0 + ADDRESS_LIMIT)).toBeGreaterThan(14 * 60);
  });

  it('a success takes its attempt back and clears the failures', () => {
    const [email, ip] = ['cleared@tdk.test', '203.0.113.20'];
    fail(email, ip, T0);
    fail(email, ip, T0 + 1);
    const attempt = beginLogin(t.db, email, ip, T0 + 2);
    if (!('ids' in attempt)) throw new Error('expected an allowed attempt');
    loginSucceeded(t.db, email, ip, attempt);
    fail(email, ip, T0 + 3);
    fail(email, ip, T0 + 4);
    expect(loginRetryAfter(t.db, email, ip, T0 + 5)).toBe(0);
  });
});
