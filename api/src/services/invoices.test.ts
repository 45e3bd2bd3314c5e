// Tax invoices and credit notes (decision 031): issued with the payment and the refund, numbered
// per financial year in Asia/Kolkata with no gap and no duplicate, also under concurrency. Each test
// uses financial years of its own, so no test sees another's numbers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { emailOutbox, events, invoices, orders, registrations } from '../db/schema';
import {
  createTestOrganisation,
  MAHARASHTRA_TAX,
  setOrganisationTax,
  setTestTax,
  testOrganisationId,
} from '../testing/organisations';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { BUYER_SESSION_COOKIE, buyerSessionValue } from './buyer-sessions';
import { fulfilOrder } from './fulfilment';
import { CreditNoteRefusal, issueCreditNote, nextInvoiceNumber } from './invoices';
import { RefundRefusal, refundOrder } from './refunds';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  await t.db.transaction((tx) => setTestTax(tx, MAHARASHTRA_TAX));
});
beforeEach(async () => {
  ids = await seedCheckoutEvent(t);
  await t.db.query((db) => db.update(events).set({ gstState: '27', recognisedSport: true }).where(eq(events.id, ids.eventId)));
});
afterAll(() => t.close());

let buyers = 0;
/** An unpaid order of the seeded event's tickets, from a buyer of its own. */
async function createOrder(lines: { ticketId: number; quantity?: number }[]) {
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(ids.eventId, lines, { buyer: { email: `invoice-${++buyers}@example.com` } }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as CreateOrderResponse;
}
/** The provider's word that the order is paid, at a given moment. */
async function payAt(orderId: string, at: Date) {
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
}
const invoicesOf = (orderId: string) =>
  t.db.query((db) => db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id));

describe('tax invoices', () => {
  it('are issued with the payment, from the order’s own lines, with everything Rule 46 prints', async () => {
    const created = await createOrder([{ ticketId: ids.general }, { ticketId: ids.vip }]);
    await payAt(created.orderId, new Date('2029-06-10T05:00:00Z'));
    const [invoice] = await invoicesOf(created.orderId);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: 'INV/2930/000001',
      series: 'INV/2930',
      sequence: 1,
      taxMode: 'intra',
      placeOfSupply: '27',
      buyerName: 'Asha Devi Rao',
      supplier: {
        legalName: 'Pune Striders Sports Foundation',
        address: '12 FC Road, Shivajinagar, Pune 411005',
        gstin: '27AAPFU0939F1ZV',
        state: '27',
      },
      taxablePaise: 49_950 + 127_118,
      cgstPaise: 11_441,
      sgstPaise: 11_441,
      igstPaise: 0,
      totalPaise: 199_950,
    });
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        description: 'Admission: Checkout Test Run (General)',
        sac: '9996',
        quantity: 1,
        gstRate: 0,
        exemptQuantity: 1,
        taxablePaise: 49_950,
        totalPaise: 49_950,
      }),
      expect.objectContaining({
        description: 'Admission: Checkout Test Run (VIP Pass)',
        sac: '9996',
        quantity: 1,
        gstRate: 18,
        taxablePaise: 127_118,
        cgstPaise: 11_441,
        sgstPaise: 11_441,
        totalPaise: 150_000,
      }),
    ]);
    // A second word of the same payment (verify after the webhook) issues nothing more.
    await t.db.transaction((tx) =>
      fulfilOrder(
        tx,
        t.env,
        created.orderId,
        { providerPaymentId: `pay_${created.orderId}`, paymentMethod: 'UPI', amountPaise: 199_950 },
        new Date('2029-06-10T05:01:00Z'),
      ),
    );
    expect(await invoicesOf(created.orderId)).toHaveLength(1);
  });

  it('are not issued while the organiser has no GSTIN: the order is the buyer’s receipt', async () => {
    await t.db.transaction((tx) => setTestTax(tx, null));
    try {
      const created = await createOrder([{ ticketId: ids.vip }]);
      await payAt(created.orderId, new Date('2029-07-01T05:00:00Z'));
      expect(await invoicesOf(created.orderId)).toEqual([]);
      const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
      expect(order!.taxMode).toBe('none');
    } finally {
      await t.db.transaction((tx) => setTestTax(tx, MAHARASHTRA_TAX));
    }
  });

  it('start a new series at midnight of 1 April in India: 23:59 on 31 March is the old year’s last', async () => {
    const lastOfYear = await createOrder([{ ticketId: ids.vip }]);
    const firstOfYear = await createOrder([{ ticketId: ids.vip }]);
    const secondOfYear = await createOrder([{ ticketId: ids.vip }]);
    await payAt(lastOfYear.orderId, new Date('2031-03-31T18:29:59Z')); // 31 March 2031, 23:59:59 IST
    await payAt(firstOfYear.orderId, new Date('2031-03-31T18:30:00Z')); // 1 April 2031, 00:00 IST
    await payAt(secondOfYear.orderId, new Date('2031-04-01T10:00:00Z'));
    expect((await invoicesOf(lastOfYear.orderId))[0]!.number).toBe('INV/3031/000001');
    expect((await invoicesOf(firstOfYear.orderId))[0]!.number).toBe('INV/3132/000001');
    expect((await invoicesOf(secondOfYear.orderId))[0]!.number).toBe('INV/3132/000002');
  });

  it('give a rolled-back payment’s number to the next payment: no gap', async () => {
    const at = new Date('2033-05-01T05:00:00Z');
    await expect(
      t.db.transaction(async (tx) => {
        await nextInvoiceNumber(tx, await testOrganisationId(tx), 'invoice', at);
        throw new Error('the payment failed after its number was taken');
      }),
    ).rejects.toThrow(/payment failed/);
    const created = await createOrder([{ ticketId: ids.vip }]);
    await payAt(created.orderId, at);
    expect((await invoicesOf(created.orderId))[0]!.number).toBe('INV/3334/000001');
  });

  it('number 200 payments at once 1 to 200: no gap and no duplicate', async () => {
    const created: CreateOrderResponse[] = [];
    for (let batch = 0; batch < 10; batch++) {
      created.push(...(await Promise.all(Array.from({ length: 20 }, () => createOrder([{ ticketId: ids.general }])))));
    }
    const at = new Date('2035-08-15T04:00:00Z');
    // All at once, as webhooks and verify calls arrive, at most 20 in flight: the database pool's
    // size, beyond which a request waits for a connection rather than for the counter.
    // Each in its own millisecond: registration numbers are the payment's millisecond and four random
    // characters, so 200 in one millisecond would collide about once in fifty runs.
    const queue = created.map((order, i) => ({ order, paidAt: new Date(at.getTime() + i) }));
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await payAt(next.order.orderId, next.paidAt);
      }),
    );
    const issued = await t.db.query((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.series, 'INV/3536'), eq(invoices.kind, 'invoice'))),
    );
    expect(issued).toHaveLength(200);
    expect(issued.map((i) => i.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(issued.map((i) => i.number)).size).toBe(200);
    expect(new Set(issued.map((i) => i.orderId)).size).toBe(200);
  }, 120_000);
});

