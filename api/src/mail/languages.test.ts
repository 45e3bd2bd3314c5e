// The buyer's language (decision 019): stored on the order by create-order, used by their
// confirmation e-mail and its ticket link; the administrators' notification stays English; the
// contract's validation messages answer in the request's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { selectAttendees } from '../db/attendee-rows';
import { emailOutbox, orders, registrations } from '../db/schema';
import { anEventInput } from '../testing/catalogue';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t);
});
afterAll(() => t.close());

/** A paid order in `language`; its second attendee, when `guestEmail` is given, has an e-mail of their own. */
async function buy(language: unknown, email: string, guestEmail?: string) {
  const body = orderBody(ids.eventId, [{ ticketId: ids.general, quantity: guestEmail ? 2 : 1 }], { buyer: { email } });
  if (guestEmail) body.attendees[1]!.participant = { ...body.attendees[1]!.participant, email: guestEmail };
  const res = await postJson(t, '/api/cashfree/create-order', { ...body, language });
  expect(res.status).toBe(201);
  const order = (await res.json()) as CreateOrderResponse;
  await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success', method: 'upi' });
  const attendees = await t.db.query((db) =>
    selectAttendees(db).where(eq(registrations.orderId, order.orderId)).orderBy(registrations.position),
  );
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
  const [stored] = await t.db.query((db) =>
    db
      .select({ language: orders.language, bookingReference: orders.bookingReference })
      .from(orders)
      .where(eq(orders.id, order.orderId)),
  );
  return { mails, stored: stored!, attendees };
}

describe("the buyer's language", () => {
  it('is stored on the order and writes their confirmation in Hindi, with a ticket link that opens in Hindi', async () => {
    const { mails, stored, attendees } = await buy('hi', 'hindi@example.com', 'ravi.hindi@example.com');
    expect(stored.language).toBe('hi');
    const reference = stored.bookingReference!;
    const mine = mails.find((m) => m.to === 'hindi@example.com')!;
    expect(mine.kind).toBe('participant_confirmation');
    expect(mine.subject).toBe(`${attendees[0]!.eventName} के लिए आपका टिकट (${reference})`);
    expect(mine.html).toContain('<html lang="hi-IN">');
    expect(mine.html).toContain('भुगतान और पंजीकरण सफल!');
    expect(mine.text).toContain(`बुकिंग संदर्भ: ${reference}`);
    expect(mine.text).toContain('सभी टिकट देखें');
    expect(mine.text).toMatch(new RegExp(`/ticket/${reference}\\?lang=hi#t=[\\w-]+`));
    // The attendee with an e-mail of their own gets their own ticket, in the buyer's language.
    const guest = mails.find((m) => m.to === 'ravi.hindi@example.com')!;
    expect(guest.kind).toBe('attendee_ticket');
    expect(guest.subject).toBe(`${attendees[1]!.eventName} के लिए आपका टिकट (${reference}02)`);
    expect(guest.html).toContain('<html lang="hi-IN">');
    expect(guest.text).toMatch(new RegExp(`/ticket/${reference}02\\?lang=hi#t=[\\w-]+`));
    // The administrators' copy stays English.
    const staff = mails.find((m) => m.kind === 'admin_notification')!;
    expect(staff.subject).toBe(`New registration: ${attendees[0]!.eventName} (${reference})`);
  });

  it('writes in Marathi for a Marathi buyer', async () => {
    const { mails } = await buy('mr', 'marathi@example.com');
    expect(mails.map((m) => m.kind).sort()).toEqual(['admin_notification', 'participant_confirmation']);
    const mine = mails.find((m) => m.to === 'marathi@example.com')!;
    expect(mine.html).toContain('पेमेंट आणि नोंदणी यशस्वी!');
  });

  it('takes a language we lack as English, without an error', async () => {
    const { mails, stored } = await buy('ta', 'tamil@example.com');
    expect(stored.language).toBe('en');
    expect(mails.find((m) => m.to === 'tamil@example.com')!.subject).toMatch(/^Your ticket for /);
  });
});

describe('validation messages from the API', () => {
  const badPhone = () => orderBody(ids.eventId, [{ ticketId: ids.general }], { participant: { phone: '12345' } });
  const PHONE = 'attendees.0.participant.phone';

  it('answer in English by default, as before', async () => {
    const res = await postJson(t, '/api/cashfree/create-order', badPhone());
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({ [PHONE]: 'Enter an Indian phone number, like 98765 43210' });
  });

  it('answer in the language the visitor chose (the cookie), or their browser’s', async () => {
    const marathi = await postJson(t, '/api/cashfree/create-order', badPhone(), { cookie: 'tdk_lang=mr' });
    const hindi = await postJson(t, '/api/cashfree/create-order', badPhone(), { 'accept-language': 'hi-IN,hi;q=0.9' });
    const garbage = await postJson(t, '/api/cashfree/create-order', badPhone(), {
      cookie: 'tdk_lang=%%',
      'accept-language': '*',
    });
    const fields = async (res: Response) => ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect((await fields(marathi))[PHONE]).toBe('भारतीय फोन नंबर लिहा, उदा. 98765 43210');
    expect((await fields(hindi))[PHONE]).toBe('भारतीय फ़ोन नंबर लिखें, जैसे 98765 43210');
    expect((await fields(garbage))[PHONE]).toBe('Enter an Indian phone number, like 98765 43210');
  });
});

describe("staff's Hindi and Marathi title and description", () => {
  it('are stored with the event and shown in its public answer, only where given', async () => {
    const cookie = await staffCookie(t, 'manager');
    const created = await t.app.request(
      '/api/admin/events',
      jsonRequest(
        'POST',
        { ...anEventInput({ title: 'Pune Hill Run', status: 'Active' }), titleHi: 'पुणे हिल रन', descriptionMr: 'टेकडीवरची धाव' },
        cookie,
      ),
    );
    expect(created.status).toBe(201);
    const { event } = (await created.json()) as { event: { id: number } };
    const answer = (await (await t.app.request(`/api/events/${event.id}`)).json()) as { event: { translations?: unknown } };
    expect(answer.event.translations).toEqual({
      hi: { title: 'पुणे हिल रन', description: null },
      mr: { title: null, description: 'टेकडीवरची धाव' },
    });
  });
});
