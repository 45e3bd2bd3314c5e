// The Booking Summary's quote and create-order price an order alike (decision 031): listed prices,
// discounts, then GST, recorded on the order's lines and attendees. Each test sets the organiser's
// GST registration it needs and builds its own event.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse, OrderQuoteResponse, PlatformSettings } from '../contract';
import { events, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { MAHARASHTRA_TAX, setTestTax, testOrganisationId, type TestTaxIdentity } from '../testing/organisations';
import { ORGANISATION_MESSAGES, type OrganisationProfileResponse } from '../contract/organisations';
import { validationText } from '../i18n/messages';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
beforeEach(async () => {
  ids = await seedCheckoutEvent(t);
});
afterAll(() => t.close());

const registerGst = (tax: TestTaxIdentity | null) => t.db.transaction((tx) => setTestTax(tx, tax));
/** The seeded event as a recognised sporting event held in a state. */
const holdEventIn = (gstState: string | null, recognisedSport = true) =>
  t.db.query((db) => db.update(events).set({ gstState, recognisedSport }).where(eq(events.id, ids.eventId)));

async function quote(body: unknown) {
  const res = await postJson(t, '/api/orders/quote', body);
  return { status: res.status, body: (await res.json()) as OrderQuoteResponse & ApiErrorBody };
}

describe('POST /api/orders/quote', () => {
  it('prices a ₹499.50 and a ₹1,500 ticket at a recognised sporting event in the organiser’s state: the first exempt, the second with CGST + SGST', async () => {
    await registerGst(MAHARASHTRA_TAX);
    await holdEventIn('27');
    const { status, body } = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.general }, { ticketId: ids.vip }] });
    expect(status).toBe(200);
    expect(body.taxMode).toBe('intra');
    expect(body.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(body.localTaxLabel).toBe('SGST');
    // ₹1,500 at 18 %: 1500 × 100 / 118 = 1271.186… → ₹1,271.19; 9 % of it is ₹114.41 for CGST and SGST
    // alike, and the taxable value is the rest: ₹1,271.18 (issue 40).
    expect(body.lines).toEqual([
      expect.objectContaining({
        ticketName: 'General',
        quantity: 1,
        netPaise: 49_950,
        taxablePaise: 49_950,
        exemptQuantity: 1,
        cgstPaise: 0,
      }),
      expect.objectContaining({
        ticketName: 'VIP Pass',
        quantity: 1,
        netPaise: 150_000,
        taxablePaise: 127_118,
        cgstPaise: 11_441,
        sgstPaise: 11_441,
        gstRate: 18,
      }),
    ]);
    expect(body.totals).toEqual({
      grossPaise: 199_950,
      discountPaise: 0,
      netPaise: 199_950,
      taxablePaise: 177_068,
      cgstPaise: 11_441,
      sgstPaise: 11_441,
      igstPaise: 0,
      taxPaise: 22_882,
      // No convenience fee on the event (decision 060): the buyer pays the tickets.
      feesPaise: 0,
      payablePaise: 199_950,
    });
    expect(body.fees).toEqual([]);
    expect(body.orderAmount).toBe(1999.5);
  });

  it('charges IGST when the event is in another state than the organiser’s registration', async () => {
    await registerGst(MAHARASHTRA_TAX);
    await holdEventIn('29');
    const { body } = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.vip }] });
    expect(body.taxMode).toBe('inter');
    expect(body.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(body.totals).toMatchObject({ taxablePaise: 127_119, cgstPaise: 0, sgstPaise: 0, igstPaise: 22_881 });
  });

  it('shows no GST while the organiser has no GST registration', async () => {
    await registerGst(null);
    const { body } = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.vip }] });
    expect(body.taxMode).toBe('none');
    expect(body.placeOfSupply).toBeNull();
    expect(body.totals).toMatchObject({ netPaise: 150_000, taxablePaise: 150_000, taxPaise: 0 });
  });

  it('refuses a ticket of another event, one not on sale, and an event in draft', async () => {
    const other = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.general }, { ticketId: ids.otherEvents }] });
    expect(other.status).toBe(404);
    expect(other.body.error.fields).toEqual({ 'attendees.1.ticketId': 'Ticket not found' });
    const notOnSale = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.notOnSale }] });
    expect(notOnSale.status).toBe(400);
    expect(notOnSale.body.error.message).toBe('"Early Bird" is not on sale');
    expect((await quote({ eventId: ids.draftEventId, attendees: [{ ticketId: ids.draftTicket }] })).status).toBe(404);
    expect((await quote({ eventId: ids.eventId, attendees: [] })).status).toBe(400);
  });
});

