// The buyer's e-mailed links to their tax documents (decision 031): the confirmation names the tax
// invoice and links it (or, from an organiser without a GSTIN, the payment receipt), the refund
// notice links its credit note, each behind a signed token that opens that document only; and the
// documents draw Devanagari names and titles in the embedded face. The links open the storefront's
// document pages with the token in the fragment, which fetch the PDF with it in X-Document-Token
// (decision 048); a link mailed before (`/api/invoices/:id/pdf?t=`) still opens. Each test uses
// financial years of its own, so no test sees another's numbers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { selectAttendees } from '../db/attendee-rows';
import { emailOutbox, events, invoices, orders, registrations, staffUsers } from '../db/schema';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { emailPayload, orderDocument } from '../mail/order-templates';
import { createCashfreeProvider } from '../payments/cashfree';
import { cancelEvent, processCancellations } from './event-cancellations';
import { cancelAttendee } from './my-bookings';
import { fulfilOrder } from './fulfilment';
import { refundOrder } from './refunds';
import { ticketLinkToken } from '../signing/ticket-links';
import { DOCUMENT_TOKEN_HEADER } from '../signing/invoice-links';
import { MAHARASHTRA_TAX, setTestTax } from '../testing/organisations';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
beforeEach(async () => {
  await t.db.transaction((tx) => setTestTax(tx, MAHARASHTRA_TAX));
  ids = await seedCheckoutEvent(t);
  await t.db.query((db) => db.update(events).set({ gstState: '27', recognisedSport: true }).where(eq(events.id, ids.eventId)));
});
afterAll(() => t.close());

let buyers = 0;
async function paidOrder(
  lines: { ticketId: number; quantity?: number }[],
  at: Date,
  options: Parameters<typeof orderBody>[2] = {},
): Promise<string> {
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(ids.eventId, lines, { ...options, buyer: { email: `links-${++buyers}@example.com`, ...options.buyer } }),
  );
  expect(res.status).toBe(201);
  const { orderId } = (await res.json()) as CreateOrderResponse;
  const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId)));
  const outcome = await t.db.transaction((tx) =>
    fulfilOrder(
      tx,
      t.env,
      orderId,
      { providerPaymentId: `pay_${orderId}`, paymentMethod: 'UPI', amountPaise: order!.amountPaise },
      at,
    ),
  );
  expect(outcome.kind).toBe('paid');
  return orderId;
}

/** The e-mail of a kind queued for an order's buyer. */
async function mailOf(orderId: string, kind: string) {
  const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId)));
  const rows = await t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, order!.customerEmail)))
      .orderBy(emailOutbox.id),
  );
  const mail = rows.at(-1)!;
  // Decision 048: no link of ours carries a token in its query string (proxy and server logs).
  for (const body of [mail.text, mail.html]) {
    expect(body).not.toContain('pdf?t=');
    expect(body).not.toMatch(/[?&]t=/);
  }
  return mail;
}

/** A document page's link (decision 048): the language, if any, before the token's fragment. */
const INVOICE_PAGE = /\/invoice\/\d+(?:\?lang=[a-z]{2})?#t=/;
const CREDIT_NOTE_PAGE = /\/credit-note\/\d+(?:\?lang=[a-z]{2})?#t=/;
const RECEIPT_PAGE = /\/receipt\/[A-Z0-9]+(?:\?lang=[a-z]{2})?#t=/;
/** The token in a page link's fragment. */
const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('t')!;

/** The link of the e-mail's text that opens a document's page. */
const linkIn = (text: string, path: RegExp) => {
  const match = new RegExp(`http://\\S+${path.source}\\S*`).exec(text);
  expect(match, `a link matching ${path} in:\n${text}`).not.toBeNull();
  return match![0];
};

/**
 * The PDF behind a document page's link, fetched as the storefront's page fetches it (same app, no
 * cookie): `GET /api/invoices/:id/pdf` (an invoice's or credit note's) or `/api/receipts/:reference/pdf` with the fragment's token
 * in X-Document-Token.
 */
