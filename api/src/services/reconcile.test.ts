// Nothing lost (issue 13): the server dies after Cashfree has reported PAID and before fulfilment
// commits; on restart the order is asked of the provider and fulfilled exactly once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { createApp } from '../app';
import { emailOutbox, orders, registrations } from '../db/schema';
import { createCashfreeProvider } from '../payments/cashfree';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { reconcileOpenOrders } from './payment-events';

let t: CheckoutTestApp;
beforeAll(async () => {
  // Cashfree's retry of the failed webhook comes minutes later, after the restart.
  t = await createCheckoutTestApp({ vars: { EMULATOR_WEBHOOK_RETRY_MS: '600000' } });
});
afterAll(() => t.close());

describe('a crash between the payment and its registration', () => {
  it('is repaired at restart: the order is reconciled with the provider and fulfilled once', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Crash test' });
    const created = (await (
      await postJson(
        t,
        '/api/cashfree/create-order',
        orderBody(ids.eventId, [{ ticketId: ids.vip, quantity: 2 }], { buyer: { email: 'crash@example.com' } }),
      )
    ).json()) as CreateOrderResponse;
    const before = await ticketRow(t, ids.vip);
    const regsOf = () => t.db.query((db) => db.select().from(registrations).where(eq(registrations.orderId, created.orderId)));

    // The process dies inside the fulfilment transaction, where its positions become attendees: the
    // database rolls the transaction back, as it would for a killed process. Every other
    // transaction (the emulator's own record of the payment) commits as usual.
    const transaction = t.db.transaction.bind(t.db);
    const crash = vi.spyOn(t.db, 'transaction').mockImplementation((fn) =>
      transaction((tx) =>
        fn(
          new Proxy(tx, {
            get(target, property, receiver) {
              if (property !== 'update') return Reflect.get(target, property, receiver) as unknown;
              return (table: unknown) => {
                if (table === registrations) throw new Error('simulated crash before commit');
                return target.update(table as typeof registrations);
              };
            },
          }),
        ),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const paid = await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, {
        outcome: 'success',
        method: 'upi',
      });
      expect(paid.status).toBe(200);
      expect(((await paid.json()) as { webhookDelivered: boolean }).webhookDelivered).toBe(false);
      // It was the crash that failed the webhook, inside fulfilment.
      expect(logged.mock.calls.flat().map(String).join('\n')).toContain('simulated crash before commit');
    } finally {
      logged.mockRestore();
      crash.mockRestore();
    }
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(order).toMatchObject({ status: 'CREATED' });
    // The order's positions are as create-order wrote them: on hold, not numbered, not attendees.
    expect((await regsOf()).map((r) => [r.onHold, r.status, r.paymentStatus, r.bookingReference])).toEqual([
      [true, 'Pending', 'Pending', ''],
      [true, 'Pending', 'Pending', ''],
    ]);
    expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: before.sold, held: before.held });

    // Restart: the same database, a new app; Cashfree (here the first app's emulator) remembers.
    const provider = createCashfreeProvider({ env: t.env, fetch: t.routeFetch });
    createApp({ db: t.db, env: t.env, payments: { fetch: t.routeFetch } });
    expect(await reconcileOpenOrders({ db: t.db, env: t.env, provider })).toMatchObject({ fulfilled: 1 });

    const regs = (await regsOf()).sort((a, b) => a.position - b.position);
    // One attendee per ticket, under the order's booking reference.
    const [paidOrder] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, created.orderId)));
    expect(paidOrder).toMatchObject({ status: 'PAID', bookingReference: expect.stringMatching(/^REG[0-9A-Z]+$/) });
    expect(regs.map((r) => [r.registrationNumber, r.firstName, r.ticketName, r.amountPaise, r.quantity])).toEqual([
      [`${paidOrder!.bookingReference}01`, 'Asha', 'VIP Pass', 150_000, 1],
      [`${paidOrder!.bookingReference}02`, 'Ravi', 'VIP Pass', 150_000, 1],
    ]);
    expect(regs.every((r) => r.status === 'Confirmed' && r.paymentStatus === 'Paid' && !r.onHold)).toBe(true);
    expect(await ticketRow(t, ids.vip)).toMatchObject({ sold: before.sold + 2, held: before.held - 2 });
    const mails = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.registrationId,
            regs.map((r) => r.id),
          ),
        ),
    );
    expect(mails.map((m) => m.kind).sort()).toEqual(['admin_notification', 'participant_confirmation']);

    // Reconciling again, and Cashfree's retried webhook, change nothing: exactly once.
    expect(await reconcileOpenOrders({ db: t.db, env: t.env, provider })).toMatchObject({ fulfilled: 0 });
    const verify = await t.app.request(`/api/cashfree/verify-payment/${created.orderId}`);
    expect(((await verify.json()) as { status: string }).status).toBe('PAID');
    expect(await regsOf()).toHaveLength(2);
    expect((await ticketRow(t, ids.vip)).sold).toBe(before.sold + 2);
  });
});
