import { randomInt } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import { REGISTRATION_NUMBER_PREFIX, TICKET_CODE_PREFIX, type Registration, type RegistrationStats } from '../contract';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';
import { toRupees } from './money';

const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** REG, then a time part (base-36 milliseconds) and a random suffix (SPEC.md section 5). */
export function generateRegistrationNumber(at: Date = new Date()): string {
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${REGISTRATION_NUMBER_PREFIX}${at.getTime().toString(36).toUpperCase()}${suffix}`;
}

/** The ticket code printed as QR: TDK-{registrationNumber}-{eventId}. */
export const ticketCode = (registrationNumber: string, eventId: number) =>
  `${TICKET_CODE_PREFIX}-${registrationNumber}-${eventId}`;

type RegistrationRow = typeof registrations.$inferSelect;

export function toRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    registrationNumber: row.registrationNumber,
    orderId: row.orderId,
    eventId: row.eventId,
    eventName: row.eventName,
    eventDate: row.eventDate,
    eventTime: row.eventTime,
    eventVenue: row.eventVenue,
    ticketId: row.ticketId,
    ticketName: row.ticketName,
    ticketPrice: toRupees(row.ticketPricePaise),
    quantity: row.quantity,
    amount: toRupees(row.amountPaise),
    registrationDate: row.registrationDate,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    transactionId: row.transactionId,
    checkInTime: row.checkInTime,
    qrCode: row.qrCode || ticketCode(row.registrationNumber, row.eventId),
    ticketDownloaded: row.ticketDownloaded,
    emailSent: row.emailSent,
    whatsappSent: row.whatsappSent,
    notes: row.notes,
    participantInfo: {
      firstName: row.firstName || 'Guest',
      lastName: row.lastName || 'User',
      email: row.email,
      phone: row.phone,
      dateOfBirth: row.dateOfBirth,
      gender: row.gender,
      emergencyContact: { name: row.emergencyContactName, phone: row.emergencyContactPhone },
    },
    additionalInfo: {
      medicalConditions: row.medicalConditions,
      dietaryRestrictions: row.dietaryRestrictions,
      previousExperience: row.previousExperience,
      teamName: row.teamName,
      shirtSize: row.shirtSize,
      bloodGroup: row.bloodGroup,
    },
  };
}

/** Every registration, most recent first. */
export function listRegistrations(db: Db): Registration[] {
  return db
    .select()
    .from(registrations)
    .orderBy(desc(registrations.registrationDate), desc(registrations.id))
    .all()
    .map(toRegistration);
}

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

export function registrationStats(db: Db): RegistrationStats {
  const row = db
    .select({
      total: sql<number>`count(*)`,
      confirmed: countWhere(sql`${registrations.status} = 'Confirmed'`),
      pending: countWhere(sql`${registrations.status} = 'Pending'`),
      cancelled: countWhere(sql`${registrations.status} = 'Cancelled'`),
      checkedIn: countWhere(sql`${registrations.status} = 'Checked-In'`),
      revenuePaise: sql<number>`coalesce(sum(case when ${registrations.paymentStatus} = 'Paid' then ${registrations.amountPaise} else 0 end), 0)`,
    })
    .from(registrations)
    .get()!;
  return {
    totalRegistrations: row.total,
    confirmedRegistrations: row.confirmed,
    pendingRegistrations: row.pending,
    cancelledRegistrations: row.cancelled,
    checkedInRegistrations: row.checkedIn,
    totalRevenue: toRupees(row.revenuePaise),
  };
}
