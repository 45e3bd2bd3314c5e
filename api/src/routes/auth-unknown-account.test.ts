import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureTestStaff, jsonRequest } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';
import * as passwords from '../services/passwords';

vi.mock('../services/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../services/passwords')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, ip: string) => {
  const init = jsonRequest('POST', { email, password: 'a-guessed-password' });
  (init.headers as Record<string, string>)['X-Forwarded-For'] = ip;
  return t.app.request('/api/auth/login', init);
};

describe('sign-in with an unknown e-mail', () => {
  it('does the same argon2 verification as a known account, so time does not tell them apart', async () => {
    await ensureTestStaff(t, 'manager');
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    const known = await login('test-manager@tdk.test', '192.0.2.1');
    const unknown = await login('nobody-here@tdk.test', '192.0.2.2');
    expect([known.status, unknown.status]).toEqual([401, 401]);
    expect(await known.json()).toEqual(await unknown.json());
    expect(verify).toHaveBeenCalledTimes(2);
    for (const [hash] of verify.mock.calls) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
