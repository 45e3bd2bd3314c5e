// Settings: validation, sections saved alone, and that each setting changes what it says it does.
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingOpensMessage,
  capacityMessage,
  SETTINGS_DEFAULTS,
  type EventInput,
  type PlatformConfig,
  type PlatformSettings,
  type SportEvent,
} from '../contract';
import { auditLog, emailOutbox, events } from '../db/schema';
import { EMAIL_KINDS, processOutbox } from '../mail/outbox';
import { readFileSync } from 'node:fs';
import { createMailTransport } from '../mail/transport';
import { indiaDay } from '../services/india-time';
import { writeSettings } from '../services/settings';
import {
  buyTicket,
  createCheckoutTestApp,
  postJson,
  orderBody,
  seedCheckoutEvent,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { jsonRequest, staffCookie, TEST_ORIGIN, TEST_STAFF_PASSWORD } from '../testing/staff-session';
import { anEventInput } from '../testing/catalogue';
import { createTestOrganisation, setOrganisationSettings, type TestOrganisationSettings } from '../testing/organisations';

let t: CheckoutTestApp;
let admin: string;
let manager: string;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await staffCookie(t, 'admin', 'test-platform-admin@tdk.test', { platformRole: 'platform_admin' });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  t.app.request(path, jsonRequest(method, body, cookie));
const json = async <T>(res: Response) => (await res.json()) as T;
const put = async (body: unknown) => send('PUT', '/api/admin/settings', body);
const outboxOf = (kind: string) =>
  t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(emailOutbox.id));
/** Changes settings straight in the database, as the route would. */
const setSettings = (values: Partial<PlatformSettings>) => t.db.transaction((tx) => writeSettings(tx, values));
/** Changes the test organisation's own settings (decision 056: Email Notifications and the alerts are its). */
const setOrganisation = (values: TestOrganisationSettings) => t.db.transaction((tx) => setOrganisationSettings(tx, values));
const eventRow = async (id: number) => (await t.db.query((db) => db.select().from(events).where(eq(events.id, id))))[0]!;

const anEvent = (overrides: Partial<EventInput> = {}) => anEventInput({ status: 'Active', highlights: [], ...overrides });

