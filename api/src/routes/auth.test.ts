import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser } from '../contract';
import { auditLog, loginAttempts, memberships, staffUsers } from '../db/schema';
import { testOrganisationId } from '../testing/organisations';
import { JWT_AUDIENCE, JWT_ISSUER, SESSION_COOKIE, sessionKey } from '../http/auth';
import { resolveSessionSecret } from '../signing/session-secret';
import { ensureTestStaff, jsonRequest, staffCookie, TEST_STAFF_PASSWORD } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let key: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  key = sessionKey(resolveSessionSecret(t.env));
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test signs in from its own address, so the per-address limit of one cannot touch another. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

function login(email: string, password: string, ip = freshAddress()) {
  const init = jsonRequest('POST', { email, password });
  (init.headers as Record<string, string>)['X-Forwarded-For'] = ip;
  return t.app.request('/api/auth/login', init);
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const cookieOf = (res: Response) => {
  const header = res.headers.get('set-cookie') ?? '';
  const match = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(header);
  return match ? `${SESSION_COOKIE}=${match[1]}` : '';
};
const me = async (cookie?: string) => {
  const res = await t.app.request('/api/auth/me', cookie ? { headers: { cookie } } : {});
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: StaffUser | null }).user;
};
const adminList = (cookie: string) => t.app.request('/api/admin/events', { headers: { cookie } });

