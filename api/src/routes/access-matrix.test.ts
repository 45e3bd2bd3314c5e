// DESIGN.md section 6's access matrix (decision 047), enforced on every staff route. ACCESS_MATRIX is
// the single list of staff routes: add a row for each route you add under /api/admin (the last test
// fails for a route without one) or any other staff-only route. A row names a minimum role or, for a
// capability that follows each role's need rather than its rank, a need of contract/staff-needs.ts.
// Each row is called signed out and as every role, and must answer 401 'unauthenticated' signed out,
// 403 'forbidden' to a role without it and neither to a role with it (a write's 400/404/409 counts
// as allowed: the guard let it through). roles-by-need.test.ts walks what each role's answers show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNeed, ROLE_RANK, ROLES, type Role, type StaffNeed } from '../contract';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';
import { eventMessages, events, invoices, orders, webhookEndpoints } from '../db/schema';
import { eq } from 'drizzle-orm';
import type { PlatformRole } from '../contract/organisations';
import { testOrganisationId } from '../testing/organisations';

export interface AccessRule {
  /** 'METHOD /path/as/registered/:param', as Hono lists it in app.routes. */
  route: string;
  /** The path to call, when the route has parameters. */
  path?: string;
  /** The lowest rank allowed (DESIGN.md section 6's ranks)... */
  minRole?: Role;
  /** ...or the capability of contract/staff-needs.ts that decides it (decision 047)... */
  need?: StaffNeed;
  /** ...or, for the platform's own (decision 051), the platform role it asks: every organisation role is refused. */
  platformRole?: PlatformRole;
  /** A JSON body for writes; an invalid one is fine (400 still proves the guard let it through). */
  body?: unknown;
}

