// Turning a paid order into a registration (DESIGN.md section 5), in ONE transaction: the order
// becomes PAID, its held seats become sold, the registration is created Confirmed/Paid and both
// e-mails are queued. Idempotent on the order's status and on cf_payment_id: a duplicate webhook
// or a verify racing the webhook finds the order PAID and returns the same registration.
// A payment that lands after its hold lapsed is fulfilled only while capacity remains
// (sold + held + q <= quantity); otherwise the order is flagged REFUND_REQUIRED. Never oversold.
import { eq, sql, and } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { events, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import type { Env } from '../env';
import { enqueueRegistrationEmails } from '../mail/outbox';
import { atomically, releaseLines } from './holds';
import { generateRegistrationNumber, ticketCode } from './registrations';

export interface ProviderPayment {
  /** null for a free order, which no provider saw. */
  cfPaymentId: string | null;
  /** SPEC's words: 'UPI', 'Credit Card', 'Debit Card', 'Net Banking', 'Free'… */
  paymentMethod: string;
  amountPaise: number;
}

type RegistrationRow = typeof registrations.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export type FulfilOutcome =
  | { kind: 'paid'; registration: RegistrationRow; created: boolean }
  | { kind: 'refund_required'; reason: string }
  | { kind: 'not_found' };

class Unfulfillable extends Error {}

/** The participant as create-order stored it (the validated registration form). */
interface StoredParticipant {
  fullName?: string;
  email?: string;
  phone?: string;
  age?: number;
  gender?: string;
  emergencyContact?: string;
  emergencyPhone?: string;
  tshirtSize?: string;
  bloodGroup?: string;
  medicalConditions?: string;
  experience?: string;
}

export function splitName(fullName: string | undefined): { firstName: string; lastName: string } {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? 'Guest', lastName: parts.slice(1).join(' ') || 'User' };
}

/** SPEC.md section 5: 1 January of (current year − age). */
export function dateOfBirthFromAge(age: number | undefined, now: Date): string | null {
  if (typeof age !== 'number' || !Number.isFinite(age) || age <= 0) return null;
  return `${String(now.getUTCFullYear() - Math.trunc(age)).padStart(4, '0')}-01-01`;
}

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

