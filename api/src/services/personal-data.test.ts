// Personal data (decision 030): consent and its notice's version, a guardian for a child, health
// details only when asked, the buyer's JSON copy and erasure (tombstones, money kept), the retention
// job under its lease, encryption at rest, and the audit rows of views, exports and erasures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  noticeForOrganiser,
  type CreateOrderResponse,
  type DataRequestView,
  type PersonalDataExport,
  type PlatformConfig,
  type SportEvent,
} from '../contract';
import { encryptExistingRows } from '../db/encrypt-existing';
import {
  auditLog,
  buyerSignInLinks,
  dataRequests,
  rateLimits,
  emailOutbox,
  newsletterSubscribers,
  orders,
  payments,
  registrations,
  memberships,
  staffUsers,
  ticketTypes,
  waitingListEntries,
} from '../db/schema';
import { dataPaths } from '../db/client';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { retentionTurn } from '../jobs/scheduler';
import { claimLease, JOBS } from './job-leases';
import {
  createCheckoutTestApp,
  GUARDIAN,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { jsonRequest, staffCookie as staffCookieIn } from '../testing/staff-session';
import { createTestOrganisation, setOrganisationSettings, testOrganisationId } from '../testing/organisations';
import { BUYER_SESSION_COOKIE, buyerSessionValue } from './buyer-sessions';
import { writeSettings } from './settings';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t, { title: 'Privacy Run' });
});
afterAll(() => t.close());

let buyers = 0;
const aBuyer = () => `privacy-${++buyers}@example.com`;

/**
 * The privacy notice's version now: a form must show it. Tests that change the notice (its text, the
 * retention period it states) make a new version, so each test reads it rather than assume one.
 */
const noticeVersion = async () => ((await (await t.app.request('/api/config')).json()) as PlatformConfig).privacyNotice.version;

type Body = ReturnType<typeof orderBody>;
const create = async (body: Body) => {
  const res = await postJson(t, '/api/cashfree/create-order', body);
  return { status: res.status, body: (await res.json()) as CreateOrderResponse & { error: { fields: Record<string, string> } } };
};

/** A paid order of `body`; its attendees as stored. */
async function paid(body: Body) {
  const created = await create(body);
  expect(created.status).toBe(201);
  await postJson(t, `/emulator/cashfree/pay/${created.body.payment_session_id}`, { outcome: 'success' });
  const rows = await t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, created.body.orderId)).orderBy(registrations.position),
  );
  expect(rows.length).toBe(body.attendees.length);
  return { orderId: created.body.orderId, rows };
}

const buyerCookie = (email: string) =>
  `${BUYER_SESSION_COOKIE}=${buyerSessionValue(t.env, email, new Date(Date.now() + 3_600_000))}`;

function call(method: string, path: string, cookie: string, body?: unknown) {
  const init = jsonRequest(method, body, cookie);
  init.headers = { ...(init.headers as Record<string, string>), 'x-forwarded-for': '10.200.0.1' };
  return t.app.request(path, init);
}

const auditRows = (action: string, entity: string) =>
  t.db.query((db) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity)))
      .orderBy(desc(auditLog.id)),
  );

/** The column as the database file holds it, not as the schema reads it. */
const rawRegistration = async (id: number) =>
  (
    await t.db.query((db) =>
      db
        .select({
          medical: sql<string>`${registrations.medicalConditions}`,
          emergencyName: sql<string>`${registrations.emergencyContactName}`,
          emergencyPhone: sql<string>`${registrations.emergencyContactPhone}`,
          guardianPhone: sql<string>`${registrations.guardianPhone}`,
        })
        .from(registrations)
        .where(eq(registrations.id, id)),
    )
  )[0]!;

