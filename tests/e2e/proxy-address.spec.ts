import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { startNginx } from '../../tooling/nginx.mjs';
import { freePort } from '../../tooling/postgres.mjs';
import { E2E_ADMIN } from '../support/staff';

// Issue 40 (decision 035): behind deploy/nginx.conf, a client wrote its own X-Forwarded-For and
// picked its address for every limit and the audit log. The shipped configuration, exactly as
// shipped, in front of the journeys' server (TRUST_PROXY=true): what the client writes in the
// header counts for nothing; the address is the one nginx saw. No browser: a script attacks.

let nginx: { url: string; stop(): void };
let proxied: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  nginx = await startNginx([Number(new URL(baseURL!).port)], await freePort());
  // No Origin: a script, not a browser (the CSRF guard lets such callers through).
  proxied = await playwrightRequest.newContext({ baseURL: nginx.url });
});
test.afterAll(async () => {
  await proxied?.dispose();
  nginx?.stop();
});

test('a spoofed X-Forwarded-For through the shipped nginx neither escapes the sign-in limit nor reaches the audit log', async ({
  request,
  baseURL,
}) => {
  const direct = { 'Content-Type': 'application/json', Origin: new URL(baseURL!).origin };
  const admin = await request.post('/api/auth/login', { headers: direct, data: E2E_ADMIN });
  expect(admin.status(), await admin.text()).toBe(200);
  const account = { email: `proxied.${Date.now()}@tdksports.in`, password: 'proxied-staff-password-1' };
  const created = await request.post('/api/admin/users', {
    headers: direct,
    data: { ...account, fullName: 'Proxied Staff', role: 'support' },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Wrong passwords, each claiming another address: the limit holds all the same, and then the right one is refused too.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await proxied.post('/api/auth/login', {
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.40.${i}.1` },
      data: { email: account.email, password: `wrong-${i}-password` },
    });
    statuses.push(res.status());
  }
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses.slice(3)).toEqual([429, 429, 429]);
  const right = await proxied.post('/api/auth/login', {
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.40.99.1' },
    data: account,
  });
  expect(right.status()).toBe(429);

  // Text in the header is not an address: the audit log shows the address nginx saw.
  const other = { email: `proxied.audit.${Date.now()}@tdksports.in`, password: 'proxied-staff-password-2' };
  await request.post('/api/admin/users', { headers: direct, data: { ...other, fullName: 'Audited Staff', role: 'support' } });
  const signedIn = await proxied.post('/api/auth/login', {
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '<img src=x onerror=alert(1)>' },
    data: other,
  });
  expect(signedIn.status()).toBe(200);
  const audit = await request.get('/api/admin/audit?limit=20&entity=session');
  const entries = ((await audit.json()) as { entries: { actorEmail: string; action: string; ip: string | null }[] }).entries;
  const entry = entries.find((e) => e.actorEmail === other.email && e.action === 'login');
  expect(entry?.ip).toBe('127.0.0.1');
});
