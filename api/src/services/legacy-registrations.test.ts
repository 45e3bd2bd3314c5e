import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderLines, orders, payments, registrations, ticketTypes } from '../db/schema';
import { seedCheckoutEvent } from '../testing/test-checkout';
import { createTestApp, type TestApp } from '../testing/test-app';
import { splitLegacyRegistrations } from './legacy-registrations';
import { ticketCode } from './registrations';
import { organisationOfEvent } from '../db/tenancy';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** A registration as the platform recorded it before issue 23: one row for the whole order. */
const legacyRow = (eventId: number, ticketId: number, number: string, quantity: number, pricePaise: number) => ({
  registrationNumber: number,
  eventId,
  organisationId: organisationOfEvent(eventId),
  eventName: 'Checkout Test Run',
  eventDate: '2030-01-15',
  eventTime: '06:30',
  eventVenue: 'Marine Drive, Mumbai',
  ticketId,
  ticketName: 'General',
  ticketPricePaise: pricePaise,
  quantity,
  amountPaise: pricePaise * quantity,
  status: 'Confirmed' as const,
  paymentStatus: 'Paid' as const,
  paymentMethod: 'UPI',
  transactionId: 'cf_pay_1',
  qrCode: ticketCode(number, eventId),
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  emergencyContactName: 'Ravi Rao',
  shirtSize: 'L',
  position: 0,
});

const attendeesOf = (reference: string) =>
  t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.bookingReference, reference)).orderBy(asc(registrations.position)),
  );

describe('registrations from before attendees', () => {
  it('turns a quantity-3 registration into an order of 3 attendees, the participant on the first, nothing lost', async () => {
    const seed = await seedCheckoutEvent(t);
    await t.db.query((db) => db.insert(registrations).values(legacyRow(seed.eventId, seed.general, 'REGOLD3GRP', 3, 49_950)));

    expect(await t.db.transaction((tx) => splitLegacyRegistrations(tx))).toBe(1);

    const attendees = await attendeesOf('REGOLD3GRP');
    expect(attendees.map((a) => [a.registrationNumber, a.position, a.quantity, a.amountPaise, a.detailsMissing])).toEqual([
      ['REGOLD3GRP01', 1, 1, 49_950, false],
      ['REGOLD3GRP02', 2, 1, 49_950, true],
      ['REGOLD3GRP03', 3, 1, 49_950, true],
    ]);
    expect(attendees[0]).toMatchObject({ firstName: 'Asha', lastName: 'Rao', shirtSize: 'L', emergencyContactName: 'Ravi Rao' });
    expect(new Set(attendees.map((a) => a.qrCode)).size).toBe(3);
    // Every attendee belongs to one order, which says what was paid.
    const [order] = await t.db.query((db) => db.select().from(orders).where(eq(orders.id, attendees[0]!.orderId!)));
    expect(order).toMatchObject({ bookingReference: 'REGOLD3GRP', amountPaise: 3 * 49_950, status: 'PAID' });
    // Its payment is a row, as every paid order's (decision 036): the registration's method, no provider id.
    const paid = await t.db.query((db) => db.select().from(payments).where(eq(payments.orderId, order!.id)));
    expect(paid.map((p) => [p.providerPaymentId, p.method, p.amountPaise])).toEqual([[null, 'UPI', 3 * 49_950]]);
    expect(attendees.every((a) => a.orderId === order!.id)).toBe(true);
    const lines = await t.db.query((db) => db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)));
    expect(lines.map((l) => [l.ticketTypeId, l.quantity])).toEqual([[seed.general, 3]]);

    // Run again (the next start): nothing changes.
    expect(await t.db.transaction((tx) => splitLegacyRegistrations(tx))).toBe(0);
    expect(await attendeesOf('REGOLD3GRP')).toHaveLength(3);
  });

  it('keeps a single ticket number (its QR and link keep working) and gives back a mixed order its ticket types', async () => {
    const seed = await seedCheckoutEvent(t);
    await t.db.query(async (db) => {
      await db.insert(registrations).values(legacyRow(seed.eventId, seed.general, 'REGOLDONE', 1, 49_950));
      // 2 × VIP + 1 × General, recorded as the first line's type × 3.
      await db.insert(orders).values({
        id: 'TDK_OLD_MIXED',
        eventId: seed.eventId,
        amountPaise: 2 * 150_000 + 49_950,
        status: 'PAID',
        holdExpiresAt: '2029-12-01T00:00:00.000Z',
        customerName: 'Asha Rao',
        customerEmail: 'asha@example.com',
        customerPhone: '9876543210',
        participant: { fullName: 'Asha Rao' },
      });
      await db.insert(orderLines).values([
        { orderId: 'TDK_OLD_MIXED', ticketTypeId: seed.vip, quantity: 2, unitPricePaise: 150_000 },
        { orderId: 'TDK_OLD_MIXED', ticketTypeId: seed.general, quantity: 1, unitPricePaise: 49_950 },
      ]);
      await db.insert(registrations).values({
        ...legacyRow(seed.eventId, seed.vip, 'REGOLDMIX', 3, 150_000),
        orderId: 'TDK_OLD_MIXED',
        amountPaise: 349_950,
      });
    });

    await t.db.transaction((tx) => splitLegacyRegistrations(tx));

    const [single] = await attendeesOf('REGOLDONE');
    expect(single).toMatchObject({ registrationNumber: 'REGOLDONE', position: 1, quantity: 1, detailsMissing: false });
    const mixed = await attendeesOf('REGOLDMIX');
    const [vip] = await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.id, seed.vip)));
    expect(mixed.map((a) => [a.ticketId, a.ticketName, a.amountPaise])).toEqual([
      [seed.vip, vip!.name, 150_000],
      [seed.vip, vip!.name, 150_000],
      [seed.general, 'General', 49_950],
    ]);
    expect(mixed.reduce((sum, a) => sum + a.amountPaise, 0)).toBe(349_950);
  });
});