describe('notice and consent', () => {
  it("moves only its organisation's part of the notice version when one organiser changes its retention period", async () => {
    // Two organisers of their own, each with an event on sale.
    const quayId = await t.db.query((db) =>
      createTestOrganisation(db, { slug: 'notice-quay-runners', displayName: 'Quay Runners' }),
    );
    const hillId = await t.db.query((db) =>
      createTestOrganisation(db, { slug: 'notice-hill-riders', displayName: 'Hill Riders' }),
    );
    const quay = await seedCheckoutEvent(t, { title: 'Quay Dash', organisationId: quayId });
    const hill = await seedCheckoutEvent(t, { title: 'Hill Climb', organisationId: hillId });
    const organiserOf = async (eventId: number) =>
      ((await (await t.app.request(`/api/events/${eventId}`)).json()) as { event: SportEvent }).event.organiser;
    const platform = await noticeVersion();
    expect(await organiserOf(quay.eventId)).toMatchObject({ displayName: 'Quay Runners', retentionDays: 180, noticeVersion: 1 });
    expect((await organiserOf(hill.eventId)).noticeVersion).toBe(1);

    // Quay Runners keeps details for a year: its notice states a new period, a new version of its part.
    const quayAdmin = await staffCookieIn(t, 'admin', 'notice-quay-admin@tdk.test', { organisationId: quayId });
    expect((await call('PUT', '/api/admin/organisation', quayAdmin, { retentionDays: 365 })).status).toBe(200);
    expect(await organiserOf(quay.eventId)).toMatchObject({ retentionDays: 365, noticeVersion: 2 });
    // The platform's part and the other organiser's part stay: Hill Riders' buyers are not asked again.
    expect(await noticeVersion()).toBe(platform);
    expect((await organiserOf(hill.eventId)).noticeVersion).toBe(1);

    const at = (eventId: number, general: number, organiserNoticeVersion: number) => ({
      ...orderBody(eventId, [{ ticketId: general }], { buyer: { email: aBuyer() } }),
      privacyNoticeVersion: platform,
      organiserNoticeVersion,
    });
    // A Quay form opened before the change (and one sending no organiser's part) is refused as a changed notice.
    for (const stale of [
      at(quay.eventId, quay.general, 1),
      { ...at(quay.eventId, quay.general, 1), organiserNoticeVersion: undefined },
    ]) {
      const refused = await create(stale);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({
        privacyNoticeVersion: 'The privacy notice has changed: please read it again and agree to continue',
      });
    }
    // Read again, it is taken, and each attendee's consent records both parts.
    const quayBody = at(quay.eventId, quay.general, 2);
    const { rows } = await paid(quayBody);
    expect(rows.map((r) => [r.consentNoticeVersion, r.consentOrganiserNoticeVersion])).toEqual([[platform, 2]]);
    // Hill Riders' open form is still good.
    const { rows: hillRows } = await paid(at(hill.eventId, hill.general, 1));
    expect(hillRows.map((r) => [r.consentNoticeVersion, r.consentOrganiserNoticeVersion])).toEqual([[platform, 1]]);
    // The buyer's copy of their data says which version they consented to.
    const copy = await call('GET', '/api/bookings/data', buyerCookie(quayBody.buyer.email));
    expect(copy.status).toBe(200);
    expect(JSON.stringify((await copy.json()) as PersonalDataExport)).toContain(
      '"consent":{"noticeVersion":' + platform + ',"organiserNoticeVersion":2',
    );
  });

  it('records each attendee’s consent with its time and the notice’s version, and refuses a notice changed since', async () => {
    const config = (await (await t.app.request('/api/config')).json()) as PlatformConfig;
    const version = config.privacyNotice.version;
    // The period is the event's organisation's (decision 056): the event's answer carries it.
    expect(config.privacyNotice.text.en).toContain('{retentionDays} days after the event');
    expect(config.privacyNotice.text.hi).toContain('{retentionDays} दिन');
    expect(config.privacyNotice.text.mr).toContain('{retentionDays} दिवसांपर्यंत');
    const { event } = (await (await t.app.request(`/api/events/${ids.eventId}`)).json()) as { event: SportEvent };
    expect(event.organiser).toMatchObject({ retentionDays: 180, emailNotifications: true });
    expect(noticeForOrganiser(config.privacyNotice.text.en, 'Privacy Runners', 'en', 180)).toContain('180 days after the event');

    const before = Date.now();
    const { rows } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 2 }], {
        buyer: { email: aBuyer() },
        privacyNoticeVersion: version,
      }),
    );
    for (const row of rows) {
      expect(row.consentNoticeVersion).toBe(version);
      expect(Date.parse(row.consentAt!)).toBeGreaterThanOrEqual(before - 1000);
    }

    const missing = await create({
      ...orderBody(ids.eventId, [{ ticketId: ids.general }]),
      privacyNoticeVersion: undefined,
    } as never);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ privacyNoticeVersion: 'Please read the privacy notice and agree to continue' });

    // Staff change the notice: it is a new version, and a form showing the old one is refused.
    const admin = await staffCookie(t, 'admin');
    const saved = await call('PUT', '/api/admin/settings', admin, {
      privacyNoticeText: 'We keep your details for the race only.',
    });
    expect(saved.status).toBe(200);
    const after = (await (await t.app.request('/api/config')).json()) as PlatformConfig;
    expect(after.privacyNotice).toMatchObject({ version: version + 1, text: { en: 'We keep your details for the race only.' } });
    expect(after.privacyNotice.text.hi).toContain('{retentionDays} दिन');
    const stale = await create(
      orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email: aBuyer() }, privacyNoticeVersion: version }),
    );
    expect(stale.status).toBe(400);
    expect(stale.body.error.fields).toEqual({
      privacyNoticeVersion: 'The privacy notice has changed: please read it again and agree to continue',
    });
    const renewed = await create({
      ...orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email: aBuyer() } }),
      privacyNoticeVersion: version + 1,
    });
    expect(renewed.status).toBe(201);
    // Back to the standard text: a version of its own again.
    await t.db.transaction((tx) => writeSettings(tx, { privacyNoticeText: '' }));
    const restored = (await (await t.app.request('/api/config')).json()) as PlatformConfig;
    expect(restored.privacyNotice.version).toBe(version + 2);
  });

  it('keeps blood group and medical conditions only when the event asks them', async () => {
    // 'Another Event' asks nothing of health: what a form sends anyway is not kept.
    const { rows } = await paid(
      orderBody(ids.otherEventId, [{ ticketId: ids.otherEvents }], {
        buyer: { email: aBuyer() },
        privacyNoticeVersion: await noticeVersion(),
        participant: { medicalConditions: 'Diabetes', bloodGroup: 'B+' },
      }),
    );
    expect(rows[0]).toMatchObject({ medicalConditions: '', bloodGroup: '' });
  });
});

