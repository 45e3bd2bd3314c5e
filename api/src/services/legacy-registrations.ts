// Registrations from before attendees were recorded one by one (decision 021): each becomes an
// order with as many attendees as it had tickets, at start, in one transaction, on either engine.
// The first attendee keeps the recorded participant (and, for a single ticket, its number, so its
// QR and e-mailed link keep working); the others are marked as details missing, for staff to
// complete. Types and prices come from the order's lines where it has them, so a mixed order
// that was recorded as "Student 5K × 5" gets back its 3 Half Marathon and 2 Student 5K attendees.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { ENTRY_LIST } from '../db/model';
import { checkIns, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import { attendeeTicketNumber } from './attendees';
import { ticketCode } from './registrations';
import { recordPayment } from './refunds';

type RegistrationRow = typeof registrations.$inferSelect;
type Seat = { ticketId: number | null; ticketName: string; pricePaise: number };

/** The seats a legacy registration sold, in order: its order's lines, or its one ticket type × quantity. */
async function seatsOf(tx: Db, row: RegistrationRow): Promise<Seat[]> {
  const seats: Seat[] = [];
  if (row.orderId) {
    const lines = await tx
      .select({
        ticketId: orderLines.ticketTypeId,
        quantity: orderLines.quantity,
        pricePaise: orderLines.unitPricePaise,
        name: ticketTypes.name,
      })
      .from(orderLines)
      .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
      .where(eq(orderLines.orderId, row.orderId))
      .orderBy(asc(orderLines.id));
    for (const line of lines) {
      for (let i = 0; i < line.quantity; i++) {
        seats.push({ ticketId: line.ticketId, ticketName: line.name ?? row.ticketName, pricePaise: line.pricePaise });
      }
    }
  }
  if (seats.length !== row.quantity) {
    // No lines (a registration staff or the seed made), or lines that do not add up: the row's own.
    seats.length = 0;
    const each = row.quantity > 0 ? Math.round(row.amountPaise / row.quantity) : row.ticketPricePaise;
    for (let i = 0; i < row.quantity; i++) seats.push({ ticketId: row.ticketId, ticketName: row.ticketName, pricePaise: each });
  }
  return seats;
}

const ORDER_STATUS_OF_PAYMENT = { Paid: 'PAID', Refunded: 'PAID', Pending: 'EXPIRED', Failed: 'FAILED' } as const;

/** Splits every legacy registration; returns how many it turned into orders of attendees. */
export async function splitLegacyRegistrations(tx: Db, now = new Date()): Promise<number> {
  // Locked: two instances starting together split each registration once (the second finds none).
  const legacy = await forUpdate(tx.select().from(registrations).where(eq(registrations.position, 0)).orderBy(registrations.id));
  const at = now.toISOString();
  for (const row of legacy) {
    const reference = row.registrationNumber;
    const seats = await seatsOf(tx, row);
    const single = seats.length <= 1;
    let orderId = row.orderId;
    if (!orderId) {
      // A registration with no order gets one, so that payment state lives on an order.
      orderId = `LEGACY_${reference}`.slice(0, 45);
      await tx.insert(orders).values({
        id: orderId,
        eventId: row.eventId,
        amountPaise: row.amountPaise,
        status: ORDER_STATUS_OF_PAYMENT[row.paymentStatus],
        holdExpiresAt: row.registrationDate,
        holdReleasedAt: row.registrationDate,
        customerName: `${row.firstName} ${row.lastName}`.trim(),
        customerEmail: row.email,
        customerPhone: row.phone,
        participant: { attendees: [] },
        bookingReference: reference,
        createdAt: row.registrationDate,
        updatedAt: at,
      });
      // Its payment is a row (decision 036), as the provider's would be; it had no provider id of its own.
      if (ORDER_STATUS_OF_PAYMENT[row.paymentStatus] === 'PAID') {
        await recordPayment(
          tx,
          orderId,
          { providerPaymentId: null, amountPaise: row.amountPaise, method: row.paymentMethod || 'Online' },
          now,
        );
      }
      const bySeat = new Map<number | null, { quantity: number; pricePaise: number }>();
      for (const seat of seats) {
        const line = bySeat.get(seat.ticketId) ?? { quantity: 0, pricePaise: seat.pricePaise };
        line.quantity++;
        bySeat.set(seat.ticketId, line);
      }
      if (bySeat.size > 0) {
        await tx.insert(orderLines).values(
          [...bySeat].map(([ticketTypeId, line]) => ({
            orderId: orderId!,
            ticketTypeId,
            quantity: line.quantity,
            unitPricePaise: line.pricePaise,
          })),
        );
      }
    } else {
      await tx.update(orders).set({ bookingReference: reference, updatedAt: at }).where(eq(orders.id, orderId));
    }
    const first = seats[0] ?? { ticketId: row.ticketId, ticketName: row.ticketName, pricePaise: row.amountPaise };
    const firstNumber = single ? reference : attendeeTicketNumber(reference, 1);
    await tx
      .update(registrations)
      .set({
        registrationNumber: firstNumber,
        bookingReference: reference,
        position: 1,
        orderId,
        quantity: 1,
        ticketId: first.ticketId,
        ticketName: first.ticketName,
        ticketPricePaise: first.pricePaise,
        amountPaise: single ? row.amountPaise : first.pricePaise,
        qrCode: ticketCode(firstNumber, row.eventId),
      })
      .where(eq(registrations.id, row.id));
    if (single) continue;
    const added = await tx
      .insert(registrations)
      .values(
        seats.slice(1).map((seat, i) => {
          const number = attendeeTicketNumber(reference, i + 2);
          return {
            registrationNumber: number,
            bookingReference: reference,
            position: i + 2,
            detailsMissing: true,
            orderId,
            eventId: row.eventId,
            organisationId: row.organisationId,
            ticketId: seat.ticketId,
            ticketName: seat.ticketName,
            ticketPricePaise: seat.pricePaise,
            quantity: 1,
            amountPaise: seat.pricePaise,
            registrationDate: row.registrationDate,
            status: row.status,
            paymentStatus: row.paymentStatus,
            paymentMethod: row.paymentMethod,
            transactionId: row.transactionId,
            qrCode: ticketCode(number, row.eventId),
            firstName: 'Guest',
            lastName: 'User',
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: registrations.id });
    // The group was admitted together: each of its people was.
    const [entry] = await tx
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.registrationId, row.id), eq(checkIns.list, ENTRY_LIST)));
    if (entry && added.length > 0) {
      const { id: _id, registrationId: _group, ...admission } = entry;
      await tx.insert(checkIns).values(added.map((a) => ({ ...admission, registrationId: a.id })));
    }
  }
  if (legacy.length > 0) {
    console.log(`[api] split ${legacy.length} registration(s) from before attendees into orders of attendees`);
  }
  return legacy.length;
}
