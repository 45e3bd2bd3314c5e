// Memberships per organisation (issue 41, decision 057): an organisation's admin manages their
// organisation's memberships, never another organisation's access to the same person, and never the
// name, password or two-factor of an account that is not their organisation's alone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type AddedStaffResponse, type MeResponse, type StaffAccount } from '../contract';
import { auditLog, emailOutbox, memberships, organisations, staffUsers } from '../db/schema';
import { createTestOrganisation, testOrganisationId } from '../testing/organisations';
import { jsonRequest, staffCookie, TEST_STAFF_PASSWORD } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
/** Organisation A's admin (the first organisation): the one acting. */
let adminA: string;
let orgA: number;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await staffCookie(t, 'admin');
  orgA = await t.db.query((db) => testOrganisationId(db));
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown, cookie = adminA) =>
  t.app.request(path, jsonRequest(method, body, cookie));
const json = async <T>(res: Response) => (await res.json()) as T;
let ip = 10;
/** A sign-in from an address of its own, so the rate limits of one test never touch another's. */
const loginWith = (email: string, password: string) =>
  t.app.request('/api/auth/login', {
    ...jsonRequest('POST', { email, password }),
    headers: { ...(jsonRequest('POST', {}).headers as Record<string, string>), 'X-Forwarded-For': `192.0.2.${ip++}` },
  });
const me = async (cookie: string) => json<MeResponse>(await t.app.request('/api/auth/me', { headers: { cookie } }));
const auditOf = (id: number, action: string) =>
  t.db.query((db) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action))),
  );
const usersOf = async (cookie: string) =>
  (await json<{ users: StaffAccount[] }>(await send('GET', '/api/admin/users', undefined, cookie))).users;

/**
 * Each test's own person: the admin of an organisation B of its own, added to A as support when
 * `addedToA` (as A's admin would add them), so no test leans on another's changes.
 */
async function bravo(tag: string, addedToA: boolean) {
  const email = `bravo-${tag}@shared.test`;
  const orgB = await t.db.query((db) => createTestOrganisation(db, { slug: `bravo-${tag}`, displayName: `Bravo ${tag}` }));
  const adminB = await staffCookie(t, 'admin', email, { organisationId: orgB });
  const id = (await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.email, email))))[0]!.id;
  if (addedToA)
    expect((await send('POST', '/api/admin/users', { email, fullName: 'Ignored', role: 'support' })).status).toBe(201);
  return { email, orgB, adminB, id };
}

describe('adding a person who already works with another organiser', () => {
  it('adds the existing account with the role, keeps its password, says so and e-mails the person', async () => {
    const { email: B_ADMIN, orgB, id: bAdminId } = await bravo('add', false);
    const res = await send('POST', '/api/admin/users', {
      email: ` ${B_ADMIN.toUpperCase()} `,
      fullName: 'Ignored Name',
      role: 'support',
    });
    expect(res.status).toBe(201);
    const body = await json<AddedStaffResponse>(res);
    expect(body.existingAccount).toBe(true);
    expect(body.message).toMatch(
      new RegExp(`^${B_ADMIN} already has a .+ account: they sign in with their own password and now see your organisation$`),
    );
    expect(body.user).toMatchObject({
      id: bAdminId,
      email: B_ADMIN,
      fullName: 'Test admin',
      role: 'support',
      disabled: false,
      sharedAccount: true,
    });

    // Their own password still opens the account, which now lists both organisations.
    const login = await loginWith(B_ADMIN, TEST_STAFF_PASSWORD);
    expect(login.status).toBe(200);
    expect((await json<MeResponse>(login)).organisations!.map((o) => o.id).sort()).toEqual([orgA, orgB].sort());

    const [notice] = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'member_added'), eq(emailOutbox.to, B_ADMIN))),
    );
    const [a] = await t.db.query((db) => db.select().from(organisations).where(eq(organisations.id, orgA)));
    expect(notice?.subject).toContain(`You are now a member of ${a!.displayName}`);
    expect(notice?.text).toContain('Sign in with your own password');
    const [entry] = await auditOf(bAdminId, 'add_member');
    expect(entry).toMatchObject({ actorEmail: 'test-admin@tdk.test', organisationId: orgA });
    expect(entry!.detail).toEqual({ email: B_ADMIN, role: 'support', existingAccount: true });
  });

  it('answers 409 for an e-mail already a member here, and 400 on the password for a new account without one', async () => {
    const { email: B_ADMIN } = await bravo('again', true);
    const again = await send('POST', '/api/admin/users', { email: B_ADMIN, fullName: 'Again', role: 'support' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'conflict', message: STAFF_MESSAGES.alreadyMember(B_ADMIN) } });

    const noPassword = await send('POST', '/api/admin/users', {
      email: 'brand-new@shared.test',
      fullName: 'New',
      role: 'support',
    });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({
      error: { code: 'validation_error', fields: { password: STAFF_MESSAGES.passwordRequired } },
    });
    const rows = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.email, 'brand-new@shared.test')));
    expect(rows).toEqual([]);
  });
});

