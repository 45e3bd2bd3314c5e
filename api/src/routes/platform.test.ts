// The platform staff's API (issue 41, decision 052): organisations approved, suspended and created;
// events reviewed under Event Approval Required; what an applied or suspended organisation's staff
// and buyers see. Who may call each route is platform-access.test.ts's.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORGANISATION_MESSAGES,
  type AnalyticsReport,
  type ApiErrorBody,
  type EventInput,
  type EventsResponse,
  type PlatformEventsResponse,
  type PlatformOrganisationResponse,
  type PlatformOrganisationsResponse,
  type SportEvent,
} from '../contract';
import { auditLog, emailOutbox, events, organisations, registrations, ticketTypes } from '../db/schema';
import { EMAIL_KINDS } from '../mail/outbox';
import { signedTicketCode } from '../services/ticket-codes';
import { writeSettings } from '../services/settings';
import { anEventInput } from '../testing/catalogue';
import { createTestOrganisation } from '../testing/organisations';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { buyTicket, createCheckoutTestApp, orderBody, postJson, type CheckoutTestApp } from '../testing/test-checkout';
import { validationText } from '../i18n/messages';
import { organisationOfEvent } from '../db/tenancy';

let t: CheckoutTestApp;
let platformAdmin: string;
let platformSupport: string;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  platformAdmin = await staffCookie(t, 'support', 'platform-admin@platform.test', { platformRole: 'platform_admin' });
  platformSupport = await staffCookie(t, 'support', 'platform-support@platform.test', { platformRole: 'platform_support' });
});
afterAll(() => t.close());

const send = (method: string, path: string, cookie: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, method === 'GET' ? undefined : (body ?? {}), cookie));
const json = async <T>(res: Response) => (await res.json()) as T;
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** An organisation of the test's own with an admin and a manager (their cookies). */
async function organiser(slug: string, status: 'applied' | 'approved' | 'suspended' = 'approved') {
  const id = await t.db.transaction((tx) => createTestOrganisation(tx, { slug, displayName: `Org ${slug}`, status }));
  const options = { organisationId: id };
  return {
    id,
    adminEmail: `admin@${slug}.test`,
    admin: await staffCookie(t, 'admin', `admin@${slug}.test`, options),
    manager: await staffCookie(t, 'manager', `manager@${slug}.test`, options),
    coordinator: await staffCookie(t, 'coordinator', `coordinator@${slug}.test`, options),
  };
}

/** An Active event of the organisation, on sale today, with one paid ticket type. */
async function eventOf(organisationId: number, title: string) {
  return t.db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({
        organisationId,
        title,
        date: todayInIndia(),
        time: '23:30',
        venue: 'Marine Drive, Mumbai',
        location: 'Mumbai',
        category: 'Running',
        maxParticipants: 100,
        pricePaise: 49_900,
        status: 'Active',
      })
      .returning();
    const [ticket] = await tx
      .insert(ticketTypes)
      .values({
        eventId: event!.id,
        organisationId: organisationOfEvent(event!.id),
        name: 'General',
        pricePaise: 49_900,
        quantity: 50,
        status: 'Active',
        category: 'General',
      })
      .returning();
    return { eventId: event!.id, ticketId: ticket!.id };
  });
}

const outboxTo = (email: string, kind: string) =>
  t.db
    .query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, kind)))
        .orderBy(desc(emailOutbox.id)),
    )
    .then((rows) => rows.filter((row) => row.to.split(', ').includes(email)));

const auditOf = (entity: string, entityId: number, action: string) =>
  t.db.query((db) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)), eq(auditLog.action, action))),
  );

const anEvent = (overrides: Partial<EventInput> = {}) => anEventInput({ status: 'Active', highlights: [], ...overrides });