describe('create-order prices with the same function and records each step', () => {
  it('charges what the quote said, and keeps the lines, the tax and each attendee’s price on the order', async () => {
    await registerGst(MAHARASHTRA_TAX);
    await holdEventIn('27');
    const quoted = await quote({
      eventId: ids.eventId,
      attendees: [{ ticketId: ids.general }, { ticketId: ids.vip }, { ticketId: ids.vip }],
    });
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.general }, { ticketId: ids.vip, quantity: 2 }], {
        buyer: { email: 'pricing-1@example.com' },
        orderAmount: quoted.body.orderAmount,
        business: { gstin: '29aabct1332l1za', name: 'Bengaluru Runners Pvt Ltd' },
      }),
    );
    const created = (await res.json()) as CreateOrderResponse;
    expect(res.status).toBe(201);
    expect(created.orderAmount).toBe(3499.5);
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order).toMatchObject({
      amountPaise: 349_950,
      discountPaise: 0,
      taxMode: 'intra',
      placeOfSupply: '27',
      supplierState: '27',
      buyerGstin: '29AABCT1332L1ZA',
      buyerBusinessName: 'Bengaluru Runners Pvt Ltd',
    });
    const lines = await t.db.query((db) =>
      db.select().from(orderLines).where(eq(orderLines.orderId, created.orderId)).orderBy(orderLines.id),
    );
    expect(
      lines.map(
        ({
          ticketTypeId,
          quantity,
          unitPricePaise,
          grossPaise,
          netPaise,
          taxablePaise,
          cgstPaise,
          sgstPaise,
          igstPaise,
          gstRate,
          exemptQuantity,
        }) => ({
          ticketTypeId,
          quantity,
          unitPricePaise,
          grossPaise,
          netPaise,
          taxablePaise,
          cgstPaise,
          sgstPaise,
          igstPaise,
          gstRate,
          exemptQuantity,
        }),
      ),
    ).toEqual([
      {
        ticketTypeId: ids.general,
        quantity: 1,
        unitPricePaise: 49_950,
        grossPaise: 49_950,
        netPaise: 49_950,
        taxablePaise: 49_950,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        gstRate: 18,
        exemptQuantity: 1,
      },
      {
        ticketTypeId: ids.vip,
        quantity: 2,
        unitPricePaise: 150_000,
        grossPaise: 300_000,
        netPaise: 300_000,
        taxablePaise: 254_236,
        cgstPaise: 22_882,
        sgstPaise: 22_882,
        igstPaise: 0,
        gstRate: 18,
        exemptQuantity: 0,
      },
    ]);
    // Paid: each attendee keeps the price they paid and the rate a refund's credit note reverses.
    await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
    const attendees = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
    );
    expect(attendees.map((a) => [a.ticketName, a.amountPaise, a.discountPaise, a.gstRate])).toEqual([
      ['General', 49_950, 0, 0],
      ['VIP Pass', 150_000, 0, 18],
      ['VIP Pass', 150_000, 0, 18],
    ]);
  });

  it('refuses a buyer GSTIN with a wrong check character, naming the field', async () => {
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.general }], {
        buyer: { email: 'pricing-2@example.com' },
        business: { gstin: '27AAPFU0939F1ZW', name: 'Wrong Digit Co' },
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields).toMatchObject({
      'business.gstin': "This GSTIN's last character (its check digit) is wrong: check the number",
    });
  });

  it('a ticket type’s GST rate is the one at the sale: a later change leaves the order as it was', async () => {
    await registerGst(MAHARASHTRA_TAX);
    await holdEventIn('27', false);
    await t.db.query((db) => db.update(ticketTypes).set({ gstRate: 5 }).where(eq(ticketTypes.id, ids.general)));
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email: 'pricing-3@example.com' } }),
    );
    const created = (await res.json()) as CreateOrderResponse;
    await t.db.query((db) => db.update(ticketTypes).set({ gstRate: 40 }).where(eq(ticketTypes.id, ids.general)));
    const [line] = await t.db.query((db) => db.select().from(orderLines).where(eq(orderLines.orderId, created.orderId)));
    // ₹499.50 at 5 %: 499.50 × 100 / 105 = 475.714… → ₹475.71; 2.5 % of it is ₹11.89 each; taxable ₹475.72.
    expect(line).toMatchObject({ gstRate: 5, taxablePaise: 47_572, cgstPaise: 1_189, sgstPaise: 1_189, exemptQuantity: 0 });
  });
});

