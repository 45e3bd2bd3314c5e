// Who may call each /api/platform route (decision 052): the counterpart of access-matrix.test.ts for
// the platform staff's API. PLATFORM_ACCESS is the single list of those routes: add a row for each
// one you add (the last test fails for a route without one). Each row is called signed out (401
// 'unauthenticated'), as every organisation role without a platform role (403 'forbidden': an
// organisation's admin is no platform staff), and as each platform role: 403 for one the row does
// not allow, and neither 401 nor 403 for one it does (a write's 400/404/409 counts as allowed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLES, ROLES, type PlatformRole, type Role } from '../contract';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

interface PlatformAccessRule {
  /** 'METHOD /path/as/registered/:param', as Hono lists it in app.routes. */
  route: string;
  /** The path to call, when the route has parameters. */
  path?: string;
  /** The platform roles allowed. */
  allow: readonly PlatformRole[];
  body?: unknown;
}

const BOTH = PLATFORM_ROLES;
const ADMIN_ONLY = ['platform_admin'] as const;

const PLATFORM_ACCESS: PlatformAccessRule[] = [
  // Reading: both platform roles.
  { route: 'GET /api/platform/organisations', allow: BOTH },
  { route: 'GET /api/platform/organisations/:id', path: '/api/platform/organisations/1', allow: BOTH },
  // An organisation's standing, a new organisation, its notes and trusted flag: platform admins.
  { route: 'POST /api/platform/organisations', allow: ADMIN_ONLY, body: {} },
  { route: 'PATCH /api/platform/organisations/:id', path: '/api/platform/organisations/999999', allow: ADMIN_ONLY, body: {} },
  {
    route: 'POST /api/platform/organisations/:id/approve',
    path: '/api/platform/organisations/999999/approve',
    allow: ADMIN_ONLY,
  },
  {
    route: 'POST /api/platform/organisations/:id/suspend',
    path: '/api/platform/organisations/999999/suspend',
    allow: ADMIN_ONLY,
    body: { reason: 'x' },
  },
  {
    route: 'POST /api/platform/organisations/:id/reinstate',
    path: '/api/platform/organisations/999999/reinstate',
    allow: ADMIN_ONLY,
  },
  // The event review queue: both platform roles (platform support reviews events).
  { route: 'GET /api/platform/events', allow: BOTH },
  { route: 'POST /api/platform/events/:id/approve', path: '/api/platform/events/999999/approve', allow: BOTH },
  {
    route: 'POST /api/platform/events/:id/reject',
    path: '/api/platform/events/999999/reject',
    allow: BOTH,
    body: { reason: 'x' },
  },
  // The platform's own staff (decision 058): both read the list; platform admins grant and withdraw.
  { route: 'GET /api/platform/staff', allow: BOTH },
  { route: 'POST /api/platform/staff', allow: ADMIN_ONLY, body: {} },
  { route: 'PATCH /api/platform/staff/:id', path: '/api/platform/staff/999999', allow: ADMIN_ONLY, body: { platformRole: null } },
  // A whole account (decision 061): both find and read it; platform admins switch it off and on and reset its two-factor.
  { route: 'GET /api/platform/accounts', path: '/api/platform/accounts?email=nobody-at-all', allow: BOTH },
  { route: 'GET /api/platform/accounts/:id', path: '/api/platform/accounts/1', allow: BOTH },
  { route: 'POST /api/platform/accounts/:id/disable', path: '/api/platform/accounts/999999/disable', allow: ADMIN_ONLY },
  { route: 'POST /api/platform/accounts/:id/enable', path: '/api/platform/accounts/999999/enable', allow: ADMIN_ONLY },
  {
    route: 'POST /api/platform/accounts/:id/two-factor/reset',
    path: '/api/platform/accounts/999999/two-factor/reset',
    allow: ADMIN_ONLY,
  },
];

let t: TestApp;
const orgCookies = {} as Record<Role, string>;
const platformCookies = {} as Record<PlatformRole, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) orgCookies[role] = await staffCookie(t, role);
  for (const role of PLATFORM_ROLES)
    platformCookies[role] = await staffCookie(t, 'support', `access-${role}@tdk.test`, { platformRole: role });
});
afterAll(() => t.close());

const call = (rule: PlatformAccessRule, cookie?: string) => {
  const [method, route] = rule.route.split(' ');
  const body = method === 'GET' ? undefined : (rule.body ?? {});
  return t.app.request(rule.path ?? route!, jsonRequest(method!, body, cookie));
};
const errorCode = async (res: Response) =>
  ((res.headers.get('content-type')?.includes('json') ? await res.json() : {}) as { error?: { code: string } }).error?.code;

describe.each(PLATFORM_ACCESS)('$route', (rule) => {
  it('answers 401 unauthenticated when signed out', async () => {
    const res = await call(rule);
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('unauthenticated');
  });

  it.each(ROLES.map((role) => [role]))("refuses an organisation's %s", async (role) => {
    const res = await call(rule, orgCookies[role as Role]);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('forbidden');
  });

  it.each(PLATFORM_ROLES.map((role) => [role]))('as %s', async (role) => {
    const res = await call(rule, platformCookies[role as PlatformRole]);
    if (!rule.allow.includes(role as PlatformRole)) {
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('forbidden');
    } else {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
      if (rule.route.startsWith('GET ')) expect(res.status).toBe(200);
    }
  });
});

describe('the platform table', () => {
  it('lists every /api/platform route the app serves', () => {
    const listed = new Set(PLATFORM_ACCESS.map((r) => r.route));
    const served = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/platform/'))
      .map((r) => `${r.method} ${r.path}`);
    expect(served.length).toBeGreaterThan(0);
    expect([...new Set(served.filter((r) => !listed.has(r)))]).toEqual([]);
  });

  it('refuses an unknown platform path to a signed-out caller and to organisation staff before saying it does not exist', async () => {
    expect((await t.app.request('/api/platform/nothing-here')).status).toBe(401);
    expect((await t.app.request('/api/platform/nothing-here', { headers: { cookie: orgCookies.admin } })).status).toBe(403);
    expect(
      (await t.app.request('/api/platform/nothing-here', { headers: { cookie: platformCookies.platform_support } })).status,
    ).toBe(404);
  });
});
