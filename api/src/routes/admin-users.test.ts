import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEGAL_TEXT_DEFAULTS,
  SETTINGS_DEFAULTS,
  type AuditLogResponse,
  type ParticipantsResponse,
  type PlatformConfig,
  type PlatformSettings,
  type SportEvent,
  type StaffAccount,
} from '../contract';
import { anEventInput } from '../testing/catalogue';
import { auditLog, registrations, staffUsers } from '../db/schema';
import { recordAudit } from '../services/audit';
import { ensureTestStaff, jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testOrganisationId } from '../testing/organisations';
import { inOwnEvents } from '../db/tenancy';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffCookie(t, 'admin');
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  t.app.request(path, jsonRequest(method, body, cookie));
const json = async <T>(res: Response) => (await res.json()) as T;
const loginWith = (email: string, password: string) =>
  t.app.request('/api/auth/login', {
    ...jsonRequest('POST', { email, password }),
    headers: { ...(jsonRequest('POST', {}).headers as Record<string, string>), 'X-Forwarded-For': '192.0.2.200' },
  });

describe('staff users', () => {
  it('GET lists accounts without any password hash', async () => {
    const res = await send('GET', '/api/admin/users');
    expect(res.status).toBe(200);
    const { users } = await json<{ users: StaffAccount[] }>(res);
    expect(users.length).toBeGreaterThanOrEqual(5); // 4 seeded demo accounts and the test admin
    for (const u of users) {
      expect(Object.keys(u).sort()).toEqual([
        'createdAt',
        'disabled',
        'email',
        'fullName',
        'id',
        'lastLoginAt',
        'role',
        'sharedAccount',
        'twoFactorEnabledAt',
      ]);
    }
    expect(JSON.stringify(users)).not.toContain('$argon2');
  });

  it('POST creates an account that can sign in (201), audited without the password', async () => {
    const res = await send('POST', '/api/admin/users', {
      email: ' New.Coordinator@TDK.test ',
      fullName: 'New Coordinator',
      role: 'coordinator',
      password: 'a-long-password',
    });
    expect(res.status).toBe(201);
    const { user } = await json<{ user: StaffAccount }>(res);
    expect(user).toMatchObject({
      email: 'new.coordinator@tdk.test',
      fullName: 'New Coordinator',
      role: 'coordinator',
      disabled: false,
      lastLoginAt: null,
    });
    const [row] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.id, user.id)));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    expect((await loginWith('new.coordinator@tdk.test', 'a-long-password')).status).toBe(200);

    const entry = (
      await t.db.query((db) =>
        db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(user.id))),
      )
    ).find((e) => e.action === 'create')!;
    expect(entry).toMatchObject({ actorEmail: 'test-admin@tdk.test', entity: 'staff_user' });
    expect(entry.detail).toEqual({ email: 'new.coordinator@tdk.test', fullName: 'New Coordinator', role: 'coordinator' });
    expect(JSON.stringify(entry)).not.toContain('a-long-password');
  });

  it('POST answers 409 for an e-mail in use and 400 with fields for bad input', async () => {
    const taken = await send('POST', '/api/admin/users', {
      email: 'TEST-ADMIN@tdk.test',
      fullName: 'X',
      role: 'support',
      password: 'long-enough-passphrase',
    });
    expect(taken.status).toBe(409);
    expect((await json<{ error: { code: string } }>(taken)).error.code).toBe('conflict');

    const bad = await send('POST', '/api/admin/users', { email: 'nope', fullName: '', role: 'owner', password: 'short' });
    expect(bad.status).toBe(400);
    const { error } = await json<{ error: { code: string; fields: Record<string, string> } }>(bad);
    expect(error.code).toBe('validation_error');
    expect(error.fields.password).toBe('Password must be at least 12 characters');
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'fullName', 'password', 'role']);

    // 64 characters and more are fine: no maximum under 64.
    const long = await send('POST', '/api/admin/users', {
      email: 'long@tdk.test',
      fullName: 'Long',
      role: 'support',
      password: 'tiger-'.repeat(17),
    });
    expect(long.status).toBe(201);
  });

  it('refuses a common password on create and on reset, on the password field (ASVS 6.2)', async () => {
    for (const password of ['qwerty123456', 'QWERTY123456', 'aaaaaaaaaaaaaaaa']) {
      const res = await send('POST', '/api/admin/users', {
        email: 'common@tdk.test',
        fullName: 'Common',
        role: 'support',
        password,
      });
      expect(res.status, password).toBe(400);
      expect((await json<{ error: { fields: Record<string, string> } }>(res)).error.fields).toEqual({
        password: 'This password is too common. Choose one that is harder to guess.',
      });
    }
    // 'password' and '12345678' were accepted before: now too short.
    for (const password of ['password', '12345678']) {
      const res = await send('POST', '/api/admin/users', {
        email: 'common@tdk.test',
        fullName: 'Common',
        role: 'support',
        password,
      });
      expect((await json<{ error: { fields: Record<string, string> } }>(res)).error.fields.password).toBe(
        'Password must be at least 12 characters',
      );
    }
    const reset = await send('PATCH', '/api/admin/users/1', { password: '1q2w3e4r5t6y' });
    expect(reset.status).toBe(400);
  });

  it('PATCH changes role and name; disabling or a new password ends the sessions', async () => {
    const created = await json<{ user: StaffAccount }>(
      await send('POST', '/api/admin/users', {
        email: 'patch-me@tdk.test',
        fullName: 'Patch Me',
        role: 'support',
        password: 'first-password',
      }),
    );
    const id = created.user.id;
    const session = await staffCookie(t, 'support', 'patch-me@tdk.test');

    const renamed = await send('PATCH', `/api/admin/users/${id}`, { fullName: 'Patched', role: 'manager' });
    expect(renamed.status).toBe(200);
    expect((await json<{ user: StaffAccount }>(renamed)).user).toMatchObject({ fullName: 'Patched', role: 'manager' });
    // A role change keeps the session, with the new role at once.
    expect((await t.app.request('/api/auth/me', { headers: { cookie: session } })).status).toBe(200);
    expect(
      (await json<{ user: { role: string } }>(await t.app.request('/api/auth/me', { headers: { cookie: session } }))).user.role,
    ).toBe('manager');

    expect((await send('PATCH', `/api/admin/users/${id}`, { password: 'second-password' })).status).toBe(200);
    expect((await t.app.request('/api/admin/events', { headers: { cookie: session } })).status).toBe(401);
    expect((await loginWith('patch-me@tdk.test', 'first-password')).status).toBe(401);
    expect((await loginWith('patch-me@tdk.test', 'second-password')).status).toBe(200);

    const again = await staffCookie(t, 'manager', 'patch-me@tdk.test');
    expect((await send('PATCH', `/api/admin/users/${id}`, { disabled: true })).status).toBe(200);
    expect((await t.app.request('/api/admin/events', { headers: { cookie: again } })).status).toBe(401);
    expect((await loginWith('patch-me@tdk.test', 'second-password')).status).toBe(403);

    const entries = (
      await t.db.query((db) =>
        db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(id)))
          .orderBy(auditLog.id),
      )
    ).filter((e) => e.action === 'update');
    expect(entries.map((e) => e.detail)).toEqual([
      {
        email: 'patch-me@tdk.test',
        changes: { fullName: { from: 'Patch Me', to: 'Patched' }, role: { from: 'support', to: 'manager' } },
      },
      { email: 'patch-me@tdk.test', changes: {}, passwordReset: true, sessionsRevoked: true },
      { email: 'patch-me@tdk.test', changes: { disabled: { from: false, to: true } }, sessionsRevoked: true },
    ]);
    expect(JSON.stringify(entries)).not.toContain('second-password');
  });

  it('PATCH answers 404 for an unknown account and 400 for an empty or unknown change', async () => {
    expect((await send('PATCH', '/api/admin/users/999999', { fullName: 'X' })).status).toBe(404);
    expect((await send('PATCH', '/api/admin/users/1', {})).status).toBe(400);
    expect((await send('PATCH', '/api/admin/users/1', { email: 'x@y.z' })).status).toBe(400);
    expect((await send('PATCH', '/api/admin/users/1', { password: 'short' })).status).toBe(400);
  });

  it('the last active admin can be neither demoted nor disabled', async () => {
    const solo = await createTestApp({}, { seed: false });
    try {
      const cookie = await staffCookie(solo, 'admin', 'only-admin@tdk.test');
      const [{ id }] = await solo.db.query((db) =>
        db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'only-admin@tdk.test')),
      );
      const call = (body: unknown) => solo.app.request(`/api/admin/users/${id}`, jsonRequest('PATCH', body, cookie));
      for (const change of [{ role: 'manager' }, { disabled: true }]) {
        const res = await call(change);
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({
          error: { code: 'conflict', message: 'The last active admin cannot be demoted or disabled' },
        });
      }
      // A disabled admin does not count as another admin.
      const other = await staffCookie(solo, 'admin', 'second-admin@tdk.test');
      await solo.db.query((db) =>
        db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.email, 'second-admin@tdk.test')),
      );
      expect((await call({ role: 'manager' })).status).toBe(409);
      // With a second enabled admin, the first may step down.
      await solo.db.query((db) =>
        db.update(staffUsers).set({ disabled: false }).where(eq(staffUsers.email, 'second-admin@tdk.test')),
      );
      expect((await call({ role: 'manager' })).status).toBe(200);
      expect(other).toBeTruthy();
    } finally {
      await solo.close();
    }
  });
});

