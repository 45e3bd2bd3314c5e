// REST API v1 (issue 45, decision 062), on both engines: a token's organisation and scopes decide
// what it reads and changes; another organisation's ids answer 404; lists page by cursor and
// filter by change time; a stale If-Match is refused with 412; every call is audited as the token.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1Attendee, V1CheckIn, V1Event, V1Order, V1OrderDetail } from '../contract/api-v1';
import type { CreatedApiToken } from '../contract/api-tokens';
import { apiTokens, auditLog, events, orders, registrations } from '../db/schema';
import { createTestOrganisation } from '../testing/organisations';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp } from '../testing/test-app';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
let adminA: string;
let a: { eventId: number; ticketId: number; orderId: string; attendeeId: number };
let b: { eventId: number; orderId: string; attendeeId: number };

const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // Refunds stay processing: no emulator timer outlives the test's database.
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  adminA = await staffCookie(t, 'admin');
  const orgB = await t.db.query((db) => createTestOrganisation(db, { slug: 'v1-bravo', displayName: 'V1 Bravo' }));
  const idsA = await seedCheckoutEvent(t, { title: 'Alpha Gate Run' });
  // The gate admits on the event's day.
  await t.db.query((db) => db.update(events).set({ date: todayInIndia() }).where(eq(events.id, idsA.eventId)));
  const attendeeA = await buyTicket(t, {
    eventId: idsA.eventId,
    ticketId: idsA.general,
    participant: { email: 'alpha@example.com' },
  });
  a = { eventId: idsA.eventId, ticketId: idsA.general, orderId: attendeeA.orderId!, attendeeId: attendeeA.id };
  const idsB = await seedCheckoutEvent(t, { title: 'Bravo Secret Cup', organisationId: orgB });
  const attendeeB = await buyTicket(t, {
    eventId: idsB.eventId,
    ticketId: idsB.general,
    participant: { email: 'bravo@example.com' },
  });
  b = { eventId: idsB.eventId, orderId: attendeeB.orderId!, attendeeId: attendeeB.id };
});
afterAll(() => t.close());

async function makeToken(scopes: string[], cookie = adminA, name = 'Test tool'): Promise<CreatedApiToken> {
  const res = await t.app.request('/api/admin/api-tokens', jsonRequest('POST', { name, scopes }, cookie));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedApiToken;
}

const call = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) => (await json<{ error: { code: string; message: string } }>(res)).error;

describe('API v1 tokens', () => {
  it('refuses no token, an unknown one, a revoked one and an expired one with 401 in the error shape', async () => {
    expect(await errorOf(await t.app.request('/api/v1/events'))).toMatchObject({ code: 'unauthorized' });
    expect((await call('tdk_nothing0_abc', 'GET', '/api/v1/events')).status).toBe(401);
    const revoked = await makeToken(['read']);
    expect((await call(revoked.token, 'GET', '/api/v1/events')).status).toBe(200);
    await t.app.request(`/api/admin/api-tokens/${revoked.id}`, jsonRequest('DELETE', undefined, adminA));
    const refused = await call(revoked.token, 'GET', '/api/v1/events');
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({
      code: 'unauthorized',
      message: 'This API token is unknown, revoked or expired.',
    });
    const expired = await makeToken(['read']);
    await t.db.query((db) =>
      db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(apiTokens.id, expired.id)),
    );
    expect((await call(expired.token, 'GET', '/api/v1/events')).status).toBe(401);
  });

  it('audits every call as the token and records its last use and address', async () => {
    const { id, token, apiToken } = await makeToken(['read']);
    await call(token, 'GET', '/api/v1/orders', undefined, { 'X-Forwarded-For': '203.0.113.9' });
    const [row] = await t.db.query((db) => db.select().from(apiTokens).where(eq(apiTokens.id, id)));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.lastUsedIp).toBe('203.0.113.9');
    const calls = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'api_call'), eq(auditLog.entityId, String(id)))),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ actorEmail: `api-token:${apiToken.prefix}`, actorUserId: null });
    expect(calls[0]!.detail).toMatchObject({ method: 'GET', path: '/api/v1/orders' });
  });
});

