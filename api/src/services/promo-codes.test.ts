// Promo codes (decision 033): staff make them, the quote and create-order price with them, their
// uses are counted when an order is paid and given back by a refund or a lapsed hold, their limits
// hold under concurrency, a sponsor's block is kept from the general sale, and wrong guesses are
// limited per address. Each test builds its own event (beforeEach) and codes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiErrorBody, CreateOrderResponse, OrderQuoteResponse, PromoCode, PromoCodeInput } from '../contract';
import { auditLog, invoices, orderLines, orders, registrations } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { releaseExpiredHolds, releaseHold } from './holds';
import { releaseEndedBlocks } from './promo-codes';
import { refundOrder } from './refunds';
import { MAHARASHTRA_TAX, setTestTax } from '../testing/organisations';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  await t.db.transaction((tx) => setTestTax(tx, null));
});
beforeEach(async () => {
  ids = await seedCheckoutEvent(t, { vipQuantity: 5 });
});
afterAll(() => t.close());

async function staff(method: string, path: string, body?: unknown, role: 'manager' | 'support' = 'manager') {
  const res = await t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', cookie: await staffCookie(t, role) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as ApiErrorBody & {
      promoCode: PromoCode;
      promoCodes: PromoCode[];
    },
  };
}

const codesPath = () => `/api/admin/events/${ids.eventId}/promo-codes`;
async function makeCode(input: PromoCodeInput) {
  const made = await staff('POST', codesPath(), input);
  expect(made.status, made.text).toBe(201);
  return made.body.promoCode;
}
const listed = async (code: PromoCode) => (await staff('GET', codesPath())).body.promoCodes.find((c) => c.id === code.id)!;

async function quote(body: unknown, headers: Record<string, string> = {}) {
  const res = await postJson(t, '/api/orders/quote', body, headers);
  return { status: res.status, headers: res.headers, body: (await res.json()) as OrderQuoteResponse & ApiErrorBody };
}

let buyers = 0;
/** create-order for `quantity` tickets of one type, by a buyer of their own (e-mail and phone). */
async function order(
  ticketId: number,
  options: { quantity?: number; promoCode?: string; email?: string; headers?: Record<string, string> } = {},
) {
  const n = ++buyers;
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(ids.eventId, [{ ticketId, quantity: options.quantity ?? 1 }], {
      buyer: { email: options.email ?? `promo-buyer-${n}@example.com`, phone: `9${String(100_000_000 + n).slice(-9)}` },
      ...(options.promoCode === undefined ? {} : { promoCode: options.promoCode }),
    }),
    options.headers,
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as CreateOrderResponse & ApiErrorBody };
}
const pay = (created: CreateOrderResponse) =>
  postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });

