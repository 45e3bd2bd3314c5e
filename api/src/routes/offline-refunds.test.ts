// Issue 40, decision 045: attendees who paid offline (cash at a desk; the demo data's bookings
// recorded without an online order) stayed "Confirmed · Paid" after Cancel event, without an
// e-mail, and the console had no way to refund them. Staff record an offline refund (a refund row
// marked offline, settled at once, no provider call), and cancelling the event refunds them offline
// and tells them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ApiErrorBody, OfflineRefundResponse } from '../contract';
import { auditLog, emailOutbox, orders, payments, refunds, registrations } from '../db/schema';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, staffCookie, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';
import { organisationOfEvent } from '../db/tenancy';

let t: CheckoutTestApp;
let manager: string;
beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

let bookings = 0;
/** A booking paid in cash at the desk, recorded without an online order (as the demo data has them). */
async function cashBooking(event: { eventId: number; general: number }, people: string[]) {
  const reference = `REGCASH${++bookings}X`;
  const email = `cash-${bookings}@example.com`;
  const rows = await t.db.query((db) =>
    db
      .insert(registrations)
      .values(
        people.map((name, i) => ({
          registrationNumber: `${reference}0${i + 1}`,
          bookingReference: reference,
          position: i + 1,
          orderId: null,
          eventId: event.eventId,
          organisationId: organisationOfEvent(event.eventId),
          ticketId: event.general,
          eventName: 'Cash Run',
          eventDate: '2030-02-01',
          eventTime: '06:00',
          eventVenue: 'Ground',
          ticketName: 'General',
          ticketPricePaise: 49_900,
          amountPaise: 49_900,
          paymentStatus: 'Paid' as const,
          paymentMethod: 'Cash',
          status: 'Confirmed' as const,
          qrCode: `q${reference}${i}`,
          registrationDate: new Date().toISOString(),
          firstName: name,
          lastName: 'Kulkarni',
          email: i === 0 ? email : '',
          phone: '+919876500000',
        })),
      )
      .returning(),
  );
  return { rows, email, reference };
}

const offlineRefund = async (id: number, body: unknown, cookie = manager) => {
  const res = await t.app.request(`/api/admin/registrations/${id}/offline-refund`, jsonRequest('POST', body, cookie));
  return { status: res.status, body: (await res.json()) as OfflineRefundResponse & ApiErrorBody };
};
const attendee = async (id: number) =>
  (await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, id))))[0]!;
const mailsTo = (to: string) =>
  t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id)));

describe('an offline refund of an attendee who paid in cash', () => {
  it('is recorded as a refund marked offline, with no provider call: the attendee is refunded and cancelled, the buyer told', async () => {
    const event = await seedCheckoutEvent(t, { title: 'Cash Desk Run' });
    const { rows, email } = await cashBooking(event, ['Sunita', 'Anil']);

    const res = await offlineRefund(rows[1]!.id, { reason: 'Cannot come: paid back in cash at the desk' });
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({
      amount: 499,
      status: 'succeeded',
      offline: true,
      providerRefundId: null,
      attendeeIds: [rows[1]!.id],
    });
    expect(res.body.money).toMatchObject({ paid: 998, refunded: 499, due: 0, refundable: 499 });
    // The booking has an order of its own now, paid in cash (no provider payment), for both attendees.
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, res.body.orderId)));
    expect(order).toMatchObject({ status: 'PAID', amountPaise: 99_800, providerSessionId: null });
    const paid = await t.db.query((db) => db.select().from(payments).where(eq(payments.orderId, res.body.orderId)));
    expect(paid.map((p) => [p.providerPaymentId, p.method, p.amountPaise])).toEqual([[null, 'Cash', 99_800]]);
    expect((await attendee(rows[0]!.id)).orderId).toBe(res.body.orderId);

    expect(await attendee(rows[1]!.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded', refundedPaise: 49_900 });
    expect(await attendee(rows[0]!.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' });
    const [row] = await t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, res.body.orderId)));
    expect(row).toMatchObject({ status: 'succeeded', providerReference: 'offline', providerRefundId: null, attempts: 0 });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['refund_notice']);
    const audit = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'refund'), eq(auditLog.entityId, res.body.orderId))),
    );
    expect(audit[0]!.detail).toMatchObject({ offline: true, amountPaise: 49_900 });

    // Twice is refused; so is more than the attendee paid.
    expect((await offlineRefund(rows[1]!.id, { reason: 'again' })).status).toBe(409);
    const tooMuch = await offlineRefund(rows[0]!.id, { reason: 'more', amount: 600 });
    expect(tooMuch.status).toBe(400);
  });

  it('is refused for an attendee who paid online (their refund goes through the provider), and below a manager', async () => {
    const event = await seedCheckoutEvent(t, { title: 'Online Paid Run' });
    const online = await buyTicket(t, { eventId: event.eventId, ticketId: event.general });
    const res = await offlineRefund(online.id, { reason: 'Wrong path' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('paid online');
    const { rows } = await cashBooking(event, ['Farah']);
    expect((await offlineRefund(rows[0]!.id, { reason: 'x' }, await staffCookie(t, 'coordinator'))).status).toBe(403);
    expect((await offlineRefund(rows[0]!.id, { reason: 'x' }, await staffCookie(t, 'support'))).status).toBe(403);
  });
});

describe('cancelling an event with attendees paid offline', () => {
  it('refunds them offline and e-mails them, beside the online orders refunded through the provider', async () => {
    const event = await seedCheckoutEvent(t, { title: 'Cancelled Cash Run' });
    const online = await buyTicket(t, { eventId: event.eventId, ticketId: event.general });
    const { rows, email } = await cashBooking(event, ['Meena', 'Rohit']);
    const res = await t.app.request(
      `/api/admin/events/${event.eventId}/cancel`,
      jsonRequest('POST', { confirmTitle: 'Cancelled Cash Run', fee: 0, reason: 'Heavy rain' }, manager),
    );
    expect(res.status).toBe(201);
    // Until the job the route started has decided every order (it runs beside the request).
    for (let i = 0; i < 100; i++) {
      const progress = await t.app.request(`/api/admin/events/${event.eventId}/cancellation`, { headers: { cookie: manager } });
      const { cancellation } = (await progress.json()) as { cancellation: { toRefund: number; completedAt: string | null } };
      if (cancellation.toRefund === 0 && cancellation.completedAt) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const row of rows) expect(await attendee(row.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });
    const cashOrder = (await attendee(rows[0]!.id)).orderId!;
    const [refund] = await t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, cashOrder)));
    expect(refund).toMatchObject({ status: 'succeeded', providerReference: 'offline', amountPaise: 99_800 });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['event_cancelled']);
    // The online buyer's refund went to the provider as before.
    const [onlineRefund] = await t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, online.orderId!)));
    expect(onlineRefund!.providerRefundId).toMatch(/^TDK_RF_/);
    expect(onlineRefund!.providerReference).not.toBe('offline');
  });
});
