// Roles by need (issue 40, decision 047): what each role's answers show and what support may do for
// a caller. Gate staff (coordinator) get attendees without their e-mail, phone or emergency contact
// and no revenue figure anywhere; support sees contacts but no revenue, and corrects a name, cancels
// an attendee under the event's own rules and downloads an invoice; managers and admins see it all.
// access-matrix.test.ts walks who may call each route; this file walks what the answers hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type {
  AdminEventPage,
  AdminOrderResponse,
  ApiErrorBody,
  CallerCancelResponse,
  DashboardSummary,
  PromoCodeListResponse,
  RegistrationPage,
  RegistrationResponse,
  RegistrationStats,
  Role,
  SelfServicePolicy,
  TicketSummary,
  WaitingListResponse,
} from '../contract';
import { auditLog, emailOutbox, events, invoices, registrations, ticketTypes, waitingListEntries } from '../db/schema';
import { orderPaymentsAndRefunds } from '../services/refunds';
import { signedTicketCode } from '../services/ticket-codes';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { MAHARASHTRA_TAX, setTestTax } from '../testing/organisations';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  await t.db.transaction((tx) => setTestTax(tx, MAHARASHTRA_TAX));
  ids = await seedCheckoutEvent(t, { title: 'Roles By Need Run' });
  await t.db.query((db) => db.update(events).set({ gstState: '27', recognisedSport: true }).where(eq(events.id, ids.eventId)));
  for (const role of ['admin', 'manager', 'coordinator', 'support'] as const) {
    cookies[role] = await staffCookie(t, role, `${role}-by-need@tdk.test`);
  }
});
afterAll(() => t.close());

const call = (role: Role, method: string, path: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookies[role]));
const json = async <T>(res: Response) => (await res.json()) as T;

const setPolicy = (policy: Partial<SelfServicePolicy>) =>
  t.db.query((db) => db.update(events).set({ selfService: policy }).where(eq(events.id, ids.eventId)));
const rowOf = async (id: number) =>
  (await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, id))))[0]!;
const soldOf = async (ticketId: number) =>
  (await t.db.query((db) => db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, ticketId))))[0]!
    .sold;
const auditOf = async (action: string, entityId: number) =>
  t.db.query((db) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
      .orderBy(desc(auditLog.id)),
  );

const CONTACTS = ['email', 'phone', 'emergencyContact'];

describe("attendees' contacts", () => {
  it('are left out of every attendee answer to gate staff, who still see name, ticket and status', async () => {
    // An event of its own whose gates open today (the gate reads the event's date).
    const gate = await seedCheckoutEvent(t, { title: 'Gates Open Today' });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await t.db.query((db) => db.update(events).set({ date: today }).where(eq(events.id, gate.eventId)));
    const row = await buyTicket(t, {
      eventId: gate.eventId,
      ticketId: gate.general,
      participant: { fullName: 'Gate Seen', email: 'gate-seen@example.com' },
    });
    const list = await json<RegistrationPage>(
      await call('coordinator', 'GET', `/api/admin/registrations?search=${row.registrationNumber}`),
    );
    const listed = list.registrations.find((r) => r.id === row.id)!;
    expect(listed.participantInfo).toMatchObject({ firstName: 'Gate', lastName: 'Seen' });
    expect(listed).toMatchObject({ ticketName: expect.any(String), status: 'Confirmed', paymentStatus: 'Paid' });
    for (const field of CONTACTS) expect(listed.participantInfo).not.toHaveProperty(field);
    expect(JSON.stringify(list)).not.toContain('gate-seen@example.com');

    const one = await json<RegistrationResponse>(await call('coordinator', 'GET', `/api/admin/registrations/${row.id}`));
    for (const field of CONTACTS) expect(one.registration.participantInfo).not.toHaveProperty(field);

    // The scan at the gate answers the attendee without them too.
    const scan = await call('coordinator', 'POST', '/api/admin/registrations/check-in', {
      code: signedTicketCode(t.env, row.registrationNumber, row.eventId),
      eventId: gate.eventId,
    });
    expect(scan.status).toBe(200);
    const admitted = await json<RegistrationResponse>(scan);
    expect(admitted.registration.participantInfo.firstName).toBe('Gate');
    expect(JSON.stringify(admitted)).not.toContain('gate-seen@example.com');
  });

  it("are not searchable by gate staff: an attendee's e-mail finds nothing, their name finds them", async () => {
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { fullName: 'Zoravar Findme', email: 'zoravar.hidden@example.com' },
    });
    const search = async (role: Role, text: string) =>
      (
        await json<RegistrationPage>(await call(role, 'GET', `/api/admin/registrations?search=${encodeURIComponent(text)}`))
      ).registrations.map((r) => r.id);
    expect(await search('coordinator', 'zoravar.hidden@example.com')).toEqual([]);
    expect(await search('coordinator', 'Zoravar Findme')).toEqual([row.id]);
    expect(await search('support', 'zoravar.hidden@example.com')).toEqual([row.id]);
  });

  it("are left out of a waiting list's entries for gate staff, who see who waits", async () => {
    await t.db.query((db) =>
      db.insert(waitingListEntries).values({
        eventId: ids.eventId,
        ticketTypeId: ids.vip,
        name: 'Waiting Wanda',
        email: 'wanda@example.com',
        phone: '+919812345678',
        quantity: 1,
        position: 1,
        confirmedAt: new Date().toISOString(),
      }),
    );
    const seen = async (role: Role) =>
      (await json<WaitingListResponse>(await call(role, 'GET', `/api/admin/tickets/${ids.vip}/waiting-list`))).entries.find(
        (entry) => entry.name === 'Waiting Wanda',
      );
    const gate = await seen('coordinator');
    expect(gate).toMatchObject({ name: 'Waiting Wanda', quantity: 1 });
    expect(gate).not.toHaveProperty('email');
    expect(gate).not.toHaveProperty('phone');
    expect(await seen('support')).toMatchObject({ email: 'wanda@example.com', phone: '+919812345678' });
  });

  it('are needed to send WhatsApp: gate staff are refused the flag, support sets it', async () => {
    const row = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general });
    const refused = await call('coordinator', 'PATCH', `/api/admin/registrations/${row.id}`, { whatsappSent: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await rowOf(row.id)).whatsappSent).toBe(false);
    // The e-mail flag is theirs: the server sends to the address on file, which they never see.
    expect((await call('coordinator', 'PATCH', `/api/admin/registrations/${row.id}`, { emailSent: true })).status).toBe(200);
    expect((await call('support', 'PATCH', `/api/admin/registrations/${row.id}`, { whatsappSent: true })).status).toBe(200);
    expect((await rowOf(row.id)).whatsappSent).toBe(true);
  });

  it('are shown to support, managers and admins', async () => {
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'caller-seen@example.com' },
    });
    for (const role of ['support', 'manager', 'admin'] as const) {
      const one = await json<RegistrationResponse>(await call(role, 'GET', `/api/admin/registrations/${row.id}`));
      expect(one.registration.participantInfo).toMatchObject({
        email: 'caller-seen@example.com',
        phone: expect.stringMatching(/^\+91/),
        emergencyContact: { name: expect.any(String), phone: expect.any(String) },
      });
    }
  });
});