describe('PUT /api/admin/settings', () => {
  it('saves one section and leaves the others as they were', async () => {
    try {
      const res = await put({ platformName: 'Khel India', contactEmail: 'help@khel.in' });
      expect(res.status).toBe(200);
      const { settings } = await json<{ settings: PlatformSettings }>(res);
      expect(settings).toMatchObject({ platformName: 'Khel India', contactEmail: 'help@khel.in', primaryColor: '#FF6B35' });
      const config = await json<PlatformConfig>(await t.app.request('/api/config'));
      expect(config).toMatchObject({
        platformName: 'Khel India',
        supportEmail: 'help@khel.in',
        maxEventCapacity: 10000,
        bookingWindowDays: 3650,
      });
    } finally {
      await put({ platformName: SETTINGS_DEFAULTS.platformName, contactEmail: SETTINGS_DEFAULTS.contactEmail });
    }
  });

  it('takes back the privacy notice version it gave, but never sets it: the server moves it', async () => {
    const { settings: before } = await json<{ settings: PlatformSettings }>(await send('GET', '/api/admin/settings'));
    const res = await put({ ...before, privacyNoticeVersion: before.privacyNoticeVersion + 40 });
    expect(res.status).toBe(200);
    const { settings } = await json<{ settings: PlatformSettings }>(res);
    expect(settings.privacyNoticeVersion).toBe(before.privacyNoticeVersion);
  });

  it('refuses a colour unreadable on white, a logo that is not an upload, an unknown key and an empty body', async () => {
    const bad = await put({ primaryColor: '#FFD700', secondaryColor: '#ffffff', logoUrl: 'https://evil.example/logo.png' });
    expect(bad.status).toBe(400);
    const { error } = await json<{ error: { fields: Record<string, string> } }>(bad);
    expect(error.fields.primaryColor).toBe('Primary colour is too light to read on white (1.4:1; at least 2.5:1)');
    expect(error.fields.secondaryColor).toMatch(/^Secondary colour is too light/);
    expect(error.fields.logoUrl).toBe('Logo must be an uploaded image');
    expect((await put({ theme: 'dark' })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    // The default orange (2.8:1) and a dark green pass.
    try {
      expect((await put({ primaryColor: '#FF6B35', secondaryColor: '#166534' })).status).toBe(200);
    } finally {
      await put({ secondaryColor: SETTINGS_DEFAULTS.secondaryColor });
    }
  });

  it('is for admins only', async () => {
    expect((await send('PUT', '/api/admin/settings', { platformName: 'Mine now' }, manager)).status).toBe(403);
  });
});

describe('Notifications', () => {
  it('Email Notifications off: no participant confirmation, the administrators still told', async () => {
    const { eventId, general } = await seedCheckoutEvent(t, { title: 'Quiet Run' });
    await setOrganisation({ emailNotifications: false });
    try {
      const registration = await buyTicket(t, { eventId, ticketId: general, participant: { email: 'quiet@example.in' } });
      const kinds = (
        await t.db.query((db) =>
          db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.registrationId, registration.id)),
        )
      ).map((r) => r.kind);
      expect(kinds).toEqual([EMAIL_KINDS.admin]);
    } finally {
      await setOrganisation({ emailNotifications: true });
    }
  });

  it('User Registration Alerts off: only the participant hears', async () => {
    const { eventId, general } = await seedCheckoutEvent(t, { title: 'Solo Run' });
    await setOrganisation({ userRegistrationAlerts: false });
    try {
      const registration = await buyTicket(t, { eventId, ticketId: general, participant: { email: 'solo@example.in' } });
      const rows = await t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.registrationId, registration.id)));
      expect(rows.map((r) => [r.kind, r.to])).toEqual([[EMAIL_KINDS.participant, 'solo@example.in']]);
    } finally {
      await setOrganisation({ userRegistrationAlerts: true });
    }
  });

  it('New Event Alerts tell the administrators when an event is created, and only while on', async () => {
    const before = (await outboxOf(EMAIL_KINDS.newEvent)).length;
    expect((await send('POST', '/api/admin/events', anEvent({ title: 'Alerted Swim' }), manager)).status).toBe(201);
    const alerts = await outboxOf(EMAIL_KINDS.newEvent);
    expect(alerts).toHaveLength(before + 1);
    expect(alerts.at(-1)!.subject).toBe('TDK Sports: New event: Alerted Swim');
    expect(alerts.at(-1)!.to).toContain('test-platform-admin@tdk.test');
    expect(alerts.at(-1)!.to).not.toContain('test-manager@tdk.test');
    await setOrganisation({ newEventAlerts: false });
    try {
      expect((await send('POST', '/api/admin/events', anEvent({ title: 'Unannounced Swim' }), manager)).status).toBe(201);
      expect(await outboxOf(EMAIL_KINDS.newEvent)).toHaveLength(before + 1);
    } finally {
      await setOrganisation({ newEventAlerts: true });
    }
  });

  it("an organisation's e-mails carry its sender name and reply-to, from the platform's address (decision 056)", async () => {
    await setSettings({ contactEmail: 'desk@khel.in', platformName: 'Khel India' });
    try {
      const b = await t.db.query((db) => createTestOrganisation(db, { slug: 'reply-riders', displayName: 'Reply Riders' }));
      await t.db.transaction((tx) =>
        setOrganisationSettings(tx, { emailSenderName: 'Reply Riders Bookings', emailReplyTo: 'desk@replyriders.in' }, b),
      );
      const theirs = await seedCheckoutEvent(t, { title: 'Reply Run', organisationId: b });
      const registration = await buyTicket(t, {
        eventId: theirs.eventId,
        ticketId: theirs.general,
        participant: { email: 'reply@example.in' },
      });
      // Another organisation's event, without settings of its own: its display name and contact e-mail.
      const plain = await t.db.query((db) => createTestOrganisation(db, { slug: 'plain-runs', displayName: 'Plain Runs' }));
      const other = await seedCheckoutEvent(t, { title: 'Plain Run', organisationId: plain });
      const otherRegistration = await buyTicket(t, {
        eventId: other.eventId,
        ticketId: other.general,
        participant: { email: 'plain@example.in' },
      });
      // Sent through the file transport: the headers as SMTP would carry them.
      const files: string[] = [];
      const real = createMailTransport(t.env);
      await processOutbox(
        {
          db: t.db,
          env: t.env,
          transport: {
            send: async (m) => {
              const r = await real.send(m);
              files.push(r.file!);
              return r;
            },
          },
        },
        { limit: 500 },
      );
      const messages = files.map((file) => readFileSync(file, 'utf8'));
      const mine = messages.filter((m) => m.includes(registration.bookingReference));
      // The buyer's confirmation and the administrators' notice.
      expect(mine).toHaveLength(2);
      for (const message of mine) {
        expect(message).toMatch(/^From: Reply Riders Bookings <no-reply@tdksports\.in>$/m);
        expect(message).toMatch(/^Reply-To: desk@replyriders\.in$/m);
        expect(message).toContain('Khel India');
      }
      const theirsToo = messages.filter((m) => m.includes(otherRegistration.bookingReference));
      expect(theirsToo.length).toBeGreaterThan(0);
      for (const message of theirsToo) {
        expect(message).toMatch(/^From: Plain Runs <no-reply@tdksports\.in>$/m);
        expect(message).toMatch(/^Reply-To: plain-runs@tdk\.test$/m);
      }
    } finally {
      await setSettings({ contactEmail: SETTINGS_DEFAULTS.contactEmail, platformName: SETTINGS_DEFAULTS.platformName });
    }
  });

  it("follows the event's organisation's switches, not another's", async () => {
    const quiet = await t.db.query((db) => createTestOrganisation(db, { slug: 'quiet-club', displayName: 'Quiet Club' }));
    await t.db.transaction((tx) =>
      setOrganisationSettings(tx, { emailNotifications: false, userRegistrationAlerts: false }, quiet),
    );
    const theirs = await seedCheckoutEvent(t, { title: 'Quiet Club Run', organisationId: quiet });
    const ours = await seedCheckoutEvent(t, { title: 'Loud Run' });
    const silent = await buyTicket(t, {
      eventId: theirs.eventId,
      ticketId: theirs.general,
      participant: { email: 'q@example.in' },
    });
    const loud = await buyTicket(t, { eventId: ours.eventId, ticketId: ours.general, participant: { email: 'l@example.in' } });
    const kindsOf = async (registrationId: number) =>
      (
        await t.db.query((db) =>
          db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.registrationId, registrationId)),
        )
      )
        .map((r) => r.kind)
        .sort();
    expect(await kindsOf(silent.id)).toEqual([]);
    expect(await kindsOf(loud.id)).toEqual([EMAIL_KINDS.admin, EMAIL_KINDS.participant].sort());
  });
});