describe('API v1 reads', () => {
  it("lists only the token's organisation's events, a page at a time by cursor", async () => {
    const { token } = await makeToken(['read']);
    const seen: V1Event[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(token, 'GET', `/api/v1/events?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('RateLimit-Policy')).toMatch(/q=\d+;w=60/);
      const page = await json<{ data: V1Event[]; next_cursor: string | null }>(res);
      expect(page.data.length).toBeLessThanOrEqual(1);
      seen.push(...page.data);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    expect(seen.map((e) => e.title)).toContain('Alpha Gate Run');
    expect(seen.map((e) => e.title)).not.toContain('Bravo Secret Cup');
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect((await call(token, 'GET', '/api/v1/events?limit=101')).status).toBe(400);
    expect((await call(token, 'GET', '/api/v1/events?cursor=bm9wZQ')).status).toBe(400);
  });

  it('reads a sale: the order with its attendees and payment, and filters by change time', async () => {
    const { token } = await makeToken(['read']);
    const res = await call(token, 'GET', `/api/v1/orders/${a.orderId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toMatch(/^".+"$/);
    const order = await json<V1OrderDetail>(res);
    expect(order).toMatchObject({ id: a.orderId, eventId: a.eventId, status: 'PAID' });
    expect(order.attendees.map((x) => x.id)).toEqual([a.attendeeId]);
    expect(order.payments).toHaveLength(1);
    expect(order.payments[0]).toMatchObject({ status: 'SUCCESS', amount: order.amount });

    const orders = await json<{ data: V1Order[] }>(await call(token, 'GET', '/api/v1/orders?limit=100'));
    expect(orders.data.map((o) => o.id)).toContain(a.orderId);
    expect(orders.data.map((o) => o.id)).not.toContain(b.orderId);
    const future = await json<{ data: V1Order[] }>(await call(token, 'GET', `/api/v1/orders?updated_since=2100-01-01T00:00:00Z`));
    expect(future.data).toEqual([]);
    const attendees = await json<{ data: V1Attendee[] }>(await call(token, 'GET', '/api/v1/attendees?limit=100'));
    expect(attendees.data.map((x) => x.id)).toContain(a.attendeeId);
    expect(attendees.data.map((x) => x.id)).not.toContain(b.attendeeId);
    const types = await json<{ data: { eventId: number }[] }>(
      await call(token, 'GET', `/api/v1/events/${a.eventId}/ticket-types`),
    );
    expect(types.data.length).toBeGreaterThan(0);
    expect(types.data.every((type) => type.eventId === a.eventId)).toBe(true);
  });

  it('counts a refund as a change of its order for updated_since', async () => {
    const { token } = await makeToken(['read']);
    const sold = await buyTicket(t, {
      eventId: a.eventId,
      ticketId: a.ticketId,
      participant: { email: 'refund.sync@example.com' },
    });
    await t.db.query((db) =>
      db.update(orders).set({ updatedAt: '2020-01-01T00:00:00.000Z' }).where(eq(orders.id, sold.orderId!)),
    );
    const changedSince = async () =>
      (
        await json<{ data: V1Order[] }>(await call(token, 'GET', '/api/v1/orders?limit=100&updated_since=2021-01-01T00:00:00Z'))
      ).data.map((o) => o.id);
    expect(await changedSince()).not.toContain(sold.orderId);
    const refund = await t.app.request(
      `/api/admin/orders/${sold.orderId}/refunds`,
      jsonRequest('POST', { attendeeIds: 'all', reason: 'Sync test' }, adminA),
    );
    expect(refund.status, await refund.clone().text()).toBeLessThan(300);
    expect(await changedSince()).toContain(sold.orderId);
    const detail = await json<V1OrderDetail>(await call(token, 'GET', `/api/v1/orders/${sold.orderId}`));
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({ reason: 'Sync test', attendeeIds: [sold.id] });
  });

  it("answers 404 on every served v1 path naming another organisation's record, and changes nothing of it", async () => {
    const { token } = await makeToken(['read', 'write', 'check-in']);
    const bIds: Record<string, string> = {
      '/api/v1/events/:id': String(b.eventId),
      '/api/v1/orders/:id': b.orderId,
      '/api/v1/attendees/:id': String(b.attendeeId),
    };
    const before = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, b.attendeeId)));
    const routes = [
      ...new Set(
        t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/')).map((r) => `${r.method} ${r.path}`),
      ),
    ];
    const walked: string[] = [];
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      if (!template.includes(':')) continue;
      const prefix = Object.keys(bIds).find((p) => template.startsWith(p));
      expect(prefix, `${route} has no id of B's to walk with`).toBeDefined();
      const path = template.replace(prefix!, prefix!.replace(':id', bIds[prefix!]!));
      const body = method === 'PATCH' ? { firstName: 'Sneak' } : undefined;
      const res = await call(token, method, path, body, { 'If-Match': '"eA"' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain('Bravo');
      walked.push(route);
    }
    expect(walked).toEqual(expect.arrayContaining(['GET /api/v1/orders/:id', 'PATCH /api/v1/attendees/:id']));
    // Lists hold none of B's rows; a check-in of B's attendee by id is as unknown as a ticket that does not exist.
    for (const list of ['/api/v1/events', '/api/v1/orders', '/api/v1/attendees', '/api/v1/check-ins'])
      expect(JSON.stringify(await (await call(token, 'GET', `${list}?limit=100`)).json())).not.toMatch(/Bravo|bravo@example/);
    const admit = await call(token, 'POST', '/api/v1/check-ins', { attendeeId: b.attendeeId });
    expect(admit.status).toBe(422);
    expect(await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, b.attendeeId)))).toEqual(before);
  });
});