describe('GET /api/platform/organisations', () => {
  it('lists every organisation with its status and figures, filtered by status', async () => {
    const org = await organiser('list-counts');
    const { eventId, ticketId } = await eventOf(org.id, 'Counted Run');
    await buyTicket(t, { eventId, ticketId });

    const all = await json<PlatformOrganisationsResponse>(await send('GET', '/api/platform/organisations', platformSupport));
    // The seed's four and the tests' own.
    expect(all.organisations.length).toBeGreaterThanOrEqual(5);
    const row = all.organisations.find((o) => o.id === org.id)!;
    expect(row).toMatchObject({ slug: 'list-counts', status: 'approved', counts: { events: 1, paidOrders: 1, moneyTaken: 499 } });
    expect(row.createdAt).toBeTruthy();

    const applied = await json<PlatformOrganisationsResponse>(
      await send('GET', '/api/platform/organisations?status=applied', platformSupport),
    );
    expect(applied.organisations.length).toBeGreaterThanOrEqual(1);
    expect(applied.organisations.every((o) => o.status === 'applied')).toBe(true);

    const bad = await send('GET', '/api/platform/organisations?status=closed', platformSupport);
    expect(bad.status).toBe(400);
    expect((await json<ApiErrorBody>(bad)).error.fields).toHaveProperty('status');
  });

  it("sets an organisation's own commission (decision 060): audited, charged on its next sale, estimated in its Insights; null returns it to the platform's", async () => {
    const org = await organiser('own-commission');
    const { eventId, ticketId } = await eventOf(org.id, 'Commission Run');
    const commissionOf = async (ticketNumber: string) =>
      (
        await t.db.query((db) =>
          db
            .select({ paise: registrations.commissionPaise })
            .from(registrations)
            .where(eq(registrations.registrationNumber, ticketNumber)),
        )
      )[0]!.paise;
    const insightsPercent = async () =>
      (
        await json<AnalyticsReport>(
          await t.app.request('/api/admin/insights/analytics?period=all', { headers: { cookie: org.manager } }),
        )
      ).commission.percent;

    // No override: the platform's 5 %, shown as null.
    expect(
      (await json<PlatformOrganisationResponse>(await send('GET', `/api/platform/organisations/${org.id}`, platformSupport)))
        .organisation.commissionPercent,
    ).toBeNull();
    const before = await buyTicket(t, { eventId, ticketId });
    expect(await commissionOf(before.registrationNumber)).toBe(2_495); // 5 % of ₹499

    for (const bad of [100.5, -1, 2.555, '3']) {
      const refused = await send('PATCH', `/api/platform/organisations/${org.id}`, platformAdmin, { commissionPercent: bad });
      expect(refused.status).toBe(400);
      expect((await json<ApiErrorBody>(refused)).error.fields).toHaveProperty('commissionPercent');
    }
    expect((await send('PATCH', `/api/platform/organisations/${org.id}`, platformSupport, { commissionPercent: 1 })).status).toBe(
      403,
    );

    const patched = await send('PATCH', `/api/platform/organisations/${org.id}`, platformAdmin, { commissionPercent: 2.5 });
    expect(patched.status).toBe(200);
    expect((await json<PlatformOrganisationResponse>(patched)).organisation.commissionPercent).toBe(2.5);
    const [entry] = await auditOf('organisation', org.id, 'update');
    expect(JSON.stringify(entry!.detail)).toContain('commissionBasisPoints');
    const after = await buyTicket(t, { eventId, ticketId });
    expect(await commissionOf(after.registrationNumber)).toBe(1_248); // 2.5 % of ₹499 = ₹12.475, half up
    // The earlier sale keeps its frozen commission.
    expect(await commissionOf(before.registrationNumber)).toBe(2_495);
    expect(await insightsPercent()).toBe(2.5);

    const reset = await send('PATCH', `/api/platform/organisations/${org.id}`, platformAdmin, { commissionPercent: null });
    expect((await json<PlatformOrganisationResponse>(reset)).organisation.commissionPercent).toBeNull();
    expect(await insightsPercent()).toBe(5);
  });

  it('answers one organisation with its notes and admins, 404 for none', async () => {
    const org = await organiser('one-with-notes');
    const patched = await send('PATCH', `/api/platform/organisations/${org.id}`, platformAdmin, {
      platformNotes: 'Called them on Monday',
      trusted: true,
    });
    expect(patched.status).toBe(200);
    const { organisation } = await json<PlatformOrganisationResponse>(
      await send('GET', `/api/platform/organisations/${org.id}`, platformSupport),
    );
    expect(organisation).toMatchObject({ platformNotes: 'Called them on Monday', trusted: true });
    expect(organisation.admins.map((a) => a.email)).toContain(org.adminEmail);
    expect((await auditOf('organisation', org.id, 'update'))[0]).toMatchObject({ organisationId: org.id });
    // Support reads, and changes nothing.
    expect((await send('PATCH', `/api/platform/organisations/${org.id}`, platformSupport, { trusted: false })).status).toBe(403);
    expect((await send('PATCH', `/api/platform/organisations/${org.id}`, platformAdmin, {})).status).toBe(400);
    const missing = await send('GET', '/api/platform/organisations/999999', platformSupport);
    expect(missing.status).toBe(404);
    expect((await json<ApiErrorBody>(missing)).error).toMatchObject({
      code: 'not_found',
      message: ORGANISATION_MESSAGES.notFound,
    });
  });
});

