// Nothing lost (issue 13): the server dies after Cashfree has reported PAID and before fulfilment
// commits; on restart the order is asked of the provider and fulfilled exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { createApp } from '../app';
import { emailOutbox, orders, registrations } from '../db/schema';
import { cashfreeBaseUrl, createCashfreeClient } from '../payments/cashfree';
import {
  createCheckoutTestApp,
  PARTICIPANT,
  postJson,
  seedCheckoutEvent,
  ticketRow,
  type CheckoutTestApp,
} from '../payments/test-checkout';
import { reconcileOpenOrders } from './orders';

let t: CheckoutTestApp;
beforeAll(async () => {
  // Cashfree's retry of the failed webhook comes minutes later, after the restart.
  t = await createCheckoutTestApp({ vars: { EMULATOR_WEBHOOK_RETRY_MS: '600000' } });
});
afterAll(() => t.close());

describe('a crash between the payment and its registration', () => {
  it('is repaired at restart: the order is reconciled with the provider and fulfilled once', async () => {
    const ids = seedCheckoutEvent(t, { title: 'Crash test' });
    const created = (await (
      await postJson(t, '/api/cashfree/create-order', {
        eventId: ids.eventId,
        tickets: [{ ticketId: ids.vip, quantity: 2 }],
        participant: { ...PARTICIPANT, email: 'crash@example.com' },
      })
    ).json()) as CreateOrderResponse;
    const before = ticketRow(t, ids.vip);

    // The process dies inside the fulfilment transaction: SQLite rolls it back, as a kill would.
    t.db.$client.exec(`CREATE TEMP TRIGGER crash_before_commit BEFORE INSERT ON registrations
      BEGIN SELECT RAISE(ABORT, 'simulated crash before commit'); END;`);
    const paid = await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success', method: 'upi' });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { webhookDelivered: boolean }).webhookDelivered).toBe(false);
    expect(t.db.select().from(orders).where(eq(orders.id, created.orderId)).get()).toMatchObject({ status: 'CREATED' });
    expect(t.db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).all()).toHaveLength(0);

    // Restart: the same database file, a new app; Cashfree (here the first app's emulator) remembers.
    t.db.$client.exec('DROP TRIGGER crash_before_commit');
    const cashfree = createCashfreeClient({
      baseUrl: cashfreeBaseUrl(t.env),
      appId: t.env.payments.appId,
      secretKey: t.env.payments.secretKey,
      fetch: t.routeFetch,
    });
    createApp({ db: t.db, env: t.env, payments: { fetch: t.routeFetch } });
    expect(await reconcileOpenOrders({ db: t.db, env: t.env, cashfree })).toMatchObject({ fulfilled: 1 });

    const regs = t.db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).all();
    expect(regs).toHaveLength(1);
    expect(regs[0]).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', quantity: 2 });
    expect(ticketRow(t, ids.vip)).toMatchObject({ sold: before.sold + 2, held: before.held - 2 });
    expect(t.db.select().from(emailOutbox).where(eq(emailOutbox.registrationId, regs[0]!.id)).all()).toHaveLength(2);

    // Reconciling again, and Cashfree's retried webhook, change nothing: exactly once.
    expect(await reconcileOpenOrders({ db: t.db, env: t.env, cashfree })).toMatchObject({ fulfilled: 0 });
    const verify = await t.app.request(`/api/cashfree/verify-payment/${created.orderId}`);
    expect(((await verify.json()) as { status: string }).status).toBe('PAID');
    expect(t.db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).all()).toHaveLength(1);
    expect(ticketRow(t, ids.vip).sold).toBe(before.sold + 2);
  });
});