const open = (url: string) => {
  const [, kind, key] = /^\/(invoice|credit-note|receipt)\/([^/]+)$/.exec(new URL(url).pathname)!;
  return t.app.request(`/api/${kind === 'receipt' ? 'receipts' : 'invoices'}/${key}/pdf`, {
    headers: { [DOCUMENT_TOKEN_HEADER]: tokenOf(url) },
  });
};

/**
 * The words a PDF draws, in order: Helvetica's literal strings, and the embedded face's glyphs
 * read back to text through its ToUnicode map, as a reader's copy and paste gives them.
 */
function pdfText(bytes: ArrayBuffer): string {
  const file = Buffer.from(bytes).toString('latin1');
  const glyphs = new Map<string, string>();
  for (const block of file.matchAll(/beginbfchar\n([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, code] of block[1]!.matchAll(/<([0-9a-f]+)><([0-9a-f]+)>/gi)) {
      glyphs.set(glyph!.toLowerCase(), String.fromCodePoint(parseInt(code!, 16)));
    }
  }
  const runs = [...file.matchAll(/(?:<([0-9A-Fa-f]+)>|\(((?:\\.|[^\\)])*)\)) Tj/g)].map(([, hex, literal]) =>
    hex !== undefined
      ? (hex.match(/.{4}/g) ?? []).map((glyph) => glyphs.get(glyph.toLowerCase()) ?? '\uFFFD').join('')
      : literal!.replace(/\\(.)/g, '$1'),
  );
  return runs.join('');
}