describe("the organisation's tax identity (decision 055)", () => {
  const send = async (method: 'GET' | 'PUT', path: string, body?: unknown, role: 'admin' | 'manager' = 'admin') => {
    const res = await t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', cookie: await staffCookie(t, role) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      body: (await res.json()) as ApiErrorBody & Partial<OrganisationProfileResponse> & { settings?: PlatformSettings },
    };
  };
  const PROFILE = {
    displayName: 'Pune Striders',
    legalName: MAHARASHTRA_TAX.legalName,
    state: '27',
    pan: 'AAPFU0939F',
    gstin: MAHARASHTRA_TAX.gstin,
    contactEmail: 'hello@punestriders.in',
    contactPhone: '+91 98220 12345',
    address: MAHARASHTRA_TAX.address,
  };

  it("is the organisation's admins' to save, upper-casing the PAN and GSTIN, and it prices the next quote", async () => {
    await registerGst(null);
    await holdEventIn('27', false);
    const saved = await send('PUT', '/api/admin/organisation', { ...PROFILE, pan: 'aapfu0939f', gstin: '27aapfu0939f1zv' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.organisation).toMatchObject({ ...PROFILE, id: await t.db.query((db) => testOrganisationId(db)) });
    expect((await send('GET', '/api/admin/organisation')).body.organisation).toEqual(saved.body.organisation);
    const { body } = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.vip }] });
    expect(body.taxMode).toBe('intra');
  });

  it('refuses a malformed PAN or GSTIN, a GSTIN of another PAN or state, and a GSTIN without the address invoices print', async () => {
    const pan = await send('PUT', '/api/admin/organisation', { ...PROFILE, pan: 'AAPXU0939F', gstin: '' });
    expect(pan.status).toBe(400);
    expect(pan.body.error.fields).toEqual({ pan: validationText(ORGANISATION_MESSAGES.panEntity, 'en') });
    const digit = await send('PUT', '/api/admin/organisation', { ...PROFILE, gstin: '27AAPFU0939F1ZA' });
    expect(digit.body.error.fields).toEqual({ gstin: validationText(ORGANISATION_MESSAGES.gstinCheck, 'en') });
    const otherPan = await send('PUT', '/api/admin/organisation', { ...PROFILE, pan: 'AABCT1332L' });
    expect(otherPan.body.error.fields).toEqual({ gstin: validationText(ORGANISATION_MESSAGES.gstinPanMismatch, 'en') });
    const otherState = await send('PUT', '/api/admin/organisation', { ...PROFILE, state: '29' });
    expect(otherState.body.error.fields).toEqual({ gstin: validationText(ORGANISATION_MESSAGES.gstinStateMismatch, 'en') });
    const noAddress = await send('PUT', '/api/admin/organisation', { ...PROFILE, address: '' });
    expect(noAddress.body.error.fields).toEqual({ address: validationText(ORGANISATION_MESSAGES.addressRequiredForGst, 'en') });
    const slug = await send('PUT', '/api/admin/organisation', { ...PROFILE, slug: 'another-name' });
    expect(slug.status).toBe(400);
  });

  it('is refused to managers, who cannot read or change it', async () => {
    expect((await send('GET', '/api/admin/organisation', undefined, 'manager')).status).toBe(403);
    expect((await send('PUT', '/api/admin/organisation', PROFILE, 'manager')).status).toBe(403);
  });

  it('without a GSTIN, charges no GST; and the platform settings no longer hold one', async () => {
    await registerGst(MAHARASHTRA_TAX);
    await holdEventIn('27', false);
    const cleared = await send('PUT', '/api/admin/organisation', { ...PROFILE, gstin: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.organisation!.gstin).toBe('');
    const { body } = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.vip }] });
    expect(body.taxMode).toBe('none');
    const settings = await send('GET', '/api/admin/settings');
    expect(settings.body.settings).not.toHaveProperty('gstin');
    expect(settings.body.settings).not.toHaveProperty('gstLegalName');
  });
});

