// The convenience fee and the commission at checkout (issue 42, decision 060): the quote shows the
// fee as its own line, create-order charges it and freezes each ticket's fee, fee GST and commission,
// and the organiser's takings never count the platform's fee. Each test builds its own event.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminOrderResponse, CreateOrderResponse, OrderQuoteResponse } from '../contract';
import { emailOutbox, events, orderLines, orders, organisations, refundAttendees, refunds, registrations } from '../db/schema';
import { setOrganisationTax } from '../testing/organisations';
import { receiptOfOrder } from './invoices';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';
import { recountMoneyTaken } from './money-taken';
import { listMyBookings } from './my-bookings';
import { refundOrder } from './refunds';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
beforeEach(async () => {
  ids = await seedCheckoutEvent(t);
});
afterAll(() => t.close());

/** The seeded event charging a convenience fee as stored: paise, or hundredths of a percent. */
const chargeFee = (kind: 'percent' | 'amount' | null, value: number) =>
  t.db.query((db) =>
    db.update(events).set({ convenienceFeeKind: kind, convenienceFeeValue: value }).where(eq(events.id, ids.eventId)),
  );

async function quote(attendees: { ticketId: number }[]) {
  const res = await postJson(t, '/api/orders/quote', { eventId: ids.eventId, attendees });
  expect(res.status).toBe(200);
  return (await res.json()) as OrderQuoteResponse;
}