describe('the confirmation e-mail’s invoice link', () => {
  it('names the tax invoice and opens its PDF without a session; any other token is refused in the error shape', async () => {
    const orderId = await paidOrder([{ ticketId: ids.general }, { ticketId: ids.vip }], new Date('2061-06-10T05:00:00Z'));
    const [invoice] = await t.db.query((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'))),
    );
    expect(invoice!.number).toBe('INV/6162/000001');
    const mail = await mailOf(orderId, 'participant_confirmation');
    // ₹499.50 exempt + ₹1,500 at 18 %: taxable ₹1,770.68, CGST ₹114.41, SGST ₹114.41.
    for (const words of [
      'Taxable value: ₹1,770.68',
      'CGST: ₹114.41',
      'SGST: ₹114.41',
      'Tax invoice: INV/6162/000001',
      'Download your GST tax invoice INV/6162/000001: http',
    ]) {
      expect(mail.text).toContain(words);
    }
    const url = linkIn(mail.text, INVOICE_PAGE);
    expect(url).toContain(`/invoice/${invoice!.id}#t=`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('Download your GST tax invoice INV/6162/000001</a>');

    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="INV-6162-000001.pdf"');
    const text = pdfText(await res.arrayBuffer());
    for (const words of ['Tax Invoice', 'No. INV/6162/000001', 'GSTIN: 27AAPFU0939F1ZV', 'SAC 9996', 'Rs. 1,999.50']) {
      expect(text).toContain(words);
    }

    // A link mailed before decision 048 (`/api/invoices/:id/pdf?t=`) still opens the same PDF.
    const token = tokenOf(url);
    const old = await t.app.request(`/api/invoices/${invoice!.id}/pdf?t=${token}`);
    expect(old.status).toBe(200);
    expect(old.headers.get('content-disposition')).toBe('attachment; filename="INV-6162-000001.pdf"');

    // A wrong token, none, one cut short, the order's ticket token, in the header or the old query:
    // the same 404, nothing told. A wrong header is not rescued by a right query.
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const ticketToken = ticketLinkToken(t.env, (await bookingReferenceOf(orderId))!);
    const path = `/api/invoices/${invoice!.id}/pdf`;
    const refusals: [string, Record<string, string>][] = [
      [path, { [DOCUMENT_TOKEN_HEADER]: flipped }],
      [path, {}],
      [path, { [DOCUMENT_TOKEN_HEADER]: '' }],
      [path, { [DOCUMENT_TOKEN_HEADER]: token.slice(0, 20) }],
      [path, { [DOCUMENT_TOKEN_HEADER]: ticketToken }],
      [path, { 'X-Ticket-Token': token }],
      [`${path}?t=${token}`, { [DOCUMENT_TOKEN_HEADER]: flipped }],
      [`/api/invoices/${invoice!.id + 1000}/pdf`, { [DOCUMENT_TOKEN_HEADER]: token }],
      [`${path}?t=${flipped}`, {}],
      [`${path}?t=${token.slice(0, 20)}`, {}],
      [`${path}?t=${ticketToken}`, {}],
    ];
    for (const [at, headers] of refusals) {
      const refused = await t.app.request(at, { headers });
      expect(refused.status, `${at} ${JSON.stringify(headers)}`).toBe(404);
      expect(await refused.json()).toEqual({ error: { code: 'not_found', message: 'This invoice link is not valid' } });
    }
  });

  it('does not open another buyer’s invoice with one’s own token', async () => {
    const mine = await paidOrder([{ ticketId: ids.vip }], new Date('2062-06-10T05:00:00Z'));
    const theirs = await paidOrder([{ ticketId: ids.vip }], new Date('2062-06-10T05:01:00Z'));
    const url = linkIn((await mailOf(mine, 'participant_confirmation')).text, INVOICE_PAGE);
    const [their] = await t.db.query((db) => db.select().from(invoices).where(eq(invoices.orderId, theirs)));
    const refused = await t.app.request(`/api/invoices/${their!.id}/pdf`, { headers: { [DOCUMENT_TOKEN_HEADER]: tokenOf(url) } });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await open(url)).status).toBe(200);
  });

  it('links the payment receipt when the organiser has no GSTIN (none for a free order)', async () => {
    await t.db.transaction((tx) => setTestTax(tx, null));
    const orderId = await paidOrder([{ ticketId: ids.vip, quantity: 2 }], new Date('2063-06-10T05:00:00Z'));
    expect(await t.db.query((db) => db.select().from(invoices).where(eq(invoices.orderId, orderId)))).toEqual([]);
    const mail = await mailOf(orderId, 'participant_confirmation');
    expect(mail.text).not.toContain('Taxable value');
    expect(mail.text).not.toContain('Tax invoice');
    const reference = (await bookingReferenceOf(orderId))!;
    const url = linkIn(mail.text, RECEIPT_PAGE);
    expect(url).toContain(`/receipt/${reference}#t=`);
    expect(mail.text).toContain(`Download your payment receipt: ${url}`);

    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${reference}.pdf"`);
    const text = pdfText(await res.arrayBuffer());
    for (const words of [
      'Receipt',
      `Booking reference ${reference}`,
      'Date: 10-06-2063',
      'Received from',
      'Asha Devi Rao',
      'Admission: Checkout Test Run (VIP Pass)',
      'Rs. 3,000.00',
      'Amount in words: Rupees Three Thousand Only',
      `Paid by UPI, transaction pay_${orderId}`,
      'No GST is charged: the organiser is not registered under GST. This receipt is not a tax invoice.',
    ]) {
      expect(text).toContain(words);
    }
    const token = tokenOf(url);
    // A receipt link mailed before decision 048 still opens.
    expect((await t.app.request(`/api/receipts/${reference}/pdf?t=${token}`)).status).toBe(200);
    for (const [path, headers] of [
      [`/api/receipts/${reference}/pdf`, { [DOCUMENT_TOKEN_HEADER]: ticketLinkToken(t.env, reference) }],
      [`/api/receipts/${reference}X/pdf`, { [DOCUMENT_TOKEN_HEADER]: token }],
      [`/api/receipts/${reference}/pdf`, {}],
      [`/api/receipts/${reference}/pdf?t=${ticketLinkToken(t.env, reference)}`, {}],
    ] as [string, Record<string, string>][]) {
      const refused = await t.app.request(path, { headers });
      expect(refused.status, path).toBe(404);
      expect(await refused.json()).toEqual({ error: { code: 'not_found', message: 'This invoice link is not valid' } });
    }

    // A free order has nothing to receipt.
    expect(orderDocument(t.env, null, reference, 0)).toBeUndefined();
  });
});

