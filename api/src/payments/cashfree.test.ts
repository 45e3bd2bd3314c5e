// Cashfree behind the PaymentProvider interface (issue 39): what the adapter sends Cashfree, and how
// Cashfree's entities, errors and webhooks come back in the platform's words.
import { describe, expect, it } from 'vitest';
import { CashfreeError, type CashfreeClient, type OrderEntity, type PaymentEntity, type RefundEntity } from './cashfree-api';
import { CASHFREE_ORIGINS, createCashfreeProvider, EMULATOR_SDK_PATH } from './cashfree';
import { PaymentProviderError } from './provider';

const env = (mode: 'emulator' | 'sandbox' | 'production', publicUrl?: string) => ({
  publicUrl,
  port: 3000,
  payments: { mode, appId: 'app', secretKey: 'secret' },
});

const payment = (p: Partial<PaymentEntity>) =>
  ({ cf_payment_id: '1', payment_status: 'SUCCESS', payment_group: 'upi', payment_amount: 499.5, ...p }) as PaymentEntity;

/** A Cashfree client that answers from the test and records what it was sent. */
function fakeClient(answers: Partial<CashfreeClient>): CashfreeClient & { sent: unknown[] } {
  const sent: unknown[] = [];
  const refuse = () => Promise.reject(new Error('not expected'));
  return {
    baseUrl: 'https://sandbox.cashfree.com/pg',
    sent,
    createOrder: async (body, key) => {
      sent.push({ body, key });
      return (answers.createOrder ?? refuse)(body, key);
    },
    getOrder: (id) => (answers.getOrder ?? refuse)(id),
    getPayments: (id) => (answers.getPayments ?? refuse)(id),
    createRefund: async (id, body) => {
      sent.push({ id, body });
      return (answers.createRefund ?? refuse)(id, body);
    },
    getRefund: (id, refundId) => (answers.getRefund ?? refuse)(id, refundId),
    getRefunds: (id) => (answers.getRefunds ?? refuse)(id),
  };
}