describe('participants', () => {
  it('groups registrations by e-mail with stats that add up', async () => {
    const res = await send('GET', '/api/admin/participants');
    expect(res.status).toBe(200);
    const { participants, stats } = await json<ParticipantsResponse>(res);
    const rows = (
      await t.db.query(async (db) =>
        db
          .select()
          .from(registrations)
          .where(inOwnEvents(registrations.eventId, await testOrganisationId(db))),
      )
    ).filter((r) => r.email && !r.onHold);
    const emails = new Set(rows.map((r) => r.email.toLowerCase()));
    expect(participants.map((p) => p.id).sort()).toEqual([...emails].sort());
    expect(stats.totalUsers).toBe(emails.size);
    expect(stats.activeUsers).toBe(participants.filter((p) => p.status === 'Active').length);
    expect(stats.totalEventsJoined).toBe(participants.reduce((n, p) => n + p.eventsJoined, 0));
    for (const p of participants) {
      const own = rows.filter((r) => r.email.toLowerCase() === p.id);
      const live = own.filter((r) => r.status !== 'Cancelled');
      expect(p.status).toBe(live.length > 0 ? 'Active' : 'Inactive');
      expect(p.eventsJoined).toBe(new Set(live.map((r) => r.eventId)).size);
      expect(p.joinDate).toBe(own.map((r) => r.registrationDate).sort()[0]);
      expect(p.location).toBeTruthy();
    }
  });
});