describe('children', () => {
  const child = { fullName: 'Meera Rao', dateOfBirth: '2015-06-21', email: 'meera.rao@example.com' };

  it('asks a parent or guardian’s name, relation, phone and consent for an attendee under 18 on the event day, and records them', async () => {
    const email = aBuyer();
    const version = await noticeVersion();
    const body = orderBody(ids.eventId, [{ ticketId: ids.general }], {
      buyer: { email },
      participant: child,
      privacyNoticeVersion: version,
    });
    const refused = await create(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'attendees.0.guardian.name': "An attendee under 18 on the event day needs a parent or guardian's consent",
    });
    const noConsent = await create({
      ...body,
      attendees: [{ ...body.attendees[0]!, guardian: { ...GUARDIAN, consent: false } }],
    } as never);
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.error.fields).toEqual({ 'attendees.0.guardian.consent': 'The parent or guardian must consent' });

    // Meera is subscribed already: registering her as a child takes her off the list.
    await t.db.transaction((tx) => tx.insert(newsletterSubscribers).values({ email: child.email }));
    const { rows } = await paid({ ...body, attendees: [{ ...body.attendees[0]!, guardian: GUARDIAN }] });
    expect(rows[0]).toMatchObject({
      guardianName: 'Asha Devi Rao',
      guardianRelation: 'parent',
      guardianPhone: '+919876543210',
      consentNoticeVersion: version,
    });
    expect(rows[0]!.guardianConsentAt).toBe(rows[0]!.consentAt);
    expect((await rawRegistration(rows[0]!.id)).guardianPhone).toMatch(/^enc:v1:/);
    const listed = () =>
      t.db.query((db) => db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, child.email)));
    expect(await listed()).toEqual([]);
    // No marketing to a child: the newsletter answers as for anyone, and keeps and sends nothing.
    const signUp = await t.app.request('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: child.email }),
    });
    expect(signUp.status).toBe(202);
    expect(await listed()).toEqual([]);
    const mailed = await t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.to, child.email)));
    expect(mailed.filter((mail) => mail.kind === 'newsletter_confirm')).toEqual([]);
  });

  it('keeps no guardian for an adult', async () => {
    const body = orderBody(ids.eventId, [{ ticketId: ids.general }], {
      buyer: { email: aBuyer() },
      privacyNoticeVersion: await noticeVersion(),
    });
    const { rows } = await paid({ ...body, attendees: [{ ...body.attendees[0]!, guardian: GUARDIAN }] });
    expect(rows[0]).toMatchObject({ guardianName: '', guardianPhone: '', guardianConsentAt: null });
  });
});