describe('approving an applied organisation', () => {
  it('lets its staff draft but not publish until platform admins approve it, audited and e-mailed', async () => {
    const org = await organiser('applied-runners', 'applied');
    const refused = await send('POST', '/api/admin/events', org.manager, anEvent({ title: 'Too Soon', status: 'Active' }));
    expect(refused.status).toBe(409);
    expect((await json<ApiErrorBody>(refused)).error).toMatchObject({
      code: 'conflict',
      message: ORGANISATION_MESSAGES.notApproved,
      fields: { status: ORGANISATION_MESSAGES.notApproved },
    });
    const draft = await send('POST', '/api/admin/events', org.manager, anEvent({ title: 'Drafted', status: 'Draft' }));
    expect(draft.status).toBe(201);
    const drafted = (await json<{ event: SportEvent }>(draft)).event;
    // Publishing the Draft by an edit is refused too.
    const row = (await t.db.query((db) => db.select().from(events).where(eq(events.id, drafted.id))))[0]!;
    const edit = await send('PUT', `/api/admin/events/${drafted.id}`, org.manager, {
      ...anEvent({ title: 'Drafted', status: 'Upcoming' }),
      updatedAt: row.updatedAt,
    });
    expect(edit.status).toBe(409);

    // Platform support may not approve; a platform admin does.
    expect((await send('POST', `/api/platform/organisations/${org.id}/approve`, platformSupport)).status).toBe(403);
    const approved = await send('POST', `/api/platform/organisations/${org.id}/approve`, platformAdmin);
    expect(approved.status).toBe(200);
    expect((await json<PlatformOrganisationResponse>(approved)).organisation.status).toBe('approved');
    expect((await send('POST', `/api/platform/organisations/${org.id}/approve`, platformAdmin)).status).toBe(409);
    const [entry] = await auditOf('organisation', org.id, 'approve');
    expect(entry).toMatchObject({ organisationId: org.id, actorEmail: 'platform-admin@platform.test' });
    const [mail] = await outboxTo(org.adminEmail, EMAIL_KINDS.organisationDecision);
    expect(mail?.subject).toMatch(/approved/);

    const published = await send('POST', '/api/admin/events', org.manager, anEvent({ title: 'Now Live', status: 'Active' }));
    expect(published.status).toBe(201);
    expect((await json<{ event: SportEvent }>(published)).event.status).toBe('Active');
  });
});

describe('suspending an organisation', () => {
  it('takes its events off the public answers and stops sales; its tickets still check in; it can be reinstated', async () => {
    const org = await organiser('suspended-strikers');
    const { eventId, ticketId } = await eventOf(org.id, 'Suspended Strikers Night Run');
    const sold = await buyTicket(t, { eventId, ticketId, participant: { email: 'kept@example.com' } });
    const listed = async () =>
      (await json<EventsResponse>(await t.app.request('/api/events?q=Suspended%20Strikers'))).events.map((e) => e.id);
    expect(await listed()).toContain(eventId);

    // A reason is required.
    const noReason = await send('POST', `/api/platform/organisations/${org.id}/suspend`, platformAdmin, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await json<ApiErrorBody>(noReason)).error.fields).toEqual({ reason: ORGANISATION_MESSAGES.reasonRequired });
    expect((await send('POST', `/api/platform/organisations/${org.id}/suspend`, platformSupport, { reason: 'x' })).status).toBe(
      403,
    );
    const suspended = await send('POST', `/api/platform/organisations/${org.id}/suspend`, platformAdmin, {
      reason: 'Unpaid venue complaints',
    });
    expect(suspended.status).toBe(200);
    expect((await json<PlatformOrganisationResponse>(suspended)).organisation).toMatchObject({
      status: 'suspended',
      statusReason: 'Unpaid venue complaints',
    });
    const [entry] = await auditOf('organisation', org.id, 'suspend');
    expect(entry).toMatchObject({
      organisationId: org.id,
      detail: expect.objectContaining({ reason: 'Unpaid venue complaints' }),
    });
    const [mail] = await outboxTo(org.adminEmail, EMAIL_KINDS.organisationDecision);
    expect(mail?.text).toContain('Unpaid venue complaints');

    // Gone from the list, its page and its tickets' list.
    expect(await listed()).not.toContain(eventId);
    expect((await t.app.request(`/api/events/${eventId}`)).status).toBe(404);
    expect((await t.app.request(`/api/events/${eventId}/tickets`)).status).toBe(404);
    // Checkout refuses with the organiser's words.
    const order = await postJson(t, '/api/cashfree/create-order', orderBody(eventId, [{ ticketId }]));
    expect(order.status).toBe(409);
    expect((await json<ApiErrorBody>(order)).error.message).toBe(ORGANISATION_MESSAGES.organiserSuspended);
    // Its paid ticket still checks in, by its own staff.
    const scan = await send('POST', '/api/admin/registrations/check-in', org.coordinator, {
      code: signedTicketCode(t.env, sold.registrationNumber, eventId),
      gate: 'Main Gate',
      eventId,
    });
    expect(scan.status).toBe(200);
    // A suspended organisation publishes nothing new.
    const publish = await send('POST', '/api/admin/events', org.manager, anEvent({ status: 'Active' }));
    expect(publish.status).toBe(409);
    expect((await json<ApiErrorBody>(publish)).error.message).toBe(ORGANISATION_MESSAGES.suspended);

    expect((await send('POST', `/api/platform/organisations/${org.id}/suspend`, platformAdmin, { reason: 'again' })).status).toBe(
      409,
    );
    const reinstated = await send('POST', `/api/platform/organisations/${org.id}/reinstate`, platformAdmin);
    expect(reinstated.status).toBe(200);
    expect((await json<PlatformOrganisationResponse>(reinstated)).organisation).toMatchObject({
      status: 'approved',
      statusReason: '',
    });
    expect(await listed()).toContain(eventId);
    expect((await send('POST', `/api/platform/organisations/${org.id}/reinstate`, platformAdmin)).status).toBe(409);
  });
});

