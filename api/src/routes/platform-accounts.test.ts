// A whole staff account on the platform's side (decision 061): a platform admin finds a person who
// works for two organisers by e-mail, sees both memberships, switches the account off (sign-in
// refused, sessions ended, no reset link) and on again, and resets the two-factor that neither
// organisation's admin may reset; each change is the platform's own audit entry.
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_MESSAGES, type PlatformAccount } from '../contract';
import { auditLog, emailOutbox, staffUsers } from '../db/schema';
import { EMAIL_KINDS } from '../mail/kinds';
import { createTestOrganisation } from '../testing/organisations';
import { ensureTestStaff, jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let platformAdmin: string;
let platformAdminId: number;
let orgA: number;
let orgB: number;
let adminA: string;
const suffix = randomBytes(3).toString('hex');
const PASSWORD = 'kavya-own-password-42';

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  const adminEmail = `accounts-platform-admin-${suffix}@tdk.test`;
  platformAdmin = await staffCookie(t, 'support', adminEmail, { platformRole: 'platform_admin' });
  platformAdminId = (await ensureTestStaff(t, 'support', adminEmail, { platformRole: 'platform_admin' })).id;
  orgA = await t.db.query((db) => createTestOrganisation(db, { slug: `accounts-a-${suffix}`, displayName: 'Harbour Harriers' }));
  orgB = await t.db.query((db) => createTestOrganisation(db, { slug: `accounts-b-${suffix}`, displayName: 'Valley Velo' }));
  adminA = await staffCookie(t, 'admin', `accounts-admin-a-${suffix}@tdk.test`, { organisationId: orgA });
});
afterAll(() => t.close());

const send = async (method: string, path: string, cookie = platformAdmin) => {
  const res = await t.app.request(path, jsonRequest(method, undefined, cookie));
  return {
    status: res.status,
    body: (await res.json()) as {
      account?: PlatformAccount;
      accounts?: PlatformAccount[];
      error?: { code: string; message: string };
    },
  };
};
/** Whom the session cookie opens a session for: null once its sessions ended. */
const sessionUser = async (cookie: string) =>
  (
    (await (await t.app.request('/api/auth/me', jsonRequest('GET', undefined, cookie))).json()) as {
      user: { email: string } | null;
    }
  ).user;
const login = (email: string, password = PASSWORD) => t.app.request('/api/auth/login', jsonRequest('POST', { email, password }));

/** A person who is A's manager and B's coordinator, signed in: their session cookie and account id. */
async function personOfTwoOrganisers(name: string) {
  const email = `${name}-${suffix}@club.test`;
  const created = await t.app.request(
    '/api/admin/users',
    jsonRequest('POST', { email, fullName: 'Kavya Iyer', role: 'manager', password: PASSWORD }, adminA),
  );
  expect(created.status).toBe(201);
  const adminB = await staffCookie(t, 'admin', `accounts-admin-b-${suffix}@tdk.test`, { organisationId: orgB });
  expect(
    (await t.app.request('/api/admin/users', jsonRequest('POST', { email, fullName: 'Kavya', role: 'coordinator' }, adminB)))
      .status,
  ).toBe(201);
  const signedIn = await login(email);
  expect(signedIn.status).toBe(200);
  const [row] = await t.db.query((db) => db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)));
  return { email, id: row!.id, cookie: signedIn.headers.get('set-cookie')!.split(';')[0]! };
}

const platformEntries = (id: number, action: string) =>
  t.db.query((db) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff_account'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id)),
  );

