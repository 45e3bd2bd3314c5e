// Issue 40: with a full disk, create-order answered 500 and verify-payment 502 while /api/health
// said ok. A write the disk refuses now answers 503 with Retry-After in DESIGN's error shape, and
// health reports the database unwritable. The full disk is the driver's own error, thrown by the
// database handle's transactions (what better-sqlite3 throws: SQLITE_FULL).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, CreateOrderResponse } from '../contract';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeAll(async () => {
  // No webhooks: verify-payment is what fulfils the paid order here.
  t = await createCheckoutTestApp({ emulatorWebhooks: false });
  ids = await seedCheckoutEvent(t, { title: 'Full Disk Run' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const diskFull = () =>
  vi
    .spyOn(t.db, 'transaction')
    .mockImplementation(() => Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })));

async function expectFull(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  const body = (await res.json()) as ApiErrorBody;
  expect(body.error.code).toBe('service_unavailable');
  expect(body.error.message).not.toMatch(/SQLITE|disk is full/);
}

describe('a full disk (issue 40)', () => {
  it('answers create-order 503 with Retry-After, and health says the database cannot be written', async () => {
    expect((await t.app.request('/api/health')).status).toBe(200);
    diskFull();
    await expectFull(await postJson(t, '/api/cashfree/create-order', orderBody(ids.eventId, [{ ticketId: ids.general }])));
    const health = await t.app.request('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('Retry-After')).not.toBeNull();
    expect(((await health.json()) as ApiErrorBody).error).toEqual({
      code: 'service_unavailable',
      message: 'Database unwritable: the disk is full',
    });
    vi.restoreAllMocks();
    expect((await t.app.request('/api/health')).status).toBe(200);
  });

  it('answers verify-payment 503 (not the provider’s 502) when the paid order cannot be written', async () => {
    const created = await postJson(t, '/api/cashfree/create-order', orderBody(ids.eventId, [{ ticketId: ids.general }]));
    expect(created.status).toBe(201);
    const order = (await created.json()) as CreateOrderResponse;
    // Paid at the provider; then the disk fills before verify writes the fulfilment.
    await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
    diskFull();
    await expectFull(await t.app.request(`/api/cashfree/verify-payment/${order.orderId}`));
  });
});