describe('credit notes', () => {
  it('are issued on each partial refund, in their own series, naming the invoice and reversing the tax at the rate charged', async () => {
    const created = await createOrder([{ ticketId: ids.vip, quantity: 2 }]);
    await payAt(created.orderId, new Date('2037-05-02T05:00:00Z'));
    const [invoice] = await invoicesOf(created.orderId);
    const attendees = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
    );
    // One attendee's whole ticket, then ₹500 of the other's.
    await t.db.transaction((tx) =>
      refundOrder(
        tx,
        t.env,
        { orderId: created.orderId, attendeeIds: [attendees[0]!.id], reason: 'Injured', actor: { kind: 'buyer' } },
        new Date('2037-05-03T05:00:00Z'),
      ),
    );
    await t.db.transaction((tx) =>
      refundOrder(
        tx,
        t.env,
        {
          orderId: created.orderId,
          attendeeIds: [attendees[1]!.id],
          amountPaise: 50_000,
          reason: 'Goodwill',
          actor: { kind: 'buyer' },
        },
        new Date('2037-05-04T05:00:00Z'),
      ),
    );
    const [, whole, part] = await invoicesOf(created.orderId);
    // ₹1,500 at 18 %: taxable ₹1,271.18, CGST and SGST ₹114.41 each: exactly the invoice's half.
    expect(whole).toMatchObject({
      kind: 'credit_note',
      number: 'CRN/3738/000001',
      invoiceId: invoice!.id,
      taxablePaise: 127_118,
      cgstPaise: 11_441,
      sgstPaise: 11_441,
      totalPaise: 150_000,
    });
    expect(whole!.lines).toEqual([
      expect.objectContaining({ description: 'Refund of admission (VIP Pass)', sac: '9996', quantity: 1, gstRate: 18 }),
    ]);
    // ₹500 at 18 %: 500 × 100 / 118 = 423.728… → ₹423.73; 9 % of it ₹38.14 each; taxable ₹423.72 (issue 40).
    expect(part).toMatchObject({
      number: 'CRN/3738/000002',
      invoiceId: invoice!.id,
      taxablePaise: 42_372,
      cgstPaise: 3_814,
      sgstPaise: 3_814,
      totalPaise: 50_000,
    });
  });
});

