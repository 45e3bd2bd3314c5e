// The webhook event types of decision 074, on both engines: each is recorded by the service that
// makes the change (a paid order's attendees, a transfer, a refund that cancels every attendee, an
// event published, postponed or cancelled, results published) and delivered, signed, to a subscribed
// endpoint of the change's organisation only: another organisation's endpoint, subscribed to
// everything, hears nothing of it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type CreatedWebhook } from '../contract/webhooks';
import { events, registrations, resultVersions } from '../db/schema';
import { createCashfreeProvider } from '../payments/cashfree';
import { processCancellations } from '../services/event-cancellations';
import { transferAttendee } from '../services/my-bookings';
import { createEvent } from '../services/events';
import { writeSettings } from '../services/settings';
import { deliverWebhooks } from '../services/webhooks';
import { anEventInput } from '../testing/catalogue';
import { createTestOrganisation } from '../testing/organisations';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { BUYER, buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
let slugs = 0;

beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
});
afterAll(() => t.close());

interface Told {
  type: string;
  data: Record<string, unknown> | null;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A receiver that verifies every request with the `standardwebhooks` library and keeps what it was told. */
async function receiver(secret: () => string) {
  const told: Told[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      told.push(new Webhook(secret()).verify(body, req.headers as Record<string, string>) as Told);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, told };
}

/** An organisation with its admin, an event on sale and an endpoint subscribed to every event type. */
async function organisation() {
  const slug = `events-${++slugs}-${Math.random().toString(36).slice(2, 8)}`;
  const organisationId = await t.db.query((db) => createTestOrganisation(db, { slug }));
  const cookie = await staffCookie(t, 'admin', `${slug}@tdk.test`, { organisationId });
  const ids = await seedCheckoutEvent(t, { title: `Hook Run ${slug}`, organisationId });
  let secret = '';
  const hook = await receiver(() => secret);
  const res = await t.app.request(
    '/api/admin/webhooks',
    jsonRequest('POST', { url: hook.url, events: [...WEBHOOK_EVENT_TYPES] }, cookie),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as CreatedWebhook;
  secret = created.secret;
  return {
    organisationId,
    cookie,
    eventId: ids.eventId,
    ticketId: ids.general,
    title: `Hook Run ${slug}`,
    hook,
    endpointId: created.id,
  };
}

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie));

const deliverAll = async () => {
  for (let pass = 0; pass < 10; pass++) {
    const run = await deliverWebhooks({ db: t.db, env: t.env });
    if (run.succeeded + run.retrying + run.failed === 0) break;
  }
};

