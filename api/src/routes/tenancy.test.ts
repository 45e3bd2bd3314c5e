// Tenancy (issue 41, decision 051): every admin route walked as one organisation's admin with
// another organisation's ids, in the path, the query string and the body. Each answers 404 (never
// 403, which would confirm the record exists) or, for a list, leaves the other organisation's rows
// out; nothing of the other organisation changes. A route the app serves under /api/admin without a
// row here fails the last test.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokens,
  webhookDeliveries,
  webhookEndpoints,
  events,
  groupDiscounts,
  checkInLists,
  invoices,
  memberships,
  orders,
  promoCodes,
  registrations,
  staffUsers,
  ticketTypes,
  waitingListEntries,
} from '../db/schema';
import { signedTicketCode } from '../services/ticket-codes';
import { recordWebhookEvent } from '../services/webhook-outbox';
import { createTestOrganisation, testOrganisationId } from '../testing/organisations';
import { anEventInput } from '../testing/catalogue';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
/** Organisation A's admin: the one walking. */
let adminA: string;
/** Organisation B's ids and the words of its records that must never reach A. */
const b = {
  organisationId: 0,
  eventId: 0,
  ticketId: 0,
  registrationId: 0,
  registrationNumber: '',
  orderId: '',
  invoiceId: 0,
  promoCodeId: 0,
  groupDiscountId: 0,
  checkInListId: 0,
  waitingEntryId: 0,
  adminId: 0,
  apiTokenId: 0,
  webhookId: 0,
  webhookDeliveryId: 0,
  code: '',
};
const B_TITLE = 'Bravo League Final';
const B_BUYER = 'bravo.buyer@example.com';