describe('settings', () => {
  it('GET returns the settings; PUT validates, saves, is audited and shows in /api/config', async () => {
    const { settings } = await json<{ settings: PlatformSettings }>(await send('GET', '/api/admin/settings'));
    // The public pages' texts left empty read as the standard ones (contract/legal.ts).
    expect(settings).toEqual({
      ...SETTINGS_DEFAULTS,
      termsText: LEGAL_TEXT_DEFAULTS.terms,
      privacyText: LEGAL_TEXT_DEFAULTS.privacy,
      refundPolicyText: LEGAL_TEXT_DEFAULTS.refunds,
      contactText: LEGAL_TEXT_DEFAULTS.contact,
    });

    // The platform's settings are a platform admin's to change (decision 051).
    const platformAdmin = await staffCookie(t, 'admin', 'settings-platform@tdk.test', { platformRole: 'platform_admin' });
    expect((await send('PUT', '/api/admin/settings', settings)).status).toBe(403);
    const bad = await send(
      'PUT',
      '/api/admin/settings',
      {
        ...settings,
        primaryColor: 'orange',
        platformCommissionPercent: 101,
        maxEventCapacity: 0,
      },
      platformAdmin,
    );
    expect(bad.status).toBe(400);
    const { error } = await json<{ error: { fields: Record<string, string> } }>(bad);
    expect(Object.keys(error.fields).sort()).toEqual(['maxEventCapacity', 'platformCommissionPercent', 'primaryColor']);

    const next = { ...settings, platformName: 'TDK Games', primaryColor: '#112233', bookingWindowDays: 120 };
    const res = await send('PUT', '/api/admin/settings', next, platformAdmin);
    expect(res.status).toBe(200);
    expect((await json<{ settings: PlatformSettings }>(res)).settings).toEqual(next);
    const config = await json<PlatformConfig>(await t.app.request('/api/config'));
    expect(config).toMatchObject({ platformName: 'TDK Games', primaryColor: '#112233' });

    const entry = (
      await t.db.query((db) => db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(auditLog.id))
    ).at(-1)!;
    expect(entry.detail).toEqual({
      changes: {
        platformName: { from: 'TDK Sports', to: 'TDK Games' },
        primaryColor: { from: SETTINGS_DEFAULTS.primaryColor, to: '#112233' },
        bookingWindowDays: { from: SETTINGS_DEFAULTS.bookingWindowDays, to: 120 },
      },
    });
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first, pages with limit and before, and caps limit at 200', async () => {
    // Entries of its own to page through, whichever tests ran before.
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) {
        await recordAudit(tx, { actorUserId: null, actorEmail: 'system', action: 'update', entity: 'test', entityId: i });
      }
    });
    const first = await json<AuditLogResponse>(await send('GET', '/api/admin/audit?limit=2'));
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0].id).toBeGreaterThan(first.entries[1].id);
    expect(first.nextBefore).toBe(first.entries[1].id);
    const second = await json<AuditLogResponse>(await send('GET', `/api/admin/audit?limit=2&before=${first.nextBefore}`));
    expect(second.entries[0].id).toBeLessThan(first.entries[1].id);
    expect((await send('GET', '/api/admin/audit?limit=201')).status).toBe(400);
    const all = await json<AuditLogResponse>(await send('GET', '/api/admin/audit?limit=200'));
    const stored = await t.db.query(async (db) =>
      db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.organisationId, await testOrganisationId(db))),
    );
    expect(all.entries.length).toBe(Math.min(200, stored.length));
  });
});