describe("a shared account's name, password and two-factor", () => {
  it("A's admin cannot set B's admin's password, name or two-factor (409); B's admin still signs in with the old one", async () => {
    const { email: B_ADMIN, id: bAdminId, adminB, orgB } = await bravo('shared', true);
    for (const [path, method, body] of [
      [`/api/admin/users/${bAdminId}`, 'PATCH', { password: 'a-takeover-password' }],
      [`/api/admin/users/${bAdminId}`, 'PATCH', { fullName: 'Taken Over' }],
      [`/api/admin/users/${bAdminId}/two-factor/reset`, 'POST', {}],
    ] as const) {
      const res = await send(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(await res.json()).toEqual({ error: { code: 'conflict', message: STAFF_MESSAGES.sharedAccount } });
    }
    expect((await loginWith(B_ADMIN, 'a-takeover-password')).status).toBe(401);
    expect((await loginWith(B_ADMIN, TEST_STAFF_PASSWORD)).status).toBe(200);
    const [account] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.id, bAdminId)));
    expect(account!.fullName).toBe('Test admin');
    // B's session was not ended by any of it.
    expect((await me(adminB)).organisation?.id).toBe(orgB);
  });

  it('a platform admin who is a member of A alone is shared too', async () => {
    await staffCookie(t, 'support', 'platform-staff@shared.test', { platformRole: 'platform_admin' });
    const listed = (await usersOf(adminA)).find((u) => u.email === 'platform-staff@shared.test')!;
    expect(listed.sharedAccount).toBe(true);
    expect((await send('PATCH', `/api/admin/users/${listed.id}`, { password: 'a-takeover-password' })).status).toBe(409);
    // An account of A alone is A's to manage.
    expect((await usersOf(adminA)).find((u) => u.email === 'test-admin@tdk.test')!.sharedAccount).toBe(false);
  });
});

describe('disabling is per membership', () => {
  it("disabling the membership in A leaves the person signed into B, and A's role change is allowed", async () => {
    const { email: B_ADMIN, id: bAdminId, adminB, orgB } = await bravo('disable', true);
    expect((await send('PATCH', `/api/admin/users/${bAdminId}`, { role: 'coordinator' })).status).toBe(200);
    const inA = await staffCookie(t, 'admin', B_ADMIN, { organisationId: orgA });
    expect((await me(inA)).organisation?.id).toBe(orgA);

    const res = await send('PATCH', `/api/admin/users/${bAdminId}`, { disabled: true });
    expect(res.status).toBe(200);
    expect((await json<{ user: StaffAccount }>(res)).user).toMatchObject({ disabled: true, role: 'coordinator' });

    // Their B session goes on as before; A is no longer among their organisations.
    const inB = await me(adminB);
    expect(inB.organisation?.id).toBe(orgB);
    expect(inB.user?.role).toBe('admin');
    expect(inB.organisations!.map((o) => o.id)).toEqual([orgB]);
    expect((await send('GET', '/api/admin/users', undefined, adminB)).status).toBe(200);
    // A session that was acting in A moves to B at its next request; switching back is refused.
    expect((await me(inA)).organisation?.id).toBe(orgB);
    expect((await send('POST', '/api/auth/organisation', { organisationId: orgA }, inA)).status).toBe(404);
    // Sign-in still works and lists B only.
    const login = await loginWith(B_ADMIN, TEST_STAFF_PASSWORD);
    expect(login.status).toBe(200);
    expect((await json<MeResponse>(login)).organisations!.map((o) => o.id)).toEqual([orgB]);
    // B's Users screen still shows them enabled; A's shows the membership disabled.
    expect((await usersOf(adminB)).find((u) => u.id === bAdminId)).toMatchObject({ disabled: false, sharedAccount: true });
    expect((await usersOf(adminA)).find((u) => u.id === bAdminId)).toMatchObject({ disabled: true });
    const [account] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.id, bAdminId)));
    expect(account!.disabled).toBe(false);

    expect((await send('PATCH', `/api/admin/users/${bAdminId}`, { disabled: false })).status).toBe(200);
    expect((await me(adminB)).organisations!.map((o) => o.id).sort()).toEqual([orgA, orgB].sort());
  });

  it("disabling an account's only membership signs it out and refuses its sign-in", async () => {
    const created = await json<AddedStaffResponse>(
      await send('POST', '/api/admin/users', {
        email: 'only-a@shared.test',
        fullName: 'Only A',
        role: 'manager',
        password: 'only-a-password-1',
      }),
    );
    expect(created).toMatchObject({ existingAccount: false, user: { sharedAccount: false } });
    const session = await staffCookie(t, 'manager', 'only-a@shared.test');
    expect((await send('PATCH', `/api/admin/users/${created.user.id}`, { disabled: true })).status).toBe(200);
    expect((await me(session)).user).toBeNull();
    expect((await loginWith('only-a@shared.test', 'only-a-password-1')).status).toBe(403);
    // Nor does a forgotten-password link go out for it.
    expect((await send('POST', '/api/auth/password-reset', { email: 'only-a@shared.test' }, '')).status).toBe(200);
    const links = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'password_reset'), eq(emailOutbox.to, 'only-a@shared.test'))),
    );
    expect(links).toEqual([]);
    // (An enabled member asking the same way gets one.)
    await send('POST', '/api/auth/password-reset', { email: 'test-admin@tdk.test' }, '');
    const control = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'password_reset'), eq(emailOutbox.to, 'test-admin@tdk.test'))),
    );
    expect(control).toHaveLength(1);
  });
});

