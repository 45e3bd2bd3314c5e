import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../contract';
import { loadEnv } from '../env';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  CASHFREE_API_VERSION,
  cashfreeBaseUrl,
  createCashfreeClient,
  CashfreeError,
  signWebhook,
  verifyWebhookSignature,
} from './cashfree-api';
import { paymentMethodLabel } from './cashfree';
import type { FetchLike } from './provider';
import { selfBaseUrl } from '../urls';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

// One app for the file; each test creates emulated orders (and events) of its own.
let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

const client = (appId = t.env.payments.appId, secretKey = t.env.payments.secretKey) =>
  createCashfreeClient({ baseUrl: cashfreeBaseUrl(t.env), appId, secretKey, fetch: t.routeFetch });

const newOrder = (id: string) => ({
  order_id: id,
  order_amount: 1499.5,
  order_currency: 'INR' as const,
  customer_details: { customer_id: 'cust_1', customer_phone: '9876543210', customer_email: 'a@b.in', customer_name: 'A B' },
});

describe('the Cashfree emulator REST API', () => {
  it('creates and reads orders with OrderEntity fields, idempotently', async () => {
    const cf = client();
    const order = await cf.createOrder(newOrder('emu_order_1'), 'idem-1');
    expect(order).toMatchObject({
      order_id: 'emu_order_1',
      entity: 'order',
      order_status: 'ACTIVE',
      order_amount: 1499.5,
      order_currency: 'INR',
    });
    for (const key of [
      'cf_order_id',
      'payment_session_id',
      'order_expiry_time',
      'created_at',
      'customer_details',
      'order_meta',
    ]) {
      expect(order).toHaveProperty(key);
    }
    expect(await cf.createOrder(newOrder('emu_order_1'), 'idem-1')).toEqual(order);
    await expect(cf.createOrder(newOrder('emu_order_1'))).rejects.toMatchObject({ status: 409 });
    expect(await cf.getOrder('emu_order_1')).toEqual(order);
    expect(await cf.getPayments('emu_order_1')).toEqual([]);
  });

  it('answers 401 for a wrong credential pair, 404 for an unknown order, 400 without x-api-version', async () => {
    // An order that exists, so that the 401 and the 400 are about the request, not the order.
    await client().createOrder(newOrder('emu_order_auth'));
    expect((await client().getOrder('emu_order_auth')).order_id).toBe('emu_order_auth');
    await expect(client('TEST_WRONG', 'nope').getOrder('emu_order_auth')).rejects.toMatchObject({ status: 401 });
    await expect(client().getOrder('no_such_order')).rejects.toBeInstanceOf(CashfreeError);
    await expect(client().getOrder('no_such_order')).rejects.toMatchObject({ status: 404 });
    const res = await t.app.request('/emulator/cashfree/pg/orders/emu_order_auth', {
      headers: { 'x-client-id': t.env.payments.appId, 'x-client-secret': t.env.payments.secretKey },
    });
    expect(res.status).toBe(400);
  });

  it("sends webhooks only to this platform's own webhook URL", async () => {
    const elsewhere = { ...newOrder('emu_order_ssrf'), order_meta: { notify_url: 'http://169.254.169.254/latest/meta-data' } };
    await expect(client().createOrder(elsewhere)).rejects.toMatchObject({ status: 400 });
    await expect(client().getOrder('emu_order_ssrf')).rejects.toMatchObject({ status: 404 });
    const own = { ...newOrder('emu_order_own'), order_meta: { notify_url: `${selfBaseUrl(t.env)}/api/cashfree/webhook` } };
    expect((await client().createOrder(own)).order_status).toBe('ACTIVE');
  });

  it('pays only on a same-origin JSON request, as the checkout page sends it', async () => {
    const order = await client().createOrder(newOrder('emu_order_csrf'));
    const url = `/emulator/cashfree/pay/${order.payment_session_id}`;
    const crossSite = await t.app.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      body: JSON.stringify({ outcome: 'success' }),
    });
    expect(crossSite.status).toBe(403);
    const plainText = await t.app.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ outcome: 'success' }),
    });
    expect(plainText.status).toBe(415);
    expect((await client().getOrder('emu_order_csrf')).order_status).toBe('ACTIVE');
  });

  it('records a payment with PaymentEntity fields and marks the order PAID', async () => {
    const cf = client();
    const order = await cf.createOrder(newOrder('emu_order_2'));
    const res = await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, {
      outcome: 'success',
      method: 'netbanking',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      paymentDetails: { cf_payment_id: string; payment_method: string; paymentMessage: string };
    };
    expect(body.paymentDetails).toMatchObject({ payment_method: 'net_banking' });
    expect((await cf.getOrder('emu_order_2')).order_status).toBe('PAID');
    const [payment] = await cf.getPayments('emu_order_2');
    expect(payment).toMatchObject({
      cf_payment_id: body.paymentDetails.cf_payment_id,
      entity: 'payment',
      payment_status: 'SUCCESS',
      payment_group: 'net_banking',
      payment_amount: 1499.5,
      order_id: 'emu_order_2',
      is_captured: true,
    });
    const again = await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
    expect(again.status).toBe(409);
    expect((await postJson(t, '/emulator/cashfree/pay/session_nope', { outcome: 'success' })).status).toBe(404);
  });

  it('creates, reads and lists refunds as RefundEntity, PENDING until settled; never twice, never more than paid', async () => {
    const cf = client();
    const order = await cf.createOrder(newOrder('emu_order_refund'));
    await expect(cf.createRefund('emu_order_refund', { refund_amount: 10, refund_id: 'emu_rf_0' })).rejects.toMatchObject({
      status: 400,
      code: 'order_not_paid',
    });
    await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
    const refund = await cf.createRefund('emu_order_refund', {
      refund_amount: 1000,
      refund_id: 'emu_rf_1',
      refund_note: 'Injured',
      refund_speed: 'STANDARD',
    });
    expect(refund).toMatchObject({
      entity: 'refund',
      refund_id: 'emu_rf_1',
      order_id: 'emu_order_refund',
      refund_amount: 1000,
      refund_currency: 'INR',
      refund_status: 'PENDING',
      refund_note: 'Injured',
      cf_payment_id: (await cf.getPayments('emu_order_refund'))[0]!.cf_payment_id,
    });
    await expect(cf.createRefund('emu_order_refund', { refund_amount: 1, refund_id: 'emu_rf_1' })).rejects.toMatchObject({
      status: 409,
    });
    // ₹1,499.50 paid, ₹1,000 on its way: ₹500 is too much.
    await expect(cf.createRefund('emu_order_refund', { refund_amount: 500, refund_id: 'emu_rf_2' })).rejects.toMatchObject({
      status: 400,
      code: 'refund_amount_invalid',
    });
    const settled = await postJson(t, '/emulator/cashfree/refunds/emu_order_refund/emu_rf_1/settle', { outcome: 'failed' });
    expect(settled.status).toBe(200);
    expect(await cf.getRefund('emu_order_refund', 'emu_rf_1')).toMatchObject({
      refund_status: 'FAILED',
      processed_at: expect.any(String),
    });
    // A failed refund gave nothing back: the whole payment may be refunded again.
    expect((await cf.createRefund('emu_order_refund', { refund_amount: 1499.5, refund_id: 'emu_rf_3' })).refund_status).toBe(
      'PENDING',
    );
    expect((await cf.getRefunds('emu_order_refund')).map((r) => r.refund_id)).toEqual(['emu_rf_1', 'emu_rf_3']);
    await postJson(t, '/emulator/cashfree/refunds/emu_order_refund/emu_rf_3/settle', { outcome: 'success' });
    expect(
      (await postJson(t, '/emulator/cashfree/refunds/emu_order_refund/emu_rf_3/settle', { outcome: 'success' })).status,
    ).toBe(404);
    await expect(cf.getRefund('emu_order_refund', 'emu_rf_nope')).rejects.toMatchObject({ status: 404 });
  });

  it('retries a webhook the platform did not accept, signed afresh each time', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Webhook retries' });
    const created = (await (
      await postJson(t, '/api/cashfree/create-order', orderBody(ids.eventId, [{ ticketId: ids.general }]))
    ).json()) as CreateOrderResponse;
    const deliveries: { attempt: string | null; ok: boolean }[] = [];
    let refuse = 2;
    const flaky: FetchLike = async (input, init) => {
      if (String(input).endsWith('/api/cashfree/webhook')) {
        const headers = new Headers(init?.headers);
        const raw = String(init?.body);
        expect(
          verifyWebhookSignature(
            t.env.payments.secretKey,
            raw,
            headers.get('x-webhook-signature') ?? undefined,
            headers.get('x-webhook-timestamp') ?? undefined,
          ),
        ).toBe(true);
        expect(JSON.parse(raw).type).toBe('PAYMENT_SUCCESS_WEBHOOK');
        if (refuse-- > 0) {
          deliveries.push({ attempt: headers.get('x-webhook-attempt'), ok: false });
          return new Response('down', { status: 503 });
        }
        const res = await t.routeFetch(input, init);
        deliveries.push({ attempt: headers.get('x-webhook-attempt'), ok: res.ok });
        return res;
      }
      return t.routeFetch(input, init);
    };
    t.setFetch(flaky);
    try {
      const paid = await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
      expect(((await paid.json()) as { webhookDelivered: boolean }).webhookDelivered).toBe(false);
      // EMULATOR_WEBHOOK_RETRY_MS=20,40,80 in tests.
      for (let i = 0; i < 100 && !deliveries.some((d) => d.ok); i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      t.setFetch(undefined);
    }
    expect(deliveries).toEqual([
      { attempt: '1', ok: false },
      { attempt: '2', ok: false },
      { attempt: '3', ok: true },
    ]);
    const verified = await t.app.request(`/api/cashfree/verify-payment/${created.orderId}`);
    expect(((await verified.json()) as { status: string }).status).toBe('PAID');
  });
});

