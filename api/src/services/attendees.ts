// Orders and attendees (decision 021): an order holds one attendee per ticket bought. The attendee
// as checkout priced them, and the columns of their row, which create-order writes on hold and
// fulfilment makes an attendee (decision 040, services/order-positions.ts).
import {
  isChildOn,
  type AnswerValue,
  type AttendeeDetails,
  type CheckoutAttendee,
  type ParticipantFieldModes,
} from '../contract';
import type { orderLines, registrations } from '../db/schema';

/** An attendee as checkout priced them; also the shape of `orders.participant` before decision 040 (read once by order-positions.ts). */
export interface StoredAttendee {
  ticketId: number;
  /** Absent for the later tickets of an order from before attendees were recorded one by one. */
  participant?: AttendeeDetails;
  answers?: Record<string, AnswerValue>;
  team?: string;
  /** What this attendee's ticket costs, as create-order priced it (a team's price shared among its members, less discounts; GST included). */
  pricePaise?: number;
  /** Decision 031: the listed price before discounts, what the discounts took off, and the GST rate applied (0: exempt or untaxed). */
  listPricePaise?: number;
  discountPaise?: number;
  gstRate?: number;
  /** Decision 033: the order's promo code applied to this attendee (one use), and what it took off. */
  promo?: boolean;
  promoDiscountPaise?: number;
  /** Decision 060: the ticket's convenience fee and its GST (paid on top of pricePaise) and the commission from it. */
  fees?: { feePaise: number; feeGstPaise: number; commissionPaise: number };
  /**
   * Consent (decision 030): the privacy notice's version the buyer accepted, and when; the version is
   * the platform's part and the event's organisation's part (decision 061; absent before it).
   */
  consent?: { noticeVersion: number; organiserNoticeVersion?: number; at: string };
  /** A child's parent or guardian, who consented at `consentAt`. */
  guardian?: { name: string; relation: string; phone: string; consentAt: string };
}

/** What the pricing function (services/pricing.ts) made of one attendee's ticket. */
export interface AttendeePrice {
  listPaise: number;
  groupDiscountPaise: number;
  promoDiscountPaise: number;
  netPaise: number;
  gstRate: number;
  promoApplied?: boolean;
  feePaise?: number;
  feeGstPaise?: number;
  commissionPaise?: number;
}

/** The order's attendees in the buyer's order (`orders.participant`'s shape before decision 040). */
export interface StoredOrderAttendees {
  attendees: StoredAttendee[];
}

export const storeAttendees = (
  attendees: CheckoutAttendee[],
  prices: AttendeePrice[],
  consent?: { noticeVersion: number; organiserNoticeVersion?: number; at: string },
): StoredOrderAttendees => ({
  attendees: attendees.map((a, i) => ({
    ticketId: a.ticketId,
    pricePaise: prices[i]!.netPaise,
    listPricePaise: prices[i]!.listPaise,
    discountPaise: prices[i]!.groupDiscountPaise + prices[i]!.promoDiscountPaise,
    gstRate: prices[i]!.gstRate,
    ...(prices[i]!.promoApplied ? { promo: true, promoDiscountPaise: prices[i]!.promoDiscountPaise } : {}),
    fees: {
      feePaise: prices[i]!.feePaise ?? 0,
      feeGstPaise: prices[i]!.feeGstPaise ?? 0,
      commissionPaise: prices[i]!.commissionPaise ?? 0,
    },
    participant: a.participant,
    ...(a.answers && Object.keys(a.answers).length > 0 ? { answers: a.answers } : {}),
    ...(a.team ? { team: a.team } : {}),
    ...(consent ? { consent } : {}),
    ...(a.guardian && consent
      ? { guardian: { name: a.guardian.name, relation: a.guardian.relation, phone: a.guardian.phone, consentAt: consent.at } }
      : {}),
  })),
});

/** The consent and guardian columns of an attendee row (decision 030). */
export const consentColumns = (attendee: StoredAttendee) => ({
  consentNoticeVersion: attendee.consent?.noticeVersion ?? null,
  consentOrganiserNoticeVersion: attendee.consent?.organiserNoticeVersion ?? null,
  consentAt: attendee.consent?.at ?? null,
  guardianName: attendee.guardian?.name ?? '',
  guardianRelation: attendee.guardian?.relation ?? '',
  guardianPhone: attendee.guardian?.phone ?? '',
  guardianConsentAt: attendee.guardian?.consentAt ?? null,
});

