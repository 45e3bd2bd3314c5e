import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES, type StaffUser } from '../contract';
import { auditLog, emailOutbox, passwordResets, staffUsers } from '../db/schema';
import { SESSION_COOKIE } from '../http/auth';
import { completePasswordReset, PasswordResetRefusal, requestPasswordReset } from '../services/password-reset';
import { hashStaffPassword } from '../services/staff';
import { ensureTestStaff, jsonRequest, staffCookie, TEST_STAFF_PASSWORD } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test asks from its own address, so the per-address limit of one cannot touch another. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

function post(path: string, body: unknown, ip = freshAddress()) {
  const init = jsonRequest('POST', body);
  (init.headers as Record<string, string>)['X-Forwarded-For'] = ip;
  return t.app.request(path, init);
}
const ask = (email: string, ip?: string) => post('/api/auth/password-reset', { email }, ip);
const choose = (token: string, password: string) => post('/api/auth/password-reset/complete', { token, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

/** The e-mails queued to `to`, newest first. */
const mailTo = (to: string) =>
  t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id)));
/** The token in the newest reset e-mail to `to`. */
async function tokenSentTo(to: string): Promise<string> {
  const [mail] = await mailTo(to);
  expect(mail!.kind).toBe('password_reset');
  // In the fragment (issue 40), never the query: no server or proxy log sees it.
  expect(mail!.text).not.toMatch(/\/login\/reset\?/);
  const url = /https?:\/\/\S+\/login\/reset#([\w-]+)/.exec(mail!.text)!;
  return decodeURIComponent(url[1]!);
}
const me = async (cookie: string) =>
  ((await (await t.app.request('/api/auth/me', { headers: { cookie } })).json()) as { user: StaffUser | null }).user;

describe('POST /api/auth/password-reset', () => {
  it('answers the same for a staff address and any other, and only the staff member gets a link', async () => {
    const staff = await ensureTestStaff(t, 'support', 'forgetful-support@tdk.test');
    const known = await ask('Forgetful-Support@tdk.test');
    const unknown = await ask('nobody-here@tdk.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
    expect(await unknown.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });

    expect(await mailTo('nobody-here@tdk.test')).toEqual([]);
    const token = await tokenSentTo('forgetful-support@tdk.test');
    const [mail] = await mailTo('forgetful-support@tdk.test');
    expect(mail!.subject).toMatch(/Choose a new password/);
    expect(mail!.text).toMatch(/works once, for 30 minutes/);
    // Only the token's hash is kept.
    const rows = await t.db.query((db) => db.select().from(passwordResets).where(eq(passwordResets.staffUserId, staff.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sends no link to a disabled account, and still answers the same', async () => {
    const staff = await ensureTestStaff(t, 'support', 'gone-support@tdk.test');
    await t.db.query((db) => db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, staff.id)));
    expect((await ask('gone-support@tdk.test')).status).toBe(200);
    expect(await mailTo('gone-support@tdk.test')).toEqual([]);
  });

  it('limits how often one address asks, with Retry-After', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 5; i += 1) expect((await ask(`someone-${i}@tdk.test`, ip)).status).toBe(200);
    const sixth = await ask('someone-6@tdk.test', ip);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await sixth.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Too many requests for a new password/),
    });
  });

  it('refuses a body with no e-mail, in the error shape', async () => {
    const res = await post('/api/auth/password-reset', {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      email: 'Email is required',
    });
  });
});

describe('POST /api/auth/password-reset/complete', () => {
  it('sets the new password, signs every session out, works once and is audited', async () => {
    const staff = await ensureTestStaff(t, 'coordinator', 'reset-coordinator@tdk.test');
    const session = await staffCookie(t, 'coordinator', 'reset-coordinator@tdk.test');
    expect(await me(session)).toMatchObject({ id: staff.id });
    await ask('reset-coordinator@tdk.test');
    const token = await tokenSentTo('reset-coordinator@tdk.test');

    const done = await choose(token, 'a brand new gate password');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.done });
    expect(done.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(await me(session)).toBeNull();
    expect((await login('reset-coordinator@tdk.test', TEST_STAFF_PASSWORD)).status).toBe(401);
    expect((await login('reset-coordinator@tdk.test', 'a brand new gate password')).status).toBe(200);

    const again = await choose(token, 'yet another new password');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(PASSWORD_RESET_MESSAGES.used);
    const [entry] = await t.db.query((db) =>
      db.select().from(auditLog).where(eq(auditLog.action, 'password_reset')).orderBy(desc(auditLog.id)),
    );
    expect(entry).toMatchObject({ actorUserId: staff.id, entity: 'staff_user', entityId: String(staff.id) });
  });

  it('refuses a weak password without spending the link, and a made-up link', async () => {
    await ensureTestStaff(t, 'support', 'weak-support@tdk.test');
    await ask('weak-support@tdk.test');
    const token = await tokenSentTo('weak-support@tdk.test');

    const short = await choose(token, 'short');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toMatch(/at least 12/);
    const common = await choose(token, 'password1234');
    expect(common.status).toBe(400);
    expect(((await common.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toMatch(/too common/);
    expect((await choose(token, 'a strong enough passphrase')).status).toBe(200);

    const madeUp = await choose('x'.repeat(43), 'a strong enough passphrase');
    expect(madeUp.status).toBe(400);
    expect(((await madeUp.json()) as { error: { message: string } }).error.message).toBe(PASSWORD_RESET_MESSAGES.invalid);
  });

  it('refuses a link after its 30 minutes', async () => {
    await ensureTestStaff(t, 'support', 'late-support@tdk.test');
    const asked = new Date('2026-11-24T10:00:00Z');
    await t.db.transaction((tx) =>
      requestPasswordReset(tx, t.env, { email: 'late-support@tdk.test', ip: freshAddress() }, asked),
    );
    const token = await tokenSentTo('late-support@tdk.test');
    const passwordHash = await hashStaffPassword('a strong enough passphrase');
    const use = (minutes: number) =>
      t.db.transaction((tx) =>
        completePasswordReset(tx, { token, passwordHash, ip: '203.0.113.200' }, new Date(asked.getTime() + minutes * 60_000)),
      );
    await expect(use(30)).rejects.toEqual(new PasswordResetRefusal('expired'));
    await expect(use(29.9)).resolves.toEqual({ email: 'late-support@tdk.test' });
  });
});