beforeAll(async () => {
  t = await createCheckoutTestApp();
  adminA = await staffCookie(t, 'admin');
  b.organisationId = await t.db.query((db) => createTestOrganisation(db, { slug: 'bravo-league', displayName: 'Bravo League' }));
  const adminB = await staffCookie(t, 'admin', 'admin@bravo.test', { organisationId: b.organisationId });
  // B's catalogue, made by B's own admin through the API.
  const ids = await seedCheckoutEvent(t, { title: 'Alpha Run' });
  const madeEvent = await t.app.request(
    '/api/admin/events',
    jsonRequest(
      'POST',
      anEventInput({
        title: B_TITLE,
        category: 'Football',
        date: '2030-01-15',
        city: 'Bangalore',
        venue: 'Bravo Ground, Bangalore',
        status: 'Active',
      }),
      adminB,
    ),
  );
  expect(madeEvent.status, await madeEvent.clone().text()).toBe(201);
  b.eventId = ((await madeEvent.json()) as { event: { id: number } }).event.id;
  const madeTicket = await t.app.request(
    '/api/admin/tickets',
    jsonRequest(
      'POST',
      {
        eventId: b.eventId,
        name: 'Bravo Stand',
        description: 'A seat in the stand.',
        price: 300,
        quantity: 100,
        status: 'Active',
        category: 'General',
      },
      adminB,
    ),
  );
  expect(madeTicket.status, await madeTicket.clone().text()).toBe(201);
  b.ticketId = ((await madeTicket.json()) as { ticket: { id: number } }).ticket.id;
  // A paid order of B's, with its attendee.
  await buyTicket(t, { eventId: b.eventId, ticketId: b.ticketId, participant: { email: B_BUYER } });
  const [attendee] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.eventId, b.eventId)));
  b.orderId = attendee!.orderId!;
  b.registrationId = attendee!.id;
  b.registrationNumber = attendee!.registrationNumber;
  b.code = signedTicketCode(t.env, attendee!.registrationNumber, b.eventId);
  const promo = await t.app.request(
    `/api/admin/events/${b.eventId}/promo-codes`,
    jsonRequest('POST', { code: 'BRAVO10', kind: 'percent', value: 10 }, adminB),
  );
  expect(promo.status, await promo.clone().text()).toBe(201);
  b.promoCodeId = ((await promo.json()) as { promoCode: { id: number } }).promoCode.id;
  const discount = await t.app.request(
    `/api/admin/events/${b.eventId}/group-discounts`,
    jsonRequest('POST', { name: 'Bravo four', minQuantity: 4, percent: 10, ticketTypeIds: [b.ticketId] }, adminB),
  );
  expect(discount.status, await discount.clone().text()).toBe(201);
  b.groupDiscountId = ((await discount.json()) as { groupDiscount: { id: number } }).groupDiscount.id;
  const checkInList = await t.app.request(
    `/api/admin/events/${b.eventId}/check-in-lists`,
    jsonRequest('POST', { name: 'Bravo VIP', ticketTypeIds: [b.ticketId] }, adminB),
  );
  expect(checkInList.status, await checkInList.clone().text()).toBe(201);
  b.checkInListId = Number(((await checkInList.json()) as { list: { id: string } }).list.id);
  const [entry] = await t.db.query((db) =>
    db
      .insert(waitingListEntries)
      .values({
        eventId: b.eventId,
        ticketTypeId: b.ticketId,
        name: 'Bravo Waiter',
        email: 'bravo.waiter@example.com',
        phone: '+919812345670',
        quantity: 1,
        position: 1,
        confirmedAt: new Date().toISOString(),
      })
      .returning(),
  );
  b.waitingEntryId = entry!.id;
  const [invoice] = await t.db.query((db) =>
    db
      .insert(invoices)
      .values({
        organisationId: b.organisationId,
        number: 'INV/3031/000001',
        kind: 'invoice',
        series: 'INV/3031',
        sequence: 1,
        orderId: b.orderId,
        eventId: b.eventId,
        issuedAt: new Date().toISOString(),
        buyerName: 'Bravo Buyer',
        buyerEmail: B_BUYER,
        taxMode: 'intra',
        placeOfSupply: '29',
        supplier: { legalName: 'Bravo League LLP', address: 'Bangalore', gstin: '29AAPFU0939F1ZV', state: '29' },
        lines: [],
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        totalPaise: 0,
      })
      .returning(),
  );
  b.invoiceId = invoice!.id;
  const [admin] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.email, 'admin@bravo.test')));
  b.adminId = admin!.id;
  // B's API token (decision 062), made by B's admin.
  const madeToken = await t.app.request(
    '/api/admin/api-tokens',
    jsonRequest('POST', { name: 'Bravo CRM', scopes: ['read'] }, adminB),
  );
  expect(madeToken.status, await madeToken.clone().text()).toBe(201);
  b.apiTokenId = ((await madeToken.json()) as { id: number }).id;
  // B's webhook endpoint (decision 064), made by B's admin, with a delivery in its log.
  const madeWebhook = await t.app.request(
    '/api/admin/webhooks',
    jsonRequest('POST', { url: 'https://bravo.example.com/hooks', events: ['event.updated'] }, adminB),
  );
  expect(madeWebhook.status, await madeWebhook.clone().text()).toBe(201);
  b.webhookId = ((await madeWebhook.json()) as { id: number }).id;
  await t.db.transaction((tx) => recordWebhookEvent(tx, b.organisationId, 'event.updated', b.eventId));
  const [delivery] = await t.db.query((db) =>
    db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, b.webhookId)),
  );
  b.webhookDeliveryId = delivery!.id;
  expect(ids.eventId).not.toBe(b.eventId);
  expect(await t.db.query((db) => testOrganisationId(db))).not.toBe(b.organisationId);
});
afterAll(() => t.close());