describe('group discounts', () => {
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', cookie: await staffCookie(t, 'manager') },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      body: (res.status === 204 ? {} : await res.json()) as ApiErrorBody & { groupDiscount: { id: number } },
    };
  };

  it('are created by a manager and applied by the quote and create-order alike, as a line of their own', async () => {
    await registerGst(MAHARASHTRA_TAX);
    await holdEventIn('27', false);
    const made = await send('POST', `/api/admin/events/${ids.eventId}/group-discounts`, {
      name: 'Club of four',
      minQuantity: 4,
      percent: 10,
      ticketTypeIds: [ids.vip],
    });
    expect(made.status).toBe(201);
    const three = await quote({ eventId: ids.eventId, attendees: Array(3).fill({ ticketId: ids.vip }) });
    expect(three.body.totals.discountPaise).toBe(0);
    const four = await quote({ eventId: ids.eventId, attendees: Array(4).fill({ ticketId: ids.vip }) });
    // ₹1,500 less 10 % = ₹1,350 each; 1350 × 100 / 118 = 1144.067… → ₹1,144.07; 9 % of it ₹102.97 each;
    // taxable ₹1,144.06 (issue 40).
    expect(four.body.groupDiscounts).toEqual([
      { id: made.body.groupDiscount.id, percent: 10, minQuantity: 4, discountPaise: 60_000 },
    ]);
    expect(four.body.totals).toMatchObject({
      grossPaise: 600_000,
      discountPaise: 60_000,
      netPaise: 540_000,
      taxablePaise: 4 * 114_406,
    });
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.vip, quantity: 4 }], {
        buyer: { email: 'group-1@example.com' },
        orderAmount: four.body.orderAmount,
      }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as CreateOrderResponse;
    expect(created.orderAmount).toBe(5400);
    const [line] = await t.db.query((db) => db.select().from(orderLines).where(eq(orderLines.orderId, created.orderId)));
    expect(line).toMatchObject({ quantity: 4, grossPaise: 600_000, groupDiscountPaise: 60_000, netPaise: 540_000 });
    // Switched off, it no longer applies.
    await send('PUT', `/api/admin/events/${ids.eventId}/group-discounts/${made.body.groupDiscount.id}`, {
      name: 'Club of four',
      minQuantity: 4,
      percent: 10,
      ticketTypeIds: [ids.vip],
      active: false,
    });
    expect(
      (await quote({ eventId: ids.eventId, attendees: Array(4).fill({ ticketId: ids.vip }) })).body.totals.discountPaise,
    ).toBe(0);
  });

  it('refuse a percentage outside 1 to 100 and ticket types of another event', async () => {
    const zero = await send('POST', `/api/admin/events/${ids.eventId}/group-discounts`, {
      name: 'None',
      minQuantity: 2,
      percent: 0,
    });
    expect(zero.body.error.fields).toEqual({ percent: 'Discount must be between 1 and 100 %' });
    const foreign = await send('POST', `/api/admin/events/${ids.eventId}/group-discounts`, {
      name: 'Other',
      minQuantity: 2,
      percent: 5,
      ticketTypeIds: [ids.otherEvents],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ ticketTypeIds: 'Choose ticket types of this event' });
    expect((await send('DELETE', `/api/admin/events/${ids.eventId}/group-discounts/999999`)).status).toBe(404);
  });
});