describe('DELETE /api/admin/users/:id: remove from organisation', () => {
  it('removes a shared member from A only, audited; they keep B; a second removal and a non-member answer 404', async () => {
    const { email: B_ADMIN, id: bAdminId, adminB, orgB } = await bravo('remove', true);
    const res = await send('DELETE', `/api/admin/users/${bAdminId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: true, accountDisabled: false });
    expect((await usersOf(adminA)).some((u) => u.id === bAdminId)).toBe(false);
    expect((await me(adminB)).organisations!.map((o) => o.id)).toEqual([orgB]);
    expect((await loginWith(B_ADMIN, TEST_STAFF_PASSWORD)).status).toBe(200);
    const [entry] = await auditOf(bAdminId, 'remove_member');
    expect(entry).toMatchObject({ actorEmail: 'test-admin@tdk.test', organisationId: orgA, entity: 'staff_user' });
    expect(entry!.detail).toEqual({ email: B_ADMIN, role: 'support' });

    expect((await send('DELETE', `/api/admin/users/${bAdminId}`)).status).toBe(404);
    const onlyB = await staffCookie(t, 'manager', 'only-b-remove@shared.test', { organisationId: orgB });
    const onlyBId = (await usersOf(adminB)).find((u) => u.email === 'only-b-remove@shared.test')!.id;
    expect(onlyB).toBeTruthy();
    const notMember = await send('DELETE', `/api/admin/users/${onlyBId}`);
    expect(notMember.status).toBe(404);
    expect(await t.db.query((db) => db.select().from(memberships).where(eq(memberships.staffUserId, onlyBId)))).toHaveLength(1);
  });

  it('disables an account left with no organisation; adding its e-mail again brings it back with its own password', async () => {
    const created = await json<AddedStaffResponse>(
      await send('POST', '/api/admin/users', {
        email: 'leaver@shared.test',
        fullName: 'Leaver',
        role: 'support',
        password: 'leaver-password-1',
      }),
    );
    const session = await staffCookie(t, 'support', 'leaver@shared.test');
    const res = await send('DELETE', `/api/admin/users/${created.user.id}`);
    expect(await res.json()).toEqual({ removed: true, accountDisabled: true });
    expect((await me(session)).user).toBeNull();
    expect((await loginWith('leaver@shared.test', 'leaver-password-1')).status).toBe(403);
    const [entry] = await auditOf(created.user.id, 'remove_member');
    expect(entry!.detail).toEqual({ email: 'leaver@shared.test', role: 'support', accountDisabled: true, sessionsRevoked: true });

    const back = await send('POST', '/api/admin/users', { email: 'leaver@shared.test', fullName: 'Leaver', role: 'support' });
    expect(back.status).toBe(201);
    expect(await json<AddedStaffResponse>(back)).toMatchObject({ existingAccount: true, user: { disabled: false } });
    expect((await loginWith('leaver@shared.test', 'leaver-password-1')).status).toBe(200);
  });

  it('the last admin can neither be removed nor remove themselves; with a second admin they may leave', async () => {
    const orgC = await t.db.query((db) => createTestOrganisation(db, { slug: 'charlie-shared' }));
    const adminC = await staffCookie(t, 'admin', 'charlie-admin@shared.test', { organisationId: orgC });
    const cId = (await usersOf(adminC)).find((u) => u.email === 'charlie-admin@shared.test')!.id;
    const self = await send('DELETE', `/api/admin/users/${cId}`, undefined, adminC);
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: { code: 'conflict', message: STAFF_MESSAGES.lastAdminRemoved } });
    expect((await usersOf(adminC)).map((u) => u.id)).toEqual([cId]);

    // A disabled second admin does not count.
    const second = await json<AddedStaffResponse>(
      await send(
        'POST',
        '/api/admin/users',
        { email: 'charlie-two@shared.test', fullName: 'Two', role: 'admin', password: 'charlie-two-pass' },
        adminC,
      ),
    );
    await send('PATCH', `/api/admin/users/${second.user.id}`, { disabled: true }, adminC);
    expect((await send('DELETE', `/api/admin/users/${cId}`, undefined, adminC)).status).toBe(409);
    await send('PATCH', `/api/admin/users/${second.user.id}`, { disabled: false }, adminC);
    const left = await send('DELETE', `/api/admin/users/${cId}`, undefined, adminC);
    expect(left.status).toBe(200);
    expect(await left.json()).toEqual({ removed: true, accountDisabled: true });
    // Now the other one is the last.
    const twoSession = await staffCookie(t, 'admin', 'charlie-two@shared.test', { organisationId: orgC });
    expect((await send('DELETE', `/api/admin/users/${second.user.id}`, undefined, twoSession)).status).toBe(409);
  });
});
