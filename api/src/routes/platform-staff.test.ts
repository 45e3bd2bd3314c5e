// The platform's own staff (decision 058): a platform admin makes an organiser's staff member
// platform support without touching their password, creates a new platform admin, and cannot leave
// the platform without one; each change is audited as the platform's, and takes effect at once.
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_STAFF_MESSAGES, type PlatformStaffMember, type PlatformStaffResponse } from '../contract';
import { auditLog } from '../db/schema';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let platformAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  platformAdmin = await staffCookie(t, 'support', `platform-admin-${randomBytes(3).toString('hex')}@tdk.test`, {
    platformRole: 'platform_admin',
  });
});
afterAll(() => t.close());

const send = async (method: string, path: string, body?: unknown, cookie = platformAdmin) => {
  const res = await t.app.request(path, jsonRequest(method, body, cookie));
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & {
      error?: { code: string; message: string; fields?: Record<string, string> };
    },
  };
};
const login = (email: string, password: string) => t.app.request('/api/auth/login', jsonRequest('POST', { email, password }));
const staffList = async () => ((await send('GET', '/api/platform/staff')).body as unknown as PlatformStaffResponse).staff;

describe('/api/platform/staff', () => {
  it("makes an organiser's manager platform support: their password stays theirs, and they review the queue at once", async () => {
    const email = `manager-${randomBytes(3).toString('hex')}@club.test`;
    // An organisation's manager, with a password of their own.
    const admin = await staffCookie(t, 'admin');
    const created = await t.app.request(
      '/api/admin/users',
      jsonRequest('POST', { email, fullName: 'Ira Sen', role: 'manager', password: 'ira-own-password-42' }, admin),
    );
    expect(created.status).toBe(201);
    const manager = await login(email, 'ira-own-password-42');
    const managerCookie = manager.headers.get('set-cookie')!.split(';')[0]!;
    expect((await t.app.request('/api/platform/events', jsonRequest('GET', undefined, managerCookie))).status).toBe(403);

    const added = await send('POST', '/api/platform/staff', {
      email: email.toUpperCase(),
      fullName: 'Someone Else',
      platformRole: 'platform_support',
      password: 'a-password-nobody-uses-9',
    });
    expect(added.status).toBe(201);
    expect(added.body.existingAccount).toBe(true);
    expect(added.body.member).toMatchObject({ email, fullName: 'Ira Sen', platformRole: 'platform_support', memberships: 1 });

    // The same session now reads the review queue; the old password still signs in, the one sent does not.
    expect((await t.app.request('/api/platform/events', jsonRequest('GET', undefined, managerCookie))).status).toBe(200);
    expect((await login(email, 'ira-own-password-42')).status).toBe(200);
    expect((await login(email, 'a-password-nobody-uses-9')).status).toBe(401);
    expect((await staffList()).map((m) => m.email)).toContain(email);

    // Granting it twice is refused on the e-mail field.
    const again = await send('POST', '/api/platform/staff', { email, fullName: 'Ira Sen', platformRole: 'platform_admin' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'conflict', fields: { email: PLATFORM_STAFF_MESSAGES.alreadyStaff } });

    // Withdrawn: the queue is closed to them again, and their organisation's console is not.
    const id = (added.body.member as PlatformStaffMember).id;
    const withdrawn = await send('PATCH', `/api/platform/staff/${id}`, { platformRole: null });
    expect(withdrawn).toMatchObject({ status: 200, body: { member: null } });
    expect((await t.app.request('/api/platform/events', jsonRequest('GET', undefined, managerCookie))).status).toBe(403);
    expect((await t.app.request('/api/admin/events', jsonRequest('GET', undefined, managerCookie))).status).toBe(200);
    expect((await staffList()).map((m) => m.email)).not.toContain(email);

    // Audited as the platform's own entries, with who and what.
    const entries = await t.db.query((db) =>
      db
        .select({ action: auditLog.action, organisationId: auditLog.organisationId, actorEmail: auditLog.actorEmail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'platform_staff'), eq(auditLog.entityId, String(id))))
        .orderBy(asc(auditLog.id)),
    );
    expect(entries.map(({ action, organisationId }) => ({ action, organisationId }))).toEqual([
      { action: 'grant', organisationId: null },
      { action: 'revoke', organisationId: null },
    ]);
    expect(entries[0]!.actorEmail).toMatch(/^platform-admin-/);
  });

  it('creates a new account with the password given, and asks for one when no account has the e-mail', async () => {
    const email = `ops-${randomBytes(3).toString('hex')}@tdk.test`;
    const withoutPassword = await send('POST', '/api/platform/staff', {
      email,
      fullName: 'Tara Nair',
      platformRole: 'platform_admin',
    });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.error).toMatchObject({
      code: 'validation_error',
      fields: { password: PLATFORM_STAFF_MESSAGES.passwordForNewAccount },
    });
    expect((await staffList()).map((m) => m.email)).not.toContain(email);

    const bad = await send('POST', '/api/platform/staff', { email, fullName: 'Tara Nair', platformRole: 'owner', password: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toMatchObject({ platformRole: PLATFORM_STAFF_MESSAGES.roleRequired });

    const added = await send('POST', '/api/platform/staff', {
      email,
      fullName: 'Tara Nair',
      platformRole: 'platform_admin',
      password: 'tara-platform-pass-77',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      existingAccount: false,
      member: { email, platformRole: 'platform_admin', memberships: 0 },
    });
    const signedIn = await login(email, 'tara-platform-pass-77');
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ platformRole: 'platform_admin' });
  });

  it('keeps the last platform admin: demoting every other one works, the last is refused', async () => {
    const admins = (await staffList()).filter((m) => m.platformRole === 'platform_admin' && !m.disabled);
    expect(admins.length).toBeGreaterThan(0);
    // Everyone but the signed-in admin steps down to support, one by one.
    const me = (await (await t.app.request('/api/auth/me', jsonRequest('GET', undefined, platformAdmin))).json()) as {
      user: { id: number };
    };
    for (const other of admins.filter((m) => m.id !== me.user.id)) {
      expect((await send('PATCH', `/api/platform/staff/${other.id}`, { platformRole: 'platform_support' })).status).toBe(200);
    }
    const last = await send('PATCH', `/api/platform/staff/${me.user.id}`, { platformRole: null });
    expect(last.status).toBe(409);
    expect(last.body.error).toMatchObject({ code: 'conflict', message: PLATFORM_STAFF_MESSAGES.lastPlatformAdmin });
    expect((await staffList()).find((m) => m.id === me.user.id)?.platformRole).toBe('platform_admin');
    // Put back as they were, for the file's other tests in any order.
    for (const other of admins.filter((m) => m.id !== me.user.id)) {
      expect((await send('PATCH', `/api/platform/staff/${other.id}`, { platformRole: 'platform_admin' })).status).toBe(200);
    }
  });

  it('answers 404 for an account that is no platform staff', async () => {
    const member = await staffCookie(t, 'coordinator', `coordinator-${randomBytes(3).toString('hex')}@tdk.test`);
    const me = (await (await t.app.request('/api/auth/me', jsonRequest('GET', undefined, member))).json()) as {
      user: { id: number };
    };
    const res = await send('PATCH', `/api/platform/staff/${me.user.id}`, { platformRole: 'platform_support' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', message: PLATFORM_STAFF_MESSAGES.notFound });
  });
});