describe('POST /api/platform/organisations', () => {
  const profile = {
    displayName: 'Pune Striders',
    slug: 'pune-striders',
    legalName: 'Pune Striders LLP',
    state: '27',
    pan: 'AAPFU0939F',
    gstin: '27AAPFU0939F1ZV',
    contactEmail: 'hello@punestriders.in',
    contactPhone: '98765 43210',
  };
  const admin = { fullName: 'Meera Kulkarni', email: 'meera@punestriders.in', password: 'a long enough passphrase' };

  it('creates an approved organisation with its first admin, audited; a taken slug or e-mail is a conflict', async () => {
    expect((await send('POST', '/api/platform/organisations', platformSupport, { organisation: profile, admin })).status).toBe(
      403,
    );
    const res = await send('POST', '/api/platform/organisations', platformAdmin, { organisation: profile, admin });
    expect(res.status).toBe(201);
    const { organisation } = await json<PlatformOrganisationResponse>(res);
    expect(organisation).toMatchObject({ slug: 'pune-striders', status: 'approved', gstin: '27AAPFU0939F1ZV' });
    expect(organisation.admins).toEqual([{ fullName: 'Meera Kulkarni', email: 'meera@punestriders.in' }]);
    const [entry] = await auditOf('organisation', organisation.id, 'create');
    expect(entry).toMatchObject({ organisationId: organisation.id });
    expect(JSON.stringify(entry!.detail)).not.toContain(admin.password);

    const again = await send('POST', '/api/platform/organisations', platformAdmin, { organisation: profile, admin });
    expect(again.status).toBe(409);
    expect((await json<ApiErrorBody>(again)).error.fields).toEqual({
      'organisation.slug': validationText(ORGANISATION_MESSAGES.slugTaken, 'en'),
    });
    const sameEmail = await send('POST', '/api/platform/organisations', platformAdmin, {
      organisation: { ...profile, slug: 'pune-striders-two' },
      admin,
    });
    expect(sameEmail.status).toBe(409);
    expect((await json<ApiErrorBody>(sameEmail)).error.fields).toHaveProperty(['admin.email']);
    // Nothing half-made: the second organisation was rolled back with its admin.
    const rows = await t.db.query((db) => db.select().from(organisations).where(eq(organisations.slug, 'pune-striders-two')));
    expect(rows).toEqual([]);
  });

  it("checks the profile and the admin's password with the sign-up's and staff's rules", async () => {
    const res = await send('POST', '/api/platform/organisations', platformAdmin, {
      organisation: { ...profile, slug: 'admin', pan: 'AAPZU0939F' },
      admin: { ...admin, password: 'short' },
    });
    expect(res.status).toBe(400);
    const { error } = await json<ApiErrorBody>(res);
    expect(error.code).toBe('validation_error');
    expect(error.fields).toMatchObject({
      // The profile's rules answer in the request's language (decision 053): English here.
      'organisation.slug': validationText(ORGANISATION_MESSAGES.slugReserved, 'en'),
      'organisation.pan': validationText(ORGANISATION_MESSAGES.panEntity, 'en'),
      'admin.password': expect.stringMatching(/at least/),
    });
  });
});

