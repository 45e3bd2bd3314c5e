// Turning a paid order into a registration (DESIGN.md section 5), in the ONE transaction it is handed: the order
// becomes PAID, its held seats become sold, the registration is created Confirmed/Paid and both
// e-mails are queued. Idempotent on the order's status and on cf_payment_id: a duplicate webhook
// or a verify racing the webhook finds the order PAID and returns the same registration.
// A payment that lands after its hold lapsed is fulfilled only while capacity remains
// (sold + held + q <= quantity); otherwise the order is flagged REFUND_REQUIRED. Never oversold.
import { eq, sql, and } from 'drizzle-orm';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { events, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import type { Env } from '../env';
import { enqueueRegistrationEmails, planRegistrationEmails } from '../mail/outbox';
import { releaseLines } from './holds';
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

export async function fulfilOrder(
  tx: Db,
  env: MailEnv,
  orderId: string,
  payment: ProviderPayment,
  now = new Date(),
): Promise<FulfilOutcome> {
  // Locked: a verify and a webhook for the same order wait for each other here.
  const [order] = await forUpdate(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!order) return { kind: 'not_found' } as const;
  if (order.status === 'PAID') {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.orderId, orderId)).limit(1);
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
    return flagForRefund(tx, order, payment, now, `Paid ${payment.amountPaise} paise for an order of ${order.amountPaise}`);
  }
  const [event] = order.eventId === null ? [] : await tx.select().from(events).where(eq(events.id, order.eventId));
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  const first = lines[0];
  const [firstTicket] =
    first?.ticketTypeId == null ? [] : await tx.select().from(ticketTypes).where(eq(ticketTypes.id, first.ticketTypeId));
  if (!event || !first || !firstTicket) return flagForRefund(tx, order, payment, now, 'The event or ticket no longer exists');

  // Everything read before the seats' rows are locked: from sellLines to the commit, every other
  // buyer of these tickets waits, so only writes follow it.
  const emails = await planRegistrationEmails(tx, order.id);
  const holding = order.status === 'CREATED' && order.holdReleasedAt === null;
  const unsellable = await sellLines(tx, lines, holding, now);
  if (unsellable) return flagForRefund(tx, order, payment, now, unsellable);

  const p = (order.participant ?? {}) as StoredParticipant;
  const { firstName, lastName } = splitName(p.fullName ?? order.customerName);
  const registrationNumber = generateRegistrationNumber(now);
  const [registration] = await tx
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
    .returning();

  await tx
    .update(orders)
    .set({
      status: 'PAID',
      cfPaymentId: payment.cfPaymentId,
      paymentMethod: payment.paymentMethod,
      holdReleasedAt: order.holdReleasedAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(eq(orders.id, order.id));

  await enqueueRegistrationEmails(tx, env, registration, now, emails);
  return { kind: 'paid', registration, created: true } as const;
}

type Line = typeof orderLines.$inferSelect;

/**
 * Moves each line's seats from held to sold (or, for a payment after its hold lapsed, takes them
 * while capacity remains), all or none: a line that cannot be sold gives back the lines before it.
 * Returns why the order cannot be sold, or undefined when it was.
 */
async function sellLines(tx: Db, lines: Line[], holding: boolean, now: Date): Promise<string | undefined> {
  const sold: { ticketTypeId: number; quantity: number }[] = [];
  let problem: string | undefined;
  for (const line of lines) {
    if (line.ticketTypeId === null) {
      problem = 'A ticket type was deleted';
      break;
    }
    const q = line.quantity;
    const changed = holding
      ? await tx
          .update(ticketTypes)
          .set({ held: sql`${ticketTypes.held} - ${q}`, sold: sql`${ticketTypes.sold} + ${q}`, updatedAt: now.toISOString() })
          .where(and(eq(ticketTypes.id, line.ticketTypeId), sql`${ticketTypes.held} >= ${q}`))
          .returning({ id: ticketTypes.id })
      : await tx
          .update(ticketTypes)
          .set({ sold: sql`${ticketTypes.sold} + ${q}`, updatedAt: now.toISOString() })
          .where(
            and(
              eq(ticketTypes.id, line.ticketTypeId),
              sql`${ticketTypes.sold} + ${ticketTypes.held} + ${q} <= ${ticketTypes.quantity}`,
            ),
          )
          .returning({ id: ticketTypes.id });
    if (changed.length !== 1) {
      problem = 'No capacity left for a late payment';
      break;
    }
    sold.push({ ticketTypeId: line.ticketTypeId, quantity: q });
  }
  if (!problem) return undefined;
  for (const line of sold) {
    await tx
      .update(ticketTypes)
      .set(
        holding
          ? { held: sql`${ticketTypes.held} + ${line.quantity}`, sold: sql`${ticketTypes.sold} - ${line.quantity}` }
          : { sold: sql`${ticketTypes.sold} - ${line.quantity}` },
      )
      .where(eq(ticketTypes.id, line.ticketTypeId));
  }
  return problem;
}

async function flagForRefund(
  tx: Db,
  order: OrderRow,
  payment: ProviderPayment,
  now: Date,
  reason: string,
): Promise<FulfilOutcome> {
  await releaseLines(tx, order, now);
  await tx
    .update(orders)
    .set({
      status: 'REFUND_REQUIRED',
      cfPaymentId: payment.cfPaymentId,
      paymentMethod: payment.paymentMethod,
      updatedAt: now.toISOString(),
    })
    .where(eq(orders.id, order.id));
  console.warn(`[payments] order ${order.id} needs a refund: ${reason}`);
  return { kind: 'refund_required', reason };
}

/** A failed or abandoned payment: the order fails and its hold is released (if still CREATED). */
export async function failOrder(tx: Db, orderId: string, now = new Date()): Promise<boolean> {
  const [order] = await forUpdate(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!order || order.status !== 'CREATED') return false;
  await releaseLines(tx, order, now);
  await tx.update(orders).set({ status: 'FAILED', updatedAt: now.toISOString() }).where(eq(orders.id, orderId));
  return true;
}