/** Everything of B's the walk could change, read straight from the database. */
const snapshotOfB = () =>
  t.db.query(async (db) => ({
    event: await db.select().from(events).where(eq(events.id, b.eventId)),
    tickets: await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, b.eventId)),
    attendees: await db.select().from(registrations).where(eq(registrations.eventId, b.eventId)),
    order: await db.select().from(orders).where(eq(orders.id, b.orderId)),
    promoCodes: await db.select().from(promoCodes).where(eq(promoCodes.eventId, b.eventId)),
    discounts: await db.select().from(groupDiscounts).where(eq(groupDiscounts.eventId, b.eventId)),
    checkInLists: await db.select().from(checkInLists).where(eq(checkInLists.eventId, b.eventId)),
    waiting: await db.select().from(waitingListEntries).where(eq(waitingListEntries.eventId, b.eventId)),
    invoices: await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organisationId, b.organisationId))),
    admin: await db.select().from(staffUsers).where(eq(staffUsers.id, b.adminId)),
    // B's memberships: DELETE /api/admin/users/:id with B's admin removes nothing (decision 057).
    members: await db.select().from(memberships).where(eq(memberships.organisationId, b.organisationId)),
    apiTokens: await db.select().from(apiTokens).where(eq(apiTokens.organisationId, b.organisationId)),
    webhooks: await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organisationId, b.organisationId)),
    deliveries: await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, b.webhookId)),
  }));

/** How A's admin asks for B's record on each route: a path with B's ids, or a query or body naming them. */
interface Walk {
  path: () => string;
  body?: () => unknown;
  /**
   * 'not_found': 404; 'invalid': 400 naming the field, as for an id that does not exist; 'list': an
   * answer with nothing of B's; 'refused': the gate does not know B's ticket.
   */
  expect: 'not_found' | 'invalid' | 'list' | 'refused';
}

const WALK: Record<string, Walk> = {
  // Lists, counts and exports: A's own, never B's rows; B's event named in the query string is 404.
  'GET /api/admin/events': { path: () => '/api/admin/events?pageSize=100', expect: 'list' },
  'GET /api/admin/events/options': { path: () => '/api/admin/events/options', expect: 'list' },
  'GET /api/admin/tickets': { path: () => '/api/admin/tickets?showExpired=true&pageSize=100', expect: 'list' },
  'GET /api/admin/tickets/summary': { path: () => '/api/admin/tickets/summary', expect: 'list' },
  'GET /api/admin/registrations': { path: () => `/api/admin/registrations?eventId=${b.eventId}`, expect: 'not_found' },
  'GET /api/admin/registrations/stats': {
    path: () => `/api/admin/registrations/stats?eventId=${b.eventId}`,
    expect: 'not_found',
  },
  'GET /api/admin/registrations/export.csv': {
    path: () => `/api/admin/registrations/export.csv?eventId=${b.eventId}`,
    expect: 'not_found',
  },
  'GET /api/admin/registrations/check-in/list': {
    path: () => `/api/admin/registrations/check-in/list?eventId=${b.eventId}`,
    expect: 'not_found',
  },
  'POST /api/admin/registrations/check-in': {
    path: () => '/api/admin/registrations/check-in',
    body: () => ({ code: b.code, gate: 'Gate A' }),
    expect: 'refused',
  },
  'POST /api/admin/registrations/check-in/sync': {
    path: () => '/api/admin/registrations/check-in/sync',
    body: () => ({ eventId: b.eventId, scans: [{ code: b.code, scannedAt: new Date().toISOString(), gate: 'Gate A' }] }),
    expect: 'refused',
  },
  'GET /api/admin/insights/dashboard': { path: () => '/api/admin/insights/dashboard', expect: 'list' },
  'GET /api/admin/insights/analytics': { path: () => '/api/admin/insights/analytics?period=all', expect: 'list' },
  'GET /api/admin/orders': { path: () => '/api/admin/orders', expect: 'list' },
  'GET /api/admin/invoices': { path: () => '/api/admin/invoices', expect: 'list' },
  'GET /api/admin/invoices/export.csv': { path: () => '/api/admin/invoices/export.csv', expect: 'list' },
  'GET /api/admin/participants': { path: () => '/api/admin/participants', expect: 'list' },
  'GET /api/admin/users': { path: () => '/api/admin/users', expect: 'list' },
  'GET /api/admin/audit': { path: () => '/api/admin/audit?limit=200', expect: 'list' },
  'GET /api/admin/data-requests': { path: () => '/api/admin/data-requests', expect: 'list' },
  'GET /api/admin/settings': { path: () => '/api/admin/settings', expect: 'list' },
  // The acting organisation's own profile (decision 055): never another's.
  'GET /api/admin/organisation': { path: () => '/api/admin/organisation', expect: 'list' },
  // The acting organisation's API tokens (decision 062): never another's.
  'GET /api/admin/api-tokens': { path: () => '/api/admin/api-tokens', expect: 'list' },
  'POST /api/admin/api-tokens': {
    path: () => '/api/admin/api-tokens',
    body: () => ({ name: 'Sneaked', scopes: ['read'] }),
    expect: 'list',
  },
  // The acting organisation's webhook endpoints (decision 064): never another's.
  'GET /api/admin/webhooks': { path: () => '/api/admin/webhooks', expect: 'list' },
  'POST /api/admin/webhooks': {
    path: () => '/api/admin/webhooks',
    body: () => ({ url: 'https://sneaked.example.com/', events: ['order.paid'] }),
    expect: 'list',
  },
  'PUT /api/admin/organisation': { path: () => '/api/admin/organisation', body: () => ({}), expect: 'list' },
  // Writes naming B's records in the body.
  'POST /api/admin/tickets': {
    path: () => '/api/admin/tickets',
    body: () => ({ eventId: b.eventId, name: 'Sneaked', price: 1, quantity: 1, status: 'Active', category: 'General' }),
    // As for an event that does not exist: 400 on the field.
    expect: 'invalid',
  },
  'POST /api/admin/events': {
    // Creating an event is never another organisation's: it is A's, and B's list does not hold it.
    path: () => '/api/admin/events',
    body: () => ({ title: '' }),
    expect: 'list',
  },
  'POST /api/admin/uploads/images': { path: () => '/api/admin/uploads/images', body: () => ({}), expect: 'list' },
  'POST /api/admin/users': { path: () => '/api/admin/users', body: () => ({ email: 'admin@bravo.test' }), expect: 'list' },
  'PUT /api/admin/settings': { path: () => '/api/admin/settings', body: () => ({}), expect: 'list' },
  'POST /api/send-ticket-email': {
    path: () => '/api/send-ticket-email',
    body: () => ({ registrationNumber: b.registrationNumber }),
    expect: 'not_found',
  },
  'POST /api/send-payment-emails': {
    path: () => '/api/send-payment-emails',
    body: () => ({ registrationNumber: b.registrationNumber }),
    expect: 'not_found',
  },
};