describe('revenue figures', () => {
  const figures = async (role: Role) => ({
    dashboard: await json<DashboardSummary>(await call(role, 'GET', '/api/admin/insights/dashboard')),
    stats: await json<RegistrationStats>(await call(role, 'GET', '/api/admin/registrations/stats')),
    events: await json<AdminEventPage>(await call(role, 'GET', '/api/admin/events?sort=revenue&direction=desc')),
    tickets: await json<TicketSummary>(await call(role, 'GET', '/api/admin/tickets/summary')),
    promoCodes: await json<PromoCodeListResponse>(await call(role, 'GET', `/api/admin/events/${ids.eventId}/promo-codes`)),
  });

  it('are left out for gate staff and support, whose other counts stay', async () => {
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general });
    await call('manager', 'POST', `/api/admin/events/${ids.eventId}/promo-codes`, {
      code: 'NEEDS10',
      kind: 'percent',
      value: 10,
    });
    for (const role of ['coordinator', 'support'] as const) {
      const seen = await figures(role);
      expect(seen.dashboard).not.toHaveProperty('totalRevenue');
      expect(seen.dashboard.totalRegistrations).toBeGreaterThan(0);
      expect(seen.stats).not.toHaveProperty('totalRevenue');
      expect(seen.stats.paidRegistrations).toBeGreaterThan(0);
      expect(seen.events.events.length).toBeGreaterThan(0);
      for (const event of seen.events.events) expect(event).not.toHaveProperty('moneyTaken');
      expect(seen.tickets).not.toHaveProperty('revenue');
      expect(seen.tickets.sold).toBeGreaterThan(0);
      expect(seen.promoCodes.promoCodes.length).toBeGreaterThan(0);
      for (const code of seen.promoCodes.promoCodes) expect(code).not.toHaveProperty('revenuePaise');
    }
  });

  it('are shown to managers and admins', async () => {
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general });
    for (const role of ['manager', 'admin'] as const) {
      const seen = await figures(role);
      expect(seen.dashboard.totalRevenue).toBeGreaterThan(0);
      expect(seen.stats.totalRevenue).toBeGreaterThan(0);
      expect(seen.events.events.some((event) => (event.moneyTaken ?? 0) > 0)).toBe(true);
      expect(seen.tickets.revenue).toBeGreaterThan(0);
    }
  });
});