export function fulfilOrder(db: AppDb, env: MailEnv, orderId: string, payment: ProviderPayment, now = new Date()): FulfilOutcome {
  return atomically(db, () => {
    const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!order) return { kind: 'not_found' } as const;
    if (order.status === 'PAID') {
      const registration = db.select().from(registrations).where(eq(registrations.orderId, orderId)).get();
      if (payment.cfPaymentId && order.cfPaymentId && payment.cfPaymentId !== order.cfPaymentId) {
        console.warn(
          `[payments] order ${orderId} was paid twice (${order.cfPaymentId}, ${payment.cfPaymentId}): refund the second`,
        );
      }
      if (registration) return { kind: 'paid', registration, created: false } as const;
      return { kind: 'refund_required', reason: 'Order is paid but has no registration' } as const;
    }
    if (order.status === 'REFUND_REQUIRED') return { kind: 'refund_required', reason: 'Already flagged for refund' } as const;

    if (payment.amountPaise !== order.amountPaise) {
      return flagForRefund(db, order, payment, now, `Paid ${payment.amountPaise} paise for an order of ${order.amountPaise}`);
    }
    const event = order.eventId === null ? undefined : db.select().from(events).where(eq(events.id, order.eventId)).get();
    const lines = db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id).all();
    const first = lines[0];
    const firstTicket =
      first?.ticketTypeId == null ? undefined : db.select().from(ticketTypes).where(eq(ticketTypes.id, first.ticketTypeId)).get();
    if (!event || !first || !firstTicket) return flagForRefund(db, order, payment, now, 'The event or ticket no longer exists');

    const holding = order.status === 'CREATED' && order.holdReleasedAt === null;
    try {
      // A savepoint: if one line cannot be sold, the others are undone too.
      atomically(db, () => {
        for (const line of lines) {
          if (line.ticketTypeId === null) throw new Unfulfillable('A ticket type was deleted');
          const q = line.quantity;
          const changes = holding
            ? db
                .update(ticketTypes)
                .set({
                  held: sql`${ticketTypes.held} - ${q}`,
                  sold: sql`${ticketTypes.sold} + ${q}`,
                  updatedAt: now.toISOString(),
                })
                .where(and(eq(ticketTypes.id, line.ticketTypeId), sql`${ticketTypes.held} >= ${q}`))
                .run().changes
            : db
                .update(ticketTypes)
                .set({ sold: sql`${ticketTypes.sold} + ${q}`, updatedAt: now.toISOString() })
                .where(
                  and(
                    eq(ticketTypes.id, line.ticketTypeId),
                    sql`${ticketTypes.sold} + ${ticketTypes.held} + ${q} <= ${ticketTypes.quantity}`,
                  ),
                )
                .run().changes;
          if (changes !== 1) throw new Unfulfillable('No capacity left for a late payment');
        }
      });
    } catch (error) {
      if (error instanceof Unfulfillable) return flagForRefund(db, order, payment, now, error.message);
      throw error;
    }

    const p = (order.participant ?? {}) as StoredParticipant;
    const { firstName, lastName } = splitName(p.fullName ?? order.customerName);
    const registrationNumber = generateRegistrationNumber(now);
    const registration = db
      .insert(registrations)
      .values({
        registrationNumber,
        orderId: order.id,
        eventId: event.id,
        eventName: event.title,
        eventDate: event.date,
        eventTime: event.time,
        eventVenue: event.venue,
        ticketId: firstTicket.id,
        ticketName: firstTicket.name,
        ticketPricePaise: first.unitPricePaise,
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        amountPaise: order.amountPaise,
        registrationDate: now.toISOString(),
        status: 'Confirmed',
        paymentStatus: 'Paid',
        paymentMethod: payment.paymentMethod,
        transactionId: payment.cfPaymentId ?? order.id,
        qrCode: ticketCode(registrationNumber, event.id),
        notes: order.orderNote,
        firstName,
        lastName,
        email: p.email ?? order.customerEmail,
        // Digits only, as create-order stored them (SPEC.md: a phone is 10 digits).
        phone: order.customerPhone || (p.phone ?? ''),
        dateOfBirth: dateOfBirthFromAge(p.age, now),
        gender: p.gender ?? '',
        emergencyContactName: p.emergencyContact ?? '',
        emergencyContactPhone: (p.emergencyPhone ?? '').replace(/\D/g, ''),
        medicalConditions: p.medicalConditions ?? '',
        previousExperience: p.experience ?? '',
        shirtSize: p.tshirtSize ?? '',
        bloodGroup: p.bloodGroup ?? '',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .returning()
      .get();

    db.update(orders)
      .set({
        status: 'PAID',
        cfPaymentId: payment.cfPaymentId,
        paymentMethod: payment.paymentMethod,
        holdReleasedAt: order.holdReleasedAt ?? now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .where(eq(orders.id, order.id))
      .run();

    enqueueRegistrationEmails(db, env, registration, now);
    return { kind: 'paid', registration, created: true } as const;
  });
}

function flagForRefund(db: AppDb, order: OrderRow, payment: ProviderPayment, now: Date, reason: string): FulfilOutcome {
  releaseLines(db, order, now);
  db.update(orders)
    .set({
      status: 'REFUND_REQUIRED',
      cfPaymentId: payment.cfPaymentId,
      paymentMethod: payment.paymentMethod,
      updatedAt: now.toISOString(),
    })
    .where(eq(orders.id, order.id))
    .run();
  console.warn(`[payments] order ${order.id} needs a refund: ${reason}`);
  return { kind: 'refund_required', reason };
}

/** A failed or abandoned payment: the order fails and its hold is released (if still CREATED). */
export function failOrder(db: AppDb, orderId: string, now = new Date()): boolean {
  return atomically(db, () => {
    const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!order || order.status !== 'CREATED') return false;
    releaseLines(db, order, now);
    db.update(orders).set({ status: 'FAILED', updatedAt: now.toISOString() }).where(eq(orders.id, orderId)).run();
    return true;
  });
}