/** B's id for each path parameter, by the section it is in. */
function pathWithBIds(route: string): string {
  return route
    .replace(/\/events\/:id/, `/events/${b.eventId}`)
    .replace(/\/tickets\/:id/, `/tickets/${b.ticketId}`)
    .replace(/\/registrations\/:id/, `/registrations/${b.registrationId}`)
    .replace(/\/orders\/:orderId/, `/orders/${b.orderId}`)
    .replace(/\/invoices\/:id/, `/invoices/${b.invoiceId}`)
    .replace(/\/users\/:id/, `/users/${b.adminId}`)
    .replace(/\/data-requests\/:id/, `/data-requests/999999`)
    .replace(/\/api-tokens\/:id/, `/api-tokens/${b.apiTokenId}`)
    .replace(/\/webhooks\/:id/, `/webhooks/${b.webhookId}`)
    .replace(':deliveryId', String(b.webhookDeliveryId))
    .replace(':codeId', String(b.promoCodeId))
    .replace(':discountId', String(b.groupDiscountId))
    .replace(':listId', String(b.checkInListId))
    .replace(':entryId', String(b.waitingEntryId))
    .replace(':refundId', '1');
}

/** A body that would pass validation, so that a 404 is the tenancy guard's and not a 400. */
function plausibleBody(route: string): unknown {
  if (route.endsWith('/name')) return { firstName: 'Sneak', lastName: 'Y' };
  if (route.endsWith('/refunds')) return { attendeeIds: 'all', reason: 'walk' };
  if (route.endsWith('/postpone')) return { date: '2030-02-01', time: '18:00', reason: 'walk' };
  if (route.endsWith('/cancel')) return { reason: 'walk' };
  if (route.endsWith('/suspend') || route.endsWith('/decline')) return { reason: 'walk', note: 'walk' };
  if (route.startsWith('PATCH /api/admin/registrations/')) return { ticketDownloaded: true };
  if (route.startsWith('PATCH /api/admin/users/')) return { disabled: true };
  if (route.startsWith('PATCH /api/admin/webhooks/')) return { enabled: false };
  if (route.startsWith('PUT /api/admin/events/:id/promo-codes/')) return { code: 'SNEAK', kind: 'percent', value: 50 };
  if (route.startsWith('PUT /api/admin/events/:id/group-discounts/')) return { name: 'x', minQuantity: 2, percent: 50 };
  if (route.includes('/check-in-lists')) return { name: 'Sneaked list' };
  if (route.startsWith('PUT /api/admin/events/:id/waiting-room')) return { enabled: false };
  if (route.startsWith('PUT /api/admin/tickets/')) return { name: 'Sneaked', price: 1 };
  if (route.startsWith('PUT /api/admin/registrations/')) return { firstName: 'Sneak' };
  if (route.startsWith('PUT /api/admin/events/')) return { title: 'Sneaked' };
  return {};
}