describe('encryption at rest', () => {
  it('holds medical conditions and emergency contacts sealed, and reads them back', async () => {
    const { rows } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general }], {
        buyer: { email: aBuyer() },
        privacyNoticeVersion: await noticeVersion(),
      }),
    );
    const raw = await rawRegistration(rows[0]!.id);
    for (const value of [raw.medical, raw.emergencyName, raw.emergencyPhone]) expect(value).toMatch(/^enc:v1:/);
    expect(raw.medical).not.toContain('Asthma');
    expect(rows[0]).toMatchObject({ medicalConditions: 'Asthma', emergencyContactName: 'Ravi Rao' });
    // The order keeps no copy of its attendees' details (decision 040: they are its rows, sealed above).
    const [order] = await t.db.query((db) =>
      db
        .select({ raw: sql<string>`CAST(${orders.participant} AS text)` })
        .from(orders)
        .where(eq(orders.id, rows[0]!.orderId!)),
    );
    expect(order!.raw).toContain('enc:v1:');
    expect(order!.raw).not.toContain('Asthma');
  });

  it('seals rows written before encryption, and a staff member’s TOTP secret', async () => {
    const { rows } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general }], {
        buyer: { email: aBuyer() },
        privacyNoticeVersion: await noticeVersion(),
      }),
    );
    const id = rows[0]!.id;
    // As an older version wrote it: plaintext.
    // A value given as SQL skips the column's sealing.
    await t.db.query((db) =>
      db
        .update(registrations)
        .set({ medicalConditions: sql`${'Epilepsy'}`, emergencyContactName: sql`${'Old Contact'}` })
        .where(eq(registrations.id, id)),
    );
    const [admin] = await t.db.query((db) =>
      db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .innerJoin(memberships, eq(memberships.staffUserId, staffUsers.id))
        .where(eq(memberships.role, 'admin'))
        .limit(1),
    );
    await t.db.query((db) =>
      db
        .update(staffUsers)
        .set({ twoFactorSecret: sql`${'JBSWY3DPEHPK3PXP'}` })
        .where(eq(staffUsers.id, admin!.id)),
    );
    expect((await rawRegistration(id)).medical).toBe('Epilepsy');

    const sealed = await t.db.transaction((tx) => encryptExistingRows(tx));
    expect(sealed.registrations).toBeGreaterThanOrEqual(1);
    expect(sealed.staffUsers).toBe(1);
    expect((await rawRegistration(id)).medical).toMatch(/^enc:v1:/);
    const [row] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, id)));
    expect(row).toMatchObject({ medicalConditions: 'Epilepsy', emergencyContactName: 'Old Contact' });
    const [secret] = await t.db.query((db) =>
      db
        .select({ raw: sql<string>`${staffUsers.twoFactorSecret}`, read: staffUsers.twoFactorSecret })
        .from(staffUsers)
        .where(eq(staffUsers.id, admin!.id)),
    );
    expect(secret!.raw).toMatch(/^enc:v1:/);
    expect(secret!.read).toBe('JBSWY3DPEHPK3PXP');
    // A second start finds nothing left to seal.
    expect(await t.db.transaction((tx) => encryptExistingRows(tx))).toEqual({ registrations: 0, orders: 0, staffUsers: 0 });
    await t.db.query((db) => db.update(staffUsers).set({ twoFactorSecret: null }).where(eq(staffUsers.id, admin!.id)));
  });
});