describe('/api/platform/accounts', () => {
  it('finds an account by part of its e-mail, with each organisation it works for', async () => {
    const person = await personOfTwoOrganisers('kavya-find');
    const found = await send(
      'GET',
      `/api/platform/accounts?email=${encodeURIComponent(person.email.slice(0, 10).toUpperCase())}`,
    );
    expect(found.status).toBe(200);
    const account = found.body.accounts!.find((a) => a.id === person.id)!;
    expect(account).toMatchObject({ email: person.email, fullName: 'Kavya Iyer', platformRole: null, disabled: false });
    expect(account.memberships.map((m) => [m.displayName, m.role, m.disabled])).toEqual([
      ['Harbour Harriers', 'manager', false],
      ['Valley Velo', 'coordinator', false],
    ]);
    expect((await send('GET', `/api/platform/accounts/${person.id}`)).body.account).toEqual(account);
    // Too short a text to search by, and no such account.
    const short = await send('GET', '/api/platform/accounts?email=ka');
    expect(short.status).toBe(400);
    expect(short.body.error!.message).toBe(PLATFORM_ACCOUNT_MESSAGES.searchTooShort);
    expect((await send('GET', '/api/platform/accounts?email=nobody-has-this')).body.accounts).toEqual([]);
    expect((await send('GET', '/api/platform/accounts/999999')).status).toBe(404);
  });

  it('switches the whole account off: sign-in refused, its session ended, no reset link; on again, it signs in to both', async () => {
    const person = await personOfTwoOrganisers('kavya-off');
    expect(await sessionUser(person.cookie)).toMatchObject({ email: person.email });
    const disabled = await send('POST', `/api/platform/accounts/${person.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.account).toMatchObject({ disabled: true });
    // Its memberships are untouched: the account, not an organisation's membership, is off.
    expect(disabled.body.account!.memberships.map((m) => m.disabled)).toEqual([false, false]);

    expect(await sessionUser(person.cookie)).toBeNull();
    const refused = await login(person.email);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('account_disabled');
    expect((await t.app.request('/api/auth/password-reset', jsonRequest('POST', { email: person.email }))).status).toBe(200);
    const links = await t.db.query((db) => db.select().from(emailOutbox));
    expect(links.filter((e) => e.kind === EMAIL_KINDS.passwordReset && JSON.stringify(e).includes(person.email))).toEqual([]);

    const [entry] = await platformEntries(person.id, 'disable');
    expect(entry).toMatchObject({ organisationId: null, actorUserId: platformAdminId });
    expect(entry!.detail).toMatchObject({ email: person.email, sessionsRevoked: true });

    const enabled = await send('POST', `/api/platform/accounts/${person.id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.account).toMatchObject({ disabled: false });
    expect((await login(person.email)).status).toBe(200);
    expect(await platformEntries(person.id, 'enable')).toHaveLength(1);
    // Enabling an enabled account changes nothing and writes no entry.
    expect((await send('POST', `/api/platform/accounts/${person.id}/enable`)).status).toBe(200);
    expect(await platformEntries(person.id, 'enable')).toHaveLength(1);
  });

  it("resets a shared account's two-factor, which its organisation's admin may not", async () => {
    const person = await personOfTwoOrganisers('kavya-2fa');
    // Enrolled (as the enrolment would leave it).
    await t.db.transaction((tx) =>
      tx
        .update(staffUsers)
        .set({ twoFactorSecret: 'JBSWY3DPEHPK3PXP', twoFactorEnabledAt: new Date().toISOString() })
        .where(eq(staffUsers.id, person.id)),
    );
    expect((await t.app.request(`/api/admin/users/${person.id}/two-factor/reset`, jsonRequest('POST', {}, adminA))).status).toBe(
      409,
    );
    expect((await send('GET', `/api/platform/accounts/${person.id}`)).body.account!.twoFactorEnabled).toBe(true);

    const reset = await send('POST', `/api/platform/accounts/${person.id}/two-factor/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.account).toMatchObject({ twoFactorEnabled: false, disabled: false });
    // Its sessions end; it signs in again and enrols anew.
    expect(await sessionUser(person.cookie)).toBeNull();
    const [entry] = await platformEntries(person.id, 'two_factor_reset');
    expect(entry).toMatchObject({ organisationId: null });
    expect(entry!.detail).toMatchObject({ email: person.email, wasEnrolled: true });
    expect((await send('POST', '/api/platform/accounts/999999/two-factor/reset')).status).toBe(404);
  });

  it('refuses to switch off the asking admin themselves; another platform admin may be', async () => {
    const own = await send('POST', `/api/platform/accounts/${platformAdminId}/disable`);
    expect(own.status).toBe(409);
    expect(own.body.error!.message).toBe(PLATFORM_ACCOUNT_MESSAGES.ownAccount);
    expect(await platformEntries(platformAdminId, 'disable')).toEqual([]);
    expect((await login(`accounts-platform-admin-${suffix}@tdk.test`, 'x')).status).not.toBe(403);
    const other = await ensureTestStaff(t, 'support', `accounts-other-admin-${suffix}@tdk.test`, {
      platformRole: 'platform_admin',
    });
    const switched = await send('POST', `/api/platform/accounts/${other.id}/disable`);
    expect(switched.status).toBe(200);
    expect(switched.body.account).toMatchObject({ platformRole: 'platform_admin', disabled: true });
    expect((await send('POST', '/api/platform/accounts/999999/disable')).status).toBe(404);
  });
});