/** Reads first: a refused scan's audit entry holds the number A's own staff presented, not B's data. */
const servedAdminRoutes = () =>
  [
    ...new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/admin/') || r.path.startsWith('/api/send-')))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ].sort((x, y) => Number(!x.startsWith('GET ')) - Number(!y.startsWith('GET ')));

const textOf = async (res: Response) =>
  res.headers.get('content-type')?.includes('json') ? JSON.stringify(await res.json()) : await res.text();

describe("an organisation's admin walking every admin route with another organisation's ids", () => {
  it('gets 404 for each of its records, only its own rows in lists, and changes nothing of it', async () => {
    const before = await snapshotOfB();
    const problems: string[] = [];
    for (const route of servedAdminRoutes()) {
      const [method, template] = route.split(' ') as [string, string];
      const row = WALK[route];
      const hasParam = template.includes(':');
      if (!row && !hasParam) continue; // reported by the next test
      const path = row ? row.path() : pathWithBIds(template);
      const body = row?.body ? row.body() : method === 'GET' || method === 'DELETE' ? undefined : plausibleBody(route);
      const res = await t.app.request(path, jsonRequest(method, body, adminA));
      const text = await textOf(res);
      const expectation = row?.expect ?? 'not_found';
      if (expectation === 'not_found') {
        if (res.status !== 404) problems.push(`${route}: ${res.status} ${text.slice(0, 160)}`);
      } else if (expectation === 'invalid') {
        if (res.status !== 400 || !text.includes('Event not found'))
          problems.push(`${route}: ${res.status} ${text.slice(0, 160)}`);
      } else if (expectation === 'refused') {
        if (!/no ticket with this code/i.test(text) || /"outcome":"(checked-in|admitted)"/.test(text))
          problems.push(`${route}: ${res.status} ${text.slice(0, 160)}`);
      }
      for (const secret of [B_TITLE, B_BUYER, b.registrationNumber, 'Bravo Waiter', 'BRAVO10', 'admin@bravo.test', 'Bravo CRM']) {
        if (
          expectation !== 'refused' &&
          text.includes(secret) &&
          !(route === 'POST /api/admin/users' && secret === 'admin@bravo.test')
        )
          problems.push(`${route}: answer shows B's "${secret}"`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("has a row for every admin route without an id in its path (a route with one is walked with B's ids)", () => {
    const missing = servedAdminRoutes().filter((r) => !r.split(' ')[1]!.includes(':') && !WALK[r]);
    expect(missing).toEqual([]);
  });
});
