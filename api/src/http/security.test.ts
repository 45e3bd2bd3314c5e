import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { staffCookie, TEST_ORIGIN } from '../testing/staff-session';
import { contentSecurityPolicy, remoteOrigins } from './security-headers';
import { START_AFTER_PAINT_CSP_SOURCE } from '../html/start-after-paint';
import { createCashfreeProvider } from '../payments/cashfree';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffCookie(t, 'admin');
});
afterAll(() => t.close());

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const validUser = (n: string) =>
  JSON.stringify({ email: `csrf-${n}@tdk.test`, fullName: 'C', role: 'support', password: 'long-enough-passphrase' });

describe('CSRF: same-origin JSON only for state-changing /api calls', () => {
  const post = (headers: Record<string, string>, body: string | FormData = validUser(String(Math.random()))) =>
    t.app.request('/api/admin/users', { method: 'POST', headers: { cookie: admin, ...headers }, body });

  it('accepts a same-origin JSON POST (the control)', async () => {
    expect((await post({ Origin: TEST_ORIGIN, 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  it('refuses a cross-site JSON POST: 403 cross_origin, and creates nothing', async () => {
    const res = await post({ Origin: 'https://evil.example', 'Content-Type': 'application/json' }, validUser('evil'));
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe('cross_origin');
    const users = await (await t.app.request('/api/admin/users', { headers: { cookie: admin } })).json();
    expect(JSON.stringify(users)).not.toContain('csrf-evil');
  });

  it("refuses Origin 'null', a look-alike host and another port or scheme", async () => {
    for (const origin of ['null', 'http://localhost.evil.example', 'http://localhost:8080', 'https://localhost']) {
      const res = await post({ Origin: origin, 'Content-Type': 'application/json' });
      expect(res.status, origin).toBe(403);
    }
  });

  it('falls back to Referer when Origin is absent', async () => {
    expect((await post({ Referer: `${TEST_ORIGIN}/admin/users`, 'Content-Type': 'application/json' })).status).toBe(201);
    expect((await post({ Referer: 'https://evil.example/page', 'Content-Type': 'application/json' })).status).toBe(403);
  });

  it('allows a call with neither header only when Sec-Fetch-Site is absent, same-origin or none', async () => {
    const json = { 'Content-Type': 'application/json' };
    expect((await post(json)).status).toBe(201);
    expect((await post({ ...json, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(201);
    expect((await post({ ...json, 'Sec-Fetch-Site': 'none' })).status).toBe(201);
    expect((await post({ ...json, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post({ ...json, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
  });

  it('accepts PUBLIC_URL as the origin behind a proxy', async () => {
    const proxied = await createTestApp({ PUBLIC_URL: 'https://tickets.example.in' });
    try {
      const cookie = await staffCookie(proxied, 'admin');
      const res = await proxied.app.request('/api/admin/users', {
        method: 'POST',
        headers: { cookie, Origin: 'https://tickets.example.in', 'Content-Type': 'application/json' },
        body: validUser('proxy'),
      });
      expect(res.status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a non-JSON body: 415 unsupported_media_type (text/plain, form, multipart outside uploads)', async () => {
    const text = await post({ Origin: TEST_ORIGIN, 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(await errorOf(text)).toBe('unsupported_media_type');
    expect((await post({ Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' }, 'email=x')).status).toBe(
      415,
    );
    const form = new FormData();
    form.set('email', 'x');
    expect((await post({ Origin: TEST_ORIGIN }, form)).status).toBe(415);
    // No Content-Type with a body is refused too.
    expect(
      (
        await t.app.request('/api/auth/login', {
          method: 'POST',
          headers: { Origin: TEST_ORIGIN, 'Content-Length': '2' },
          body: '{}',
        })
      ).status,
    ).toBe(415);
  });

  it('lets multipart through for image uploads only', async () => {
    const form = new FormData();
    form.set('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
    const res = await t.app.request('/api/admin/uploads/images', {
      method: 'POST',
      headers: { cookie: admin, Origin: TEST_ORIGIN },
      body: form,
    });
    expect([415, 403]).not.toContain(res.status);
  });

  it('lets a bodiless state-changing call through the content-type check (the origin still counts)', async () => {
    expect((await t.app.request('/api/auth/logout', { method: 'POST', headers: { Origin: TEST_ORIGIN } })).status).toBe(200);
    expect(
      (await t.app.request('/api/auth/logout', { method: 'POST', headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(403);
  });

  it('leaves GET alone and exempts the payment webhook', async () => {
    expect((await t.app.request('/api/events', { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
    const webhook = await t.app.request('/api/cashfree/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://payments.example' },
      body: '{}',
    });
    expect([403, 415]).not.toContain(webhook.status);
  });
});

describe('security headers', () => {
  // A page's own scripts and styles leave out the headers only a document reads (decision 034,
  // tested with the static files in static.test.ts).
  it('are on every other response: API, errors, pages and remotes.json', async () => {
    for (const path of ['/api/health', '/api/nothing', '/remotes.json', '/some/deep/link']) {
      const res = await t.app.request(path);
      const h = res.headers;
      expect(h.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(h.get('permissions-policy')).toBe('geolocation=(self), camera=(self), microphone=()');
      expect(h.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS only over HTTPS', async () => {
    const res = await t.app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('has a CSP of exactly what the platform loads, in emulator mode', async () => {
    const csp = (await t.app.request('/api/health')).headers.get('content-security-policy');
    expect(csp).toBe(
      [
        "default-src 'self'",
        // The one inline script: a drawn page's start after its first paint (html/start-after-paint.ts);
        // WebAssembly's compilation (HarfBuzz, decision 070), not eval.
        `script-src 'self' ${START_AFTER_PAINT_CSP_SOURCE} 'wasm-unsafe-eval'`,
        "connect-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "media-src 'self'",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
  });

  it("allows a repointed remote's origin, and follows REMOTES_FILE as it changes", async () => {
    const remotesFile = join(t.dir, 'remotes.override.json');
    writeFileSync(remotesFile, JSON.stringify({}));
    const app = await createTestApp({
      REMOTE_ADMIN_EVENTS_URL: 'https://cdn.example.com/admin-events/mf-manifest.json',
      REMOTES_FILE: remotesFile,
    });
    try {
      const csp = (await app.app.request('/')).headers.get('content-security-policy')!;
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe(
        `script-src 'self' ${START_AFTER_PAINT_CSP_SOURCE} 'wasm-unsafe-eval' https://cdn.example.com`,
      );
      expect(directive('connect-src')).toBe("connect-src 'self' https://cdn.example.com");
      writeFileSync(remotesFile, JSON.stringify({ 'admin-tickets': 'http://127.0.0.1:4111/mf-manifest.json' }));
      const after = (await app.app.request('/')).headers.get('content-security-policy')!;
      expect(after).toContain(
        `script-src 'self' ${START_AFTER_PAINT_CSP_SOURCE} 'wasm-unsafe-eval' https://cdn.example.com http://127.0.0.1:4111`,
      );
    } finally {
      await app.close();
    }
  });

  it("adds Cashfree's origins in sandbox and production modes", async () => {
    const origins = (mode: 'sandbox' | 'emulator') =>
      createCashfreeProvider({ env: { publicUrl: undefined, port: 3000, payments: { mode, appId: 'a', secretKey: 's' } } })
        .browser.origins;
    const csp = contentSecurityPolicy({ remoteOrigins: [], paymentOrigins: origins('sandbox') });
    expect(csp).toContain(`script-src 'self' ${START_AFTER_PAINT_CSP_SOURCE} 'wasm-unsafe-eval' https://sdk.cashfree.com;`);
    expect(csp).toContain("connect-src 'self' https://api.cashfree.com https://sandbox.cashfree.com;");
    expect(csp).toMatch(/frame-src 'self' https:\/\/sdk\.cashfree\.com .*https:\/\/payments\.cashfree\.com/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(contentSecurityPolicy({ remoteOrigins: [], paymentOrigins: origins('emulator') })).not.toContain('cashfree');
  });

  it('takes origins only from absolute http(s) entries', () => {
    expect(
      remoteOrigins([
        { entry: '/admin-events/mf-manifest.json' },
        { entry: 'https://a.example:8443/x/mf-manifest.json' },
        { entry: 'https://a.example:8443/y/mf-manifest.json' },
        { entry: 'javascript:alert(1)' },
      ]),
    ).toEqual(['https://a.example:8443']);
  });
});
