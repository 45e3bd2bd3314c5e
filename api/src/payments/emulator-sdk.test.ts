// Cashfree's own Node SDK (`cashfree-pg`) against the emulator (issue 24): its order and refund calls
// run unchanged, only the HTTP client under it is routed into this app instead of
// sandbox.cashfree.com, so the emulator answers what the SDK sends and the SDK reads what it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cashfree, CFEnvironment } from 'cashfree-pg';
import { cashfreeBaseUrl } from './cashfree-api';
import { createCheckoutTestApp, postJson, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

const SANDBOX = 'https://sandbox.cashfree.com/pg';

interface SdkRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  data?: unknown;
}

/** What the SDK asks of axios (`request`), answered by the app as Cashfree's sandbox would be. */
const routedHttp = {
  async request(config: SdkRequest) {
    expect(config.url.startsWith(SANDBOX)).toBe(true);
    const res = await t.routeFetch(cashfreeBaseUrl(t.env) + config.url.slice(SANDBOX.length), {
      method: (config.method ?? 'get').toUpperCase(),
      headers: Object.fromEntries(Object.entries(config.headers ?? {}).map(([k, v]) => [k, String(v)])),
      body: typeof config.data === 'string' || config.data === undefined ? config.data : JSON.stringify(config.data),
    });
    const data: unknown = await res.json();
    const response = { data, status: res.status, headers: Object.fromEntries(res.headers), config };
    // axios rejects a status outside 2xx with the response on the error, as the SDK's callers expect.
    if (res.status >= 300) throw Object.assign(new Error(`Request failed with status code ${res.status}`), { response });
    return response;
  },
};

const sdk = () =>
  new Cashfree(
    CFEnvironment.SANDBOX,
    t.env.payments.appId,
    t.env.payments.secretKey,
    undefined,
    undefined,
    undefined,
    false,
    routedHttp as unknown as ConstructorParameters<typeof Cashfree>[7],
  );

describe("Cashfree's cashfree-pg SDK against the emulator", () => {
  it('creates an order, and after the payment creates, reads and lists its refunds', async () => {
    const cf = sdk();
    const created = await cf.PGCreateOrder({
      order_id: 'sdk_order_1',
      order_amount: 1499.5,
      order_currency: 'INR',
      customer_details: { customer_id: 'cust_sdk', customer_phone: '9876543210', customer_email: 'sdk@example.com' },
    });
    expect(created.data).toMatchObject({ order_id: 'sdk_order_1', order_status: 'ACTIVE' });
    await postJson(t, `/emulator/cashfree/pay/${created.data.payment_session_id}`, { outcome: 'success' });
    expect((await cf.PGFetchOrder('sdk_order_1')).data.order_status).toBe('PAID');

    const refund = await cf.PGOrderCreateRefund('sdk_order_1', {
      refund_amount: 499.5,
      refund_id: 'TDK_RF_sdk_1',
      refund_note: 'Rain-out',
      refund_speed: 'STANDARD',
    });
    expect(refund.data).toMatchObject({
      refund_id: 'TDK_RF_sdk_1',
      order_id: 'sdk_order_1',
      refund_amount: 499.5,
      refund_status: 'PENDING',
    });
    const fetched = await cf.PGOrderFetchRefund('sdk_order_1', 'TDK_RF_sdk_1');
    expect(fetched.data.refund_status).toBe('PENDING');
    const listed = await cf.PGOrderFetchRefunds('sdk_order_1');
    expect(listed.data.map((r) => r.refund_id)).toEqual(['TDK_RF_sdk_1']);

    // The same refund id again is refused (an idempotent id never refunds twice), as the sandbox does.
    await expect(cf.PGOrderCreateRefund('sdk_order_1', { refund_amount: 1, refund_id: 'TDK_RF_sdk_1' })).rejects.toMatchObject({
      response: { status: 409 },
    });
  });
});
