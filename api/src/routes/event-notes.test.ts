// Issue 27: each event holds its own arrival and ID notes, and its page, the e-mails and the ticket
// page all say the same (once they said 1 hour on the page and 30 minutes in the e-mail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { CreateOrderResponse, EventResponse, SportEvent, TicketLinkResponse } from '../contract';
import { DEFAULT_EVENT_NOTES } from '../contract';
import { emailOutbox, events, orders, registrations } from '../db/schema';
import { anEventInput } from '../testing/catalogue';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { ticketLinkToken } from '../signing/ticket-links';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
let manager: string;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t, { title: 'Notes Run' });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const publicEvent = async (id: number) =>
  ((await (await t.app.request(`/api/events/${id}`)).json()) as { event: SportEvent }).event;

describe("an event's arrival and ID notes", () => {
  it('are saved from the event form: the default kept as null, own words as typed, an empty note as none', async () => {
    const res = await t.app.request(
      '/api/admin/events',
      jsonRequest(
        'POST',
        anEventInput({
          title: 'Sunrise Yoga',
          status: 'Active',
          arrivalNote: 'Gates open 45 minutes before the start.',
          idNote: DEFAULT_EVENT_NOTES.en.id,
        }),
        manager,
      ),
    );
    expect(res.status).toBe(201);
    const { event } = (await res.json()) as EventResponse;
    expect(event.notes).toEqual({ arrivalNote: 'Gates open 45 minutes before the start.', idNote: null, online: false });
    expect((await publicEvent(event.id)).notes).toEqual(event.notes);
    const online = await t.app.request(
      '/api/admin/events',
      jsonRequest('POST', anEventInput({ title: 'Online Chess', city: 'Online', venue: 'Online', status: 'Active' }), manager),
    );
    expect(((await online.json()) as EventResponse).event.notes).toEqual({ arrivalNote: null, idNote: null, online: true });
  });

  it("are in the buyer's e-mails and on the ticket page, as the event holds them", async () => {
    await t.db.query((db) =>
      db.update(events).set({ arrivalNote: 'Report at the start pen by 5:15 am.', idNote: '' }).where(eq(events.id, ids.eventId)),
    );
    const body = orderBody(ids.eventId, [{ ticketId: ids.general, quantity: 2 }], { buyer: { email: 'notes@example.com' } });
    body.attendees[1]!.participant = { ...body.attendees[1]!.participant, email: 'guest.notes@example.com' };
    const created = (await (await postJson(t, '/api/cashfree/create-order', body)).json()) as CreateOrderResponse;
    await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success', method: 'upi' });
    const attendees = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, created.orderId)));
    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.registrationId,
            attendees.map((a) => a.id),
          ),
        ),
    );
    for (const kind of ['participant_confirmation', 'attendee_ticket']) {
      const mail = mails.find((m) => m.kind === kind)!;
      expect(mail.text, kind).toContain('Report at the start pen by 5:15 am.');
      expect(mail.html, kind).toContain('Report at the start pen by 5:15 am.');
      expect(mail.text, kind).not.toContain('30 minutes');
      expect(mail.text, kind).not.toContain('photo ID');
    }
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    const reference = order!.bookingReference!;
    const link = await t.app.request(`/api/tickets/${reference}?t=${ticketLinkToken(t.env, reference)}`);
    const ticket = (await link.json()) as TicketLinkResponse;
    expect(ticket.notes).toEqual({ arrivalNote: 'Report at the start pen by 5:15 am.', idNote: '', online: false });
    expect(ticket.tickets[0]!.eventNotes).toEqual(ticket.notes);
  });
});
