// Issue 40: behind the shipped proxy, a client wrote its own X-Forwarded-For and picked its address
// for every limit. The API takes the hop its trusted proxy added, and only an IP address.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { auditLog } from '../db/schema';
import { ensureTestStaff, jsonRequest, TEST_STAFF_PASSWORD } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

function login(email: string, password: string, forwardedFor: string) {
  const init = jsonRequest('POST', { email, password });
  (init.headers as Record<string, string>)['X-Forwarded-For'] = forwardedFor;
  return t.app.request('/api/auth/login', init);
}

describe('sign-in behind one trusted proxy', () => {
  it('limits 60 wrong passwords whose spoofed leftmost X-Forwarded-For changes every time, and the 61st, right one', async () => {
    await ensureTestStaff(t, 'admin', 'proxied-owner@tdk.test');
    // What a proxy that appends passes on: the attacker's own text first, then the address it saw.
    const attacker = '203.0.113.61';
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const spoofed = i % 3 === 0 ? `10.${i}.0.1` : i % 3 === 1 ? `2001:db8::${i}` : `victim-${i}`;
      statuses.push((await login('proxied-owner@tdk.test', `wrong-${i}-password`, `${spoofed}, ${attacker}`)).status);
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await login('proxied-owner@tdk.test', TEST_STAFF_PASSWORD, `198.51.100.200, ${attacker}`);
    expect(right.status).toBe(429);
    // The owner, at an address of their own, is not locked out.
    expect((await login('proxied-owner@tdk.test', TEST_STAFF_PASSWORD, '198.51.100.201')).status).toBe(200);
  });
});

describe('the client address through a real socket', () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    const app = createApp({ db: t.db, env: t.env });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function signInFrom(forwardedFor: string | undefined, email: string) {
    await ensureTestStaff(t, 'support', email);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: base };
    if (forwardedFor !== undefined) headers['X-Forwarded-For'] = forwardedFor;
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: TEST_STAFF_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.query((db) =>
      db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(and(eq(auditLog.actorEmail, email), eq(auditLog.action, 'login')))
        .orderBy(desc(auditLog.id))
        .limit(1),
    );
    return row?.ip;
  }

  it("records the hop the proxy added in the audit log, not the client's text", async () => {
    expect(await signInFrom('<img src=x onerror=alert(1)>, 198.51.100.31', 'socket-1@tdk.test')).toBe('198.51.100.31');
    expect(await signInFrom('198.51.100.32', 'socket-2@tdk.test')).toBe('198.51.100.32');
  });

  it('refuses a hop that is not an IP address: the socket peer stands instead', async () => {
    expect(await signInFrom('<img src=x onerror=alert(1)>', 'socket-3@tdk.test')).toBe('127.0.0.1');
    expect(await signInFrom('198.51.100.33, not-an-address', 'socket-4@tdk.test')).toBe('127.0.0.1');
    expect(await signInFrom(undefined, 'socket-5@tdk.test')).toBe('127.0.0.1');
  });
});
