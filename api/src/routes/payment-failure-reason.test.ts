// Issue 40: a failed payment gave no reason. verify-payment answers a refused payment with the
// provider's reason (its words), which the storefront shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, VerifyPaymentResponse } from '../contract';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

async function newOrder(email: string) {
  const ids = await seedCheckoutEvent(t, { title: `Reason ${email}` });
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(ids.eventId, [{ ticketId: ids.vip, quantity: 1 }], { buyer: { email } }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as CreateOrderResponse;
}

const verify = async (orderId: string) =>
  (await (await t.app.request(`/api/cashfree/verify-payment/${orderId}`)).json()) as VerifyPaymentResponse;

describe('a failed payment says why', () => {
  it("answers FAILED with the provider's reason, as often as it is asked", async () => {
    const order = await newOrder('declined@example.com');
    const paid = await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, {
      outcome: 'failure',
      method: 'card',
      reason: 'Insufficient funds in the account',
    });
    expect(paid.status).toBe(200);
    expect(await verify(order.orderId)).toEqual({
      orderId: order.orderId,
      status: 'FAILED',
      reason: 'Insufficient funds in the account',
    });
    expect((await verify(order.orderId)).reason).toBe('Insufficient funds in the account');
  });

  it("says the emulator's default reason when the bank gave none of its own", async () => {
    const order = await newOrder('default-decline@example.com');
    await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'failure' });
    expect(await verify(order.orderId)).toMatchObject({ status: 'FAILED', reason: 'Transaction declined by bank' });
  });

  it('gives no reason for a paid order', async () => {
    const order = await newOrder('paid-reason@example.com');
    await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
    const answer = await verify(order.orderId);
    expect(answer.status).toBe('PAID');
    expect(answer).not.toHaveProperty('reason');
  });
});
