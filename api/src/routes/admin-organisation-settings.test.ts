// An organisation's own settings (decision 056) through GET/PUT /api/admin/organisation: its admins
// save them with its profile, the rules answer in DESIGN's error shape, one organisation's members
// never read or change another's, and its page shows its accent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, OrganiserResponse, PlatformConfig } from '../contract';
import type { OrganisationProfileResponse, OrganisationProfileView } from '../contract/organisations';
import { createTestOrganisation, testOrganisationId } from '../testing/organisations';
import { SESSION_COOKIE, sessionKey, signSession } from '../http/auth';
import { resolveSessionSecret } from '../signing/session-secret';
import { ensureTestStaff, jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';
import { eq } from 'drizzle-orm';
import { organisations } from '../db/schema';

let t: TestApp;
let a: number;
let b: number;
let adminA: string;
let adminB: string;
let managerA: string;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  a = await t.db.query((db) => testOrganisationId(db));
  b = await t.db.query((db) => createTestOrganisation(db, { slug: 'bay-riders', displayName: 'Bay Riders' }));
  adminA = await staffCookie(t, 'admin', 'settings-admin-a@tdk.test', { organisationId: a });
  adminB = await staffCookie(t, 'admin', 'settings-admin-b@tdk.test', { organisationId: b });
  managerA = await staffCookie(t, 'manager', 'settings-manager-a@tdk.test', { organisationId: a });
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'PUT', cookie: string, body?: unknown) => {
  const res = await t.app.request('/api/admin/organisation', jsonRequest(method, body, cookie));
  return { status: res.status, body: (await res.json()) as ApiErrorBody & Partial<OrganisationProfileResponse> };
};
/** What the Settings screen sends: the profile as read, with one section's fields changed. */
const editable = ({ id: _id, slug: _slug, status: _status, ...rest }: OrganisationProfileView) => rest;
const current = async (cookie: string) => (await call('GET', cookie)).body.organisation!;