/** The single participant form create-order stored before issue 23. */
interface EarlierParticipant {
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

type Line = Pick<typeof orderLines.$inferSelect, 'ticketTypeId' | 'quantity'>;

/**
 * The attendees of an order, one per ticket of its lines. An order written before issue 23 (still
 * unpaid when the platform was upgraded) had one participant form: it goes on the first ticket,
 * and the others are attendees whose details are missing.
 */
export function attendeesOfOrder(participant: unknown, lines: Line[]): StoredAttendee[] {
  const stored = participant as Partial<StoredOrderAttendees> | null;
  if (stored && Array.isArray(stored.attendees)) return stored.attendees;
  const earlier = (participant ?? {}) as EarlierParticipant;
  const attendees: StoredAttendee[] = [];
  for (const line of lines) {
    for (let i = 0; i < line.quantity; i++) {
      attendees.push({
        ticketId: line.ticketTypeId ?? 0,
        participant:
          attendees.length === 0 && earlier.fullName
            ? ({
                fullName: earlier.fullName,
                email: earlier.email,
                phone: earlier.phone ?? '',
                dateOfBirth: '',
                gender: (earlier.gender ?? 'other') as AttendeeDetails['gender'],
                emergencyContact: earlier.emergencyContact ?? '',
                emergencyPhone: earlier.emergencyPhone ?? '',
                tshirtSize: earlier.tshirtSize as AttendeeDetails['tshirtSize'],
                bloodGroup: earlier.bloodGroup as AttendeeDetails['bloodGroup'],
                medicalConditions: earlier.medicalConditions,
                experience: earlier.experience as AttendeeDetails['experience'],
              } satisfies AttendeeDetails)
            : undefined,
      });
    }
  }
  return attendees;
}

/** An attendee's own ticket number: the booking reference and their two-digit place in the order. */
export const attendeeTicketNumber = (bookingReference: string, position: number) =>
  `${bookingReference}${String(position).padStart(2, '0')}`;

export function splitName(fullName: string | undefined): { firstName: string; lastName: string } {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? 'Guest', lastName: parts.slice(1).join(' ') || 'User' };
}

type RegistrationInsert = typeof registrations.$inferInsert;

/** The participant columns of an attendee row; a missing participant leaves them empty and marks the row. */
export function participantColumns(
  participant: AttendeeDetails | undefined,
): Pick<
  RegistrationInsert,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'dateOfBirth'
  | 'gender'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
  | 'medicalConditions'
  | 'previousExperience'
  | 'shirtSize'
  | 'bloodGroup'
  | 'detailsMissing'
> {
  if (!participant) {
    return { firstName: 'Guest', lastName: 'User', email: '', phone: '', dateOfBirth: null, gender: '', detailsMissing: true };
  }
  const { firstName, lastName } = splitName(participant.fullName);
  return {
    firstName,
    lastName,
    email: participant.email ?? '',
    phone: participant.phone,
    dateOfBirth: participant.dateOfBirth || null,
    gender: participant.gender,
    emergencyContactName: participant.emergencyContact,
    emergencyContactPhone: participant.emergencyPhone,
    medicalConditions: participant.medicalConditions ?? '',
    previousExperience: participant.experience ?? '',
    shirtSize: participant.tshirtSize ?? '',
    bloodGroup: participant.bloodGroup ?? '',
    detailsMissing: false,
  };
}

/**
 * The attendees as they are kept (decision 030, data minimisation): health details an event does
 * not ask (its blood group and medical conditions hidden) are not stored even when sent, nor a
 * guardian for an adult.
 */
export function withoutUnasked(
  attendees: CheckoutAttendee[],
  modes: ParticipantFieldModes,
  eventDate: string,
): CheckoutAttendee[] {
  return attendees.map((attendee) => {
    const participant = { ...attendee.participant };
    if (modes.bloodGroup === 'hidden') delete participant.bloodGroup;
    if (modes.medicalConditions === 'hidden') delete participant.medicalConditions;
    const child = isChildOn(participant.dateOfBirth, eventDate);
    const { guardian, ...rest } = attendee;
    return { ...rest, participant, ...(child && guardian ? { guardian } : {}) };
  });
}
