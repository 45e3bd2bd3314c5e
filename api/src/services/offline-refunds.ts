// Refunds of money taken offline (issue 40, decision 045): an attendee who paid in cash at a desk
// (or whose booking was recorded without an online order: the demo data, an older install) cannot
// be refunded through the payment provider, which never saw the money. Staff record such a refund:
// a refund row marked offline (settled at once, no provider call), the attendee cancelled and
// their seat released, a credit note as for any refund, the buyer told by e-mail, the audit log
// written, all in one transaction. Event cancellation refunds such attendees the same way.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { orders, registrations } from '../db/schema';
import type { Env } from '../env';
import { recordPayment, refundOrder, RefundRefusal, type RefundActor } from './refunds';

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;
type RegistrationRow = typeof registrations.$inferSelect;

/** The method an order paid offline is recorded with when the attendee names none. */
export const OFFLINE_METHOD = 'Cash';

/** The order id given to a booking recorded without an online order: one per booking reference. */
export const offlineOrderIdOf = (bookingReference: string) => `OFFLINE_${bookingReference}`.slice(0, 45);

/**
 * Gives the booking of attendees recorded without an order (paid offline) an order of its own, PAID,
 * with the money as one payment no provider saw, so that its money adds up and a refund has an
 * order to belong to. The attendees of the same booking reference and event join it. Idempotent:
 * a booking that has its order already is left as it is. Returns the order's id.
 */
export async function orderForOfflineBooking(tx: Db, attendee: RegistrationRow, now: Date): Promise<string> {
  if (attendee.orderId) return attendee.orderId;
  const booking = await forUpdate(
    tx
      .select()
      .from(registrations)
      .where(
        and(
          eq(registrations.bookingReference, attendee.bookingReference),
          eq(registrations.eventId, attendee.eventId),
          isNull(registrations.orderId),
          isAttendee,
        ),
      )
      .orderBy(asc(registrations.position), asc(registrations.id)),
  );
  const members = booking.length > 0 ? booking : [attendee];
  const buyer = members.find((m) => m.email) ?? members[0]!;
  const paid = members.filter((m) => m.paymentStatus === 'Paid' || m.paymentStatus === 'Refunded');
  const amountPaise = paid.reduce((n, m) => n + m.amountPaise, 0);
  const orderId = offlineOrderIdOf(attendee.bookingReference || attendee.registrationNumber);
  const at = now.toISOString();
  await tx.insert(orders).values({
    id: orderId,
    eventId: attendee.eventId,
    amountPaise,
    status: 'PAID',
    holdExpiresAt: buyer.registrationDate,
    holdReleasedAt: buyer.registrationDate,
    customerName: `${buyer.firstName} ${buyer.lastName}`.trim() || 'Attendee',
    customerEmail: buyer.email,
    customerPhone: buyer.phone,
    participant: { attendees: [] },
    bookingReference: attendee.bookingReference || null,
    createdAt: buyer.registrationDate,
    updatedAt: at,
  });
  // Its payment is a row even at 0 paise: how it was paid is read there (decision 036).
  await recordPayment(
    tx,
    orderId,
    { providerPaymentId: null, amountPaise, method: buyer.paymentMethod || OFFLINE_METHOD },
    new Date(buyer.registrationDate),
  );
  await tx
    .update(registrations)
    .set({ orderId })
    .where(
      inArray(
        registrations.id,
        members.map((m) => m.id),
      ),
    );
  return orderId;
}

export interface OfflineRefundInput {
  registrationId: number;
  /** Paise; defaults to what the attendee paid and has not had back. */
  amountPaise?: number;
  reason: string;
  actor: Extract<RefundActor, { kind: 'staff' }>;
}

/**
 * POST /api/admin/registrations/:id/offline-refund: staff record that an attendee who paid offline
 * was given their money back (cash, a bank transfer). Refused for an attendee whose order was paid
 * online: that refund goes through the provider (POST /api/admin/orders/:orderId/refunds).
 */
export async function recordOfflineRefund(tx: Db, env: MailEnv, input: OfflineRefundInput, now = new Date()) {
  const [attendee] = await forUpdate(
    tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.id, input.registrationId), isAttendee)),
  );
  if (!attendee) throw new RefundRefusal('not_found', 'Registration not found');
  if (attendee.paymentStatus === 'Refunded') throw new RefundRefusal('already_refunded', 'This attendee is already refunded');
  if (attendee.paymentStatus !== 'Paid')
    throw new RefundRefusal('not_paid', 'This attendee has not paid: there is nothing to refund');
  if (attendee.orderId) {
    const [order] = await tx.select({ online: orders.providerSessionId }).from(orders).where(eq(orders.id, attendee.orderId));
    if (order?.online) {
      const message = 'This attendee paid online: refund them from their order, through the payment provider';
      throw new RefundRefusal('invalid', message, { attendee: message });
    }
  }
  const orderId = await orderForOfflineBooking(tx, attendee, now);
  return refundOrder(
    tx,
    env,
    {
      orderId,
      attendeeIds: [attendee.id],
      amountPaise: input.amountPaise,
      reason: input.reason,
      actor: input.actor,
      offline: true,
    },
    now,
  );
}