// Rows for routes DESIGN.md section 3 names but nobody has built yet are here too: the guard in
// admin.ts already answers for them, and a GET row tightens from "not 401/403" to 200 once built.
export const ACCESS_MATRIX: AccessRule[] = [
  // Dashboard and lists: support.
  { route: 'GET /api/admin/events', minRole: 'support' },
  { route: 'GET /api/admin/tickets', minRole: 'support' },
  { route: 'GET /api/admin/events/options', minRole: 'support' },
  { route: 'GET /api/admin/tickets/summary', minRole: 'support' },
  { route: 'GET /api/admin/events/:id', path: '/api/admin/events/1', minRole: 'support' },
  { route: 'GET /api/admin/tickets/:id', path: '/api/admin/tickets/1', minRole: 'support' },
  // The waiting list of a ticket type (decision 024): everyone reads it; managers change it.
  { route: 'GET /api/admin/tickets/:id/waiting-list', path: '/api/admin/tickets/1/waiting-list', minRole: 'support' },
  { route: 'GET /api/admin/registrations', minRole: 'support' },
  { route: 'GET /api/admin/registrations/stats', minRole: 'support' },
  { route: 'GET /api/admin/registrations/:id', path: '/api/admin/registrations/1', minRole: 'support' },
  // A caller's name corrected, an attendee cancelled for a caller (decision 047): not gate staff.
  {
    route: 'PATCH /api/admin/registrations/:id/name',
    path: '/api/admin/registrations/999999/name',
    need: 'correctName',
    body: { firstName: 'Asha', lastName: 'Rao' },
  },
  { route: 'POST /api/admin/registrations/:id/cancel', path: '/api/admin/registrations/999999/cancel', need: 'cancelAttendee' },
  { route: 'GET /api/admin/insights/dashboard', minRole: 'support' },
  // Ticket downloaded / WhatsApp / e-mail flags: support.
  {
    route: 'PATCH /api/admin/registrations/:id',
    path: '/api/admin/registrations/1',
    minRole: 'support',
    body: { ticketDownloaded: 'x' },
  },
  // Check in: coordinator. The full edit (contacts included): manager (decision 047).
  { route: 'PUT /api/admin/registrations/:id', path: '/api/admin/registrations/1', minRole: 'manager', body: {} },
  { route: 'POST /api/admin/registrations/check-in', minRole: 'coordinator', body: {} },
  { route: 'POST /api/admin/registrations/check-in/sync', minRole: 'coordinator', body: {} },
  {
    route: 'GET /api/admin/registrations/check-in/list',
    path: '/api/admin/registrations/check-in/list?eventId=1',
    minRole: 'coordinator',
  },
  // An event's results (decision 063): importing, publishing, withholding and the staff view, managers.
  { route: 'GET /api/admin/events/:id/results', path: '/api/admin/events/1/results', minRole: 'manager' },
  {
    route: 'POST /api/admin/events/:id/results/import',
    path: '/api/admin/events/1/results/import?dryRun=true',
    minRole: 'manager',
    body: {},
  },
  { route: 'POST /api/admin/events/:id/results/publish', path: '/api/admin/events/999999/results/publish', minRole: 'manager' },
  {
    route: 'POST /api/admin/events/:id/results/:resultId/withhold',
    path: '/api/admin/events/1/results/999999/withhold',
    minRole: 'manager',
    body: { withheld: true, reason: 'DQ under review' },
  },
  // The timing hand-off (decision 068): managers.
  {
    route: 'GET /api/admin/events/:id/reports/timing.csv',
    path: '/api/admin/events/1/reports/timing.csv?format=plain',
    minRole: 'manager',
  },
  {
    route: 'POST /api/admin/events/:id/chips',
    path: '/api/admin/events/1/chips?dryRun=true',
    minRole: 'manager',
  },
  // A start wave by hand (decision 068): managers.
  {
    route: 'PUT /api/admin/registrations/:id/wave',
    path: '/api/admin/registrations/999999/wave',
    minRole: 'manager',
    body: { wave: null },
  },
  // The race's reports (decision 066) and their printable form (decision 073, the same route): managers.
  {
    route: 'GET /api/admin/events/:id/reports/:report',
    path: '/api/admin/events/1/reports/medical.csv',
    minRole: 'manager',
  },
  {
    route: 'GET /api/admin/events/:id/reports/:report',
    path: '/api/admin/events/1/reports/medical.pdf',
    minRole: 'manager',
  },
  // Messages to registrants (decision 072): managers.
  {
    route: 'POST /api/admin/events/:id/messages',
    path: '/api/admin/events/1/messages',
    minRole: 'manager',
    body: { subject: '', body: {}, channels: [] },
  },
  { route: 'GET /api/admin/events/:id/messages', path: '/api/admin/events/1/messages', minRole: 'manager' },
  {
    route: 'GET /api/admin/events/:id/messages/:messageId',
    path: '/api/admin/events/1/messages/424244',
    minRole: 'manager',
  },
  // An event's waiting room (decision 032): everyone reads it; managers set and steer it.
  { route: 'GET /api/admin/events/:id/waiting-room', path: '/api/admin/events/1/waiting-room', minRole: 'support' },
  { route: 'PUT /api/admin/events/:id/waiting-room', path: '/api/admin/events/1/waiting-room', minRole: 'manager', body: {} },
  {
    route: 'POST /api/admin/events/:id/waiting-room/pause',
    path: '/api/admin/events/999999/waiting-room/pause',
    minRole: 'manager',
  },
  {
    route: 'POST /api/admin/events/:id/waiting-room/resume',
    path: '/api/admin/events/999999/waiting-room/resume',
    minRole: 'manager',
  },
  // Events and tickets CRUD, deleting registrations, analytics, CSV export: manager.
  { route: 'POST /api/admin/events', minRole: 'manager', body: {} },
  { route: 'PUT /api/admin/events/:id', path: '/api/admin/events/999999', minRole: 'manager', body: {} },
  { route: 'DELETE /api/admin/events/:id', path: '/api/admin/events/999999', minRole: 'manager' },
  { route: 'POST /api/admin/uploads/images', minRole: 'manager', body: {} },
  { route: 'POST /api/admin/tickets', minRole: 'manager', body: {} },
  { route: 'PUT /api/admin/tickets/:id', path: '/api/admin/tickets/999999', minRole: 'manager', body: {} },
  { route: 'DELETE /api/admin/tickets/:id', path: '/api/admin/tickets/999999', minRole: 'manager' },
  {
    route: 'DELETE /api/admin/tickets/:id/waiting-list/:entryId',
    path: '/api/admin/tickets/999999/waiting-list/1',
    minRole: 'manager',
  },
  {
    route: 'POST /api/admin/tickets/:id/waiting-list/:entryId/move',
    path: '/api/admin/tickets/999999/waiting-list/1/move',
    minRole: 'manager',
    body: { direction: 'up' },
  },
  { route: 'DELETE /api/admin/registrations/:id', path: '/api/admin/registrations/999999', minRole: 'manager' },
  // Recording an offline refund of an attendee paid in cash (decision 045): a refund, managers.
  {
    route: 'POST /api/admin/registrations/:id/offline-refund',
    path: '/api/admin/registrations/999999/offline-refund',
    minRole: 'manager',
    body: {},
  },
  // Cancelling an event and its refunds (decision 025): managers.
  {
    route: 'POST /api/admin/events/:id/cancel',
    path: '/api/admin/events/999999/cancel',
    minRole: 'manager',
    body: { confirmTitle: 'Nothing', fee: 0, reason: 'Test' },
  },
  {
    route: 'POST /api/admin/events/:id/postpone',
    path: '/api/admin/events/999999/postpone',
    minRole: 'manager',
    body: { date: '2099-01-02', time: '07:00', refundUntil: '2099-01-01', reason: 'Test' },
  },
  { route: 'GET /api/admin/events/:id/cancellation', path: '/api/admin/events/1/cancellation', minRole: 'manager' },
  {
    route: 'POST /api/admin/events/:id/cancellation/refunds/:refundId/retry',
    path: '/api/admin/events/999999/cancellation/refunds/1/retry',
    minRole: 'manager',
  },
  { route: 'GET /api/admin/registrations/export.csv', minRole: 'manager' },
  // Group discounts (decision 031): everyone reads, managers change.
  { route: 'GET /api/admin/events/:id/group-discounts', path: '/api/admin/events/1/group-discounts', minRole: 'support' },
  {
    route: 'POST /api/admin/events/:id/group-discounts',
    path: '/api/admin/events/999999/group-discounts',
    minRole: 'manager',
    body: { name: 'Club', minQuantity: 4, percent: 10 },
  },
  {
    route: 'PUT /api/admin/events/:id/group-discounts/:discountId',
    path: '/api/admin/events/999999/group-discounts/1',
    minRole: 'manager',
    body: { name: 'Club', minQuantity: 4, percent: 10 },
  },
  {
    route: 'DELETE /api/admin/events/:id/group-discounts/:discountId',
    path: '/api/admin/events/999999/group-discounts/1',
    minRole: 'manager',
  },
  // Check-in lists and their counts (decision 065): everyone reads, managers change.
  { route: 'GET /api/admin/events/:id/check-in-lists', path: '/api/admin/events/1/check-in-lists', minRole: 'support' },
  { route: 'GET /api/admin/events/:id/check-in-counts', path: '/api/admin/events/1/check-in-counts', minRole: 'support' },
  {
    route: 'POST /api/admin/events/:id/check-in-lists',
    path: '/api/admin/events/999999/check-in-lists',
    minRole: 'manager',
    body: { name: 'VIP enclosure' },
  },
  {
    route: 'PUT /api/admin/events/:id/check-in-lists/:listId',
    path: '/api/admin/events/999999/check-in-lists/1',
    minRole: 'manager',
    body: { name: 'VIP enclosure' },
  },
  {
    route: 'DELETE /api/admin/events/:id/check-in-lists/:listId',
    path: '/api/admin/events/999999/check-in-lists/1',
    minRole: 'manager',
  },
  // Promo codes (decision 033): everyone reads, managers change and export.
  { route: 'GET /api/admin/events/:id/promo-codes', path: '/api/admin/events/1/promo-codes', minRole: 'support' },
  {
    route: 'GET /api/admin/events/:id/promo-codes/export.csv',
    path: '/api/admin/events/1/promo-codes/export.csv',
    minRole: 'manager',
  },
  {
    route: 'POST /api/admin/events/:id/promo-codes',
    path: '/api/admin/events/999999/promo-codes',
    minRole: 'manager',
    body: { code: 'EARLY10', kind: 'percent', value: 10 },
  },
  {
    route: 'PUT /api/admin/events/:id/promo-codes/:codeId',
    path: '/api/admin/events/999999/promo-codes/1',
    minRole: 'manager',
    body: { code: 'EARLY10', kind: 'percent', value: 10 },
  },
  {
    route: 'POST /api/admin/events/:id/promo-codes/:codeId/disable',
    path: '/api/admin/events/999999/promo-codes/1/disable',
    minRole: 'manager',
  },
  {
    route: 'POST /api/admin/events/:id/promo-codes/:codeId/enable',
    path: '/api/admin/events/999999/promo-codes/1/enable',
    minRole: 'manager',
  },
  {
    route: 'DELETE /api/admin/events/:id/promo-codes/:codeId',
    path: '/api/admin/events/999999/promo-codes/1',
    minRole: 'manager',
  },
  // Invoices and credit notes (decision 031): managers.
  { route: 'GET /api/admin/invoices', minRole: 'manager' },
  { route: 'GET /api/admin/invoices/export.csv', minRole: 'manager' },
  // One document's PDF, for a caller (decision 047): support, managers, admins; not gate staff.
  { route: 'GET /api/admin/invoices/:id/pdf', path: '/api/admin/invoices/424242/pdf', need: 'downloadInvoice' },
  { route: 'GET /api/admin/insights/analytics', minRole: 'manager' },
  // Staff users, participants, settings, audit log, approving events: admin.
  { route: 'GET /api/admin/users', minRole: 'admin' },
  { route: 'POST /api/admin/users', minRole: 'admin', body: { email: 'not-an-email' } },
  { route: 'PATCH /api/admin/users/:id', path: '/api/admin/users/999999', minRole: 'admin', body: { fullName: 'Nobody' } },
  // "Remove from organisation" (decision 057).
  { route: 'DELETE /api/admin/users/:id', path: '/api/admin/users/999999', minRole: 'admin' },
  {
    route: 'POST /api/admin/users/:id/two-factor/reset',
    path: '/api/admin/users/999999/two-factor/reset',
    minRole: 'admin',
    body: {},
  },
  { route: 'GET /api/admin/participants', minRole: 'admin' },
  { route: 'GET /api/admin/settings', minRole: 'admin' },
  // The platform's settings are the platform admins' to change (decision 051).
  { route: 'PUT /api/admin/settings', platformRole: 'platform_admin', body: { platformName: '' } },
  { route: 'GET /api/admin/audit', minRole: 'admin' },
  // The organisation's own profile and tax identity (decision 055): its admins.
  { route: 'GET /api/admin/organisation', minRole: 'admin' },
  // API tokens for /api/v1 (decision 062): the organisation's admins.
  { route: 'GET /api/admin/api-tokens', minRole: 'admin' },
  { route: 'POST /api/admin/api-tokens', minRole: 'admin', body: { name: '', scopes: [] } },
  { route: 'DELETE /api/admin/api-tokens/:id', path: '/api/admin/api-tokens/999999', minRole: 'admin' },
  { route: 'GET /api/admin/webhooks', minRole: 'admin' },
  { route: 'POST /api/admin/webhooks', minRole: 'admin', body: { url: '', events: [] } },
  { route: 'PATCH /api/admin/webhooks/:id', path: '/api/admin/webhooks/999999', minRole: 'admin', body: {} },
  { route: 'DELETE /api/admin/webhooks/:id', path: '/api/admin/webhooks/999999', minRole: 'admin' },
  { route: 'POST /api/admin/webhooks/:id/rotate-secret', path: '/api/admin/webhooks/999999/rotate-secret', minRole: 'admin' },
  { route: 'GET /api/admin/webhooks/:id/deliveries', path: '/api/admin/webhooks/424243/deliveries', minRole: 'admin' },
  {
    route: 'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    path: '/api/admin/webhooks/999999/deliveries/1/redeliver',
    minRole: 'admin',
  },
  { route: 'PUT /api/admin/organisation', minRole: 'admin', body: { displayName: '' } },
  // Buyers' personal-data requests and their erasure (decision 030): admin.
  { route: 'GET /api/admin/data-requests', minRole: 'admin' },
  { route: 'POST /api/admin/data-requests/:id/erase', path: '/api/admin/data-requests/999999/erase', minRole: 'admin' },
  {
    route: 'POST /api/admin/data-requests/:id/decline',
    path: '/api/admin/data-requests/999999/decline',
    minRole: 'admin',
    body: { note: 'x' },
  },
  // Orders (routes/admin-orders.ts): orders that need a refund or a look, and refunds, for managers.
  { route: 'GET /api/admin/orders', minRole: 'manager' },
  // One booking's view (its buyer's contacts and money): support answering a buyer, not gate staff.
  { route: 'GET /api/admin/orders/:orderId', path: '/api/admin/orders/TDK_MATRIX', need: 'openBooking' },
  {
    route: 'POST /api/admin/orders/:orderId/refunds',
    path: '/api/admin/orders/TDK_MATRIX/refunds',
    minRole: 'manager',
    body: { attendeeIds: 'all', reason: '' },
  },
  // Resending e-mails (routes/mail-resend.ts): support.
  { route: 'POST /api/send-ticket-email', minRole: 'support', body: {} },
  { route: 'POST /api/send-payment-emails', minRole: 'support', body: {} },
];