describe('support, for a caller', () => {
  it('corrects a misspelt name, audited with who did it; nothing else of the attendee changes', async () => {
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { fullName: 'Rahual Sharma', email: 'misspelt@example.com' },
    });
    const refused = await call('coordinator', 'PATCH', `/api/admin/registrations/${row.id}/name`, {
      firstName: 'Rahul',
      lastName: 'Sharma',
    });
    expect(refused.status).toBe(403);
    expect((await rowOf(row.id)).firstName).toBe('Rahual');

    const res = await call('support', 'PATCH', `/api/admin/registrations/${row.id}/name`, {
      firstName: 'Rahul',
      lastName: 'Sharma',
    });
    expect(res.status).toBe(200);
    expect((await json<RegistrationResponse>(res)).registration.participantInfo).toMatchObject({
      firstName: 'Rahul',
      lastName: 'Sharma',
      email: 'misspelt@example.com',
    });
    expect(await rowOf(row.id)).toMatchObject({
      firstName: 'Rahul',
      lastName: 'Sharma',
      email: 'misspelt@example.com',
      status: 'Confirmed',
      paymentStatus: 'Paid',
    });
    const [audit] = await auditOf('correct_name', row.id);
    expect(audit).toMatchObject({ actorEmail: 'support-by-need@tdk.test', entity: 'registration' });
    expect(audit!.detail).toMatchObject({
      registrationNumber: row.registrationNumber,
      changes: { firstName: { from: 'Rahual', to: 'Rahul' } },
    });

    // Only a name: an e-mail in the body is refused, not applied.
    const more = await call('support', 'PATCH', `/api/admin/registrations/${row.id}/name`, {
      firstName: 'Rahul',
      lastName: 'Sharma',
      email: 'other@example.com',
    });
    expect(more.status).toBe(400);
    expect((await rowOf(row.id)).email).toBe('misspelt@example.com');
  });

  it("cancels an attendee under the event's rules: the refund less the fee, the seat released, mailed and audited", async () => {
    await setPolicy({ cancel: { daysBefore: 3, feePercent: 10 } });
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      quantity: 2,
      participant: { email: 'phoned-in@example.com' },
    });
    expect((await call('coordinator', 'POST', `/api/admin/registrations/${row.id}/cancel`)).status).toBe(403);
    expect((await rowOf(row.id)).status).toBe('Confirmed');
    const sold = await soldOf(ids.general);

    const res = await call('support', 'POST', `/api/admin/registrations/${row.id}/cancel`);
    expect(res.status).toBe(200);
    // ₹499.50 less the 10% fee (₹49.95).
    const answer = await json<CallerCancelResponse>(res);
    expect(answer).toMatchObject({
      refund: 449.55,
      fee: 49.95,
      registration: { status: 'Cancelled', paymentStatus: 'Refunded' },
    });
    expect(await rowOf(row.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refundedPaise: 44_955 });
    expect(await soldOf(ids.general)).toBe(sold - 1);
    const { refunds } = await t.db.query((db) => orderPaymentsAndRefunds(db, row.orderId!));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountPaise: 44_955,
      requestedByEmail: 'support-by-need@tdk.test',
      attendeeIds: [row.id],
    });
    const [audit] = await auditOf('cancel_for_caller', row.id);
    expect(audit).toMatchObject({ actorEmail: 'support-by-need@tdk.test' });
    expect(audit!.detail).toMatchObject({ feePercent: 10, feePaise: 4_995, refundPaise: 44_955 });
    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'ticket_cancelled'), eq(emailOutbox.registrationId, row.id))),
    );
    expect(mails).toHaveLength(1);
    // The other attendee of the booking keeps their seat.
    const [, other] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, row.orderId!)).orderBy(registrations.position),
    );
    expect(other).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });

    // Twice: refused, nothing more refunded.
    const again = await call('support', 'POST', `/api/admin/registrations/${row.id}/cancel`);
    expect(again.status).toBe(409);
    expect((await t.db.query((db) => orderPaymentsAndRefunds(db, row.orderId!))).refunds).toHaveLength(1);
  });

  it('cannot cancel where the buyer could not: without a cancellation policy nothing changes', async () => {
    await setPolicy({ cancel: null });
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'no-policy@example.com' },
    });
    const res = await call('support', 'POST', `/api/admin/registrations/${row.id}/cancel`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('conflict');
    expect(await rowOf(row.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
    expect(await auditOf('cancel_for_caller', row.id)).toEqual([]);
  });

  it("downloads the booking's invoice from its view, audited; gate staff open neither", async () => {
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'invoice-caller@example.com' },
    });
    const view = await call('support', 'GET', `/api/admin/orders/${row.orderId}`);
    expect(view.status).toBe(200);
    const { documents } = await json<AdminOrderResponse>(view);
    const [stored] = await t.db.query((db) => db.select().from(invoices).where(eq(invoices.orderId, row.orderId!)));
    expect(documents).toEqual([
      { id: stored!.id, number: stored!.number, kind: 'invoice', issuer: 'organiser', issuedAt: stored!.issuedAt },
    ]);

    const pdf = await call('support', 'GET', `/api/admin/invoices/${stored!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((await auditOf('view', stored!.id)).find((a) => a.entity === 'invoice')).toMatchObject({
      actorEmail: 'support-by-need@tdk.test',
    });

    expect((await call('coordinator', 'GET', `/api/admin/orders/${row.orderId}`)).status).toBe(403);
    expect((await call('coordinator', 'GET', `/api/admin/invoices/${stored!.id}/pdf`)).status).toBe(403);
    // The list and the accountant's export stay managers'.
    expect((await call('support', 'GET', '/api/admin/invoices')).status).toBe(403);
  });
});
