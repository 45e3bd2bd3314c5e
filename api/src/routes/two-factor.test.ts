// Two-factor sign-in as issue 28 found it open: a challenge used twice, a TOTP code replayed inside
// its window, a second enrolment over the first, sessions left open when two-factor went on, and
// five wrong codes from anywhere locking the owner out everywhere.
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, staffUsers } from '../db/schema';
import { writeSettings } from '../services/settings';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ensureTestStaff, jsonRequest, staffCookie, TEST_ORIGIN, TEST_STAFF_PASSWORD } from '../testing/staff-session';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffCookie(t, 'admin');
  await t.db.transaction((tx) => writeSettings(tx, { twoFactorAuth: true }));
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const json = async <T>(res: Response) => (await res.json()) as T;
const login = (email: string, ip = '203.0.113.10') =>
  t.app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, 'X-Forwarded-For': ip },
    body: JSON.stringify({ email, password: TEST_STAFF_PASSWORD }),
  });
const second = (challenge: string, code: string, ip = '203.0.113.10') =>
  t.app.request('/api/auth/login/two-factor', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, 'X-Forwarded-For': ip },
    body: JSON.stringify({ challenge, code }),
  });
type Step = { twoFactor: { step: 'code' | 'enrol'; challenge: string; secret?: string } };
const challengeOf = async (email: string, ip?: string) => (await json<Step>(await login(email, ip))).twoFactor;
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;
const me = async (cookie: string) =>
  (await json<{ user: { email: string } | null }>(await t.app.request('/api/auth/me', { headers: { cookie } }))).user;
const codeAt = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });
/** The clock moves on by whole 30-second steps (only Date is faked: timers and I/O run as ever). */
const clockAt = (at: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
};

/** A member enrolled at `at` (with the code of that moment); their secret. */
async function enrolled(email: string, at: number): Promise<string> {
  await ensureTestStaff(t, 'coordinator', email);
  clockAt(at);
  const enrol = await challengeOf(email);
  expect(enrol.step).toBe('enrol');
  expect((await second(enrol.challenge, await codeAt(enrol.secret!, at))).status).toBe(200);
  return enrol.secret!;
}
const auditReasons = async (email: string) =>
  (
    await t.db.query((db) =>
      db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.actorEmail, email), eq(auditLog.action, 'login_failed'))),
    )
  ).map((row) => (row.detail as { reason?: string } | null)?.reason);