describe('GET /api/admin/audit: names and filters', () => {
  it("names the member and the record, keeps each change's before and after, and narrows by who, what, action and day", async () => {
    const manager = await ensureTestStaff(t, 'manager', 'audit-manager@tdk.test');
    const managerCookie = await staffCookie(t, 'manager', 'audit-manager@tdk.test');
    const created = await json<{ event: SportEvent }>(
      await send('POST', '/api/admin/events', anEventInput({ title: 'Audit Swim' }), managerCookie),
    );
    const { event } = created;
    const updated = await send(
      'PUT',
      `/api/admin/events/${event.id}`,
      { ...anEventInput({ title: 'Audit Swim Renamed', maxParticipants: 350 }), updatedAt: event.updatedAt },
      managerCookie,
    );
    expect(updated.status).toBe(200);

    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const mine = await json<AuditLogResponse>(
      await send('GET', `/api/admin/audit?actor=${manager.id}&entity=event&from=${today}&to=${today}`),
    );
    expect(mine.entries.map((e) => e.action)).toEqual(['update', 'create']);
    for (const entry of mine.entries) {
      expect(entry).toMatchObject({ actorName: 'Test manager', entityId: String(event.id), subject: 'Audit Swim Renamed' });
    }
    expect(mine.entries[0]!.detail).toMatchObject({
      changes: { title: { from: 'Audit Swim', to: 'Audit Swim Renamed' }, maxParticipants: { from: 300, to: 350 } },
    });

    const onlyCreates = await json<AuditLogResponse>(await send('GET', `/api/admin/audit?actor=${manager.id}&action=create`));
    expect(onlyCreates.entries.map((e) => e.action)).toEqual(['create']);
    const yesterday = await json<AuditLogResponse>(await send('GET', `/api/admin/audit?actor=${manager.id}&to=2020-01-01`));
    expect(yesterday.entries).toEqual([]);
    const backwards = await send('GET', `/api/admin/audit?from=${today}&to=2020-01-01`);
    expect(backwards.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(backwards)).error.fields).toEqual({
      to: 'To must not be before From',
    });
    expect((await send('GET', '/api/admin/audit?entity=spaceship')).status).toBe(400);
  });

  it('names a deleted event by the title its entry kept', async () => {
    const { event } = await json<{ event: SportEvent }>(
      await send('POST', '/api/admin/events', anEventInput({ title: 'Short-lived Swim' })),
    );
    expect((await send('DELETE', `/api/admin/events/${event.id}`)).status).toBe(200);
    const log = await json<AuditLogResponse>(await send('GET', '/api/admin/audit?entity=event&action=delete&limit=200'));
    const entry = log.entries.find((e) => e.entityId === String(event.id));
    expect(entry?.subject).toBe('Short-lived Swim');
  });
});
