// Webhooks (issue 45, decision 064), on both engines: an organisation's admins add endpoints; a
// paid order is delivered once, signed per Standard Webhooks (checked with the `standardwebhooks`
// library, not our code) to a receiver this test runs; a failing receiver is retried on the
// schedule (the worker is driven with its clock, nothing sleeps); a delivery is sent again on
// Redeliver; another organisation sees none of it; a rolled-back change delivers nothing.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedWebhook, RotatedWebhookSecret, WebhookDeliveryView, WebhookEndpointView } from '../contract/webhooks';
import { auditLog, events, organisations, refunds, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { retentionTurn } from '../jobs/scheduler';
import { applyProviderRefund } from '../services/refunds';
import { createTestOrganisation } from '../testing/organisations';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { deliverWebhooks, isPrivateAddress, publicOnlyLookup, recordWebhookEvent } from '../services/webhooks';

let t: CheckoutTestApp;
let slugs = 0;
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
});
afterAll(() => t.close());

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a port of its own, answering `status()`. */
async function receiver(status: () => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status();
      res.end(res.statusCode < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}/hooks`, received };
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An organisation of its own for a test, with its admin's cookie and an event on sale. */
async function organisation() {
  const slug = `hooks-${++slugs}-${Math.random().toString(36).slice(2, 8)}`;
  const organisationId = await t.db.query((db) => createTestOrganisation(db, { slug }));
  const cookie = await staffCookie(t, 'admin', `${slug}@tdk.test`, { organisationId });
  const ids = await seedCheckoutEvent(t, { title: `Webhook Run ${slug}`, organisationId });
  return { organisationId, cookie, eventId: ids.eventId, ticketId: ids.general };
}

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie));
const json = async <T>(res: Response) => (await res.json()) as T;

async function addEndpoint(cookie: string, url: string, events: string[] = ['order.paid']) {
  const res = await send(cookie, 'POST', '/api/admin/webhooks', { url, events, description: 'Club CRM' });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<CreatedWebhook>(res);
}

const deliveriesOf = async (cookie: string, endpointId: number) =>
  (await json<{ deliveries: WebhookDeliveryView[] }>(await send(cookie, 'GET', `/api/admin/webhooks/${endpointId}/deliveries`)))
    .deliveries;

describe('webhook endpoints', () => {
  it('delivers a paid order once, signed so that the standardwebhooks verifier accepts it', async () => {
    const org = await organisation();
    const hook = await receiver();
    const created = await addEndpoint(org.cookie, hook.url);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({ url: hook.url, events: ['order.paid'], status: 'active', description: 'Club CRM' });
    // The secret is answered once: never listed, and sealed in the table.
    const listed = await json<{ endpoints: WebhookEndpointView[] }>(await send(org.cookie, 'GET', '/api/admin/webhooks'));
    expect(listed.endpoints.map((e) => e.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(6));
    const [raw] = await t.db.query((db) =>
      db
        .select({ secret: sql<string>`${webhookEndpoints.secret}` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, created.id)),
    );
    expect(raw!.secret).toMatch(/^enc:v1:/);
    expect(JSON.stringify(raw)).not.toContain(created.secret.slice(6));

    const attendee = await buyTicket(t, { eventId: org.eventId, ticketId: org.ticketId });
    const queued = await deliveriesOf(org.cookie, created.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ eventType: 'order.paid', resourceId: attendee.orderId, state: 'pending', attemptCount: 0 });

    await deliverWebhooks({ db: t.db, env: t.env });
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    const verified = new Webhook(created.secret).verify(request!.body, request!.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: { id: string; status: string; attendees: { id: number }[] };
    };
    expect(verified.type).toBe('order.paid');
    expect(verified.data).toMatchObject({ id: attendee.orderId, status: 'PAID', attendees: [{ id: attendee.id }] });
    expect(request!.headers['webhook-id']).toBe(queued[0]!.messageId);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();

    // The body kept for retries holds personal data: sealed at rest (decision 030).
    const [kept] = await t.db.query((db) =>
      db
        .select({ payload: sql<string>`${webhookDeliveries.payload}` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.messageId, queued[0]!.messageId)),
    );
    expect(kept!.payload).toMatch(/^enc:v1:/);
    const [done] = await deliveriesOf(org.cookie, created.id);
    expect(done).toMatchObject({ state: 'succeeded', attemptCount: 1, nextAttemptAt: null });
    expect(done!.attempts[0]).toMatchObject({ status: 200, excerpt: 'ok' });
    // Nothing more to send.
    await deliverWebhooks({ db: t.db, env: t.env });
    expect(hook.received).toHaveLength(1);
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entity} = 'webhook_endpoint' and ${auditLog.entityId} = ${String(created.id)}`),
    );
    expect(audit).toMatchObject({ action: 'create', actorEmail: expect.stringContaining('hooks-') });
  });

  it('retries a failing receiver on the schedule for three days, then fails the delivery and disables the endpoint', async () => {
    const org = await organisation();
    let up = false;
    const hook = await receiver(() => (up ? 200 : 500));
    const created = await addEndpoint(org.cookie, hook.url, ['event.updated']);
    await t.db.transaction((tx) => recordWebhookEvent(tx, org.organisationId, 'event.updated', org.eventId));
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms);

    expect(await deliverWebhooks({ db: t.db, env: t.env }, { now: at(0) })).toMatchObject({ retrying: 1 });
    let [delivery] = await deliveriesOf(org.cookie, created.id);
    expect(delivery).toMatchObject({ state: 'pending', attemptCount: 1 });
    expect(delivery!.attempts[0]).toMatchObject({ status: 500, excerpt: 'receiver is down' });
    expect(delivery!.nextAttemptAt).toBe(at(5_000).toISOString());
    // Not before its time.
    await deliverWebhooks({ db: t.db, env: t.env }, { now: at(4_000) });
    expect(hook.received).toHaveLength(1);
    await deliverWebhooks({ db: t.db, env: t.env }, { now: at(5_000) });
    [delivery] = await deliveriesOf(org.cookie, created.id);
    expect(delivery!.attemptCount).toBe(2);
    expect(delivery!.nextAttemptAt).toBe(at(5_000 + 5 * 60_000).toISOString());
    // The same body and id every time.
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
    expect(hook.received[1]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);

    // Driven through the window: 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h until three days.
    const gaps: number[] = [];
    for (let guard = 0; guard < 30 && delivery!.state === 'pending'; guard++) {
      const next = Date.parse(delivery!.nextAttemptAt!);
      gaps.push(next - Date.parse(delivery!.attempts.at(-1)!.at));
      await deliverWebhooks({ db: t.db, env: t.env }, { now: new Date(next) });
      [delivery] = await deliveriesOf(org.cookie, created.id);
    }
    const H = 3_600_000;
    expect(gaps).toEqual([5 * 60_000, 30 * 60_000, 2 * H, 5 * H, 10 * H, 10 * H, 10 * H, 10 * H, 10 * H, 10 * H]);
    expect(delivery).toMatchObject({ state: 'failed', attemptCount: 12, nextAttemptAt: null });
    const [endpoint] = (await json<{ endpoints: WebhookEndpointView[] }>(await send(org.cookie, 'GET', '/api/admin/webhooks')))
      .endpoints;
    expect(endpoint).toMatchObject({ id: created.id, status: 'failing' });

    // Back up, enabled again and redelivered: the same message arrives, once.
    up = true;
    expect((await send(org.cookie, 'PATCH', `/api/admin/webhooks/${created.id}`, { enabled: true })).status).toBe(200);
    const redelivered = await send(org.cookie, 'POST', `/api/admin/webhooks/${created.id}/deliveries/${delivery!.id}/redeliver`);
    expect(redelivered.status).toBe(200);
    expect((await json<{ delivery: WebhookDeliveryView }>(redelivered)).delivery.state).toBe('pending');
    const before = hook.received.length;
    await deliverWebhooks({ db: t.db, env: t.env });
    expect(hook.received).toHaveLength(before + 1);
    expect(hook.received.at(-1)!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);
    new Webhook(created.secret).verify(hook.received.at(-1)!.body, hook.received.at(-1)!.headers as Record<string, string>);
    [delivery] = await deliveriesOf(org.cookie, created.id);
    expect(delivery).toMatchObject({ state: 'succeeded', attemptCount: 13 });
  });

  it('tells of an attendee changed through /api/v1, a check-in and a refund that succeeded, with the v1 shapes', async () => {
    const org = await organisation();
    await t.db.query((db) => db.update(events).set({ date: todayInIndia() }).where(eq(events.id, org.eventId)));
    const hook = await receiver();
    const created = await addEndpoint(org.cookie, hook.url, ['attendee.updated', 'check-in.created', 'order.refunded']);
    const attendee = await buyTicket(t, { eventId: org.eventId, ticketId: org.ticketId });
    expect(await deliveriesOf(org.cookie, created.id)).toEqual([]);
    const token = (
      await json<{ token: string }>(
        await send(org.cookie, 'POST', '/api/admin/api-tokens', { name: 'Gate', scopes: ['read', 'write', 'check-in'] }),
      )
    ).token;
    const v1 = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.app.request(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    const read = await v1('GET', `/api/v1/attendees/${attendee.id}`);
    const patched = await v1(
      'PATCH',
      `/api/v1/attendees/${attendee.id}`,
      { firstName: 'Meera' },
      { 'If-Match': read.headers.get('ETag')! },
    );
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect((await v1('POST', '/api/v1/check-ins', { attendeeId: attendee.id, gate: 'North' })).status).toBe(201);
    expect(
      (await send(org.cookie, 'POST', `/api/admin/orders/${attendee.orderId}/refunds`, { attendeeIds: 'all', reason: 'Injured' }))
        .status,
    ).toBe(201);
    const [refund] = await t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, attendee.orderId!)));
    await t.db.transaction((tx) =>
      applyProviderRefund(tx, {
        refundId: refund!.providerRefundId!,
        orderId: attendee.orderId!,
        status: 'succeeded',
        reference: 'UTR1',
        description: 'Refund processed',
      }),
    );

    await deliverWebhooks({ db: t.db, env: t.env });
    const bodies = hook.received.map((r) => {
      new Webhook(created.secret).verify(r.body, r.headers as Record<string, string>);
      return JSON.parse(r.body) as { type: string; data: Record<string, unknown> };
    });
    const byType = Object.fromEntries(bodies.map((b) => [b.type, b.data]));
    expect(Object.keys(byType).sort()).toEqual(['attendee.updated', 'check-in.created', 'order.refunded']);
    expect(bodies).toHaveLength(3);
    expect(byType['attendee.updated']).toMatchObject({ id: attendee.id, firstName: 'Meera', orderId: attendee.orderId });
    expect(byType['check-in.created']).toMatchObject({ attendeeId: attendee.id, gate: 'North', list: 'entry' });
    expect(byType['order.refunded']).toMatchObject({ id: attendee.orderId, refunds: [{ status: 'succeeded' }] });
    // The same shape as /api/v1 answers.
    expect(byType['attendee.updated']).toEqual(await json(await v1('GET', `/api/v1/attendees/${attendee.id}`)));
    await send(org.cookie, 'DELETE', `/api/admin/webhooks/${created.id}`);
  });

  it('sends only the events an endpoint subscribed to, and nothing while it is disabled', async () => {
    const org = await organisation();
    const hook = await receiver();
    const created = await addEndpoint(org.cookie, hook.url, ['order.refunded']);
    await buyTicket(t, { eventId: org.eventId, ticketId: org.ticketId });
    expect(await deliveriesOf(org.cookie, created.id)).toEqual([]);
    const off = await send(org.cookie, 'PATCH', `/api/admin/webhooks/${created.id}`, { enabled: false, events: ['order.paid'] });
    expect((await json<{ endpoint: WebhookEndpointView }>(off)).endpoint).toMatchObject({
      status: 'disabled',
      events: ['order.paid'],
    });
    await buyTicket(t, { eventId: org.eventId, ticketId: org.ticketId });
    expect(await deliveriesOf(org.cookie, created.id)).toEqual([]);
  });

  it("keeps one organisation's endpoints and deliveries from another's admins (404)", async () => {
    const a = await organisation();
    const b = await organisation();
    const hook = await receiver();
    const mine = await addEndpoint(a.cookie, hook.url);
    await buyTicket(t, { eventId: a.eventId, ticketId: a.ticketId });
    const [delivery] = await deliveriesOf(a.cookie, mine.id);
    expect(delivery).toBeDefined();
    const theirs = await addEndpoint(b.cookie, hook.url, ['event.updated']);

    const list = await json<{ endpoints: WebhookEndpointView[] }>(await send(b.cookie, 'GET', '/api/admin/webhooks'));
    expect(list.endpoints.map((e) => e.id)).toEqual([theirs.id]);
    for (const [method, path, body] of [
      ['GET', `/api/admin/webhooks/${mine.id}/deliveries`, undefined],
      ['POST', `/api/admin/webhooks/${mine.id}/deliveries/${delivery!.id}/redeliver`, undefined],
      ['PATCH', `/api/admin/webhooks/${mine.id}`, { enabled: false }],
      ['DELETE', `/api/admin/webhooks/${mine.id}`, undefined],
      // Their own endpoint with a delivery of another's.
      ['POST', `/api/admin/webhooks/${theirs.id}/deliveries/${delivery!.id}/redeliver`, undefined],
    ] as const) {
      const res = await send(b.cookie, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await t.db.query((db) => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, mine.id)));
    expect(row!.disabledAt).toBeNull();
    // Cleared: nothing of this test is left for another's worker run.
    await send(a.cookie, 'DELETE', `/api/admin/webhooks/${mine.id}`);
    expect(
      await t.db.query((db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, mine.id))),
    ).toEqual([]);
  });

  it('rotates the secret: for 24 hours deliveries verify with the old and the new secret, then only with the new', async () => {
    const org = await organisation();
    const hook = await receiver();
    const created = await addEndpoint(org.cookie, hook.url, ['event.updated']);
    // Queued before the rotation: signed when sent, with the secrets current then.
    await t.db.transaction((tx) => recordWebhookEvent(tx, org.organisationId, 'event.updated', org.eventId));
    const res = await send(org.cookie, 'POST', `/api/admin/webhooks/${created.id}/rotate-secret`);
    expect(res.status, await res.clone().text()).toBe(200);
    const rotated = await json<RotatedWebhookSecret>(res);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.secret).not.toBe(created.secret);
    const overlapEnds = Date.parse(rotated.previousSecretExpiresAt);
    expect(overlapEnds - Date.now()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(overlapEnds - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(rotated.endpoint).toMatchObject({ id: created.id, previousSecretExpiresAt: rotated.previousSecretExpiresAt });
    // Shown once: never listed; sealed at rest like the first.
    const listed = await json<{ endpoints: WebhookEndpointView[] }>(await send(org.cookie, 'GET', '/api/admin/webhooks'));
    expect(JSON.stringify(listed)).not.toContain(rotated.secret.slice(6));
    const [raw] = await t.db.query((db) =>
      db
        .select({ secret: sql<string>`${webhookEndpoints.secret}`, previous: sql<string>`${webhookEndpoints.previousSecret}` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, created.id)),
    );
    expect(raw!.secret).toMatch(/^enc:v1:/);
    expect(raw!.previous).toMatch(/^enc:v1:/);

    await deliverWebhooks({ db: t.db, env: t.env });
    expect(hook.received).toHaveLength(1);
    const during = hook.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [created.secret, rotated.secret])
      expect((new Webhook(secret).verify(during.body, during.headers as Record<string, string>) as { type: string }).type).toBe(
        'event.updated',
      );

    // After the overlap: only the new secret verifies.
    await t.db.transaction((tx) => recordWebhookEvent(tx, org.organisationId, 'event.updated', org.eventId));
    await deliverWebhooks({ db: t.db, env: t.env }, { now: new Date(overlapEnds + 1_000) });
    expect(hook.received).toHaveLength(2);
    const after = hook.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    new Webhook(rotated.secret).verify(after.body, after.headers as Record<string, string>);
    expect(() => new Webhook(created.secret).verify(after.body, after.headers as Record<string, string>)).toThrow();

    // Audited in the transaction, without the secret.
    const audits = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entity} = 'webhook_endpoint' and ${auditLog.entityId} = ${String(created.id)}`),
    );
    const audit = audits.find((a) => a.action === 'rotate_secret');
    expect(audit).toMatchObject({ actorEmail: expect.stringContaining('hooks-') });
    expect(JSON.stringify(audit)).not.toContain(rotated.secret.slice(6));
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6));

    // Another organisation's admin cannot rotate it.
    const other = await organisation();
    expect((await send(other.cookie, 'POST', `/api/admin/webhooks/${created.id}/rotate-secret`)).status).toBe(404);
    await send(org.cookie, 'DELETE', `/api/admin/webhooks/${created.id}`);
  });

  it("drops finished deliveries older than the organisation's retention period, and keeps pending and newer ones", async () => {
    const a = await organisation();
    const b = await organisation();
    await t.db.query((db) => db.update(organisations).set({ retentionDays: 30 }).where(eq(organisations.id, a.organisationId)));
    const mine = await addEndpoint(a.cookie, 'http://127.0.0.1:9/hooks', ['event.updated']);
    const theirs = await addEndpoint(b.cookie, 'http://127.0.0.1:9/hooks', ['event.updated']);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const row = (endpointId: number, messageId: string, state: string, createdAt: string) => ({
      endpointId,
      messageId: `${messageId}-${a.organisationId}`,
      eventType: 'event.updated',
      resourceId: String(a.eventId),
      state,
      attempts: [],
      nextAttemptAt: state === 'pending' ? daysAgo(-1) : null,
      createdAt,
      updatedAt: createdAt,
    });
    await t.db.query((db) =>
      db.insert(webhookDeliveries).values([
        row(mine.id, 'msg_old_ok', 'succeeded', daysAgo(40)),
        row(mine.id, 'msg_old_failed', 'failed', daysAgo(40)),
        row(mine.id, 'msg_old_pending', 'pending', daysAgo(40)),
        row(mine.id, 'msg_new_ok', 'succeeded', daysAgo(20)),
        // B keeps the default 180 days.
        row(theirs.id, 'msg_b_old_ok', 'succeeded', daysAgo(40)),
      ]),
    );
    await retentionTurn(t.db, `hooks-retention-${a.organisationId}`);
    const left = await t.db.query((db) =>
      db
        .select({ messageId: webhookDeliveries.messageId })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, [mine.id, theirs.id])),
    );
    expect(left.map((d) => d.messageId.replace(/-\d+$/, '')).sort()).toEqual(['msg_b_old_ok', 'msg_new_ok', 'msg_old_pending']);
    await send(a.cookie, 'DELETE', `/api/admin/webhooks/${mine.id}`);
    await send(b.cookie, 'DELETE', `/api/admin/webhooks/${theirs.id}`);
  });

  it('records nothing when the change that would cause it is rolled back', async () => {
    const org = await organisation();
    const hook = await receiver();
    const created = await addEndpoint(org.cookie, hook.url, ['event.updated']);
    await expect(
      t.db.transaction(async (tx) => {
        await recordWebhookEvent(tx, org.organisationId, 'event.updated', org.eventId);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(org.cookie, created.id)).toEqual([]);
    await deliverWebhooks({ db: t.db, env: t.env });
    expect(hook.received).toEqual([]);
  });

  it('refuses http:// and private or loopback addresses when they are not allowed (production)', async () => {
    const org = await organisation();
    const hook = await receiver();
    const plain = await addEndpoint(org.cookie, hook.url, ['event.updated']);
    const loopback = await addEndpoint(org.cookie, hook.url.replace('http:', 'https:'), ['event.updated']);
    await t.db.transaction((tx) => recordWebhookEvent(tx, org.organisationId, 'event.updated', org.eventId));
    await deliverWebhooks({ db: t.db, env: { ...t.env, webhookAllowPrivateUrls: false } });
    expect(hook.received).toEqual([]);
    expect((await deliveriesOf(org.cookie, plain.id))[0]!.attempts[0]).toMatchObject({
      status: null,
      excerpt: 'Refused: only https:// URLs are sent to',
    });
    expect((await deliveriesOf(org.cookie, loopback.id))[0]!.attempts[0]).toMatchObject({
      status: null,
      excerpt: 'Refused: a private or loopback address',
    });
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
    // A name is resolved before connecting, and refused when it leads to a private address.
    const refused = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(refused?.message).toBe('Refused: localhost resolves to a private address');
    await send(org.cookie, 'DELETE', `/api/admin/webhooks/${plain.id}`);
    await send(org.cookie, 'DELETE', `/api/admin/webhooks/${loopback.id}`);
  });

  it('refuses an endpoint without a valid URL or any event, naming the field', async () => {
    const org = await organisation();
    const res = await send(org.cookie, 'POST', '/api/admin/webhooks', { url: 'ftp://example.com', events: [] });
    expect(res.status).toBe(400);
    const { fields } = (await json<{ error: { fields: Record<string, string> } }>(res)).error;
    expect(fields).toMatchObject({ url: 'Enter a full URL starting with https://', events: 'Choose at least one event' });
  });
});
