import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreateOrderResponse } from '../contract';
import type { MailTransport, OutgoingEmail } from '../mail/transport';
import { createCheckoutTestApp, PARTICIPANT, postJson, seedCheckoutEvent, type CheckoutTestApp } from './test-checkout';
import { OUTBOX_INTERVAL_MS, startCheckoutWorkers } from './workers';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

describe('the outbox worker', () => {
  it('sends the confirmation as soon as a payment is fulfilled, without waiting for its poll', async () => {
    const sent: OutgoingEmail[] = [];
    const transport: MailTransport = { send: async (message) => (sent.push(message), {}) };
    const workers = startCheckoutWorkers(t.db, t.env, transport);
    try {
      const ids = seedCheckoutEvent(t, { title: 'Fast mail' });
      const email = 'fast-mail@example.com';
      const order = (await (
        await postJson(t, '/api/cashfree/create-order', {
          eventId: ids.eventId,
          tickets: [{ ticketId: ids.general, quantity: 1 }],
          participant: { ...PARTICIPANT, email },
        })
      ).json()) as CreateOrderResponse;
      await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
      // Well inside the poll interval: only the wake-up can have sent it.
      await vi.waitFor(() => expect(sent.map((message) => message.to)).toContain(email), {
        timeout: OUTBOX_INTERVAL_MS / 4,
        interval: 20,
      });
    } finally {
      workers.stop();
    }
  });
});
