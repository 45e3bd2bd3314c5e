import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { emailOutbox, registrations } from '../db/schema';
import type { MailTransport, OutgoingEmail } from '../mail/transport';
import { createCheckoutTestApp, orderBody, postJson, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { createCashfreeProvider } from '../payments/cashfree';
import { OUTBOX_INTERVAL_MS, startJobs } from './scheduler';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await createCheckoutTestApp();
});
afterAll(() => t.close());

describe('the outbox worker', () => {
  it('sends the confirmation as soon as a payment is fulfilled, without waiting for its poll', async () => {
    const sent: OutgoingEmail[] = [];
    const transport: MailTransport = { send: async (message) => (sent.push(message), {}) };
    const workers = startJobs(t.db, t.env, createCashfreeProvider({ env: t.env, fetch: t.routeFetch }), transport);
    try {
      const ids = await seedCheckoutEvent(t, { title: 'Fast mail' });
      const email = 'fast-mail@example.com';
      const order = (await (
        await postJson(t, '/api/cashfree/create-order', orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email } }))
      ).json()) as CreateOrderResponse;
      await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
      const [registration] = await t.db.query((db) =>
        db.select().from(registrations).where(eq(registrations.orderId, order.orderId)),
      );
      expect(registration).toBeDefined();
      // Well inside the poll interval: only the wake-up can have sent it.
      await vi.waitFor(() => expect(sent.map((message) => message.to)).toContain(email), {
        timeout: OUTBOX_INTERVAL_MS / 4,
        interval: 20,
      });
      // …and recorded as sent, so that no later run sends it again.
      await vi.waitFor(
        async () => {
          const rows = await t.db.query((db) =>
            db.select().from(emailOutbox).where(eq(emailOutbox.registrationId, registration.id)),
          );
          expect(rows.map((row) => [row.kind, row.status, row.attempts, row.lastError]).sort()).toEqual([
            ['admin_notification', 'sent', 1, null],
            ['participant_confirmation', 'sent', 1, null],
          ]);
        },
        { timeout: OUTBOX_INTERVAL_MS / 4, interval: 20 },
      );
      expect(sent.filter((message) => message.to === email)).toHaveLength(1);
    } finally {
      await workers.stop();
    }
  });
});