describe('credit notes within their invoice', () => {
  it('never give back more than the invoice line charged: a refund above the named attendee’s price issues none', async () => {
    // Issue 40: ₹1,999 for the ₹499.50 attendee issued a credit note of ₹1,999 against a ₹499.50 line.
    const created = await createOrder([{ ticketId: ids.general }, { ticketId: ids.vip }]);
    await payAt(created.orderId, new Date('2047-05-02T05:00:00Z'));
    const [invoice] = await invoicesOf(created.orderId);
    const [general, vip] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
    );
    const refund = (attendeeId: number, amountPaise: number) =>
      t.db.transaction((tx) =>
        refundOrder(
          tx,
          t.env,
          { orderId: created.orderId, attendeeIds: [attendeeId], amountPaise, reason: 'Typed', actor: { kind: 'buyer' } },
          new Date('2047-05-03T05:00:00Z'),
        ),
      );
    const refused = await refund(general!.id, 199_900).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefundRefusal);
    expect(refused).toMatchObject({ reason: 'too_much' });
    expect(await invoicesOf(created.orderId)).toHaveLength(1);

    // The one writer of credit notes holds the line itself, whoever calls it: not a paisa over ₹499.50 for General.
    const over = await t.db
      .transaction((tx) =>
        issueCreditNote(
          tx,
          { id: 0, orderId: created.orderId, amountPaise: 49_951 },
          [general!],
          new Date('2047-05-03T05:00:00Z'),
        ),
      )
      .catch((error: unknown) => error);
    expect(over).toBeInstanceOf(CreditNoteRefusal);
    expect((over as Error).message).toMatch(/General/);

    // The whole of each, in two refunds: the credit notes add up to the invoice, line by line.
    await refund(general!.id, 49_950);
    await refund(vip!.id, 150_000);
    const [, first, second] = await invoicesOf(created.orderId);
    expect(first!.totalPaise + second!.totalPaise).toBe(invoice!.totalPaise);
    // Nothing more can be credited against this invoice.
    const more = await t.db
      .transaction((tx) => issueCreditNote(tx, { id: 0, orderId: created.orderId, amountPaise: 1 }, [vip!], new Date()))
      .catch((error: unknown) => error);
    expect(more).toBeInstanceOf(CreditNoteRefusal);
  });
});