describe('a convenience fee at checkout', () => {
  it('a ₹30 fee: the quote shows it with its GST on the paid tickets only, and create-order charges and freezes it', async () => {
    await chargeFee('amount', 3_000);
    const attendees = [{ ticketId: ids.general }, { ticketId: ids.vip }, { ticketId: ids.free }];
    const quoted = await quote(attendees);
    // Two paid tickets: 2 × ₹30 = ₹60, GST 18 % = ₹10.80; the free pass pays none.
    expect(quoted.fees).toEqual([
      { kind: 'convenience', quantity: 2, feePaise: 6_000, gstRate: 18, gstPaise: 1_080, totalPaise: 7_080 },
    ]);
    // Tickets ₹499.50 + ₹1,500 = ₹1,999.50; the buyer pays ₹2,070.30.
    expect(quoted.totals).toMatchObject({ netPaise: 199_950, feesPaise: 7_080, payablePaise: 207_030 });
    expect(quoted.orderAmount).toBe(2070.3);

    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.general }, { ticketId: ids.vip }, { ticketId: ids.free }], {
        buyer: { email: 'fee-1@example.com' },
        orderAmount: quoted.orderAmount,
      }),
    );
    const created = (await res.json()) as CreateOrderResponse;
    expect(res.status).toBe(201);
    // The payment provider is asked for the tickets plus the fee and its GST.
    expect(created.orderAmount).toBe(2070.3);
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order!.amountPaise).toBe(207_030);
    const lines = await t.db.query((db) =>
      db.select().from(orderLines).where(eq(orderLines.orderId, created.orderId)).orderBy(orderLines.id),
    );
    // Commission 5 % (the default): ₹499.50 → ₹24.975 → ₹24.98; ₹1,500 → ₹75.
    expect(lines.map((l) => [l.netPaise, l.feePaise, l.feeGstPaise, l.commissionPaise])).toEqual([
      [49_950, 3_000, 540, 2_498],
      [150_000, 3_000, 540, 7_500],
      [0, 0, 0, 0],
    ]);

    await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
    const attendeesPaid = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
    );
    expect(attendeesPaid.map((a) => [a.paymentStatus, a.amountPaise, a.feePaise, a.feeGstPaise, a.commissionPaise])).toEqual([
      ['Paid', 49_950, 3_000, 540, 2_498],
      ['Paid', 150_000, 3_000, 540, 7_500],
      ['Paid', 0, 0, 0, 0],
    ]);
    // The organiser's takings are the tickets' ₹1,999.50: the platform's fee is not theirs.
    const [event] = await t.db.query((db) =>
      db.select({ taken: events.takenPaise }).from(events).where(eq(events.id, ids.eventId)),
    );
    expect(event!.taken).toBe(199_950);
    expect(await t.db.query((db) => recountMoneyTaken(db, ids.eventId))).toEqual([]);
  });

  it('each order line’s frozen sums are its attendees’ own frozen parts added up (decision 036: the same sale frozen twice, alike)', async () => {
    // 3.33 %: ₹499.50 → ₹16.63335 a ticket, so any rounding of the line's sum instead of each ticket shows.
    await chargeFee('percent', 333);
    const lines = [
      { ticketId: ids.general, quantity: 3 },
      { ticketId: ids.vip, quantity: 2 },
    ];
    const quoted = await quote(lines.flatMap((l) => Array.from({ length: l.quantity }, () => ({ ticketId: l.ticketId }))));
    const created = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, lines, { buyer: { email: 'fee-sums@example.com' }, orderAmount: quoted.orderAmount }),
      )
    ).json()) as CreateOrderResponse;
    await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
    const stored = await t.db.query((db) => db.select().from(orderLines).where(eq(orderLines.orderId, created.orderId)));
    const attendees = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, created.orderId)));
    const parts = ['net', 'promo', 'fee', 'feeGst', 'commission'] as const;
    const sumsOf = (rows: typeof attendees) =>
      Object.fromEntries(
        parts.map((part) => [
          part,
          rows.reduce(
            (sum, a) =>
              sum +
              {
                net: a.amountPaise,
                promo: a.promoDiscountPaise,
                fee: a.feePaise,
                feeGst: a.feeGstPaise,
                commission: a.commissionPaise,
              }[part],
            0,
          ),
        ]),
      );
    const general = stored.find((l) => l.ticketTypeId === ids.general)!;
    // ₹16.63 a ticket (₹16.63335 rounded each time), three of them; GST ₹2.99 on each.
    expect([general.feePaise, general.feeGstPaise]).toEqual([3 * 1_663, 3 * 299]);
    for (const line of stored) {
      expect(sumsOf(attendees.filter((a) => a.ticketId === line.ticketTypeId))).toEqual({
        net: line.netPaise,
        promo: line.promoDiscountPaise,
        fee: line.feePaise,
        feeGst: line.feeGstPaise,
        commission: line.commissionPaise,
      });
    }
  });

  it('the admin order view lists the frozen fee and its GST beside the ticket lines, adding up to the amount paid', async () => {
    await chargeFee('amount', 3_000);
    const attendees = [{ ticketId: ids.general }, { ticketId: ids.vip }, { ticketId: ids.free }];
    const quoted = await quote(attendees);
    const created = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, attendees, { buyer: { email: 'fee-view@example.com' }, orderAmount: quoted.orderAmount }),
      )
    ).json()) as CreateOrderResponse;
    await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
    // The event's fee changes after the sale: the order keeps what was frozen.
    await chargeFee('amount', 5_000);
    const res = await t.app.request(`/api/admin/orders/${created.orderId}`, {
      headers: { cookie: await staffCookie(t, 'support') },
    });
    expect(res.status).toBe(200);
    const { order } = (await res.json()) as AdminOrderResponse;
    expect(order.fees).toEqual([
      { kind: 'convenience', quantity: 2, feePaise: 6_000, gstRate: 18, gstPaise: 1_080, totalPaise: 7_080 },
    ]);
    const tickets = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
    expect(tickets).toBe(1999.5);
    expect(order.amount).toBe(2070.3);

    // The confirmation e-mail lists the same lines above the amount paid.
    const [mail] = await t.db.query((db) =>
      db
        .select({ text: emailOutbox.text })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'participant_confirmation'), eq(emailOutbox.to, 'fee-view@example.com'))),
    );
    expect(mail!.text).toMatch(
      /Tickets: ₹1,999\.50\s+Convenience fee \(2 tickets\): ₹60(\.00)?\s+GST on convenience fee \(18%\): ₹10\.80\s+Amount paid: ₹2,070\.30/,
    );

    // My bookings: the buyer sees the same split of what they paid.
    const mine = await t.db.query((db) => listMyBookings(db, t.env, 'fee-view@example.com'));
    expect(mine.bookings).toHaveLength(1);
    expect(mine.bookings[0]!.payment).toEqual({
      tickets: 1999.5,
      fees: [{ kind: 'convenience', quantity: 2, feePaise: 6_000, gstRate: 18, gstPaise: 1_080, totalPaise: 7_080 }],
      total: 2070.3,
    });
  });

  it('the receipt of an untaxed order lists the fee and its GST as their own lines, adding up to the total paid', async () => {
    await chargeFee('amount', 3_000);
    const [{ organisationId }] = (await t.db.query((db) =>
      db.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, ids.eventId)),
    )) as [{ organisationId: number }];
    const [before] = await t.db.query((db) => db.select().from(organisations).where(eq(organisations.id, organisationId)));
    await t.db.query((db) => setOrganisationTax(db, organisationId, null));
    try {
      const attendees = [{ ticketId: ids.vip }, { ticketId: ids.vip }];
      const quoted = await quote(attendees);
      const created = (await (
        await postJson(
          t,
          '/api/cashfree/create-order',
          orderBody(ids.eventId, attendees, { buyer: { email: 'fee-receipt@example.com' }, orderAmount: quoted.orderAmount }),
        )
      ).json()) as CreateOrderResponse;
      await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
      const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
      const receipt = await t.db.query((db) => receiptOfOrder(db, order!.bookingReference!));
      expect(receipt!.untaxed).toBe(true);
      expect(receipt!.lines.map((l) => [l.description.replace(/^Admission: .*\(/, '('), l.quantity, l.totalPaise])).toEqual([
        ['(VIP Pass)', 2, 300_000],
        ['Convenience fee (2 tickets)', 2, 6_000],
        ['GST on convenience fee (18%)', 1, 1_080],
      ]);
      expect(receipt!.lines.reduce((sum, l) => sum + l.totalPaise, 0)).toBe(receipt!.totalPaise);
      expect(receipt!.totalPaise).toBe(307_080);
    } finally {
      await t.db.query((db) =>
        db.update(organisations).set({ gstin: before!.gstin }).where(eq(organisations.id, organisationId)),
      );
    }
  });

  it('a 10 % fee is capped at the platform’s ₹100 a ticket by default; an event without a fee prices as before', async () => {
    await chargeFee('percent', 1_000);
    // 10 % of ₹1,500 = ₹150 → capped at ₹100, GST ₹18; 10 % of ₹499.50 = ₹49.95, GST ₹8.99 (8.991).
    const capped = await quote([{ ticketId: ids.vip }, { ticketId: ids.general }]);
    expect(capped.fees).toEqual([
      { kind: 'convenience', quantity: 2, feePaise: 14_995, gstRate: 18, gstPaise: 2_699, totalPaise: 17_694 },
    ]);
    expect(capped.orderAmount).toBe(2176.44);
    await chargeFee(null, 0);
    const plain = await quote([{ ticketId: ids.vip }, { ticketId: ids.general }]);
    expect(plain.fees).toEqual([]);
    expect(plain.totals).toMatchObject({ netPaise: 199_950, feesPaise: 0, payablePaise: 199_950 });
    expect(plain.orderAmount).toBe(1999.5);
  });

  it('create-order refuses an amount that leaves out the fee', async () => {
    await chargeFee('amount', 3_000);
    const res = await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.vip }], { buyer: { email: 'fee-2@example.com' }, orderAmount: 1500 }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/does not match the current ticket prices/);
  });
});