describe('access and erasure', () => {
  it('gives the buyer a JSON copy of everything held about their orders, audited', async () => {
    const email = aBuyer();
    const version = await noticeVersion();
    const { orderId } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 2 }], { buyer: { email }, privacyNoticeVersion: version }),
    );
    const signedOut = await t.app.request('/api/bookings/data');
    expect(signedOut.status).toBe(401);
    const res = await call('GET', '/api/bookings/data', buyerCookie(email));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await res.json()) as PersonalDataExport;
    expect(data.email).toBe(email);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      orderId,
      status: 'PAID',
      buyer: { fullName: 'Asha Devi Rao', email, phone: '+919876543210' },
      event: { id: ids.eventId, title: 'Privacy Run', date: '2030-01-15' },
      amountPaise: 99_900,
      payments: [{ amountPaise: 99_900 }],
    });
    expect(data.orders[0]!.attendees.map((a) => a.fullName)).toEqual(['Asha Devi Rao', 'Ravi Rao']);
    expect(data.orders[0]!.attendees[0]).toMatchObject({
      medicalConditions: 'Asthma',
      emergencyContact: 'Ravi Rao',
      dateOfBirth: '1995-04-12',
      consent: { noticeVersion: version },
    });
    expect(data.emails.length).toBeGreaterThan(0);
    const [audit] = await auditRows('export', 'personal_data');
    expect(audit).toMatchObject({ actorEmail: email, actorUserId: null, ip: '10.200.0.1' });
  });

  it('erases on request: names, contacts, dates of birth, medical and emergency details become a tombstone; the money stays', async () => {
    const email = aBuyer();
    const { orderId, rows } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.vip }, { ticketId: ids.general }], {
        buyer: { email },
        privacyNoticeVersion: await noticeVersion(),
      }),
    );
    const cookie = buyerCookie(email);
    const asked = await call('POST', '/api/bookings/erasure', cookie);
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: DataRequestView };
    expect(request).toMatchObject({ status: 'pending', email, kind: 'erasure' });
    // Asking twice is the same request.
    expect(
      ((await (await call('POST', '/api/bookings/erasure', cookie)).json()) as { request: DataRequestView }).request.id,
    ).toBe(request.id);
    expect((await auditRows('erasure_requested', 'data_request'))[0]).toMatchObject({
      actorEmail: email,
      entityId: String(request.id),
    });

    // Staff see it and act on it.
    const manager = await staffCookie(t, 'manager');
    expect((await call('GET', '/api/admin/data-requests', manager)).status).toBe(403);
    const admin = await staffCookie(t, 'admin');
    const list = (await (await call('GET', '/api/admin/data-requests', admin)).json()) as { requests: DataRequestView[] };
    expect(list.requests.find((r) => r.id === request.id)).toMatchObject({ status: 'pending', email });
    const erased = await call('POST', `/api/admin/data-requests/${request.id}/erase`, admin);
    expect(erased.status).toBe(200);
    const done = ((await erased.json()) as { request: DataRequestView }).request;
    expect(done).toMatchObject({ status: 'completed', email: '', handledByEmail: 'admin@tdksports.in' });
    expect((await call('POST', `/api/admin/data-requests/${request.id}/erase`, admin)).status).toBe(409);

    const after = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, orderId)));
    for (const row of after) {
      expect(row).toMatchObject({
        firstName: '[erased]',
        lastName: '',
        email: '',
        phone: '',
        dateOfBirth: null,
        emergencyContactName: '',
        emergencyContactPhone: '',
        medicalConditions: '',
        bloodGroup: '',
        answers: {},
      });
      expect(row.erasedAt).not.toBeNull();
      const before = rows.find((r) => r.id === row.id)!;
      // The money and the ticket's facts stay.
      expect(row).toMatchObject({
        amountPaise: before.amountPaise,
        ticketPricePaise: before.ticketPricePaise,
        registrationNumber: before.registrationNumber,
        paymentStatus: 'Paid',
        transactionId: before.transactionId,
      });
    }
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId)));
    expect(order).toMatchObject({
      customerName: '[erased]',
      customerEmail: '',
      customerPhone: '',
      amountPaise: 199_950,
      status: 'PAID',
    });
    expect(order!.participant).toEqual({ erased: true });
    const paidRows = await t.db.query((db) => db.select().from(payments).where(eq(payments.orderId, orderId)));
    expect(paidRows.map((p) => p.amountPaise)).toEqual([199_950]);
    // The request keeps a digest of the e-mail, not the address; the buyer still sees it is done.
    const [stored] = await t.db.query((db) => db.select().from(dataRequests).where(eq(dataRequests.id, request.id)));
    expect(stored!.email).toMatch(/^sha256:[0-9a-f]{64}$/);
    const mine = (await (await call('GET', '/api/bookings/erasure', cookie)).json()) as { request: DataRequestView };
    expect(mine.request).toMatchObject({ id: request.id, status: 'completed' });
    const [audit] = await auditRows('erase', 'data_request');
    expect(audit).toMatchObject({ actorEmail: 'admin@tdksports.in', entityId: String(request.id) });
    expect(audit!.detail).toMatchObject({ orders: 1, attendees: 2 });
    // Nothing is left to erase.
    expect((await call('POST', '/api/bookings/erasure', cookie)).status).toBe(404);
  });

  it('erases every copy (issue 40): waiting list, every e-mail and its .eml file, business details, sign-in links, audit text; an open order is cancelled first', async () => {
    const email = aBuyer();
    const { orderId, rows } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general }], {
        buyer: { email },
        privacyNoticeVersion: await noticeVersion(),
        business: { gstin: '27AAPFU0939F1ZV', name: 'Asha Sole Proprietor', address: '12 Hill Road, Pune' },
      }),
    );
    // A waiting-list place on a sold-out type of another event, and a sign-in link (a mail tied to no attendee).
    const soldOut = await seedCheckoutEvent(t, { vipQuantity: 1, title: 'Erasure sold out' });
    await t.db.query((db) => db.update(ticketTypes).set({ sold: 1 }).where(eq(ticketTypes.id, soldOut.vip)));
    const joined = await postJson(t, `/api/events/${soldOut.eventId}/waiting-list`, {
      ticketId: soldOut.vip,
      fullName: 'Asha Waiter',
      email,
      phone: '98200 12345',
      quantity: 1,
    });
    expect(joined.status).toBe(200);
    expect((await postJson(t, '/api/bookings/link', { email })).status).toBe(202);
    // A mail already sent, written as a .eml file by the file transport.
    const [sent] = await t.db.query((db) =>
      db.select().from(emailOutbox).where(eq(emailOutbox.registrationId, rows[0]!.id)).limit(1),
    );
    await t.db.query((db) => db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.id, sent!.id)));
    const outboxDir = dataPaths(t.env.dataDir).outboxDir;
    mkdirSync(outboxDir, { recursive: true });
    const emlFile = join(outboxDir, `2030-01-01T00-00-00-000Z-_outbox-${sent!.id}-1_tdk.local_.eml`);
    writeFileSync(emlFile, `To: ${email}\n\nHello Asha`);
    // An order still open: unpaid, its seats held.
    const open = await create(
      orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email }, privacyNoticeVersion: await noticeVersion() }),
    );
    expect(open.status).toBe(201);

    const asked = await call('POST', '/api/bookings/erasure', buyerCookie(email));
    const { request } = (await asked.json()) as { request: DataRequestView };
    const admin = await staffCookie(t, 'admin');
    expect((await call('POST', `/api/admin/data-requests/${request.id}/erase`, admin)).status).toBe(200);

    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId)));
    expect([order!.buyerBusinessName, order!.buyerAddress, order!.buyerGstin]).toEqual([null, null, null]);
    const waiting = await t.db.query((db) =>
      db.select().from(waitingListEntries).where(eq(waitingListEntries.ticketTypeId, soldOut.vip)),
    );
    expect(waiting.map((w) => [w.name, w.email, w.phone])).toEqual([['[erased]', '', '']]);
    const links = await t.db.query((db) => db.select().from(buyerSignInLinks).where(eq(buyerSignInLinks.email, email)));
    expect(links).toEqual([]);
    const counters = await t.db.query((db) => db.select().from(rateLimits));
    expect(counters.filter((r) => r.key.includes(email))).toEqual([]);
    const mails = await t.db.query((db) => db.select().from(emailOutbox));
    const about = mails.filter((m) => m.to === email || m.text.includes(email) || m.html.includes(email));
    expect(about).toEqual([]);
    // No mail about them is left to send whole afterwards.
    expect(mails.filter((m) => m.status === 'pending' && m.to === '')).toEqual([]);
    expect(existsSync(emlFile)).toBe(false);
    const audits = await t.db.query((db) => db.select().from(auditLog));
    expect(audits.filter((a) => a.actorEmail === email || JSON.stringify(a.detail ?? {}).includes(email))).toEqual([]);

    // The open order was cancelled first: a payment landing now is refunded, never a nameless paid order.
    await postJson(t, `/emulator/cashfree/pay/${open.body.payment_session_id}`, { outcome: 'success' });
    const [late] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, open.body.orderId)));
    expect(late!.status).not.toBe('PAID');
    const nameless = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, open.body.orderId)),
    );
    // Its positions (decision 040) stay unpaid, on hold and erased: never an attendee.
    expect(nameless.filter((r) => !r.onHold)).toEqual([]);
    expect(nameless.every((r) => r.email === '' && r.erasedAt !== null)).toBe(true);
  });

  it("goes to each organiser that holds the bookings (decision 055): each sees and erases only its own, and the other's orders stay", async () => {
    const league = await t.db.query((db) => createTestOrganisation(db, { slug: 'privacy-league' }));
    const theirs = await seedCheckoutEvent(t, { organisationId: league, title: 'League Run' });
    const email = aBuyer();
    const version = await noticeVersion();
    const ours = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email }, privacyNoticeVersion: version }),
    );
    const their = await paid(
      orderBody(theirs.eventId, [{ ticketId: theirs.general }], { buyer: { email }, privacyNoticeVersion: version }),
    );
    expect((await call('POST', '/api/bookings/erasure', buyerCookie(email))).status).toBe(202);
    const made = await t.db.query((db) =>
      db.select().from(dataRequests).where(eq(dataRequests.email, email)).orderBy(dataRequests.id),
    );
    const ourOrganisation = await t.db.query((db) => testOrganisationId(db));
    expect(made.map((r) => r.organisationId)).toEqual([ourOrganisation, league]);
    const [ourRequest, theirRequest] = made;

    const adminA = await staffCookie(t, 'admin');
    const adminB = await staffCookieIn(t, 'admin', 'privacy-league-admin@tdk.test', { organisationId: league });
    const listOf = async (cookie: string) =>
      ((await (await call('GET', '/api/admin/data-requests', cookie)).json()) as { requests: DataRequestView[] }).requests.map(
        (r) => r.id,
      );
    expect(await listOf(adminA)).toContain(ourRequest!.id);
    expect(await listOf(adminA)).not.toContain(theirRequest!.id);
    expect(await listOf(adminB)).toEqual([theirRequest!.id]);
    // Another organisation's request is not found, never erased or declined.
    expect((await call('POST', `/api/admin/data-requests/${theirRequest!.id}/erase`, adminA)).status).toBe(404);
    expect((await call('POST', `/api/admin/data-requests/${theirRequest!.id}/decline`, adminA, { note: 'No' })).status).toBe(404);

    expect((await call('POST', `/api/admin/data-requests/${ourRequest!.id}/erase`, adminA)).status).toBe(200);
    const orderOf = async (id: string) => (await t.db.query((db) => db.select().from(orders).where(eq(orders.id, id))))[0]!;
    expect(await orderOf(ours.orderId)).toMatchObject({ customerName: '[erased]', customerEmail: '' });
    expect((await orderOf(their.orderId)).customerEmail).toBe(email);
    const [theirAttendee] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, their.orderId)),
    );
    expect(theirAttendee!.erasedAt).toBeNull();
    expect((await auditRows('erase', 'data_request'))[0]).toMatchObject({
      organisationId: ourOrganisation,
      detail: expect.objectContaining({ platformCopies: false }),
    });
    // The buyer still sees a request pending: the league's.
    const mine = (await (await call('GET', '/api/bookings/erasure', buyerCookie(email))).json()) as { request: DataRequestView };
    expect(mine.request).toMatchObject({ id: theirRequest!.id, status: 'pending' });

    expect((await call('POST', `/api/admin/data-requests/${theirRequest!.id}/erase`, adminB)).status).toBe(200);
    expect(await orderOf(their.orderId)).toMatchObject({ customerName: '[erased]', customerEmail: '' });
    expect((await auditRows('erase', 'data_request'))[0]).toMatchObject({
      organisationId: league,
      detail: expect.objectContaining({ platformCopies: true }),
    });
  });

  it('lets staff decline a request, saying why', async () => {
    const email = aBuyer();
    await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email }, privacyNoticeVersion: await noticeVersion() }),
    );
    const { request } = (await (await call('POST', '/api/bookings/erasure', buyerCookie(email))).json()) as {
      request: DataRequestView;
    };
    const admin = await staffCookie(t, 'admin');
    expect((await call('POST', `/api/admin/data-requests/${request.id}/decline`, admin, { note: '' })).status).toBe(400);
    const declined = await call('POST', `/api/admin/data-requests/${request.id}/decline`, admin, {
      note: 'Your event is next month: we erase after it.',
    });
    expect(((await declined.json()) as { request: DataRequestView }).request).toMatchObject({
      status: 'declined',
      note: 'Your event is next month: we erase after it.',
    });
    const [row] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.email, email)));
    expect(row!.erasedAt).toBeNull();
  });

  it('audits every staff view of an attendee’s details', async () => {
    const { rows } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general }], {
        buyer: { email: aBuyer() },
        privacyNoticeVersion: await noticeVersion(),
      }),
    );
    const support = await staffCookie(t, 'support');
    expect((await call('GET', `/api/admin/registrations/${rows[0]!.id}`, support)).status).toBe(200);
    const [audit] = await auditRows('view', 'registration');
    expect(audit).toMatchObject({ entityId: String(rows[0]!.id), actorEmail: expect.stringContaining('@') });
  });
});