describe('the console’s Invoices view and the buyer’s download', () => {
  /** A paid order with an invoice and a partial refund's credit note, in a financial year of its own. */
  async function invoicedAndRefunded(year: number) {
    const created = await createOrder([{ ticketId: ids.vip, quantity: 2 }]);
    await payAt(created.orderId, new Date(`${year}-06-01T05:00:00Z`));
    const [first] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
    );
    await t.db.transaction((tx) =>
      refundOrder(
        tx,
        t.env,
        { orderId: created.orderId, attendeeIds: [first!.id], reason: 'Injured', actor: { kind: 'buyer' } },
        new Date(`${year}-06-02T05:00:00Z`),
      ),
    );
    return { orderId: created.orderId, documents: await invoicesOf(created.orderId) };
  }
  const get = async (path: string, cookie: string) => t.app.request(path, { headers: { cookie } });

  it('lists, filters and exports invoices and credit notes for the accountant', async () => {
    const { orderId, documents } = await invoicedAndRefunded(2039);
    const [invoice, note] = documents;
    const manager = await staffCookie(t, 'manager');
    const listed = (await (await get(`/api/admin/invoices?q=${encodeURIComponent(orderId)}`, manager)).json()) as {
      invoices: { number: string; kind: string; againstInvoice: string | null; totalPaise: number }[];
    };
    expect(listed.invoices.map((i) => [i.kind, i.number, i.againstInvoice, i.totalPaise])).toEqual([
      ['credit_note', 'CRN/3940/000001', 'INV/3940/000001', 150_000],
      ['invoice', 'INV/3940/000001', null, 300_000],
    ]);
    const dated = (await (
      await get(`/api/admin/invoices?kind=invoice&eventId=${ids.eventId}&from=2039-06-01&to=2039-06-01`, manager)
    ).json()) as {
      invoices: { number: string }[];
    };
    expect(dated.invoices.map((i) => i.number)).toEqual([invoice!.number]);
    const csv = await (await get(`/api/admin/invoices/export.csv?q=${encodeURIComponent(orderId)}`, manager)).text();
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Type,Number,Date,Against invoice,Order,Buyer,Buyer GSTIN,Place of supply,Taxable value,CGST,SGST/UTGST,IGST,Total',
    );
    expect(lines[1]).toBe(
      `Credit note,CRN/3940/000001,02-06-2039,INV/3940/000001,${orderId},Asha Devi Rao,,27-Maharashtra,-1271.18,-114.41,-114.41,0.00,-1500.00`,
    );
    expect(lines[2]).toBe(
      `Tax invoice,INV/3940/000001,01-06-2039,,${orderId},Asha Devi Rao,,27-Maharashtra,2542.36,228.82,228.82,0.00,3000.00`,
    );
    expect((await get('/api/admin/invoices', await staffCookie(t, 'support'))).status).toBe(403);
    expect(note!.invoiceId).toBe(invoice!.id);
  });

  it('gives the invoice as a PDF whose text names the supplier’s GSTIN, SAC 9996, the taxes and the total in words', async () => {
    const { documents } = await invoicedAndRefunded(2041);
    const [invoice, note] = documents;
    const res = await get(`/api/admin/invoices/${invoice!.id}/pdf`, await staffCookie(t, 'manager'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="INV-4142-000001.pdf"');
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    for (const words of [
      'Tax Invoice',
      'No. INV/4142/000001',
      'Date: 01-06-2041',
      'Pune Striders Sports Foundation',
      'GSTIN: 27AAPFU0939F1ZV',
      'Place of supply: Maharashtra \\(27\\)',
      'SAC 9996',
      'CGST',
      'SGST',
      '228.82',
      '228.82',
      'Rs. 3,000.00',
      'Amount in words: Rupees Three Thousand Only',
    ]) {
      expect(text).toContain(words);
    }
    const credit = Buffer.from(
      await (await get(`/api/admin/invoices/${note!.id}/pdf`, await staffCookie(t, 'manager'))).arrayBuffer(),
    ).toString('latin1');
    expect(credit).toContain('Credit Note');
    expect(credit).toContain('Against tax invoice INV/4142/000001 of 01-06-2041');
    expect(credit).toContain('Rupees One Thousand Five Hundred Only');
  });

  it("prints a business buyer's address and state on the tax invoice (Rule 46 for a registered recipient)", async () => {
    const business = {
      gstin: '29AABCT1332L1ZA',
      name: 'Bengaluru Runners Collective LLP',
      address: 'Plot 14, 2nd Cross, Electronic City Phase II, Bengaluru 560100',
    };
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.vip }], { buyer: { email: 'b2b-invoice@example.com' }, business }),
    );
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as CreateOrderResponse;
    await payAt(orderId, new Date('2051-06-01T05:00:00Z'));
    const [invoice] = await invoicesOf(orderId);
    expect(invoice).toMatchObject({ buyerGstin: business.gstin, buyerAddress: business.address, placeOfSupply: '27' });
    const pdf = Buffer.from(
      await (await get(`/api/admin/invoices/${invoice!.id}/pdf`, await staffCookie(t, 'manager'))).arrayBuffer(),
    ).toString('latin1');
    for (const words of [
      'Bengaluru Runners Collective LLP',
      'Plot 14, 2nd Cross, Electronic City Phase',
      'GSTIN: 29AABCT1332L1ZA',
      'State: Karnataka \\(29\\)',
      'Place of supply: Maharashtra \\(27\\)',
    ]) {
      expect(pdf).toContain(words);
    }
  });

  it('lets the buyer download their own invoice from My bookings, and nobody else', async () => {
    const { documents } = await invoicedAndRefunded(2043);
    const [invoice] = documents;
    const session = (email: string) =>
      `${BUYER_SESSION_COOKIE}=${buyerSessionValue(t.env, email, new Date(Date.now() + 3_600_000))}`;
    const own = await get(`/api/bookings/invoices/${invoice!.id}/pdf`, session(invoice!.buyerEmail));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const listed = (await (await get('/api/bookings', session(invoice!.buyerEmail))).json()) as {
      bookings: { invoices?: { number: string }[] }[];
    };
    expect(listed.bookings[0]!.invoices!.map((i) => i.number)).toEqual(['INV/4344/000001', 'CRN/4344/000001']);
    expect((await get(`/api/bookings/invoices/${invoice!.id}/pdf`, session('someone-else@example.com'))).status).toBe(404);
  });
});