describe('the refund notice’s credit note link', () => {
  it('names the credit note the refund issued and opens its PDF, which names the invoice', async () => {
    const orderId = await paidOrder([{ ticketId: ids.vip, quantity: 2 }], new Date('2064-06-01T05:00:00Z'));
    const [first] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(registrations.position),
    );
    await t.db.transaction((tx) =>
      refundOrder(
        tx,
        t.env,
        { orderId, attendeeIds: [first!.id], reason: 'Injured', actor: { kind: 'buyer' } },
        new Date('2064-06-02T05:00:00Z'),
      ),
    );
    const mail = await mailOf(orderId, 'refund_notice');
    expect(mail.text).toContain('Credit note: CRN/6465/000001');
    const url = linkIn(mail.text, CREDIT_NOTE_PAGE);
    expect(mail.text).toContain(`Download the credit note CRN/6465/000001 of this refund: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    const res = await open(url);
    expect(res.status).toBe(200);
    const text = pdfText(await res.arrayBuffer());
    expect(text).toContain('Credit Note');
    expect(text).toContain('No. CRN/6465/000001');
    expect(text).toContain('Against tax invoice INV/6465/000001 of 01-06-2064');
    expect(text).toContain('Rupees One Thousand Five Hundred Only');
  });

  it('is in the buyer’s language in the refund notice', async () => {
    const orderId = await paidOrder([{ ticketId: ids.vip }], new Date('2065-06-01T05:00:00Z'), { language: 'mr' });
    await t.db.transaction((tx) =>
      refundOrder(
        tx,
        t.env,
        { orderId, attendeeIds: 'all', reason: 'Injured', actor: { kind: 'buyer' } },
        new Date('2065-06-02T05:00:00Z'),
      ),
    );
    const mail = await mailOf(orderId, 'refund_notice');
    expect(mail.text).toContain('क्रेडिट नोट: CRN/6566/000001');
    expect(mail.text).toContain('या परताव्याची क्रेडिट नोट CRN/6566/000001 डाउनलोड करा: http');
    // The page opens in the buyer's language: the query before the token's fragment.
    const url = linkIn(mail.text, CREDIT_NOTE_PAGE);
    expect(url).toMatch(/\/credit-note\/\d+\?lang=mr#t=[\w-]{32}$/);
    expect(mail.html).toContain(`href="${url}"`);
    expect((await open(url)).status).toBe(200);
  });
});

describe('the credit note link of the other refunds', () => {
  it('is in the notice of a ticket the buyer cancelled themselves', async () => {
    const orderId = await paidOrder([{ ticketId: ids.vip, quantity: 2 }], new Date('2029-11-01T05:00:00Z'));
    await t.db.query((db) =>
      db
        .update(events)
        .set({ selfService: { cancel: { daysBefore: 3, feePercent: 10 }, transfer: null, changeDetails: null } })
        .where(eq(events.id, ids.eventId)),
    );
    const [, second] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(registrations.position),
    );
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId)));
    await t.db.transaction((tx) =>
      cancelAttendee(tx, t.env, { email: order!.customerEmail }, second!.registrationNumber, new Date('2029-11-02T05:00:00Z')),
    );
    const [note] = await t.db.query((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note'))),
    );
    // ₹1,500 less the 10 % fee: ₹1,350 credited.
    expect(note).toMatchObject({ number: 'CRN/2930/000001', totalPaise: 135_000 });
    const mail = await mailOf(orderId, 'ticket_cancelled');
    expect(mail.text).toContain('Credit note: CRN/2930/000001');
    const res = await open(linkIn(mail.text, CREDIT_NOTE_PAGE));
    expect(res.status).toBe(200);
    expect(pdfText(await res.arrayBuffer())).toContain('Against tax invoice INV/2930/000001');
  });

  it('is in the notice of an event cancelled by the organiser', async () => {
    const orderId = await paidOrder([{ ticketId: ids.vip }], new Date('2068-06-01T05:00:00Z'));
    const [staff] = await t.db.query((db) => db.select({ id: staffUsers.id }).from(staffUsers).limit(1));
    const now = new Date('2068-06-05T05:00:00Z');
    await t.db.transaction((tx) =>
      cancelEvent(
        tx,
        t.env,
        {
          eventId: ids.eventId,
          confirmTitle: 'Checkout Test Run',
          feePaise: 0,
          reason: 'Monsoon flooding on the course',
          actor: { kind: 'staff', userId: staff!.id, email: 'm@tdk.test' },
        },
        now,
      ),
    );
    const provider = createCashfreeProvider({ env: t.env, fetch: (input, init) => t.routeFetch(input, init) });
    expect(await processCancellations({ db: t.db, env: t.env, provider }, now)).toBeGreaterThanOrEqual(1);
    const mail = await mailOf(orderId, 'event_cancelled');
    expect(mail.text).toContain('Credit note: CRN/6869/000001');
    expect(mail.text).toContain('Download the credit note CRN/6869/000001 of this refund: http');
  });
});

describe('a staff resend of the confirmation', () => {
  it('names and links the invoice again', async () => {
    const orderId = await paidOrder([{ ticketId: ids.vip }], new Date('2069-06-01T05:00:00Z'));
    const [first] = await t.db.query((db) => selectAttendees(db).where(eq(registrations.orderId, orderId)));
    const payload = await t.db.query((db) => emailPayload(db, t.env, first!));
    expect(payload.document).toMatchObject({ kind: 'invoice', number: 'INV/6970/000001' });
    const original = await mailOf(orderId, 'participant_confirmation');
    expect(original.text).toContain(`: ${(payload.document as { url: string }).url}`);
  });
});

describe('Devanagari in the invoice PDF', () => {
  it('draws the buyer’s and organiser’s own words in their script, in the embedded face, the document’s words in English', async () => {
    await t.db.transaction((tx) =>
      setTestTax(tx, { ...MAHARASHTRA_TAX, legalName: 'पुणे धावपटू क्रीडा प्रतिष्ठान', address: '१२ एफसी रोड, पुणे 411005' }),
    );
    await t.db.query((db) => db.update(events).set({ title: 'पुणे हाफ मॅरेथॉन' }).where(eq(events.id, ids.eventId)));
    const orderId = await paidOrder([{ ticketId: ids.vip }], new Date('2066-06-10T05:00:00Z'), {
      buyer: { fullName: 'आशा देवी राव' },
      business: { gstin: '27AAPFU0939F1ZV', name: 'सह्याद्री रनर्स क्लब', address: 'कोथरूड, पुणे' },
    });
    const url = linkIn((await mailOf(orderId, 'participant_confirmation')).text, INVOICE_PAGE);
    const bytes = await (await open(url)).arrayBuffer();
    const file = Buffer.from(bytes).toString('latin1');
    expect(file).toContain('/FontFile2');
    expect(file).toContain('/BaseFont /TDKDevanagari');
    const text = pdfText(bytes);
    for (const words of [
      'Tax Invoice',
      'पुणे धावपटू क्रीडा प्रतिष्ठान',
      'सह्याद्री रनर्स क्लब',
      'कोथरूड, पुणे',
      'Admission: पुणे हाफ मॅरेथॉन (VIP Pass)',
      'GSTIN: 27AAPFU0939F1ZV',
      'Amount in words: Rupees One Thousand Five Hundred Only',
    ]) {
      // Shaped on the page (decision 070), the words beneath in the order they are typed.
      expect(text).toContain(words);
    }
    // Drawn as the face's shaped glyphs over invisible text (rendering mode 3).
    expect(file).toContain('3 Tr');
  });

  it('embeds no face in an invoice all in Latin letters', async () => {
    const orderId = await paidOrder([{ ticketId: ids.vip }], new Date('2067-06-10T05:00:00Z'));
    const url = linkIn((await mailOf(orderId, 'participant_confirmation')).text, INVOICE_PAGE);
    const file = Buffer.from(await (await open(url)).arrayBuffer()).toString('latin1');
    expect(file).not.toContain('TDKDevanagari');
    expect(file.length).toBeLessThan(30 * 1024);
  });
});

async function bookingReferenceOf(orderId: string) {
  const [order] = await t.db.query((db) =>
    db.select({ ref: orders.bookingReference }).from(orders).where(eq(orders.id, orderId)),
  );
  return order?.ref ?? null;
}