describe('retention', () => {
  it("erases attendees their organisation's number of days after their event, once across instances", async () => {
    const email = aBuyer();
    const { orderId } = await paid(
      orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email }, privacyNoticeVersion: await noticeVersion() }),
    );
    // Another organisation keeps its attendees 60 days (decision 056): its event on the same day stays.
    const keeper = await t.db.query((db) => createTestOrganisation(db, { slug: 'retention-keeper' }));
    await t.db.transaction((tx) => setOrganisationSettings(tx, { retentionDays: 60 }, keeper));
    const theirs = await seedCheckoutEvent(t, { organisationId: keeper, title: 'Keeper Run' });
    const { orderId: keptOrder } = await paid(
      orderBody(theirs.eventId, [{ ticketId: theirs.general }], {
        buyer: { email: aBuyer() },
        privacyNoticeVersion: await noticeVersion(),
      }),
    );
    const eventDay = new Date('2030-01-15T12:00:00Z');
    const within = new Date(eventDay.getTime() + 29 * 86_400_000);
    const beyond = new Date(eventDay.getTime() + 32 * 86_400_000);
    await t.db.transaction((tx) => setOrganisationSettings(tx, { retentionDays: 30 }));
    // 29 days after: the seed's past events go, this event's attendees stay.
    await retentionTurn(t.db, 'instance-a', within);
    const [kept] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, orderId)));
    expect(kept!.erasedAt).toBeNull();

    // Another instance holds the lease: this one does nothing.
    await t.db.query((db) => claimLease(db, JOBS.retention, 'instance-a', 60_000, beyond));
    expect(await retentionTurn(t.db, 'instance-b', beyond)).toBe(0);
    const [still] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, orderId)));
    expect(still!.erasedAt).toBeNull();
    const erased = await retentionTurn(t.db, 'instance-a', beyond);
    expect(erased).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, orderId)));
    expect(row).toMatchObject({ firstName: '[erased]', medicalConditions: '', amountPaise: 49_950 });
    const [audit] = await auditRows('erase', 'personal_data');
    expect(audit).toMatchObject({ actorEmail: 'system' });
    expect(audit!.detail).toMatchObject({ by: 'retention', retentionDays: 30 });
    const [theirsKept] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, keptOrder)));
    expect(theirsKept!.erasedAt).toBeNull();
    expect(theirsKept!.firstName).not.toBe('[erased]');
    await t.db.transaction((tx) => setOrganisationSettings(tx, { retentionDays: 180 }));
  });
});
