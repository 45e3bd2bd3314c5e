// My bookings and self-service (issue 24, decision 023): a buyer signs in with a one-time link
// mailed to them, lists their orders, and changes or transfers an attendee as the event allows.
import { z } from 'zod';
import type { KitAuthorisationView } from './kit-authorisations';
import { answerValueSchema, type QuoteFeeLine } from './checkout';
import { attendeeDetailsSchema, EMAIL_PATTERN, plainText } from './registration';
import { messageKey } from './validation-messages';
import type { EventQuestion, ParticipantFieldModes } from './question-rules';
import type { AnswerValue } from './types';
import type { AssignedWave } from './waves';
import type { ResultStatus } from './race-times';

/** How long a sign-in link may be used (once). */
export const BOOKINGS_LINK_MINUTES = 30;
/** How long a buyer session lasts after the link is used. */
export const BUYER_SESSION_HOURS = 4;
/** The longest deadline staff may set: a year before the event. */
export const MAX_POLICY_HOURS = 24 * 365;

export {
  deferralCreditPaise,
  NO_SELF_SERVICE,
  raceSwapTerms,
  selfServiceOf,
  type RaceChangePolicy,
  type SelfServicePolicy,
} from './self-service-policy';

const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`);

/** The event form's policy (admin, English). */
export const selfServicePolicySchema = z.object({
  cancel: z
    .object({
      daysBefore: wholeNumber('Cancellation days before the event', 365),
      feePercent: wholeNumber('Cancellation fee', 100),
    })
    .nullable(),
  transfer: z.object({ hoursBefore: wholeNumber('Transfer hours before the event', MAX_POLICY_HOURS) }).nullable(),
  changeDetails: z.object({ hoursBefore: wholeNumber('Change of details hours before the event', MAX_POLICY_HOURS) }).nullable(),
  // Decision 071: race swaps and deferrals, until a moment in India time, at a fee per change.
  raceChange: z
    .object({
      swap: z.boolean(),
      defer: z.boolean(),
      until: z
        .string({ error: 'Race changes until must be a date and time' })
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Race changes until must be a date and time'),
      feePaise: wholeNumber('Race change fee', 10_000_000),
    })
    .refine((p) => p.swap || p.defer, { message: 'Allow race swaps, deferrals or both', path: ['swap'] })
    .nullable()
    .optional(),
});

/** POST /api/bookings/link: the e-mail to send a sign-in link to. */
export const bookingsLinkRequestSchema = z.object({
  email: plainText('validation.emailRequired')
    .trim()
    .min(1, 'validation.emailRequired')
    .max(254, messageKey('validation.maxChars', { max: 254 }))
    .regex(EMAIL_PATTERN, 'validation.emailInvalid'),
  language: z.enum(['en', 'hi', 'mr']).optional().catch(undefined),
});
export type BookingsLinkRequest = z.input<typeof bookingsLinkRequestSchema>;

/** POST /api/bookings/session: the token of the mailed link, spent to start a buyer session. */
export const bookingsSessionRequestSchema = z.object({
  token: z.string({ error: 'The sign-in link is not valid' }).regex(/^[A-Za-z0-9_-]{43}$/, 'The sign-in link is not valid'),
});

/** PUT /api/bookings/attendees/:ticketNumber: the attendee's details and answers, judged as at checkout. */
export const changeAttendeeSchema = z.object({
  participant: attendeeDetailsSchema,
  answers: z.record(z.string().max(40), answerValueSchema).optional(),
});
export type ChangeAttendeeInput = z.input<typeof changeAttendeeSchema>;
/** What a form sends once its rules have judged it. */
export type ChangeAttendeeBody = z.output<typeof changeAttendeeSchema>;

/** POST /api/bookings/attendees/:ticketNumber/transfer: the new person, with the details checkout asks. */
export const transferAttendeeSchema = z.object({
  participant: attendeeDetailsSchema.extend({
    // The new person is told by e-mail: theirs is required here.
    email: plainText('validation.emailRequired')
      .trim()
      .min(1, 'validation.emailRequired')
      .max(254, messageKey('validation.maxChars', { max: 254 }))
      .regex(EMAIL_PATTERN, 'validation.emailInvalid'),
  }),
  answers: z.record(z.string().max(40), answerValueSchema).optional(),
});
export type TransferAttendeeInput = z.input<typeof transferAttendeeSchema>;
export type TransferAttendeeBody = z.output<typeof transferAttendeeSchema>;

/** POST /api/bookings/attendees/:ticketNumber/swap: the race (ticket type) to move to (decision 071). */
export const raceSwapSchema = z.object({
  ticketTypeId: z
    .number({ error: 'validation.raceSwapUnknown' })
    .int('validation.raceSwapUnknown')
    .positive('validation.raceSwapUnknown'),
});
export type RaceSwapBody = z.output<typeof raceSwapSchema>;

/** The API's words for My bookings' refusals (keys of the validation catalogue, said in the request's language). */
export const MY_BOOKINGS_MESSAGES = {
  linkUsed: 'validation.bookingsLinkUsed',
  linkExpired: 'validation.bookingsLinkExpired',
  linkInvalid: 'validation.bookingsLinkInvalid',
  signInNeeded: 'validation.bookingsSignInNeeded',
  ticketUnknown: 'validation.bookingsTicketUnknown',
  notAllowed: 'validation.selfServiceNotAllowed',
  closed: 'validation.selfServiceClosed',
  checkedIn: 'validation.selfServiceCheckedIn',
  cancelled: 'validation.selfServiceCancelled',
  notPaid: 'validation.selfServiceNotPaid',
  refundTaken: 'validation.selfServiceRefundTaken',
  tooMany: 'validation.bookingsTooMany',
  nothingHeld: 'validation.bookingsNothingHeld',
  kitCollected: 'validation.kitCollected',
  kitNotPaid: 'validation.kitNotPaid',
  kitClosed: 'validation.kitClosed',
  kitNoAuthorisation: 'validation.kitNoAuthorisation',
  raceSwapUnknown: 'validation.raceSwapUnknown',
  raceSwapSame: 'validation.raceSwapSame',
  raceSwapSoldOut: 'validation.raceSwapSoldOut',
  raceSwapNeedsPayment: 'validation.raceSwapNeedsPayment',
} as const;

/** Why a sign-in link does not open My bookings. */
export const BOOKINGS_LINK_PROBLEMS = ['used', 'expired', 'invalid'] as const;
export type BookingsLinkProblem = (typeof BOOKINGS_LINK_PROBLEMS)[number];

/** What the request page always answers (the same whether or not the e-mail has bookings). */
export interface BookingsLinkSent {
  sent: true;
}

export interface BuyerSessionResponse {
  email: string;
  /** When the session ends (ISO). */
  expiresAt: string;
}

/** What an attendee's form holds of them, as checkout's form does (every field a string). */
export interface MyAttendeeDetails {
  fullName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  emergencyContact: string;
  emergencyPhone: string;
  tshirtSize: string;
  bloodGroup: string;
  medicalConditions: string;
  experience: string;
}

/** An action's deadline, or why it is not open. */
export type SelfServiceAction =
  { open: true; until: string } | { open: false; reason: 'not_allowed' | 'closed' | 'checked_in' | 'cancelled' };

export interface MyAttendee {
  ticketNumber: string;
  position: number;
  ticketId: number | null;
  ticketName: string;
  name: string;
  status: string;
  bib: number | null;
  /** The attendee's start wave and its start time (decision 068); null when the race has none. */
  wave?: AssignedWave | null;
  /** `/ticket/{ticketNumber}?t=`: the attendee's own ticket page (its PDF is downloaded there). */
  ticketUrl: string;
  details: MyAttendeeDetails;
  answers: Record<string, AnswerValue>;
  team: string;
  /**
   * Set when the buyer transferred this ticket (issue 40): to whom. The ticket, its QR and its
   * actions are then the holder's alone, so `ticketUrl` is '' and every action is closed.
   */
  transferredTo?: { name: string; email: string };
  changeDetails: SelfServiceAction;
  transfer: SelfServiceAction;
  /** Cancelling this attendee with a refund (the event's cancel policy), and what it would give back. */
  cancel: SelfServiceAction;
  /** Rupees: the attendee's price, the fee the policy keeps, and the refund (price less fee); null when cancelling is not open. */
  cancelTerms: { price: number; fee: number; refund: number } | null;
  /** Rupees refunded for this attendee so far. */
  refunded: number;
  /**
   * Someone else collecting this attendee's kit at the expo (decision 069): whether it may be
   * authorised now, and the authorisation in force or last used.
   */
  kitCollection?: { canAuthorise: boolean; authorisation: KitAuthorisationView | null; collectedAt: string | null };
  /**
   * The attendee's published result (decision 070): its page, and for a finisher the certificate
   * (GET /api/results/:id/certificate.pdf); absent until the organiser publishes one.
   */
  result?: { id: number; status: ResultStatus; netTime: string | null };
  /** 'Paid', 'Refunded'…: the attendee's payment status. */
  paymentStatus: string;
  /**
   * Decision 071: moving to another race of the event, and deferring to the organiser's next
   * edition, under the event's race-change policy. Absent for a ticket transferred away.
   */
  raceChange?: MyRaceChange;
}

export interface MyRaceChange {
  swap: SelfServiceAction;
  defer: SelfServiceAction;
  /** Rupees: the fee per change. */
  fee: number;
  /** With `swap` open: the event's other races on sale with a seat left, and what moving costs (rupees). */
  options: { ticketTypeId: number; name: string; price: number; pay: number; refund: number }[];
  /** With `defer` open: the credit it would leave (rupees): paid less the fee. */
  credit: number | null;
}

/** A credit with an organiser (decision 071), usable on their next event. */
export interface MyCredit {
  organisationId: number;
  organiserName: string;
  /** Rupees. */
  amount: number;
  createdAt: string;
}

export interface MyBookingTicketRule {
  id: number;
  name: string;
  price: number;
  minAge: number | null;
  maxAge: number | null;
  gender: 'male' | 'female' | 'other' | null;
}

export interface MyBooking {
  bookingReference: string;
  eventId: number;
  eventName: string;
  eventDate: string;
  eventTime: string;
  eventVenue: string;
  /** `/ticket/{bookingReference}?t=`: every attendee's ticket of the order. */
  ticketUrl: string;
  /** The order's buyer, as checkout took them (the session's own details). */
  buyer: { fullName: string; email: string; phone: string };
  /** The event's cancellation terms, as text for the buyer (each attendee's `cancel` says whether it is open now). */
  cancellation: { daysBefore: number; feePercent: number; until: string } | null;
  /** What the forms need of the event. */
  questions: EventQuestion[];
  participantFields: ParticipantFieldModes;
  tickets: MyBookingTicketRule[];
  attendees: MyAttendee[];
  /**
   * What the buyer paid for the order (decision 060; the buyer's own orders only, not a ticket
   * transferred to them): the tickets (rupees), the convenience fee and its GST as their own lines
   * (paise, as frozen at the sale; empty without a fee), and the total (rupees) = tickets + fees.
   */
  payment?: { tickets: number; fees: QuoteFeeLine[]; total: number };
  /**
   * The order's tax invoice and credit notes (decision 031): `/api/bookings/invoices/{id}/pdf`. None
   * for a receipt-only order. `issuer` 'platform': the platform's invoice for its convenience fee (067).
   */
  invoices?: {
    id: number;
    kind: 'invoice' | 'credit_note';
    issuer: 'organiser' | 'platform';
    number: string;
    issuedAt: string;
  }[];
}

export interface MyBookingsResponse {
  email: string;
  bookings: MyBooking[];
  /** Unused credits with organisers (decision 071). */
  credits?: MyCredit[];
}

/**
 * The fee a cancellation keeps of a price (paise): `feePercent` of it, rounded DOWN to the paisa,
 * so the buyer is never charged more than the percentage they were shown; the refund is the rest.
 */
export function cancellationFeePaise(pricePaise: number, feePercent: number): { feePaise: number; refundPaise: number } {
  const feePaise = Math.floor((pricePaise * feePercent) / 100);
  return { feePaise, refundPaise: pricePaise - feePaise };
}