let t: TestApp;
const cookies = {} as Record<Role, string>;
let platformAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) cookies[role] = await staffCookie(t, role);
  platformAdmin = await staffCookie(t, 'support', 'matrix-platform@tdk.test', { platformRole: 'platform_admin' });
  const organisationId = await t.db.query((db) => testOrganisationId(db));
  const [event] = await t.db.query((db) =>
    db.select({ id: events.id }).from(events).where(eq(events.organisationId, organisationId)).limit(1),
  );
  // A webhook endpoint whose delivery log the matrix reads (decision 064).
  await t.db.query((db) =>
    db.insert(webhookEndpoints).values({
      id: 424243,
      organisationId,
      url: 'https://example.com/hooks',
      events: ['order.paid'],
      secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
    }),
  );
  // A message to event 1's registrants whose recipients the matrix reads (decision 072).
  const [eventOne] = await t.db.query((db) =>
    db.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, 1)),
  );
  await t.db.query((db) =>
    db.insert(eventMessages).values({
      id: 424244,
      eventId: 1,
      organisationId: eventOne!.organisationId,
      subject: 'Matrix',
      bodies: { en: 'Hello' },
      channels: ['email'],
      audience: {},
      sendAt: new Date().toISOString(),
    }),
  );
  // An order for the order view to show (the demo data's registrations came without orders).
  await t.db.query((db) =>
    db.insert(orders).values({
      id: 'TDK_MATRIX',
      eventId: event!.id,
      amountPaise: 0,
      holdExpiresAt: new Date().toISOString(),
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.com',
      customerPhone: '+919876543210',
      participant: { attendees: [] },
    }),
  );
  // Its tax invoice, for the invoice PDF (decision 031).
  await t.db.query((db) =>
    db.insert(invoices).values({
      organisationId: 1,
      id: 424242,
      number: 'INV/9900/000001',
      kind: 'invoice',
      series: 'INV/9900',
      sequence: 1,
      orderId: 'TDK_MATRIX',
      issuedAt: new Date().toISOString(),
      buyerName: 'Asha Rao',
      buyerEmail: 'asha@example.com',
      taxMode: 'intra',
      placeOfSupply: '27',
      supplier: { legalName: 'Pune Striders', address: 'Pune', gstin: '27AAPFU0939F1ZV', state: '27' },
      lines: [],
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 0,
    }),
  );
});
afterAll(() => t.close());

