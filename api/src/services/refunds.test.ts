// The parts of refunds that need no provider: shares, and the records made for older data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, orders, payments, registrations } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { orderPaymentsAndRefunds, recordPastRefunds, refundShares } from './refunds';
import { testOrganisationId } from '../testing/organisations';
import { organisationOfEvent } from '../db/tenancy';

describe('refundShares', () => {
  it('shares a refund by price, to the paisa, the first taking the odd paise', () => {
    const shares = refundShares(10_001, [
      { id: 1, amountPaise: 10_000 },
      { id: 2, amountPaise: 10_000 },
      { id: 3, amountPaise: 0 },
    ]);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(10_001);
    expect(Object.fromEntries(shares)).toEqual({ 1: 5001, 2: 5000, 3: 0 });
    expect(
      Object.fromEntries(
        refundShares(100, [
          { id: 7, amountPaise: 0 },
          { id: 8, amountPaise: 0 },
        ]),
      ),
    ).toEqual({ 7: 50, 8: 50 });
    expect(refundShares(100, []).size).toBe(0);
  });
});

describe('records for older data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  it('gives an attendee refunded before refunds were rows their refund, once, beside the payment their order has', async () => {
    await t.db.transaction(async (tx) => {
      const [event] = await tx
        .insert(events)
        .values({
          organisationId: await testOrganisationId(tx),
          title: 'Old Run',
          date: '2025-01-05',
          time: '06:00',
          venue: 'Juhu',
          location: 'Mumbai',
          category: 'Running',
          maxParticipants: 10,
          pricePaise: 50_000,
          status: 'Completed',
        })
        .returning();
      await tx.insert(orders).values({
        id: 'LEGACY_REGOLD1',
        eventId: event!.id,
        amountPaise: 100_000,
        status: 'PAID',
        holdExpiresAt: '2025-01-01T00:00:00.000Z',
        customerName: 'Old Buyer',
        customerEmail: 'old@example.com',
        customerPhone: '+919800000000',
        participant: {},
        bookingReference: 'REGOLD1',
      });
      // The payment migration 0031 (0028 on PostgreSQL) wrote from the order's columns (db/migrate-order-payments.test.ts).
      await tx.insert(payments).values({
        orderId: 'LEGACY_REGOLD1',
        providerPaymentId: 'cf_old_1',
        amountPaise: 100_000,
        method: 'UPI',
        paidAt: '2025-01-01T10:00:00.000Z',
      });
      for (const [position, paymentStatus] of [
        [1, 'Paid'],
        [2, 'Refunded'],
      ] as const) {
        await tx.insert(registrations).values({
          registrationNumber: `REGOLD10${position}`,
          bookingReference: 'REGOLD1',
          position,
          orderId: 'LEGACY_REGOLD1',
          eventId: event!.id,
          organisationId: organisationOfEvent(event!.id),
          ticketName: 'General',
          ticketPricePaise: 50_000,
          amountPaise: 50_000,
          refundedPaise: paymentStatus === 'Refunded' ? 50_000 : 0,
          status: paymentStatus === 'Refunded' ? 'Cancelled' : 'Confirmed',
          paymentStatus,
          qrCode: `TDK-REGOLD10${position}-${event!.id}`,
        });
      }
    });
    for (let run = 0; run < 2; run++) {
      await t.db.transaction(async (tx) => {
        await recordPastRefunds(tx);
      });
    }
    const found = await t.db.query((db) => orderPaymentsAndRefunds(db, 'LEGACY_REGOLD1'));
    expect(found.payments).toMatchObject([{ providerPaymentId: 'cf_old_1', amountPaise: 100_000, method: 'UPI' }]);
    const [second] = await t.db.query((db) =>
      db.select().from(registrations).where(eq(registrations.registrationNumber, 'REGOLD102')),
    );
    expect(found.refunds).toMatchObject([
      { amountPaise: 50_000, status: 'succeeded', requestedBy: 'system', attendeeIds: [second!.id] },
    ]);
    expect(found.money).toEqual({ paidPaise: 100_000, refundedPaise: 50_000, duePaise: 0, refundablePaise: 50_000 });
  });
});