describe('Security: Login Notifications', () => {
  const login = (email: string) =>
    t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, 'X-Forwarded-For': '203.0.113.77' },
      body: JSON.stringify({ email, password: TEST_STAFF_PASSWORD }),
    });

  it('e-mails the staff member on each sign-in with the time and address, and not when off', async () => {
    const before = (await outboxOf(EMAIL_KINDS.login)).length;
    expect((await login('test-manager@tdk.test')).status).toBe(200);
    const notices = await outboxOf(EMAIL_KINDS.login);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.to).toBe('test-manager@tdk.test');
    expect(notices.at(-1)!.text).toContain('Address: 203.0.113.77');
    expect(notices.at(-1)!.text).toMatch(/Time: .*\d{4} \(India time\)/);
    await setSettings({ loginNotifications: false });
    try {
      expect((await login('test-manager@tdk.test')).status).toBe(200);
      expect(await outboxOf(EMAIL_KINDS.login)).toHaveLength(before + 1);
    } finally {
      await setSettings({ loginNotifications: true });
    }
  });
});

describe('Security: Two-Factor Authentication', () => {
  const login = (email: string) =>
    t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, 'X-Forwarded-For': '203.0.113.90' },
      body: JSON.stringify({ email, password: TEST_STAFF_PASSWORD }),
    });
  const second = (challenge: string, code: string) =>
    t.app.request('/api/auth/login/two-factor', jsonRequest('POST', { challenge, code }));

  it('enrols a member at their next sign-in, then asks for a code each time; recovery codes work once', async () => {
    await staffCookie(t, 'coordinator');
    await setSettings({ twoFactorAuth: true });
    try {
      const first = await login('test-coordinator@tdk.test');
      expect(first.status).toBe(200);
      expect(first.headers.get('set-cookie')).toBeNull();
      const { twoFactor: enrol } = await json<{
        twoFactor: { step: string; challenge: string; secret: string; otpauthUrl: string };
      }>(first);
      expect(enrol.step).toBe('enrol');
      expect(enrol.otpauthUrl).toMatch(/^otpauth:\/\/totp\/TDK%20Sports:test-coordinator%40tdk\.test\?secret=/);

      const wrong = await second(enrol.challenge, '000000');
      expect(wrong.status).toBe(401);
      expect((await json<{ error: { fields: Record<string, string> } }>(wrong)).error.fields.code).toMatch(/not right/);

      const enrolled = await second(enrol.challenge, await generate({ secret: enrol.secret }));
      expect(enrolled.status).toBe(200);
      expect(enrolled.headers.get('set-cookie')).toContain('tdk_session=');
      const { user, recoveryCodes } = await json<{ user: { email: string }; recoveryCodes: string[] }>(enrolled);
      expect(user.email).toBe('test-coordinator@tdk.test');
      expect(recoveryCodes).toHaveLength(8);

      const again = await json<{ twoFactor: { step: string; challenge: string } }>(await login('test-coordinator@tdk.test'));
      expect(again.twoFactor.step).toBe('code');
      // The enrolment spent this 30-second step's code (issue 28): the next step's, which the drift allowance takes.
      const nextStep = Math.floor(Date.now() / 1000) + 30;
      expect((await second(again.twoFactor.challenge, await generate({ secret: enrol.secret, epoch: nextStep }))).status).toBe(
        200,
      );

      const lost = await json<{ twoFactor: { challenge: string } }>(await login('test-coordinator@tdk.test'));
      expect((await second(lost.twoFactor.challenge, recoveryCodes[0]!)).status).toBe(200);
      const reused = await json<{ twoFactor: { challenge: string } }>(await login('test-coordinator@tdk.test'));
      expect((await second(reused.twoFactor.challenge, recoveryCodes[0]!)).status).toBe(401);
      expect((await second('forged.challenge.value', '123456')).status).toBe(401);
    } finally {
      await setSettings({ twoFactorAuth: false });
    }
    // Off: the password alone signs in again.
    const plain = await json<{ user?: unknown; twoFactor?: unknown }>(await login('test-coordinator@tdk.test'));
    expect(plain.user).toBeTruthy();
    expect(plain.twoFactor).toBeUndefined();
  });

  it('stops guessing after five wrong codes', async () => {
    await staffCookie(t, 'support');
    await setSettings({ twoFactorAuth: true });
    try {
      const { twoFactor } = await json<{ twoFactor: { challenge: string } }>(await login('test-support@tdk.test'));
      for (let i = 0; i < 5; i++) expect((await second(twoFactor.challenge, '111111')).status).toBe(401);
      expect((await second(twoFactor.challenge, '111111')).status).toBe(429);
    } finally {
      await setSettings({ twoFactorAuth: false });
    }
  });
});