describe('the event review queue', () => {
  it("holds an untrusted organisation's event as Submitted; platform staff approve or reject it with a reason", async () => {
    const org = await organiser('review-queue');
    await t.db.transaction((tx) => writeSettings(tx, { eventApprovalRequired: true }));
    try {
      const created = await json<{ event: SportEvent }>(
        await send('POST', '/api/admin/events', org.manager, anEvent({ title: 'Review Me Run', status: 'Upcoming' })),
      );
      expect(created.event).toMatchObject({ status: 'Draft', pendingStatus: 'Upcoming' });
      const queue = await json<PlatformEventsResponse>(
        await send('GET', '/api/platform/events?status=Submitted', platformSupport),
      );
      const queued = queue.events.find((e) => e.id === created.event.id)!;
      expect(queued).toMatchObject({
        status: 'Submitted',
        pendingStatus: 'Upcoming',
        title: 'Review Me Run',
        organisation: { id: org.id, slug: 'review-queue', trusted: false },
        tickets: [],
      });
      expect((await send('GET', '/api/platform/events?status=Active', platformSupport)).status).toBe(400);

      // Rejecting needs a reason; platform support may review.
      expect((await send('POST', `/api/platform/events/${created.event.id}/reject`, platformSupport, {})).status).toBe(400);
      const rejected = await send('POST', `/api/platform/events/${created.event.id}/reject`, platformSupport, {
        reason: 'Add the route map and the cut-off times',
      });
      expect(rejected.status).toBe(200);
      expect((await json<{ event: SportEvent }>(rejected)).event).toMatchObject({
        status: 'Draft',
        pendingStatus: null,
        reviewNote: 'Add the route map and the cut-off times',
      });
      // The organiser's console shows why, on the event; the public never sees it.
      const seen = await json<{ event: SportEvent }>(await send('GET', `/api/admin/events/${created.event.id}`, org.manager));
      expect(seen.event.reviewNote).toBe('Add the route map and the cut-off times');
      const [entry] = await auditOf('event', created.event.id, 'reject');
      expect(entry).toMatchObject({ organisationId: org.id });
      const [mail] = await outboxTo(org.adminEmail, EMAIL_KINDS.eventReview);
      expect(mail?.text).toContain('Add the route map and the cut-off times');
      // Not waiting any more: a second decision is a conflict.
      expect((await send('POST', `/api/platform/events/${created.event.id}/approve`, platformSupport)).status).toBe(409);

      // Submitted again, then approved: the status asked for.
      const row = (await t.db.query((db) => db.select().from(events).where(eq(events.id, created.event.id))))[0]!;
      const resubmitted = await send('PUT', `/api/admin/events/${row.id}`, org.manager, {
        ...anEvent({ title: 'Review Me Run', status: 'Upcoming' }),
        updatedAt: row.updatedAt,
      });
      // Submitted again, the reason has been answered.
      expect((await json<{ event: SportEvent }>(resubmitted)).event).toMatchObject({
        pendingStatus: 'Upcoming',
        reviewNote: null,
      });
      const approved = await send('POST', `/api/platform/events/${created.event.id}/approve`, platformSupport);
      expect(approved.status).toBe(200);
      expect((await json<{ event: SportEvent }>(approved)).event).toMatchObject({ status: 'Upcoming', pendingStatus: null });
      expect(await auditOf('event', created.event.id, 'approve')).toHaveLength(1);
      expect((await outboxTo(org.adminEmail, EMAIL_KINDS.eventReview))[0]?.subject).toMatch(/Approved: Review Me Run/);
      expect((await send('POST', '/api/platform/events/999999/approve', platformSupport)).status).toBe(404);

      // A trusted organisation publishes directly.
      await send('PATCH', `/api/platform/organisations/${org.id}`, platformAdmin, { trusted: true });
      const trusted = await json<{ event: SportEvent }>(
        await send('POST', '/api/admin/events', org.manager, anEvent({ title: 'Trusted Run', status: 'Active' })),
      );
      expect(trusted.event).toMatchObject({ status: 'Active', pendingStatus: null });
    } finally {
      await t.db.transaction((tx) => writeSettings(tx, { eventApprovalRequired: false }));
    }
  });
});