describe('two-factor sign-in (issue 28)', () => {
  it('a challenge opens one session, and a TOTP code is accepted once: a replay inside its window is refused', async () => {
    const start = Date.parse('2026-11-24T10:00:00Z');
    const secret = await enrolled('tf-replay@tdk.test', start);
    clockAt(start + 60_000);
    const code = await codeAt(secret, start + 60_000);
    const { challenge } = await challengeOf('tf-replay@tdk.test');
    const first = await second(challenge, code);
    expect(first.status).toBe(200);
    // The same challenge and code again: spent.
    const again = await second(challenge, code);
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    // A fresh challenge with the same code, still inside its 30-second window: a replay.
    const fresh = await challengeOf('tf-replay@tdk.test');
    const replay = await second(fresh.challenge, code);
    expect(replay.status).toBe(401);
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect(await auditReasons('tf-replay@tdk.test')).toContain('replayed_two_factor_code');
    // The next step's code passes on that fresh challenge.
    clockAt(start + 90_000);
    expect((await second(fresh.challenge, await codeAt(secret, start + 90_000))).status).toBe(200);
  });

  it('enrolment happens once: a second enrolment challenge cannot replace the secret, and other sessions end', async () => {
    const email = 'tf-enrol@tdk.test';
    await ensureTestStaff(t, 'coordinator', email);
    const before = await staffCookie(t, 'coordinator', email);
    expect(await me(before)).toMatchObject({ email });
    const at = Date.parse('2026-11-24T11:00:00Z');
    clockAt(at);
    const mine = await challengeOf(email);
    const thief = await challengeOf(email, '198.51.100.7');
    expect(thief.step).toBe('enrol');
    const done = await second(mine.challenge, await codeAt(mine.secret!, at));
    expect(done.status).toBe(200);
    // The session from before two-factor went on is revoked; the new one works.
    expect(await me(before)).toBeNull();
    expect(await me(cookieOf(done))).toMatchObject({ email });
    // The other enrolment challenge, used afterwards, replaces nothing.
    clockAt(at + 30_000);
    const late = await second(thief.challenge, await codeAt(thief.secret!, at + 30_000), '198.51.100.7');
    expect(late.status).toBe(401);
    const [row] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.email, email)));
    expect(row!.twoFactorSecret).toBe(mine.secret);
    // Signing in again asks for the code of the first secret, not for a new enrolment.
    expect((await challengeOf(email)).step).toBe('code');
  });

  it("five wrong codes from one address lock that challenge, not the owner's sign-in from elsewhere", async () => {
    const start = Date.parse('2026-11-24T12:00:00Z');
    const secret = await enrolled('tf-limits@tdk.test', start);
    clockAt(start + 60_000);
    const theirs = await challengeOf('tf-limits@tdk.test', '198.51.100.66');
    for (let i = 0; i < 5; i++) expect((await second(theirs.challenge, '111111', '198.51.100.66')).status).toBe(401);
    const locked = await second(theirs.challenge, '111111', '198.51.100.66');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The owner, at their own desk, signs in.
    const own = await challengeOf('tf-limits@tdk.test', '203.0.113.200');
    expect((await second(own.challenge, await codeAt(secret, start + 60_000), '203.0.113.200')).status).toBe(200);
  });

  it('an address guessing across many challenges is stopped after twenty wrong codes', async () => {
    const start = Date.parse('2026-11-24T13:00:00Z');
    await enrolled('tf-spray@tdk.test', start);
    clockAt(start + 60_000);
    const ip = '198.51.100.99';
    for (let round = 0; round < 5; round++) {
      const { challenge } = await challengeOf('tf-spray@tdk.test', ip);
      for (let i = 0; i < 4; i++) expect((await second(challenge, '222222', ip)).status).toBe(401);
    }
    const { challenge } = await challengeOf('tf-spray@tdk.test', ip);
    expect((await second(challenge, '222222', ip)).status).toBe(429);
  });

  it("an admin's reset lets the member enrol again, revokes their sessions, and is audited", async () => {
    const email = 'tf-reset@tdk.test';
    const start = Date.parse('2026-11-24T14:00:00Z');
    await enrolled(email, start);
    const member = await ensureTestStaff(t, 'coordinator', email);
    const session = await staffCookie(t, 'coordinator', email);
    expect(await me(session)).toMatchObject({ email });
    const reset = await t.app.request(`/api/admin/users/${member!.id}/two-factor/reset`, jsonRequest('POST', {}, admin));
    expect(reset.status).toBe(200);
    expect(await json<{ user: { email: string; twoFactorEnabledAt: string | null } }>(reset)).toMatchObject({
      user: { email, twoFactorEnabledAt: null },
    });
    expect(await me(session)).toBeNull();
    expect((await challengeOf(email)).step).toBe('enrol');
    const [entry] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'two_factor_reset'), eq(auditLog.entityId, String(member!.id)))),
    );
    expect(entry).toMatchObject({ actorEmail: 'test-admin@tdk.test', entity: 'staff_user' });
    // Only admins reset, and an unknown member is a 404.
    const coordinator = await staffCookie(t, 'coordinator');
    expect(
      (await t.app.request(`/api/admin/users/${member!.id}/two-factor/reset`, jsonRequest('POST', {}, coordinator))).status,
    ).toBe(403);
    expect((await t.app.request('/api/admin/users/999999/two-factor/reset', jsonRequest('POST', {}, admin))).status).toBe(404);
  });
});