describe('Security: Event Approval Required', () => {
  it("keeps an organiser's published event Submitted (Draft, pendingStatus) until platform staff approve it", async () => {
    await setSettings({ eventApprovalRequired: true });
    try {
      const created = await json<{ event: SportEvent }>(
        await send('POST', '/api/admin/events', anEvent({ title: 'Needs Approval', status: 'Active' }), manager),
      );
      expect(created.event).toMatchObject({ status: 'Draft', pendingStatus: 'Active' });
      // An organisation's own admin is held too: the review is the platform's (decision 052).
      const own = await json<{ event: SportEvent }>(await send('POST', '/api/admin/events', anEvent({ status: 'Active' })));
      expect(own.event).toMatchObject({ status: 'Draft', pendingStatus: 'Active' });
      // Not public while waiting, and no organisation role approves it.
      expect((await t.app.request(`/api/events/${created.event.id}`)).status).toBe(404);
      expect((await send('POST', `/api/admin/events/${created.event.id}/approve`, {})).status).toBe(404);
      const platform = await staffCookie(t, 'support', 'settings-platform@tdk.test', { platformRole: 'platform_support' });
      const approved = await send('POST', `/api/platform/events/${created.event.id}/approve`, {}, platform);
      expect(approved.status).toBe(200);
      expect((await json<{ event: SportEvent }>(approved)).event).toMatchObject({ status: 'Active', pendingStatus: null });
      expect((await t.app.request(`/api/events/${created.event.id}`)).status).toBe(200);
      // Editing an approved event does not send it back.
      const row = await eventRow(created.event.id);
      const edited = await send(
        'PUT',
        `/api/admin/events/${row.id}`,
        { ...anEvent({ title: 'Needs Approval (edited)', status: 'Active' }), updatedAt: row.updatedAt },
        manager,
      );
      expect((await json<{ event: SportEvent }>(edited)).event.status).toBe('Active');
    } finally {
      await setSettings({ eventApprovalRequired: false });
    }
  });

  it('with approval off, a manager publishes at once', async () => {
    const { event } = await json<{ event: SportEvent }>(
      await send('POST', '/api/admin/events', anEvent({ status: 'Active' }), manager),
    );
    expect(event).toMatchObject({ status: 'Active', pendingStatus: null });
  });
});