describe('refunds of tickets with a convenience fee', () => {
  let buyers = 0;
  /** A paid order of `quantity` VIP passes (₹1,500) with a ₹30 fee: ₹1,535.40 each. */
  async function paidWithFee(quantity: number) {
    await chargeFee('amount', 3_000);
    const attendees = Array.from({ length: quantity }, () => ({ ticketId: ids.vip }));
    const quoted = await quote(attendees);
    const created = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.vip, quantity }], {
          buyer: { email: `fee-refund-${++buyers}@example.com` },
          orderAmount: quoted.orderAmount,
        }),
      )
    ).json()) as CreateOrderResponse;
    await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
    const rows = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
    );
    return { orderId: created.orderId, attendees: rows };
  }
  const taken = async () =>
    (await t.db.query((db) => db.select({ taken: events.takenPaise }).from(events).where(eq(events.id, ids.eventId))))[0]!.taken;

  it('a refund the buyer causes gives back the ticket money only: the fee stays with the platform, takings drop by the ticket', async () => {
    const { orderId, attendees } = await paidWithFee(2);
    expect(await taken()).toBe(300_000);
    const done = await t.db.transaction((tx) =>
      refundOrder(tx, t.env, { orderId, attendeeIds: [attendees[0]!.id], reason: 'Cannot come', actor: { kind: 'system' } }),
    );
    // ₹1,500 back, not ₹1,535.40.
    expect(done.refund.amountPaise).toBe(150_000);
    const [after] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, attendees[0]!.id)));
    expect(after).toMatchObject({ refundedPaise: 150_000, feeRefundedPaise: 0, feePaise: 3_000, feeGstPaise: 540 });
    expect(await taken()).toBe(150_000);
    expect(await t.db.query((db) => recountMoneyTaken(db, ids.eventId))).toEqual([]);
  });

  it('the organiser cancels the event: a ticket not yet refunded comes back whole, its fee and GST with it; one the buyer already cancelled keeps its fee with the platform', async () => {
    const { orderId, attendees } = await paidWithFee(2);
    // A staff refund of ₹500 on the first ticket first (the fee kept).
    await t.db.transaction((tx) =>
      refundOrder(tx, t.env, {
        orderId,
        attendeeIds: [attendees[0]!.id],
        amountPaise: 50_000,
        reason: 'Goodwill',
        actor: { kind: 'system' },
      }),
    );
    const manager = await staffCookie(t, 'manager');
    const [event] = await t.db.query((db) => db.select({ title: events.title }).from(events).where(eq(events.id, ids.eventId)));
    const res = await t.app.request(
      `/api/admin/events/${ids.eventId}/cancel`,
      jsonRequest('POST', { confirmTitle: event!.title, fee: 0, reason: 'Flooding on the course' }, manager),
    );
    expect(res.status).toBe(201);
    // Until the job the route started has decided every order (it runs beside the request).
    for (let i = 0; ; i++) {
      const progress = await t.app.request(`/api/admin/events/${ids.eventId}/cancellation`, { headers: { cookie: manager } });
      const { cancellation } = (await progress.json()) as { cancellation: { toRefund: number; completedAt: string | null } };
      if (cancellation.toRefund === 0 && cancellation.completedAt) break;
      if (i > 100) throw new Error('the cancellation job did not finish');
      await new Promise((r) => setTimeout(r, 50));
    }
    const given = await t.db.query((db) => db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id));
    // Paid 2 × ₹1,535.40 = ₹3,070.80. The ₹500 refund cancelled the first ticket (the buyer's cause,
    // the organiser keeps ₹1,000 of it, the platform its fee); the event's cancellation gives back
    // the second whole: ₹1,500 + ₹30 + ₹5.40 = ₹1,535.40.
    expect(given.map((r) => r.amountPaise)).toEqual([50_000, 153_540]);
    const shares = await t.db.query((db) => db.select().from(refundAttendees).where(eq(refundAttendees.refundId, given[1]!.id)));
    expect(shares.map((s) => [s.registrationId, s.sharePaise, s.feeSharePaise])).toEqual([[attendees[1]!.id, 150_000, 3_540]]);
    const rows = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.orderId, orderId)).orderBy(registrations.position),
    );
    expect(rows.map((r) => [r.refundedPaise, r.feeRefundedPaise])).toEqual([
      [50_000, 0],
      [150_000, 3_540],
    ]);
    // The organiser's takings are the ₹1,000 kept of the first ticket: the fees given back were never theirs.
    expect(await taken()).toBe(100_000);
    expect(await t.db.query((db) => recountMoneyTaken(db, ids.eventId))).toEqual([]);
  });
});