describe('webhook event types of decision 074', () => {
  it("tells each change to its own organisation's endpoint, never to another's", async () => {
    const a = await organisation();
    const b = await organisation();

    // attendee.created: one per attendee, when the order is paid.
    const first = await buyTicket(t, { eventId: a.eventId, ticketId: a.ticketId });
    // attendee.transferred: the buyer gives the ticket to someone else.
    const kept = await buyTicket(t, { eventId: a.eventId, ticketId: a.ticketId });
    await t.db.query((db) =>
      db
        .update(events)
        .set({ selfService: { transfer: { hoursBefore: 24 } } })
        .where(eq(events.id, a.eventId)),
    );
    await t.db.transaction((tx) =>
      transferAttendee(tx, t.env, { email: BUYER.email }, kept.registrationNumber, {
        participant: {
          fullName: 'Priya Nair',
          email: 'priya@example.com',
          phone: '99887 66554',
          dateOfBirth: '1998-08-08',
          gender: 'female',
          emergencyContact: 'Anil Nair',
          emergencyPhone: '99887 11111',
        } as Parameters<typeof transferAttendee>[4]['participant'],
      }),
    );
    // attendee.cancelled and order.cancelled: a refund of the whole order cancels its only attendee.
    const refunded = await send(a.cookie, 'POST', `/api/admin/orders/${first.orderId}/refunds`, {
      attendeeIds: 'all',
      reason: 'Injured',
    });
    expect(refunded.status, await refunded.clone().text()).toBe(201);
    // event.published: created on sale (a draft is not published).
    const published = await t.db.transaction((tx) => createEvent(tx, a.organisationId, anEventInput({ status: 'Active' })));
    await t.db.transaction((tx) => createEvent(tx, a.organisationId, anEventInput({ status: 'Draft' })));
    // results.published.
    await t.db.query((db) =>
      db.insert(resultVersions).values({
        eventId: a.eventId,
        organisationId: a.organisationId,
        number: 1,
        rows: 0,
        createdByEmail: 'timer@tdk.test',
      }),
    );
    const results = await send(a.cookie, 'POST', `/api/admin/events/${a.eventId}/results/publish`);
    expect(results.status, await results.clone().text()).toBe(200);
    // event.postponed, then event.cancelled.
    const [event] = await t.db.query((db) => db.select().from(events).where(eq(events.id, a.eventId)));
    const later = new Date(Date.parse(`${event!.date}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
    const postponed = await send(a.cookie, 'POST', `/api/admin/events/${a.eventId}/postpone`, {
      date: later,
      time: event!.time,
      refundUntil: event!.date,
      reason: 'Heavy rain',
    });
    expect(postponed.status, await postponed.clone().text()).toBe(200);
    const cancelled = await send(a.cookie, 'POST', `/api/admin/events/${a.eventId}/cancel`, {
      confirmTitle: a.title,
      fee: 0,
      reason: 'Flooded course',
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(201);
    // Its refunds run after the answer (woken, and the job): driven here until the other attendee is cancelled.
    const provider = createCashfreeProvider({ env: t.env, fetch: (input, init) => t.routeFetch(input, init) });
    await vi.waitFor(
      async () => {
        await processCancellations({ db: t.db, env: t.env, provider });
        const [row] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, kept.id)));
        expect(row!.status).toBe('Cancelled');
      },
      { timeout: 10_000, interval: 100 },
    );

    await deliverAll();
    const told = (type: string) => a.hook.told.filter((m) => m.type === type);
    expect(
      told('attendee.created')
        .map((m) => m.data?.id)
        .sort(),
    ).toEqual([first.id, kept.id].sort());
    expect(told('attendee.created')[0]!.data).toMatchObject({ orderId: expect.any(String) });
    expect(told('attendee.transferred').map((m) => m.data)).toEqual([
      expect.objectContaining({ id: kept.id, firstName: 'Priya' }),
    ]);
    // Sent several at a time, so in any order. The refund cancelled the first; the event's cancellation refunded and cancelled the other.
    expect(
      told('attendee.cancelled')
        .map((m) => m.data?.id as number)
        .sort((x, y) => x - y),
    ).toEqual([first.id, kept.id].sort((x, y) => x - y));
    expect(
      told('order.cancelled')
        .map((m) => m.data?.id as string)
        .sort(),
    ).toEqual([first.orderId!, kept.orderId!].sort());
    expect(told('event.published').map((m) => m.data?.id)).toEqual([published.id]);
    expect(told('results.published').map((m) => m.data)).toEqual([
      { eventId: a.eventId, url: expect.stringMatching(new RegExp(`/api/events/${a.eventId}/results$`)) },
    ]);
    expect(told('event.postponed').map((m) => m.data?.id)).toEqual([a.eventId]);
    expect(told('event.cancelled').map((m) => m.data?.id)).toEqual([a.eventId]);
    // Every new type reached A's endpoint; B's, subscribed to everything, heard nothing.
    const newTypes = [
      'order.cancelled',
      'attendee.created',
      'attendee.transferred',
      'attendee.cancelled',
      'event.published',
      'event.postponed',
      'event.cancelled',
      'results.published',
    ] as const;
    for (const type of newTypes) expect(told(type).length, type).toBeGreaterThan(0);
    expect(b.hook.told).toEqual([]);

    await send(a.cookie, 'DELETE', `/api/admin/webhooks/${a.endpointId}`);
    await send(b.cookie, 'DELETE', `/api/admin/webhooks/${b.endpointId}`);
  });

  it('tells attendee.cancelled without order.cancelled while the order keeps another attendee', async () => {
    const a = await organisation();
    const row = await buyTicket(t, { eventId: a.eventId, ticketId: a.ticketId, quantity: 2 });
    const refunded = await send(a.cookie, 'POST', `/api/admin/orders/${row.orderId}/refunds`, {
      attendeeIds: [row.id],
      reason: 'Injured',
    });
    expect(refunded.status, await refunded.clone().text()).toBe(201);
    await deliverAll();
    expect(a.hook.told.filter((m) => m.type === 'attendee.cancelled').map((m) => m.data?.id)).toEqual([row.id]);
    expect(a.hook.told.filter((m) => m.type === 'order.cancelled')).toEqual([]);
    expect(a.hook.told.filter((m) => m.type === 'attendee.created')).toHaveLength(2);
    await send(a.cookie, 'DELETE', `/api/admin/webhooks/${a.endpointId}`);
  });

  it('tells event.published when platform staff approve an event its organiser submitted, not when it was submitted', async () => {
    const a = await organisation();
    const platformSupport = await staffCookie(t, 'support', `platform-${a.organisationId}@platform.test`, {
      platformRole: 'platform_support',
    });
    const published = () => a.hook.told.filter((m) => m.type === 'event.published').map((m) => m.data?.id);
    await t.db.transaction((tx) => writeSettings(tx, { eventApprovalRequired: true }));
    try {
      const created = await send(
        a.cookie,
        'POST',
        '/api/admin/events',
        anEventInput({ title: 'Approve Me Run', status: 'Upcoming' }),
      );
      expect(created.status, await created.clone().text()).toBe(201);
      const { event } = (await created.json()) as { event: { id: number; status: string } };
      expect(event.status).toBe('Draft');
      await deliverAll();
      expect(published()).not.toContain(event.id);

      expect((await send(platformSupport, 'POST', `/api/platform/events/${event.id}/approve`)).status).toBe(200);
      await deliverAll();
      expect(published().filter((id) => id === event.id)).toHaveLength(1);
    } finally {
      await t.db.transaction((tx) => writeSettings(tx, { eventApprovalRequired: false }));
    }
  });

  it("tells attendee.cancelled and order.cancelled when staff set the order's only attendee to Cancelled", async () => {
    const a = await organisation();
    const row = await buyTicket(t, { eventId: a.eventId, ticketId: a.ticketId });
    const saved = await send(a.cookie, 'PUT', `/api/admin/registrations/${row.id}`, {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      gender: '',
      shirtSize: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
      medicalConditions: '',
      dietaryRestrictions: '',
      previousExperience: '',
      teamName: '',
      status: 'Cancelled',
      notes: 'Asked by phone',
      updatedAt: row.updatedAt,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await deliverAll();
    expect(a.hook.told.filter((m) => m.type === 'attendee.cancelled').map((m) => m.data?.id)).toEqual([row.id]);
    expect(a.hook.told.filter((m) => m.type === 'order.cancelled').map((m) => m.data?.id)).toEqual([row.orderId]);
  });
});