describe('the Cashfree provider', () => {
  it("opens an order with Cashfree's fields and answers its payment session", async () => {
    const client = fakeClient({ createOrder: async () => ({ payment_session_id: 'session_1' }) as OrderEntity });
    const provider = createCashfreeProvider({ env: env('sandbox', 'https://tickets.example'), client });
    const answer = await provider.createOrder({
      orderId: 'TDK_1',
      amountPaise: 349_950,
      buyer: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919876543210' },
      returnPath: '/event/7',
      expiresAt: '2030-01-01T00:17:00.000Z',
      tags: { eventId: '7' },
      idempotencyKey: 'TDK_1',
    });
    expect(answer).toEqual({ sessionId: 'session_1' });
    expect(client.sent).toEqual([
      {
        key: 'TDK_1',
        body: {
          order_id: 'TDK_1',
          order_amount: 3499.5,
          order_currency: 'INR',
          customer_details: {
            customer_id: 'cust_9876543210',
            customer_phone: '9876543210',
            customer_email: 'asha@example.com',
            customer_name: 'Asha Rao',
          },
          order_meta: {
            notify_url: 'https://tickets.example/api/cashfree/webhook',
            return_url: 'https://tickets.example/event/7?order_id={order_id}',
          },
          order_expiry_time: '2030-01-01T00:17:00.000Z',
          order_note: undefined,
          order_tags: { eventId: '7' },
        },
      },
    ]);
    // Outside the emulator Cashfree refuses http callbacks: none are sent.
    const plain = fakeClient({ createOrder: async () => ({ payment_session_id: '' }) as OrderEntity });
    const http = createCashfreeProvider({ env: env('sandbox', 'http://localhost:3000'), client: plain });
    expect(
      await http.createOrder({
        ...{ orderId: 'TDK_2', amountPaise: 100, returnPath: '/event/7', expiresAt: '' },
        buyer: { name: 'A', email: 'a@b.in', phone: '9876543210' },
      }),
    ).toEqual({ sessionId: null });
    expect((plain.sent[0] as { body: { order_meta?: unknown } }).body.order_meta).toBeUndefined();
  });

  it("reads an order's status and payments in the platform's words, and asks for no payments of a closed order", async () => {
    let asked = 0;
    const answer = (status: OrderEntity['order_status']) =>
      createCashfreeProvider({
        env: env('emulator'),
        client: fakeClient({
          getOrder: async () => ({ order_status: status }) as OrderEntity,
          getPayments: async () => {
            asked++;
            return [
              payment({ cf_payment_id: 5 as unknown as string, payment_status: 'USER_DROPPED', payment_group: 'credit_card' }),
              payment({ payment_status: 'SUCCESS', payment_group: 'net_banking', payment_amount: 10 }),
              payment({ payment_status: 'NOT_ATTEMPTED', payment_group: '' }),
            ];
          },
        }),
      }).getOrder('TDK_1');
    expect(await answer('PAID')).toEqual({
      status: 'paid',
      payments: [
        { id: '5', status: 'failed', method: 'Credit Card', amountPaise: 49_950 },
        { id: '1', status: 'succeeded', method: 'Net Banking', amountPaise: 1000 },
        { id: '1', status: 'pending', method: 'Online', amountPaise: 49_950 },
      ],
    });
    expect((await answer('ACTIVE')).status).toBe('open');
    expect((await answer('TERMINATION_REQUESTED')).status).toBe('open');
    expect(asked).toBe(3);
    expect(await answer('EXPIRED')).toEqual({ status: 'closed', payments: [] });
    expect(await answer('TERMINATED')).toEqual({ status: 'closed', payments: [] });
    expect(asked).toBe(3);
  });

  it('sends refunds in rupees with our refund id, and sorts failures into duplicate, rejected and unavailable', async () => {
    const entity = {
      refund_id: 'TDK_RF_1',
      order_id: 'TDK_1',
      cf_refund_id: 88,
      refund_status: 'PENDING',
      status_description: 'In progress',
    };
    const client = fakeClient({ createRefund: async () => entity as unknown as RefundEntity });
    const provider = createCashfreeProvider({ env: env('production'), client });
    expect(await provider.createRefund('TDK_1', { refundId: 'TDK_RF_1', amountPaise: 25_050, note: 'x'.repeat(150) })).toEqual({
      refundId: 'TDK_RF_1',
      orderId: 'TDK_1',
      status: 'processing',
      reference: '88',
      description: 'In progress',
    });
    expect(client.sent).toEqual([
      {
        id: 'TDK_1',
        body: { refund_amount: 250.5, refund_id: 'TDK_RF_1', refund_note: 'x'.repeat(100), refund_speed: 'STANDARD' },
      },
    ]);
    const failing = (status: number) =>
      createCashfreeProvider({
        env: env('production'),
        client: fakeClient({ getRefund: () => Promise.reject(new CashfreeError(status, 'nope', 'code')) }),
      })
        .getRefund('TDK_1', 'TDK_RF_1')
        .then(
          () => undefined,
          (error: unknown) => error as PaymentProviderError,
        );
    const kinds = await Promise.all([409, 400, 404, 422, 500, 0].map(async (status) => (await failing(status))?.kind));
    expect(kinds).toEqual(['duplicate', 'rejected', 'rejected', 'rejected', 'unavailable', 'unavailable']);
    expect(await failing(409)).toBeInstanceOf(PaymentProviderError);
  });

  it("reads Cashfree's webhooks into payment and refund events", () => {
    const provider = createCashfreeProvider({ env: env('emulator') });
    const order = { order_id: 'TDK_1' };
    expect(
      provider.readWebhook({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        data: { order, payment: { cf_payment_id: 42, payment_status: 'SUCCESS', payment_amount: 499.5, payment_group: 'upi' } },
      }),
    ).toEqual({
      ok: true,
      event: {
        kind: 'payment_succeeded',
        orderId: 'TDK_1',
        payment: { id: '42', status: 'succeeded', method: 'UPI', amountPaise: 49_950 },
      },
    });
    // A "success" that does not say SUCCESS, or says no amount, is not acted on.
    expect(
      provider.readWebhook({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        data: { order, payment: { cf_payment_id: 42, payment_status: 'PENDING' } },
      }),
    ).toEqual({ ok: true, event: { kind: 'ignored' } });
    expect(
      provider.readWebhook({
        type: 'PAYMENT_USER_DROPPED_WEBHOOK',
        data: { order, payment: { cf_payment_id: '7', payment_status: 'USER_DROPPED' } },
      }),
    ).toEqual({ ok: true, event: { kind: 'payment_failed', orderId: 'TDK_1' } });
    expect(
      provider.readWebhook({
        type: 'REFUND_STATUS_WEBHOOK',
        data: {
          refund: {
            refund_id: 'TDK_RF_1',
            order_id: 'TDK_1',
            cf_refund_id: 9,
            refund_status: 'SUCCESS',
            status_description: 'Done',
          },
        },
      }),
    ).toEqual({
      ok: true,
      event: {
        kind: 'refund',
        refund: { refundId: 'TDK_RF_1', orderId: 'TDK_1', status: 'succeeded', reference: '9', description: 'Done' },
      },
    });
    expect(provider.readWebhook({ type: 'SETTLEMENT_WEBHOOK', data: {} })).toEqual({ ok: true, event: { kind: 'ignored' } });
    expect(
      provider.readWebhook({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: '../x' }, payment: {} } }),
    ).toMatchObject({
      ok: false,
      problem: expect.any(String),
    });
  });

  it('tells the storefront which SDK to load and the CSP which origins it needs', () => {
    expect(createCashfreeProvider({ env: env('emulator') }).browser).toEqual({
      config: { provider: 'cashfree', mode: 'sandbox', sdkUrl: EMULATOR_SDK_PATH, emulated: true },
      origins: { script: [], connect: [], frame: [], form: [] },
    });
    expect(createCashfreeProvider({ env: env('production') }).browser).toEqual({
      config: { provider: 'cashfree', mode: 'production', sdkUrl: 'https://sdk.cashfree.com/js/v3/cashfree.js', emulated: false },
      origins: CASHFREE_ORIGINS,
    });
  });
});