const call = (rule: AccessRule, cookie?: string) => {
  const [method, route] = rule.route.split(' ');
  const body = method === 'GET' || method === 'DELETE' ? rule.body : (rule.body ?? {});
  return t.app.request(rule.path ?? route, jsonRequest(method, body, cookie));
};
const isServed = (rule: AccessRule) => t.app.routes.some((r) => `${r.method} ${r.path}` === rule.route);

const allows = (rule: AccessRule, role: Role) =>
  rule.platformRole ? false : rule.need ? hasNeed(role, rule.need) : ROLE_RANK[role] >= ROLE_RANK[rule.minRole ?? 'admin'];

describe.each(ACCESS_MATRIX)('$route (minimum $minRole, need $need)', (rule) => {
  it('answers 401 unauthenticated when signed out', async () => {
    const res = await call(rule);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it.each(ROLES.map((role) => [role]))('as %s', async (role) => {
    const res = await call(rule, cookies[role as Role]);
    const body = (res.headers.get('content-type')?.includes('json') ? await res.json() : {}) as { error?: { code: string } };
    if (!allows(rule, role as Role)) {
      expect(res.status).toBe(403);
      expect(body.error?.code).toBe('forbidden');
    } else {
      expect([401, 403], JSON.stringify(body)).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
      // A built GET route answers 200 to an allowed role; an unbuilt one 404 (after the guard).
      if (rule.route.startsWith('GET ')) expect(res.status).toBe(isServed(rule) ? 200 : 404);
    }
  });
});

describe.each(ACCESS_MATRIX.filter((r) => r.platformRole))('$route (platform role $platformRole)', (rule) => {
  it('is allowed to a platform admin', async () => {
    const res = await call(rule, platformAdmin);
    expect([401, 403]).not.toContain(res.status);
    expect(res.status).toBeLessThan(500);
  });
});

describe('the matrix', () => {
  it('names a minimum role or a need, never both, for each row', () => {
    const named = (r: AccessRule) => [r.minRole, r.need, r.platformRole].filter((x) => x !== undefined).length;
    expect(ACCESS_MATRIX.filter((r) => named(r) !== 1).map((r) => r.route)).toEqual([]);
  });

  it('lists every /api/admin route the app serves', () => {
    const listed = new Set(ACCESS_MATRIX.map((r) => r.route));
    const served = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/admin/'))
      .map((r) => `${r.method} ${r.path}`);
    expect(served.length).toBeGreaterThan(0);
    expect([...new Set(served.filter((r) => !listed.has(r)))]).toEqual([]);
  });

  it('refuses an unknown admin path to a signed-out caller before saying it does not exist', async () => {
    expect((await t.app.request('/api/admin/nothing-here')).status).toBe(401);
    expect((await t.app.request('/api/admin/nothing-here', { headers: { cookie: cookies.support } })).status).toBe(404);
  });
});