describe('the emulator in the browser', () => {
  it('serves a checkout page with no inline script, and its scripts', async () => {
    const order = await client().createOrder(newOrder('emu_order_3'));
    const page = await t.app.request(`/emulator/cashfree/checkout/${order.payment_session_id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('UPI: success');
    expect(html).toContain('Card: failure');
    expect(html).toContain('Net banking');
    expect(html).toContain('Cancel / close');
    // Every <script> has a src and no body; no on* handler attributes.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\ssrc=/.test(tag))).toBe(true);
    expect(html).not.toMatch(/<script\b[^>]*>[^<\s]/);
    expect(html).not.toMatch(/\son[a-z]+=/i);

    const sdk = await t.app.request('/emulator/cashfree/sdk/v3/cashfree.js');
    expect(sdk.headers.get('content-type')).toContain('javascript');
    const js = await sdk.text();
    expect(js).toContain('window.Cashfree');
    expect(js).toContain("'_modal'");
    expect(js).toContain('event.origin !== origin');
    const pageJs = await t.app.request('/emulator/cashfree/checkout.js');
    expect(await pageJs.text()).toContain('postMessage');
    expect((await t.app.request('/emulator/cashfree/checkout/session_unknown')).status).toBe(404);
  });
});

describe('outside emulator mode', () => {
  let sandbox: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp({ PAYMENTS_MODE: 'sandbox' }, { seed: false });
  });
  afterAll(() => sandbox.close());

  it('mounts no emulator and points the client at Cashfree', async () => {
    expect((await sandbox.app.request('/emulator/cashfree/sdk/v3/cashfree.js')).status).not.toBe(200);
    expect(cashfreeBaseUrl(sandbox.env)).toBe('https://sandbox.cashfree.com/pg');
    expect(cashfreeBaseUrl({ ...sandbox.env, payments: { ...sandbox.env.payments, mode: 'production' } })).toBe(
      'https://api.cashfree.com/pg',
    );
    expect(
      cashfreeBaseUrl({ ...sandbox.env, payments: { ...sandbox.env.payments, mode: 'emulator' }, publicUrl: 'https://x.in' }),
    ).toBe('https://x.in/emulator/cashfree/pg');
  });
});

describe('the client', () => {
  it('sends the credentials, a pinned x-api-version and the idempotency key', async () => {
    let seen: Headers | undefined;
    const cf = createCashfreeClient({
      baseUrl: 'https://sandbox.cashfree.com/pg',
      appId: 'app',
      secretKey: 'sec',
      fetch: async (_url, init) => {
        seen = new Headers(init?.headers);
        return Response.json({ order_id: 'o' });
      },
    });
    await cf.createOrder(newOrder('o'), 'idem');
    expect(seen?.get('x-client-id')).toBe('app');
    expect(seen?.get('x-client-secret')).toBe('sec');
    expect(seen?.get('x-api-version')).toBe(CASHFREE_API_VERSION);
    expect(seen?.get('x-idempotency-key')).toBe('idem');
    const down = createCashfreeClient({
      baseUrl: 'http://x',
      appId: 'a',
      secretKey: 'b',
      fetch: async () => {
        throw new Error('ECONNREFUSED');
      },
    });
    await expect(down.getOrder('o')).rejects.toMatchObject({ status: 0 });
  });

  it('signs and checks webhooks as Cashfree does', () => {
    const ts = '1746427759733';
    const raw = '{"data":{"payment":{"payment_amount":170.00}}}';
    // Base64(HMAC-SHA256(secret, timestamp + rawBody)).
    expect(signWebhook('secret', ts, raw)).toBe('mAz7EkVoChikJNjGQK0ClE3XjJzySx+ToLb8TkkGVTE=');
    const now = Number(ts) + 1000;
    expect(verifyWebhookSignature('secret', raw, signWebhook('secret', ts, raw), ts, now)).toBe(true);
    expect(verifyWebhookSignature('secret', raw.replace('170.00', '170'), signWebhook('secret', ts, raw), ts, now)).toBe(false);
    expect(verifyWebhookSignature('secret', raw, signWebhook('secret', ts, raw), ts, now + 6 * 60_000)).toBe(false);
    expect(verifyWebhookSignature('secret', raw, undefined, ts, now)).toBe(false);
  });

  it('reads EMULATOR_WEBHOOK_RETRY_MS', () => {
    expect(loadEnv({ NODE_ENV: 'test', EMULATOR_WEBHOOK_RETRY_MS: '10,20' }).emulatorWebhookRetryMs).toEqual([10, 20]);
    expect(loadEnv({ NODE_ENV: 'test' }).emulatorWebhookRetryMs).toBeUndefined();
    expect(() => loadEnv({ NODE_ENV: 'test', EMULATOR_WEBHOOK_RETRY_MS: 'soon' })).toThrow(/EMULATOR_WEBHOOK_RETRY_MS/);
  });

  it('maps payment groups to the spec words', () => {
    expect(['upi', 'credit_card', 'debit_card', 'net_banking'].map(paymentMethodLabel)).toEqual([
      'UPI',
      'Credit Card',
      'Debit Card',
      'Net Banking',
    ]);
  });
});
