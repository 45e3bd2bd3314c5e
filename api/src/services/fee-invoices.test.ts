// The platform's invoice for its convenience fee (issue 42, decision 067): issued with the payment
// in the platform's own series under its own GSTIN, beside the organiser's invoice for the tickets;
// a credit note in the platform's series when the fee is given back; none without a platform GSTIN.
// Each test builds its own event and sets the platform's registration it needs.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AdminOrderResponse, CreateOrderResponse, OrderQuoteResponse } from '../contract';
import { selectAttendees } from '../db/attendee-rows';
import { emailOutbox, events, invoices, registrations } from '../db/schema';
import { emailPayload } from '../mail/order-templates';
import { MAHARASHTRA_TAX, setOrganisationTax } from '../testing/organisations';
import { jsonRequest } from '../testing/staff-session';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { listInvoices } from './invoices';
import { listMyBookings } from './my-bookings';
import { refundOrder } from './refunds';
import { writeSettings } from './settings';

// A platform registered in Karnataka, and a business buyer registered in Delhi (check characters right).
const PLATFORM_GSTIN = '29AABCT1332L1ZA';
const DELHI_BUYER_GSTIN = '07AAACD5678K1ZA';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
beforeEach(async () => {
  ids = await seedCheckoutEvent(t);
  await t.db.query((db) =>
    db.update(events).set({ convenienceFeeKind: 'amount', convenienceFeeValue: 3_000 }).where(eq(events.id, ids.eventId)),
  );
  await registerPlatform(PLATFORM_GSTIN);
  // The organiser is registered in Maharashtra: it invoices the tickets.
  const [event] = await t.db.query((db) =>
    db.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, ids.eventId)),
  );
  await t.db.query((db) => setOrganisationTax(db, event!.organisationId, MAHARASHTRA_TAX));
});
afterAll(() => t.close());

const registerPlatform = (gstin: string) =>
  t.db.transaction((tx) =>
    writeSettings(tx, {
      platformGstin: gstin,
      platformLegalName: gstin ? 'TDK Sports Technologies Private Limited' : '',
      platformAddress: gstin ? '5th Floor, 80 Feet Road, Koramangala, Bengaluru 560034' : '',
    }),
  );

let buyers = 0;
/** A paid order of VIP passes (₹1,500 each, ₹30 fee + ₹5.40 GST each), optionally bought by a registered business. */
async function paidOrder(quantity: number, business?: { gstin: string; name: string }) {
  const email = `fee-invoice-${++buyers}@example.com`;
  const attendees = Array.from({ length: quantity }, () => ({ ticketId: ids.vip }));
  const quote = (await (
    await postJson(t, '/api/orders/quote', { eventId: ids.eventId, attendees })
  ).json()) as OrderQuoteResponse;
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(ids.eventId, [{ ticketId: ids.vip, quantity }], {
      buyer: { email },
      orderAmount: quote.orderAmount,
      ...(business ? { business } : {}),
    }),
  );
  expect(res.status).toBe(201);
  const created = (await res.json()) as CreateOrderResponse;
  await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
  return { orderId: created.orderId, email };
}

const documentsOf = (orderId: string) =>
  t.db.query((db) => db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id)));