describe('staff manage an event’s promo codes', () => {
  it('creates a code, reads it as every role, refuses the same code in another case, and audits each change', async () => {
    const code = await makeCode({ code: 'Early-Bird', kind: 'percent', value: 10, ticketTypeIds: [ids.vip] });
    expect(code).toMatchObject({
      code: 'Early-Bird',
      kind: 'percent',
      value: 10,
      status: 'active',
      uses: 0,
      held: 0,
      revenuePaise: 0,
    });
    const asSupport = await staff('GET', codesPath(), undefined, 'support');
    expect(asSupport.status).toBe(200);
    expect(asSupport.body.promoCodes.map((c) => c.code)).toEqual(['Early-Bird']);
    expect((await staff('POST', codesPath(), { code: 'x', kind: 'percent', value: 10 }, 'support')).status).toBe(403);

    const again = await staff('POST', codesPath(), { code: 'EARLY-bird', kind: 'amount', value: 100 });
    expect(again.status).toBe(400);
    expect(again.body.error.fields?.code).toMatch(/already has the code Early-Bird/);

    const updated = await staff('PUT', `${codesPath()}/${code.id}`, {
      code: 'EARLY-BIRD',
      kind: 'amount',
      value: 250.5,
      validFrom: '2026-01-01T09:00',
      validUntil: '2099-12-31T23:59',
      maxUses: 100,
      maxUsesPerEmail: 2,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.promoCode).toMatchObject({
      code: 'EARLY-BIRD',
      kind: 'amount',
      value: 250.5,
      validFrom: '2026-01-01T09:00',
      validUntil: '2099-12-31T23:59',
      maxUses: 100,
      usesLeft: 100,
    });
    const disabled = await staff('POST', `${codesPath()}/${code.id}/disable`);
    expect(disabled.body.promoCode).toMatchObject({ active: false, status: 'disabled' });
    expect((await staff('POST', `${codesPath()}/${code.id}/enable`)).body.promoCode.status).toBe('active');

    const audit = await t.db.query((db) =>
      db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'promo_code'), eq(auditLog.entityId, String(code.id))))
        .orderBy(auditLog.id),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'disable', 'enable']);
  });

  it('refuses a bad code, a percentage over 100, a window that ends before it starts, a block of several types and another event’s tickets', async () => {
    const bad = await staff('POST', codesPath(), {
      code: 'no spaces!',
      kind: 'percent',
      value: 150,
      validFrom: '2026-05-01T10:00',
      validUntil: '2026-04-01T10:00',
      ticketTypeIds: [ids.vip, ids.general],
      reservedSeats: 2,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      code: 'Code must be 3 to 32 letters, digits, - or _',
      value: 'Discount must be a whole percentage between 1 and 100 %',
      validUntil: 'Valid until must be after valid from',
      reservedSeats: 'Reserved seats need exactly one ticket type',
    });
    const foreign = await staff('POST', codesPath(), {
      code: 'OTHER',
      kind: 'percent',
      value: 5,
      ticketTypeIds: [ids.otherEvents],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ ticketTypeIds: 'Choose ticket types of this event' });
  });

  it("keeps the ticket types a code names as the database's rows: edited, listed, and a named type cannot be deleted", async () => {
    const code = await makeCode({ code: 'PAIR', kind: 'percent', value: 10, ticketTypeIds: [ids.vip, ids.general] });
    expect([...code.ticketTypeIds].sort()).toEqual([ids.vip, ids.general].sort());
    const edited = await staff('PUT', `${codesPath()}/${code.id}`, {
      code: 'PAIR',
      kind: 'percent',
      value: 10,
      ticketTypeIds: [ids.vip],
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await listed(code)).ticketTypeIds).toEqual([ids.vip]);

    const refused = await staff('DELETE', `/api/admin/tickets/${ids.vip}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This ticket type is named by promo code PAIR: take it out of that rule first');
    expect((await ticketRow(t, ids.vip)).name).toBeTruthy();
    // Once no rule names it, it goes.
    expect(
      (await staff('PUT', `${codesPath()}/${code.id}`, { code: 'PAIR', kind: 'percent', value: 10, ticketTypeIds: [] })).status,
    ).toBe(200);
    expect((await listed(code)).ticketTypeIds).toEqual([]);
    expect((await staff('DELETE', `/api/admin/tickets/${ids.vip}`)).status).toBe(200);
  });
});

describe('the quote and create-order price with a code', () => {
  it('applies a code typed in any case, and says why one does not apply (pricing the order without it)', async () => {
    const code = await makeCode({ code: 'RUN10', kind: 'percent', value: 10, ticketTypeIds: [ids.vip] });
    const applied = await quote({
      eventId: ids.eventId,
      attendees: [{ ticketId: ids.vip }, { ticketId: ids.general }],
      promoCode: ' run10 ',
    });
    expect(applied.status).toBe(200);
    expect(applied.body.promo).toEqual({ code: 'RUN10', applied: true, discountPaise: 15_000 });
    expect(applied.body.lines.find((l) => l.ticketId === ids.vip)).toMatchObject({
      promoDiscountPaise: 15_000,
      netPaise: 135_000,
    });
    expect(applied.body.totals.netPaise).toBe(135_000 + 49_950);

    const unknown = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.vip }], promoCode: 'NOPE1' });
    expect(unknown.body.promo).toMatchObject({ applied: false, reason: 'unknown', message: 'validation.promoUnknown' });
    expect(unknown.body.totals.netPaise).toBe(150_000);
    const otherTickets = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.general }], promoCode: 'run10' });
    expect(otherTickets.body.promo).toMatchObject({ applied: false, reason: 'notForTickets' });

    await staff('PUT', `${codesPath()}/${code.id}`, { code: 'RUN10', kind: 'percent', value: 10, validFrom: '2099-01-01T00:00' });
    const early = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.vip }], promoCode: 'RUN10' });
    expect(early.body.promo).toMatchObject({ applied: false, reason: 'notYetValid' });
    await staff('PUT', `${codesPath()}/${code.id}`, {
      code: 'RUN10',
      kind: 'percent',
      value: 10,
      validUntil: '2020-01-01T00:00',
    });
    const late = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.vip }], promoCode: 'RUN10' });
    expect(late.body.promo).toMatchObject({ applied: false, reason: 'expired', message: 'validation.promoExpired' });
  });

  it('create-order refuses a code that does not apply on its field, in the buyer’s language', async () => {
    await makeCode({ code: 'VIPONLY', kind: 'amount', value: 100, ticketTypeIds: [ids.vip] });
    const unknown = await order(ids.vip, { promoCode: 'WRONG' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual({
      promoCode: 'This code is not valid for this event. Check the code and try again.',
    });
    const hindi = await order(ids.general, { promoCode: 'viponly', headers: { 'accept-language': 'hi' } });
    expect(hindi.status).toBe(422);
    expect(hindi.body.error.fields).toEqual({ promoCode: 'यह कोड आपके चुने हुए टिकटों के लिए नहीं है।' });
  });

  it('counts a use when the order is paid, shows its revenue, keeps the discount on the invoice, and gives the use back on a refund', async () => {
    await t.db.transaction((tx) => setTestTax(tx, MAHARASHTRA_TAX));
    try {
      const code = await makeCode({ code: 'SPONSOR', kind: 'price', value: 1000, ticketTypeIds: [ids.vip], maxUses: 5 });
      const created = await order(ids.vip, { quantity: 2, promoCode: 'sponsor' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.orderAmount).toBe(2000);
      expect(await listed(code)).toMatchObject({ uses: 0, held: 2, usesLeft: 3 });
      const [line] = await t.db.query((db) => db.select().from(orderLines).where(eq(orderLines.orderId, created.body.orderId)));
      expect(line).toMatchObject({ grossPaise: 300_000, promoDiscountPaise: 100_000, netPaise: 200_000 });

      await pay(created.body);
      expect(await listed(code)).toMatchObject({ uses: 2, held: 0, usesLeft: 3, revenuePaise: 200_000, discountPaise: 100_000 });
      const [invoice] = await t.db.query((db) => db.select().from(invoices).where(eq(invoices.orderId, created.body.orderId)));
      expect(invoice!.lines[0]).toMatchObject({ discountPaise: 100_000 });

      const csv = await staff('GET', `${codesPath()}/export.csv`);
      expect(csv.status).toBe(200);
      expect(csv.text).toContain('Code,Kind,Value,Ticket types,Valid from (IST),Valid until (IST),Total uses');
      expect(csv.text).toContain('SPONSOR,Set price,1000.00,VIP Pass,,,5,No limit,,,active,2,0,2000.00,1000.00');
      expect((await staff('GET', `${codesPath()}/export.csv`, undefined, 'support')).status).toBe(403);
      expect((await staff('DELETE', `${codesPath()}/${code.id}`)).status).toBe(409);

      await t.db.transaction((tx) =>
        refundOrder(tx, t.env, { orderId: created.body.orderId, attendeeIds: 'all', reason: 'Asked', actor: { kind: 'system' } }),
      );
      expect(await listed(code)).toMatchObject({ uses: 0, usesLeft: 5, revenuePaise: 0 });
    } finally {
      await t.db.transaction((tx) => setTestTax(tx, null));
    }
  });

  it('gives a lapsed hold’s uses back', async () => {
    const code = await makeCode({ code: 'LAPSE', kind: 'percent', value: 50, maxUses: 1 });
    expect((await order(ids.general, { promoCode: 'LAPSE' })).status).toBe(201);
    expect((await order(ids.general, { promoCode: 'LAPSE' })).status).toBe(409);
    await t.db.transaction((tx) => releaseExpiredHolds(tx, new Date(Date.now() + 60 * 60_000)));
    expect(await listed(code)).toMatchObject({ uses: 0, held: 0, usesLeft: 1 });
    expect((await order(ids.general, { promoCode: 'LAPSE' })).status).toBe(201);
  });
});

describe('the limits of a code', () => {
  it('lets exactly the uses left through when 20 buyers order at once', async () => {
    const code = await makeCode({ code: 'LAST3', kind: 'percent', value: 20, maxUses: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => order(ids.general, { promoCode: 'last3' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error.fields).toEqual({ promoCode: 'This code has been used up.' });
    }
    expect(await listed(code)).toMatchObject({ held: 3, usesLeft: 0, status: 'used_up' });
    const promoOrders = await t.db.query((db) => db.select().from(orders).where(eq(orders.promoCodeId, code.id)));
    expect(promoOrders).toHaveLength(3);
  });

  it('holds the limit per buyer e-mail, whatever its case, and says how many uses are left', async () => {
    await makeCode({ code: 'ONEEACH', kind: 'percent', value: 20, maxUses: 3, maxUsesPerEmail: 1 });
    const first = await order(ids.general, { promoCode: 'ONEEACH', email: 'once@example.com' });
    expect(first.status).toBe(201);
    await pay(first.body);
    const second = await order(ids.general, { promoCode: 'ONEEACH', email: 'ONCE@example.com' });
    expect(second.status).toBe(409);
    expect(second.body.error.fields).toEqual({ promoCode: 'This code can be used for at most 1 tickets per e-mail address.' });
    // The quote answers anyone (issue 40): it says alike for an address that used the code and one
    // that did not, so a stranger learns nothing; only this order's own count is judged there.
    const quoteFor = (buyerEmail: string, count = 1) =>
      quote({
        eventId: ids.eventId,
        attendees: Array.from({ length: count }, () => ({ ticketId: ids.general })),
        promoCode: 'oneeach',
        buyerEmail,
      });
    const used = await quoteFor('once@example.com');
    const fresh = await quoteFor('never@example.com');
    expect(used.body.promo).toMatchObject({ applied: true });
    expect(used.body).toEqual(fresh.body);
    expect((await quoteFor('never@example.com', 2)).body.promo).toMatchObject({
      applied: false,
      reason: 'perEmail',
      message: 'validation.promoPerEmail?max=1',
    });
    const three = await order(ids.general, { promoCode: 'ONEEACH', quantity: 3 });
    expect(three.status).toBe(409);
    expect(three.body.error.fields).toEqual({ promoCode: 'This code can be used for only 2 more tickets.' });
  });
});

describe('a sponsor’s block of reserved seats', () => {
  it('is kept from the general sale and sold only to the code’s holders; a lapsed hold gives it back, disabling frees it', async () => {
    // VIP Pass has 5 seats; the sponsor's code keeps 2 of them.
    const code = await makeCode({
      code: 'SPONSORBLOCK',
      kind: 'percent',
      value: 100,
      ticketTypeIds: [ids.vip],
      reservedSeats: 2,
    });
    expect(code.reservedLeft).toBe(2);
    expect(await ticketRow(t, ids.vip)).toMatchObject({ held: 2, sold: 0 });
    const { tickets } = (await (await t.app.request(`/api/events/${ids.eventId}/tickets`)).json()) as {
      tickets: { id: number; available: number }[];
    };
    expect(tickets.find((x) => x.id === ids.vip)?.available).toBe(3);

    const public3 = await order(ids.vip, { quantity: 3 });
    expect(public3.status).toBe(201);
    const fourth = await order(ids.vip);
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.code).toBe('sold_out');

    const holder = await order(ids.vip, { promoCode: 'sponsorblock' });
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);
    expect(await listed(code)).toMatchObject({ reservedLeft: 1, held: 1 });
    expect(await ticketRow(t, ids.vip)).toMatchObject({ held: 5 });

    // The holder's hold lapses: their seat goes back to the block, not to the public.
    await t.db.transaction((tx) => releaseHold(tx, holder.body.orderId, 'EXPIRED'));
    expect(await listed(code)).toMatchObject({ reservedLeft: 2, held: 0 });
    expect(await ticketRow(t, ids.vip)).toMatchObject({ held: 5 });
    expect((await order(ids.vip)).status).toBe(409);

    const paid = await order(ids.vip, { promoCode: 'SPONSORBLOCK', quantity: 2 });
    expect(paid.status).toBe(201);
    expect(paid.body.orderAmount).toBe(0);
    expect(await listed(code)).toMatchObject({ reservedLeft: 0, held: 2 });

    // Switched off, a block gives back what it still keeps.
    const other = await makeCode({ code: 'BLOCK2', kind: 'percent', value: 10, ticketTypeIds: [ids.general], reservedSeats: 10 });
    expect((await ticketRow(t, ids.general)).held).toBe(10);
    await staff('POST', `${codesPath()}/${other.id}/disable`);
    expect((await ticketRow(t, ids.general)).held).toBe(0);
    expect(await listed(other)).toMatchObject({ reservedLeft: 0, status: 'disabled' });
  });

  it('goes back on sale when its code ends, by the hold sweeper', async () => {
    const code = await makeCode({
      code: 'ENDSOON',
      kind: 'percent',
      value: 10,
      ticketTypeIds: [ids.vip],
      reservedSeats: 3,
      validUntil: '2099-01-01T00:00',
    });
    expect((await ticketRow(t, ids.vip)).held).toBe(3);
    expect(await t.db.transaction((tx) => releaseEndedBlocks(tx, new Date('2098-12-31T18:29:00Z')))).toBe(0);
    expect(await t.db.transaction((tx) => releaseEndedBlocks(tx, new Date('2098-12-31T18:30:00Z')))).toBe(1);
    expect((await ticketRow(t, ids.vip)).held).toBe(0);
    expect(await listed(code)).toMatchObject({ reservedLeft: 0 });
  });

  it('refuses a block larger than the seats free', async () => {
    const refused = await staff('POST', codesPath(), {
      code: 'TOOBIG',
      kind: 'percent',
      value: 10,
      ticketTypeIds: [ids.vip],
      reservedSeats: 6,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ reservedSeats: 'Only 5 seats of "VIP Pass" are free to reserve' });
    expect((await ticketRow(t, ids.vip)).held).toBe(0);
  });
});

describe('a payment after its hold lapsed', () => {
  const lapse = (orderId: string) =>
    t.db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(orders.id, orderId));
      await releaseExpiredHolds(tx);
    });

  it('is refunded when the code’s last use was taken meanwhile, and sold when a use is still free', async () => {
    const code = await makeCode({ code: 'LATE1', kind: 'percent', value: 10, maxUses: 1 });
    const late = await order(ids.general, { promoCode: 'LATE1' });
    await lapse(late.body.orderId);
    const next = await order(ids.general, { promoCode: 'LATE1' });
    expect(next.status).toBe(201);
    await pay(next.body);
    await pay(late.body);
    const [row] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, late.body.orderId)));
    expect(row!.status).toBe('REFUND_REQUIRED');
    expect(await listed(code)).toMatchObject({ uses: 1, held: 0, usesLeft: 0 });

    const roomy = await makeCode({ code: 'LATE2', kind: 'percent', value: 10, maxUses: 2 });
    const slow = await order(ids.general, { promoCode: 'LATE2' });
    await lapse(slow.body.orderId);
    await pay(slow.body);
    expect(await listed(roomy)).toMatchObject({ uses: 1, held: 0 });
  });

  it('takes its seats from the code’s block, where the lapsed hold had put them back', async () => {
    const code = await makeCode({ code: 'LATEBLOCK', kind: 'percent', value: 50, ticketTypeIds: [ids.vip], reservedSeats: 5 });
    const holder = await order(ids.vip, { promoCode: 'LATEBLOCK', quantity: 5 });
    expect(holder.status).toBe(201);
    await lapse(holder.body.orderId);
    expect(await listed(code)).toMatchObject({ reservedLeft: 5, held: 0 });
    expect(await ticketRow(t, ids.vip)).toMatchObject({ held: 5, sold: 0 });
    await pay(holder.body);
    const [row] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, holder.body.orderId)));
    expect(row!.status).toBe('PAID');
    expect(await ticketRow(t, ids.vip)).toMatchObject({ held: 0, sold: 5 });
    expect(await listed(code)).toMatchObject({ uses: 5, reservedLeft: 0, revenuePaise: 5 * 75_000 });
  });
});

describe('guessing codes', () => {
  it('answers 429 with Retry-After after 10 wrong codes from one address, even for a right code, in the buyer’s language', async () => {
    await makeCode({ code: 'RIGHT', kind: 'percent', value: 10 });
    const from = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 10; i++) {
      const wrong = await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.general }], promoCode: `WRONG${i}` }, from);
      expect(wrong.status).toBe(200);
      expect(wrong.body.promo).toMatchObject({ applied: false, reason: 'unknown' });
    }
    const right = await quote(
      { eventId: ids.eventId, attendees: [{ ticketId: ids.general }], promoCode: 'RIGHT' },
      { ...from, 'accept-language': 'mr' },
    );
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.body.error.code).toBe('rate_limited');
    expect(right.body.error.message).toMatch(/^खूप चुकीचे कोड वापरून पाहिले गेले. कृपया \d+ मिनिटांनी पुन्हा प्रयत्न करा.$/);
    const ordered = await order(ids.general, { promoCode: 'RIGHT', headers: from });
    expect(ordered.status).toBe(429);
    expect(ordered.body.error.message).toMatch(/^Too many wrong codes were tried/);
    // Without a code, the same address still buys; another address may still try codes.
    expect((await order(ids.general, { headers: from })).status).toBe(201);
    expect(
      (await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.general }], promoCode: 'RIGHT' })).body.promo,
    ).toMatchObject({
      applied: true,
    });
  });

  it('counts wrong codes sent to create-order too', async () => {
    const from = { 'x-forwarded-for': '203.0.113.78' };
    // Five at checkout and five in the quote (an address may open only ten orders in a hold window).
    for (let i = 0; i < 5; i++) expect((await order(ids.general, { promoCode: `GUESS${i}`, headers: from })).status).toBe(422);
    for (let i = 5; i < 10; i++) {
      expect(
        (await quote({ eventId: ids.eventId, attendees: [{ ticketId: ids.general }], promoCode: `GUESS${i}` }, from)).status,
      ).toBe(200);
    }
    const refused = await order(ids.general, { promoCode: 'GUESS10', headers: from });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many wrong codes were tried/);
  });
});

it('an attendee sold with a code remembers it', async () => {
  await makeCode({ code: 'REMEMBER', kind: 'amount', value: 99.5 });
  const created = await order(ids.general, { promoCode: 'remember' });
  await pay(created.body);
  const [attendee] = await t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, created.body.orderId)),
  );
  expect(attendee).toMatchObject({ amountPaise: 49_950 - 9_950, promoDiscountPaise: 9_950 });
  expect(attendee!.promoCodeId).not.toBeNull();
  const detail = await staff('GET', `/api/admin/orders/${created.body.orderId}`);
  expect(detail.status).toBe(200);
  expect((detail.body as unknown as { order: { promoCode: string } }).order.promoCode).toBe('REMEMBER');
});
