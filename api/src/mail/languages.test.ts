// The buyer's language (decision 019): stored on the order by create-order, used by their
// confirmation e-mail and its ticket link; the administrators' notification stays English; the
// contract's validation messages answer in the request's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { emailOutbox, orders, registrations } from '../db/schema';
import { anEventInput } from '../testing/catalogue';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createCheckoutTestApp, PARTICIPANT, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../payments/test-checkout';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t);
});
afterAll(() => t.close());

async function buy(language: unknown, email: string) {
  const res = await postJson(t, '/api/cashfree/create-order', {
    eventId: ids.eventId,
    tickets: [{ ticketId: ids.general, quantity: 1 }],
    participant: { ...PARTICIPANT, email },
    language,
  });
  expect(res.status).toBe(201);
  const order = (await res.json()) as CreateOrderResponse;
  await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success', method: 'upi' });
  const [registration] = await t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, order.orderId)),
  );
  const mails = await t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.registrationId, registration!.id)));
  const [stored] = await t.db.query((db) =>
    db.select({ language: orders.language }).from(orders).where(eq(orders.id, order.orderId)),
  );
  return { mails, stored: stored!, registration: registration! };
}

describe("the buyer's language", () => {
  it('is stored on the order and writes their confirmation in Hindi, with a ticket link that opens in Hindi', async () => {
    const { mails, stored, registration } = await buy('hi', 'hindi@example.com');
    expect(stored.language).toBe('hi');
    const mine = mails.find((m) => m.to === 'hindi@example.com')!;
    expect(mine.subject).toBe(`${registration.eventName} के लिए आपका टिकट (${registration.registrationNumber})`);
    expect(mine.html).toContain('<html lang="hi-IN">');
    expect(mine.html).toContain('भुगतान और पंजीकरण सफल!');
    expect(mine.text).toContain('पंजीकरण संख्या: ');
    expect(mine.text).toMatch(/lang=hi/);
    // The administrators' copy stays English.
    const staff = mails.find((m) => m.to !== 'hindi@example.com');
    if (staff) expect(staff.subject).toMatch(/^New registration/);
  });

  it('writes in Marathi for a Marathi buyer', async () => {
    const { mails } = await buy('mr', 'marathi@example.com');
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
  const badPhone = () => ({
    eventId: ids.eventId,
    tickets: [{ ticketId: ids.general, quantity: 1 }],
    participant: { ...PARTICIPANT, phone: '12345' },
  });

  it('answer in English by default, as before', async () => {
    const res = await postJson(t, '/api/cashfree/create-order', badPhone());
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields['participant.phone']).toBe('Phone number must be 10 digits');
  });

  it('answer in the language the visitor chose (the cookie), or their browser’s', async () => {
    const marathi = await postJson(t, '/api/cashfree/create-order', badPhone(), { cookie: 'tdk_lang=mr' });
    const hindi = await postJson(t, '/api/cashfree/create-order', badPhone(), { 'accept-language': 'hi-IN,hi;q=0.9' });
    const garbage = await postJson(t, '/api/cashfree/create-order', badPhone(), {
      cookie: 'tdk_lang=%%',
      'accept-language': '*',
    });
    const fields = async (res: Response) => ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect((await fields(marathi))['participant.phone']).toBe('फोन नंबर 10 अंकी असावा');
    expect((await fields(hindi))['participant.phone']).toBe('फ़ोन नंबर 10 अंकों का होना चाहिए');
    expect((await fields(garbage))['participant.phone']).toBe('Phone number must be 10 digits');
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