describe("the platform's invoice for its convenience fee", () => {
  it('a paid order gets the organiser’s invoice for the tickets and the platform’s for the fee, each in its own series', async () => {
    const { orderId, email } = await paidOrder(2);
    const documents = await documentsOf(orderId);
    expect(documents.map((d) => [d.issuer, d.kind])).toEqual([
      ['organiser', 'invoice'],
      ['platform', 'invoice'],
    ]);
    const [tickets, fee] = documents as [(typeof documents)[0], (typeof documents)[0]];
    expect(tickets.number).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(tickets.totalPaise).toBe(300_000);
    // The platform's: its own name and GSTIN, SAC 998554, ₹60 taxable and ₹10.80 GST. An
    // unregistered buyer is supplied at the platform's location: CGST and SGST of Karnataka.
    expect(fee.number).toMatch(/^PF\/\d{4}\/\d{6}$/);
    expect(fee.supplier).toEqual({
      legalName: 'TDK Sports Technologies Private Limited',
      address: '5th Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
      gstin: PLATFORM_GSTIN,
      state: '29',
    });
    expect([fee.placeOfSupply, fee.taxMode]).toEqual(['29', 'intra']);
    expect(fee.lines).toEqual([
      {
        description: expect.stringMatching(/^Convenience fee: .+ \(VIP Pass\)$/),
        sac: '998554',
        quantity: 2,
        grossPaise: 7_080,
        discountPaise: 0,
        taxablePaise: 6_000,
        gstRate: 18,
        exemptQuantity: 0,
        cgstPaise: 540,
        sgstPaise: 540,
        igstPaise: 0,
        totalPaise: 7_080,
      },
    ]);
    expect([fee.taxablePaise, fee.cgstPaise + fee.sgstPaise + fee.igstPaise, fee.totalPaise]).toEqual([6_000, 1_080, 7_080]);
    // Together the two documents account for every paisa the buyer paid.
    expect(tickets.totalPaise + fee.totalPaise).toBe(307_080);

    // The buyer's confirmation links both, each behind its signed link, which opens the PDF.
    const [mail] = await t.db.query((db) =>
      db
        .select({ text: emailOutbox.text })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'participant_confirmation'), eq(emailOutbox.to, email))),
    );
    expect(mail!.text).toContain(`Download your GST tax invoice ${tickets.number}`);
    const link = mail!.text.match(/Download the platform's invoice for the convenience fee (\S+): (\S+)/);
    expect(link?.[1]).toBe(fee.number);
    // The storefront's /invoice/:id page sends the link's token to the API (decision 048).
    const opened = new URL(link![2]!);
    expect(opened.pathname).toBe(`/invoice/${fee.id}`);
    const pdf = await t.app.request(`/api/invoices/${fee.id}/pdf`, {
      headers: { 'X-Document-Token': new URLSearchParams(opened.hash.slice(1)).get('t')! },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('an organiser without a GSTIN gives a receipt for the tickets; the platform still invoices its fee, and a staff resend links both', async () => {
    const [event] = await t.db.query((db) =>
      db.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, ids.eventId)),
    );
    await t.db.query((db) => setOrganisationTax(db, event!.organisationId, null));
    const { orderId } = await paidOrder(1);
    expect((await documentsOf(orderId)).map((d) => [d.issuer, d.kind])).toEqual([['platform', 'invoice']]);
    const [attendee] = await t.db.query((db) => selectAttendees(db).where(eq(registrations.orderId, orderId)));
    const resend = await t.db.query((db) => emailPayload(db, t.env, attendee!));
    expect(resend.document?.kind).toBe('receipt');
    expect(resend.feeDocument?.number).toMatch(/^PF\//);
  });

  it("a business buyer in another state is invoiced the fee with IGST, at its GSTIN's state", async () => {
    const { orderId } = await paidOrder(1, { gstin: DELHI_BUYER_GSTIN, name: 'Delhi Runners LLP' });
    const [fee] = (await documentsOf(orderId)).filter((d) => d.issuer === 'platform');
    expect(fee).toMatchObject({
      placeOfSupply: '07',
      taxMode: 'inter',
      buyerGstin: DELHI_BUYER_GSTIN,
      buyerName: 'Delhi Runners LLP',
    });
    expect([fee!.taxablePaise, fee!.cgstPaise, fee!.sgstPaise, fee!.igstPaise, fee!.totalPaise]).toEqual([
      3_000, 0, 0, 540, 3_540,
    ]);
  });

  it("the platform's series runs on across organisations' orders without a gap, while the organiser's runs on its own", async () => {
    const first = await paidOrder(1);
    const second = await paidOrder(1);
    const feeNumber = async (orderId: string) => (await documentsOf(orderId)).find((d) => d.issuer === 'platform')!;
    const [a, b] = [await feeNumber(first.orderId), await feeNumber(second.orderId)];
    expect(b.series).toBe(a.series);
    expect(b.sequence).toBe(a.sequence + 1);
    // The organiser's console lists its own documents only: the platform's are not its invoices.
    const listed = await t.db.query((db) => listInvoices(db, a.organisationId, { q: first.orderId }));
    expect(listed.map((d) => d.issuer)).toEqual(['organiser']);
  });

  it('an event the organiser cancels gives the fee back: the platform issues a credit note reversing exactly what it invoiced', async () => {
    const { orderId } = await paidOrder(2);
    await t.db.transaction((tx) =>
      refundOrder(tx, t.env, {
        orderId,
        attendeeIds: 'all',
        reason: 'Event cancelled: heavy rain',
        actor: { kind: 'system' },
        returnConvenienceFee: true,
      }),
    );
    const documents = await documentsOf(orderId);
    expect(documents.map((d) => [d.issuer, d.kind])).toEqual([
      ['organiser', 'invoice'],
      ['platform', 'invoice'],
      ['organiser', 'credit_note'],
      ['platform', 'credit_note'],
    ]);
    const fee = documents[1]!;
    const note = documents[3]!;
    expect(note.number).toMatch(/^PFC\/\d{4}\/\d{6}$/);
    expect(note.invoiceId).toBe(fee.id);
    expect(note.lines).toEqual([
      expect.objectContaining({
        description: 'Refund of convenience fee (VIP Pass)',
        quantity: 2,
        taxablePaise: 6_000,
        cgstPaise: 540,
        sgstPaise: 540,
        totalPaise: 7_080,
      }),
    ]);
    expect([note.taxablePaise, note.cgstPaise, note.sgstPaise, note.totalPaise]).toEqual([
      fee.taxablePaise,
      fee.cgstPaise,
      fee.sgstPaise,
      fee.totalPaise,
    ]);
  });

  it('a refund the buyer causes keeps the fee with the platform: no fee credit note', async () => {
    const { orderId } = await paidOrder(2);
    const [first] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(registrations.position),
    );
    await t.db.transaction((tx) =>
      refundOrder(tx, t.env, { orderId, attendeeIds: [first!.id], reason: 'Cannot come', actor: { kind: 'system' } }),
    );
    const documents = await documentsOf(orderId);
    expect(documents.map((d) => [d.issuer, d.kind])).toEqual([
      ['organiser', 'invoice'],
      ['platform', 'invoice'],
      ['organiser', 'credit_note'],
    ]);
  });

  it('without a platform GSTIN no fee invoice is issued (the fee is on the order, the tickets invoiced as before)', async () => {
    await registerPlatform('');
    const { orderId } = await paidOrder(1);
    expect((await documentsOf(orderId)).map((d) => [d.issuer, d.kind])).toEqual([['organiser', 'invoice']]);
  });

  it('My bookings and the console name each document by who issued it', async () => {
    const { orderId, email } = await paidOrder(1);
    const mine = await t.db.query((db) => listMyBookings(db, t.env, email));
    expect(mine.bookings[0]!.invoices!.map((d) => [d.issuer, d.kind, d.number.split('/')[0]])).toEqual([
      ['organiser', 'invoice', 'INV'],
      ['platform', 'invoice', 'PF'],
    ]);
    const res = await t.app.request(`/api/admin/orders/${orderId}`, { headers: { cookie: await staffCookie(t, 'support') } });
    const { documents } = (await res.json()) as AdminOrderResponse;
    expect(documents.map((d) => [d.issuer, d.kind])).toEqual([
      ['organiser', 'invoice'],
      ['platform', 'invoice'],
    ]);
  });
});

describe("the platform's tax registration in Settings", () => {
  it('a GSTIN needs the legal name and address it prints; a wrong GSTIN is refused on its field', async () => {
    await registerPlatform('');
    const cookie = await staffCookie(t, 'admin');
    const put = (body: object) => t.app.request('/api/admin/settings', jsonRequest('PUT', body, cookie));
    const missing = await put({ platformGstin: PLATFORM_GSTIN });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      platformLegalName: 'Legal name is required with a GSTIN (the fee invoice prints it)',
      platformAddress: 'Address is required with a GSTIN (the fee invoice prints it)',
    });
    const wrong = await put({ platformGstin: '29AABCT1332L1ZB', platformLegalName: 'TDK', platformAddress: 'Bengaluru' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.platformGstin).toBe(
      "This GSTIN's check character is wrong",
    );
    const saved = await put({ platformGstin: ' 29aabct1332l1za ', platformLegalName: 'TDK', platformAddress: 'Bengaluru' });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { settings: { platformGstin: string } }).settings.platformGstin).toBe(PLATFORM_GSTIN);
  });
});