describe('GET/PUT /api/admin/organisation: its settings', () => {
  it("starts with the defaults: its name and contact e-mail, the platform's colours, alerts on, 180 days", async () => {
    // An organisation of its own: the other tests change B's.
    const fresh = await t.db.query((db) => createTestOrganisation(db, { slug: 'fresh-riders', displayName: 'Fresh Riders' }));
    const adminFresh = await staffCookie(t, 'admin', 'settings-admin-fresh@tdk.test', { organisationId: fresh });
    expect(await current(adminFresh)).toMatchObject({
      slug: 'fresh-riders',
      emailSenderName: '',
      emailReplyTo: '',
      brandColour: '',
      emailNotifications: true,
      userRegistrationAlerts: true,
      newEventAlerts: true,
      weeklyReports: false,
      retentionDays: 180,
    });
  });

  it("saves a section's fields with the profile, audited, and leaves the others as they were", async () => {
    const before = await current(adminB);
    // A Settings section sends its fields alone.
    const saved = await call('PUT', adminB, {
      emailSenderName: 'Bay Riders Tickets',
      emailReplyTo: 'Desk@BayRiders.in',
      brandColour: '#0f766e',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.organisation).toMatchObject({
      emailSenderName: 'Bay Riders Tickets',
      emailReplyTo: 'desk@bayriders.in',
      brandColour: '#0F766E',
      weeklyReports: false,
      retentionDays: 180,
    });
    expect(saved.body.organisation!.displayName).toBe(before.displayName);
    // A PUT without them keeps them (the Organisation card sends only the profile).
    const profileOnly = await call('PUT', adminB, {
      displayName: 'Bay Riders Club',
      legalName: before.legalName,
      state: before.state,
      pan: 'AAPFB1234C',
      contactEmail: before.contactEmail,
      contactPhone: '9820012345',
    });
    expect(profileOnly.status, JSON.stringify(profileOnly.body)).toBe(200);
    expect(profileOnly.body.organisation).toMatchObject({
      displayName: 'Bay Riders Club',
      emailSenderName: 'Bay Riders Tickets',
      brandColour: '#0F766E',
    });
    // And the profile with a section's fields, as one save.
    const both = await call('PUT', adminB, { ...editable(await current(adminB)), weeklyReports: true });
    expect(both.body.organisation).toMatchObject({ displayName: 'Bay Riders Club', weeklyReports: true });
    // Organiser A's settings are untouched.
    expect(await current(adminA)).toMatchObject({ emailSenderName: '', brandColour: '' });
    // The page shows its accent.
    const page = (await (await t.app.request('/api/organisers/bay-riders')).json()) as OrganiserResponse;
    expect(page.organiser.brandColour).toBe('#0F766E');
    // An empty colour goes back to the platform's.
    const cleared = await call('PUT', adminB, { brandColour: '' });
    expect(cleared.body.organisation!.brandColour).toBe('');
    expect(
      ((await (await t.app.request('/api/organisers/bay-riders')).json()) as OrganiserResponse).organiser.brandColour,
    ).toBeNull();
  });

  it('refuses what breaks a rule, each field with its message', async () => {
    const res = await call('PUT', adminB, {
      emailSenderName: 'Bay <Riders>',
      emailReplyTo: 'not an address',
      brandColour: '#FFD700',
      retentionDays: 7,
      weeklyReports: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      emailSenderName: 'Sender name must not contain < > " @ , or ;',
      emailReplyTo: 'Enter a valid reply-to e-mail',
      brandColour: 'Brand colour is too light to read on white (1.4:1; at least 2.5:1)',
      retentionDays: 'Retention period must be at least 30 days',
      weeklyReports: 'Weekly Reports must be true or false',
    });
    const tooLong = await call('PUT', adminB, { retentionDays: 4000, brandColour: 'teal' });
    expect(tooLong.body.error.fields).toEqual({
      retentionDays: 'Retention period must be at most 3650 days',
      brandColour: 'Brand colour must be a hex colour like #FF6B35',
    });
    // The slug is not a setting; nothing at all is nothing to change.
    expect((await call('PUT', adminB, { slug: 'mine' })).status).toBe(400);
    expect((await call('PUT', adminB, {})).body.error.message).toBe('Nothing to change');
    // With the profile, its rules apply as before (decision 055).
    const profile = await call('PUT', adminB, { ...editable(await current(adminB)), pan: 'bad', retentionDays: 10 });
    expect(profile.body.error.fields).toMatchObject({ retentionDays: 'Retention period must be at least 30 days' });
    expect(profile.body.error.fields!.pan).toBeDefined();
  });

  it("keeps one organisation's settings from another's members, and from its managers", async () => {
    // Each admin reads and changes only the organisation their session acts for.
    expect((await current(adminA)).id).toBe(a);
    const before = await current(adminA);
    const b1 = await call('PUT', adminB, { newEventAlerts: false });
    expect(b1.body.organisation!.id).toBe(b);
    expect(await current(adminA)).toEqual(before);
    // B's admin asking to act for A is refused (not a member): the session falls back or is refused, never A's row.
    const userB = await ensureTestStaff(t, 'admin', 'settings-admin-b@tdk.test', { organisationId: b });
    const intoA = `${SESSION_COOKIE}=${await signSession(sessionKey(resolveSessionSecret(t.env)), userB, a)}`;
    const asA = await call('GET', intoA);
    expect(asA.body.organisation?.id).not.toBe(a);
    expect((await call('PUT', intoA, { emailSenderName: 'Hijacked' })).body.organisation?.id).not.toBe(a);
    expect((await current(adminA)).emailSenderName).toBe('');
    expect((await call('GET', managerA)).status).toBe(403);
    expect((await call('PUT', managerA, { weeklyReports: true })).status).toBe(403);
  });

  it("makes a new version of its own part of the notice when its retention period changes, not the platform's", async () => {
    const config = async () => (await (await t.app.request('/api/config')).json()) as PlatformConfig;
    const partOf = async (organisationId: number) =>
      (await t.db.query((db) => db.select().from(organisations).where(eq(organisations.id, organisationId))))[0]!.noticeVersion;
    const platform = (await config()).privacyNotice.version;
    const [ownBefore, otherBefore] = [await partOf(a), await partOf(b)];
    const saved = await call('PUT', adminA, { retentionDays: 365 });
    expect(saved.body.organisation!.retentionDays).toBe(365);
    // Decision 061: only A's buyers read the notice again; the platform's part and B's stay.
    expect(await partOf(a)).toBe(ownBefore + 1);
    expect(await partOf(b)).toBe(otherBefore);
    expect((await config()).privacyNotice.version).toBe(platform);
    // Saving it unchanged is not a new version.
    await call('PUT', adminA, { retentionDays: 365, weeklyReports: true });
    expect(await partOf(a)).toBe(ownBefore + 1);
  });
});