describe('POST /api/auth/login', () => {
  it('signs in with the right password: 200 { user } and an HttpOnly SameSite=Lax session cookie', async () => {
    const staff = await ensureTestStaff(t, 'coordinator');
    const res = await login('  TEST-Coordinator@tdk.test ', TEST_STAFF_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      user: {
        id: staff.id,
        email: 'test-coordinator@tdk.test',
        fullName: 'Test coordinator',
        role: 'coordinator',
        organisationId: await t.db.query((db) => testOrganisationId(db)),
        platformRole: null,
      },
      organisation: expect.objectContaining({ id: await t.db.query((db) => testOrganisationId(db)) }),
      organisations: [expect.objectContaining({ role: 'coordinator' })],
      platformRole: null,
    });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=\d+/);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(await me(cookieOf(res))).toMatchObject({ email: 'test-coordinator@tdk.test', role: 'coordinator' });
    const [row] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.id, staff.id)));
    expect(row!.lastLoginAt).not.toBeNull();
  });

  it('marks the cookie Secure over HTTPS', async () => {
    await ensureTestStaff(t, 'support');
    const init = jsonRequest('POST', { email: 'test-support@tdk.test', password: TEST_STAFF_PASSWORD });
    (init.headers as Record<string, string>).Origin = 'https://localhost';
    (init.headers as Record<string, string>)['X-Forwarded-Proto'] = 'https';
    (init.headers as Record<string, string>)['X-Forwarded-For'] = freshAddress();
    const res = await t.app.request('/api/auth/login', init);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });

  it('answers an unknown e-mail and a wrong password alike (401, one message), a disabled account 403', async () => {
    const unknown = await login('nobody@tdk.test', 'whatever-password');
    expect(unknown.status).toBe(401);
    expect(await errorOf(unknown)).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });

    await ensureTestStaff(t, 'manager');
    const wrong = await login('test-manager@tdk.test', 'not the password');
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const disabled = await ensureTestStaff(t, 'support', 'disabled-login@tdk.test');
    await t.db.query((db) => db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, disabled.id)));
    const refused = await login('disabled-login@tdk.test', TEST_STAFF_PASSWORD);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: 'account_disabled', message: 'Login failed. Please try again.' });
    // A wrong password on a disabled account says only that the password is wrong.
    expect((await login('disabled-login@tdk.test', 'wrong-password')).status).toBe(401);
  });

  it('rejects a malformed body with field messages', async () => {
    const res = await t.app.request('/api/auth/login', jsonRequest('POST', { email: '' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'password']);
  });

  it('slows, then locks, one account from one address: 429 with Retry-After, even for the right password', async () => {
    await ensureTestStaff(t, 'support', 'limited@tdk.test');
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) expect((await login('limited@tdk.test', `wrong-${i}-password`, ip)).status).toBe(401);
    // After the third failure, a delay that grows with each failure.
    const slowed = await login('limited@tdk.test', TEST_STAFF_PASSWORD, ip);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    // The limit lives in the database, not in memory.
    const failures = await t.db.query((db) =>
      db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, `account:limited@tdk.test|ip:${ip}`)),
    );
    expect(failures).toHaveLength(3);
  });

  it("cannot be used to lock the owner out: guesses from one address leave the owner's own address free", async () => {
    await ensureTestStaff(t, 'admin', 'owner@tdk.test');
    const attacker = freshAddress();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login('owner@tdk.test', `guess-${i}-password`, attacker)),
    );
    expect(attempts.map((r) => r.status)).toContain(429);
    expect((await login('owner@tdk.test', TEST_STAFF_PASSWORD, attacker)).status).toBe(429);
    expect((await login('owner@tdk.test', TEST_STAFF_PASSWORD, freshAddress())).status).toBe(200);
  });

  it('counts parallel attempts before checking any password, so a burst cannot slip past the limit', async () => {
    await ensureTestStaff(t, 'support', 'burst@tdk.test');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('burst@tdk.test', `guess-${i}-password`, '198.51.100.250')),
    );
    const statuses = results.map((r) => r.status).sort();
    // Three failures, then the growing delay answers every other attempt of the burst.
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('locks an address after 20 failures in 15 minutes, whatever the e-mail', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect((await login(`spray-${i}@tdk.test`, 'guess-password', ip)).status).toBe(401);
    }
    const res = await login('test-admin@tdk.test', TEST_STAFF_PASSWORD, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is unaffected.
    await ensureTestStaff(t, 'admin');
    expect((await login('test-admin@tdk.test', TEST_STAFF_PASSWORD)).status).toBe(200);
  });

  it('does not count successful sign-ins against the limit, and a success clears the failures', async () => {
    await ensureTestStaff(t, 'support', 'busy@tdk.test');
    const ip = freshAddress();
    for (let i = 0; i < 2; i++) expect((await login('busy@tdk.test', 'wrong-password', ip)).status).toBe(401);
    expect((await login('busy@tdk.test', TEST_STAFF_PASSWORD, ip)).status).toBe(200);
    // Without the success, a third and fourth failure would have started the delays.
    for (let i = 0; i < 2; i++) expect((await login('busy@tdk.test', 'wrong-password', ip)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login('busy@tdk.test', TEST_STAFF_PASSWORD, ip)).status).toBe(200);
  });

  it('writes the audit log for sign-ins and failed sign-ins, with the address and never the password', async () => {
    await ensureTestStaff(t, 'support', 'audited@tdk.test');
    await login('audited@tdk.test', 'a-wrong-secret-guess', '203.0.113.77');
    await login('audited@tdk.test', TEST_STAFF_PASSWORD, '203.0.113.77');
    const rows = await t.db.query((db) =>
      db.select().from(auditLog).where(eq(auditLog.actorEmail, 'audited@tdk.test')).orderBy(auditLog.id),
    );
    expect(rows.map((r) => [r.action, r.entity, r.ip])).toEqual([
      ['login_failed', 'session', '203.0.113.77'],
      ['login', 'session', '203.0.113.77'],
    ]);
    expect(rows[0].detail).toEqual({ reason: 'invalid_password' });
    const text = JSON.stringify(rows);
    expect(text).not.toContain('a-wrong-secret-guess');
    expect(text).not.toContain(TEST_STAFF_PASSWORD);
  });
});