describe('the buyer’s confirmation e-mail', () => {
  it('shows the taxable value and the GST inside the amount, in the buyer’s language, and the invoice’s number and link', async () => {
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.vip }], { buyer: { email: `invoice-${++buyers}@example.com` }, language: 'hi' }),
    );
    const created = (await res.json()) as CreateOrderResponse;
    await payAt(created.orderId, new Date('2045-05-01T05:00:00Z'));
    const [first] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, created.orderId)));
    const [mail] = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.registrationId, first!.id), eq(emailOutbox.kind, 'participant_confirmation'))),
    );
    // ₹1,500 at 18 %: taxable ₹1,271.18, CGST ₹114.41, SGST ₹114.41.
    for (const words of [
      'कर योग्य मूल्य',
      '1,271.18',
      'CGST',
      '114.41',
      'SGST',
      '114.41',
      'टैक्स इनवॉइस',
      'अपना GST टैक्स इनवॉइस INV/4546/000001 डाउनलोड करें',
    ]) {
      expect(mail!.text).toContain(words);
      expect(mail!.html).toContain(words);
    }
  });
});

describe('invoices per organiser (decision 055)', () => {
  const BENGALURU_TAX = {
    legalName: 'Bengaluru Football League LLP',
    address: '4 Residency Road, Bengaluru 560025',
    state: '29',
    gstin: '29AABCT1332L1ZA',
  };
  /** A paid order of another organiser's event, priced and invoiced as that organiser's. */
  async function paidOrderOf(organisationId: number, gstState: string, at: Date) {
    const theirs = await seedCheckoutEvent(t, { organisationId, title: `Organiser ${organisationId} Cup` });
    await t.db.query((db) => db.update(events).set({ gstState, recognisedSport: false }).where(eq(events.id, theirs.eventId)));
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(theirs.eventId, [{ ticketId: theirs.vip }], { buyer: { email: `invoice-${++buyers}@example.com` } }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as CreateOrderResponse;
    await payAt(created.orderId, at);
    return created.orderId;
  }

  it("name the event's organisation as the seller, each numbering its own series from /000001 in the same year", async () => {
    const bengaluru = await t.db.query((db) => createTestOrganisation(db, { slug: 'bengaluru-league' }));
    await t.db.query((db) => setOrganisationTax(db, bengaluru, BENGALURU_TAX));
    const ours = await createOrder([{ ticketId: ids.vip }]);
    await payAt(ours.orderId, new Date('2049-06-10T05:00:00Z'));
    const theirs = await paidOrderOf(bengaluru, '29', new Date('2049-06-11T05:00:00Z'));
    const [our] = await invoicesOf(ours.orderId);
    const [their] = await invoicesOf(theirs);
    expect(our).toMatchObject({
      number: 'INV/4950/000001',
      organisationId: await t.db.query((db) => testOrganisationId(db)),
      supplier: { legalName: 'Pune Striders Sports Foundation', gstin: '27AAPFU0939F1ZV', state: '27' },
    });
    expect(their).toMatchObject({
      number: 'INV/4950/000001',
      organisationId: bengaluru,
      taxMode: 'intra',
      placeOfSupply: '29',
      supplier: BENGALURU_TAX,
    });
    // A second sale of the league's goes on in its own series.
    const next = await paidOrderOf(bengaluru, '29', new Date('2049-06-12T05:00:00Z'));
    expect((await invoicesOf(next))[0]).toMatchObject({ number: 'INV/4950/000002', organisationId: bengaluru });
  });

  it('give a receipt, not a tax invoice, for an organisation without a GSTIN, whatever another organiser is registered as', async () => {
    const academy = await t.db.query((db) => createTestOrganisation(db, { slug: 'delhi-academy' }));
    await t.db.query((db) => setOrganisationTax(db, academy, null));
    const orderId = await paidOrderOf(academy, '07', new Date('2047-07-01T05:00:00Z'));
    expect(await invoicesOf(orderId)).toEqual([]);
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, orderId)));
    expect(order).toMatchObject({ taxMode: 'none', supplierState: null });
  });
});