describe('API v1 changes', () => {
  it('updates an attendee with If-Match, refuses a stale one with 412, and needs the write scope', async () => {
    const reader = await makeToken(['read']);
    const writer = await makeToken(['read', 'write']);
    const read = await call(writer.token, 'GET', `/api/v1/attendees/${a.attendeeId}`);
    const etag = read.headers.get('ETag')!;
    expect(
      (await call(reader.token, 'PATCH', `/api/v1/attendees/${a.attendeeId}`, { lastName: 'Nope' }, { 'If-Match': etag })).status,
    ).toBe(403);
    expect((await call(writer.token, 'PATCH', `/api/v1/attendees/${a.attendeeId}`, { lastName: 'Rao' })).status).toBe(428);
    const changed = await call(
      writer.token,
      'PATCH',
      `/api/v1/attendees/${a.attendeeId}`,
      { firstName: 'Meera', lastName: 'Iyer' },
      { 'If-Match': etag },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await json<V1Attendee>(changed)).toMatchObject({ firstName: 'Meera', lastName: 'Iyer' });
    expect(changed.headers.get('ETag')).not.toBe(etag);
    // The same ETag again: someone (this very call) changed it since.
    const stale = await call(
      writer.token,
      'PATCH',
      `/api/v1/attendees/${a.attendeeId}`,
      { firstName: 'Old' },
      { 'If-Match': etag },
    );
    expect(stale.status).toBe(412);
    expect((await errorOf(stale)).code).toBe('precondition_failed');
    const [row] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, a.attendeeId)));
    expect(row).toMatchObject({ firstName: 'Meera', lastName: 'Iyer' });
    const audits = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'update'),
            eq(auditLog.entityId, String(a.attendeeId)),
            like(auditLog.actorEmail, 'api-token:%'),
          ),
        ),
    );
    expect(audits).toHaveLength(1);
  });

  it('admits an attendee once through the gate with the check-in scope, and lists the check-in', async () => {
    const reader = await makeToken(['read']);
    const gate = await makeToken(['read', 'check-in']);
    expect((await call(reader.token, 'POST', '/api/v1/check-ins', { attendeeId: a.attendeeId })).status).toBe(403);
    const { ticketCode } = await json<V1Attendee>(await call(gate.token, 'GET', `/api/v1/attendees/${a.attendeeId}`));
    const admitted = await call(gate.token, 'POST', '/api/v1/check-ins', { code: ticketCode, gate: 'North Gate' });
    expect(admitted.status, await admitted.clone().text()).toBe(201);
    const result = await json<{ outcome: string; attendee: V1Attendee; checkIn: V1CheckIn }>(admitted);
    expect(result).toMatchObject({
      outcome: 'admitted',
      attendee: { id: a.attendeeId, status: 'Checked-In' },
      checkIn: { gate: 'North Gate' },
    });
    const again = await call(gate.token, 'POST', '/api/v1/check-ins', { attendeeId: a.attendeeId });
    expect(again.status).toBe(200);
    expect((await json<{ outcome: string }>(again)).outcome).toBe('already_admitted');
    const listed = await json<{ data: V1CheckIn[] }>(await call(gate.token, 'GET', '/api/v1/check-ins?limit=100'));
    expect(listed.data.filter((x) => x.attendeeId === a.attendeeId)).toHaveLength(1);
  });
});

describe('API v1 rate limit', () => {
  it('answers 429 with Retry-After once a token is over its limit, shared through the database', async () => {
    const small = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const admin = await staffCookie(small, 'admin');
      const made = await small.app.request(
        '/api/admin/api-tokens',
        jsonRequest('POST', { name: 'Busy', scopes: ['read'] }, admin),
      );
      const { token } = (await made.json()) as CreatedApiToken;
      const ask = () => small.app.request('/api/v1/events', { headers: { Authorization: `Bearer ${token}` } });
      const first = await ask();
      expect(first.headers.get('RateLimit')).toMatch(/r=1;t=\d+/);
      expect((await ask()).status).toBe(200);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(refused.headers.get('RateLimit')).toMatch(/r=0/);
      expect((await errorOf(refused)).code).toBe('rate_limited');
    } finally {
      await small.close();
    }
  });
});