describe('GET /api/auth/me', () => {
  it('is 200 { user: null } signed out, with no or a bad cookie', async () => {
    expect(await me()).toBeNull();
    expect(await me(`${SESSION_COOKIE}=garbage`)).toBeNull();
    const stale = await t.app.request('/api/auth/me', { headers: { cookie: `${SESSION_COOKIE}=garbage` } });
    expect(stale.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
    expect((await t.app.request('/api/auth/me')).headers.get('set-cookie')).toBeNull();
  });

  it('is 200 { user } signed in, with the role read from the database', async () => {
    const cookie = await staffCookie(t, 'manager');
    expect(await me(cookie)).toMatchObject({ email: 'test-manager@tdk.test', role: 'manager' });
  });
});

describe('sessions', () => {
  async function token(
    claims: Record<string, unknown>,
    options: { alg?: string; exp?: number | string; iss?: string; aud?: string; secret?: Uint8Array } = {},
  ) {
    const user = await ensureTestStaff(t, 'admin');
    const jwt = new SignJWT({ ver: user.tokenVersion, ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(String(user.id))
      .setIssuer(options.iss ?? JWT_ISSUER)
      .setAudience(options.aud ?? JWT_AUDIENCE)
      .setIssuedAt();
    if (options.exp !== undefined) jwt.setExpirationTime(options.exp);
    return `${SESSION_COOKIE}=${await jwt.sign(options.secret ?? key)}`;
  }

  it('accepts a well-formed token (the control for the cases below)', async () => {
    expect((await adminList(await token({}, { exp: '1h' }))).status).toBe(200);
  });

  it('refuses a forged token (signed with another secret)', async () => {
    const forged = await token({}, { exp: '1h', secret: new TextEncoder().encode('another-secret-of-enough-length!!') });
    const res = await adminList(forged);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthenticated');
    expect(await me(forged)).toBeNull();
  });

  it('refuses a token with the payload edited after signing', async () => {
    const [, value] = (await token({}, { exp: '1h' })).split('=');
    const [header, payload, signature] = value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect((await adminList(`${SESSION_COOKIE}=${header}.${edited}.${signature}`)).status).toBe(401);
  });

  it("refuses alg 'none' and another HMAC algorithm (HS512) with the same secret", async () => {
    const user = await ensureTestStaff(t, 'admin');
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
      sub: String(user.id),
      ver: user.tokenVersion,
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      iat: now,
      exp: now + 3600,
    })}.`;
    expect((await adminList(`${SESSION_COOKIE}=${unsigned}`)).status).toBe(401);
    expect((await adminList(await token({}, { exp: '1h', alg: 'HS512' }))).status).toBe(401);
  });

  it('refuses an expired token, a token without exp, and the wrong issuer or audience', async () => {
    expect((await adminList(await token({}, { exp: Math.floor(Date.now() / 1000) - 10 }))).status).toBe(401);
    expect((await adminList(await token({}))).status).toBe(401);
    expect((await adminList(await token({}, { exp: '1h', iss: 'someone-else' }))).status).toBe(401);
    expect((await adminList(await token({}, { exp: '1h', aud: 'someone-else' }))).status).toBe(401);
  });

  it('logout answers { ok: true }, clears the cookie and revokes the token at once', async () => {
    await ensureTestStaff(t, 'support', 'logout@tdk.test');
    const cookie = cookieOf(await login('logout@tdk.test', TEST_STAFF_PASSWORD));
    expect((await adminList(cookie)).status).toBe(200);
    const res = await t.app.request('/api/auth/logout', jsonRequest('POST', undefined, cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
    // The old cookie, replayed, no longer works.
    expect((await adminList(cookie)).status).toBe(401);
    expect(await me(cookie)).toBeNull();
    // Logging out signed out is harmless.
    expect((await t.app.request('/api/auth/logout', jsonRequest('POST'))).status).toBe(200);
  });

  it('a disabled account loses its session at once', async () => {
    const cookie = await staffCookie(t, 'manager', 'to-disable@tdk.test');
    expect((await adminList(cookie)).status).toBe(200);
    await t.db.query((db) => db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.email, 'to-disable@tdk.test')));
    expect((await adminList(cookie)).status).toBe(401);
    expect(await me(cookie)).toBeNull();
  });

  it('a role change takes effect on the next request', async () => {
    const cookie = await staffCookie(t, 'admin', 'demoted@tdk.test');
    expect((await t.app.request('/api/admin/users', { headers: { cookie } })).status).toBe(200);
    const [demoted] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.email, 'demoted@tdk.test')));
    await t.db.query((db) => db.update(memberships).set({ role: 'support' }).where(eq(memberships.staffUserId, demoted!.id)));
    const res = await t.app.request('/api/admin/users', { headers: { cookie } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
    expect(await me(cookie)).toMatchObject({ role: 'support' });
  });
});