describe('Platform Management', () => {
  it('max event capacity: a larger max participants is refused on create and edit', async () => {
    const over = await send('POST', '/api/admin/events', anEvent({ maxParticipants: 10001 }), manager);
    expect(over.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(over)).error.fields.maxParticipants).toBe(
      capacityMessage(10000),
    );
    await setSettings({ maxEventCapacity: 500 });
    try {
      const created = await json<{ event: { id: number; updatedAt?: string } }>(
        await send('POST', '/api/admin/events', anEvent({ maxParticipants: 500 }), manager),
      );
      const row = await eventRow(created.event.id);
      const edit = await send(
        'PUT',
        `/api/admin/events/${row.id}`,
        { ...anEvent({ maxParticipants: 501 }), updatedAt: row.updatedAt },
        manager,
      );
      expect(edit.status).toBe(400);
      expect((await eventRow(row.id)).maxParticipants).toBe(500);
    } finally {
      await setSettings({ maxEventCapacity: 10000 });
    }
  });

  it('booking window: create-order refuses an event further out, with the day booking opens', async () => {
    const { eventId, general } = await seedCheckoutEvent(t, { title: 'Far Future Run' });
    await setSettings({ bookingWindowDays: 90 });
    try {
      const res = await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(eventId, [{ ticketId: general }], { buyer: { email: 'early@example.in' } }),
      );
      expect(res.status).toBe(400);
      const message = bookingOpensMessage('2030-01-15', 90);
      expect(message).toBe('Booking opens on 17 October 2029');
      expect(await res.json()).toMatchObject({ error: { message, fields: { eventId: message } } });
      // An event inside the window sells.
      const soon = new Date(Date.now() + 30 * 86_400_000);
      await t.db.query((db) =>
        db
          .update(events)
          .set({ date: indiaDay(soon) })
          .where(eq(events.id, eventId)),
      );
      const ok = await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(eventId, [{ ticketId: general }], { buyer: { email: 'early@example.in' } }),
      );
      expect(ok.status).toBe(201);
    } finally {
      await setSettings({ bookingWindowDays: 3650 });
    }
  });

  it('commission: analytics splits the revenue by the setting', async () => {
    await put({ platformCommissionPercent: 10 });
    try {
      const report = await json<{ kpis: { revenue: { value: number } }; commission: Record<string, number> }>(
        await send('GET', '/api/admin/insights/analytics?period=all'),
      );
      const revenue = report.kpis.revenue.value;
      expect(report.commission.percent).toBe(10);
      expect(report.commission.platformRevenue).toBeCloseTo(revenue / 10, 2);
      expect(report.commission.organiserShare).toBeCloseTo(revenue - revenue / 10, 2);
    } finally {
      await put({ platformCommissionPercent: 5 });
    }
  });
});

describe('audit', () => {
  it('records who changed which setting', async () => {
    await put({ loginNotifications: false });
    try {
      const entry = (
        await t.db.query((db) =>
          db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.actorEmail, 'test-platform-admin@tdk.test')))
            .orderBy(auditLog.id),
        )
      ).at(-1)!;
      expect(entry.detail).toEqual({ changes: { loginNotifications: { from: true, to: false } } });
    } finally {
      await put({ loginNotifications: true });
    }
  });
});
