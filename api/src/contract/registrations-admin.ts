// The staff registrations console (issue 10, SPEC.md sections 2, 4 and 5): the list's query, the
// edit form, the flags, and what the API answers. Used by admin-registrations and the API alike.
import { z } from 'zod';
import type { OrderMoneyView, OrderPaymentView, OrderRefundView } from './refunds';
import { GENDERS, PAYMENT_STATUSES, REGISTRATION_STATUSES, SHIRT_SIZES } from './constants';
import { answerValueSchema, type QuoteFeeLine } from './checkout';
import { normalizeIndianPhone } from './phone';
import { dateOfBirthSchema, EMAIL_PATTERN, indianPhone, plainText } from './registration';
import { pageQuery, queryNumber, searchText, type ListPage } from './list-query';
import type { Registration, RegistrationStats } from './types';
import type { InvoiceKind } from './invoices';

export const REGISTRATION_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_REGISTRATION_PAGE_SIZE = 25;

/** GET /api/admin/registrations and /export.csv: every filter optional, as the URL holds them. */
export const registrationListQuerySchema = z.object({
  /** Text over name, e-mail, phone and registration number (case-insensitive contains). */
  search: searchText,
  eventId: queryNumber('Event', 1, Number.MAX_SAFE_INTEGER).optional(),
  status: z.enum(REGISTRATION_STATUSES, { error: `Status must be one of ${REGISTRATION_STATUSES.join(', ')}` }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: `Payment status must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  /** One ticket type's attendees. */
  ticketId: queryNumber('Ticket', 1, Number.MAX_SAFE_INTEGER).optional(),
  /** One team's members (the team's name, any case). */
  team: plainText().trim().min(1).max(100, 'Team name must be at most 100 characters').optional(),
  ...pageQuery,
});
export type RegistrationListQuery = z.output<typeof registrationListQuerySchema>;

export interface RegistrationPage extends ListPage {
  registrations: Registration[];
}

const requiredName = (message: string) => plainText(message).trim().min(1, message).max(100, 'Must be at most 100 characters');
const optionalText = (max: number) => plainText().trim().max(max, `Must be at most ${max} characters`);

/** PUT /api/admin/registrations/:id: the Edit Registration form (SPEC.md section 5). */
export const updateRegistrationSchema = z.object({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Invalid email format')
    .regex(EMAIL_PATTERN, 'Invalid email format'),
  // The same rule as checkout (an Indian number as people write it, kept as E.164).
  phone: indianPhone('validation.phoneRequired', 'validation.phoneInvalid'),
  gender: z.union([z.enum(GENDERS), z.literal('')], { error: 'Gender must be Male, Female or Other' }),
  shirtSize: z.union([z.enum(SHIRT_SIZES), z.literal('')], { error: 'Shirt size must be one of XS, S, M, L, XL, XXL' }),
  emergencyContactName: optionalText(100),
  emergencyContactPhone: optionalText(25)
    .refine((value) => value === '' || normalizeIndianPhone(value) !== undefined, 'validation.emergencyPhoneInvalid')
    .transform((value) => (value ? (normalizeIndianPhone(value) ?? value) : '')),
  medicalConditions: optionalText(1000),
  dietaryRestrictions: optionalText(500),
  previousExperience: optionalText(100),
  teamName: optionalText(100),
  /** Date of birth ('' when unknown, as on attendees migrated from a group registration). */
  dateOfBirth: z.union([z.literal(''), dateOfBirthSchema], { error: 'validation.dateOfBirthValid' }).optional(),
  /** Answers to the event's questions, judged as at checkout (questions.ts: answerProblems). */
  answers: z.record(z.string().max(40), answerValueSchema).optional(),
  /** The attendee's bib; staff may reassign it (never one another attendee of the event holds). */
  bib: z
    .number({ error: 'Bib must be a number' })
    .int('Bib must be a whole number')
    .min(1, 'Bib must be at least 1')
    .max(999_999, 'Bib must be at most 999999')
    .nullable()
    .optional(),
  status: z.enum(REGISTRATION_STATUSES, { error: `Status must be one of ${REGISTRATION_STATUSES.join(', ')}` }),
  /** 'Admin Notes'. Payment status is the order's, never edited on one attendee (decision 021). */
  notes: optionalText(2000),
  /** The `updatedAt` the form was loaded with: a save over someone else's newer one is refused (409). */
  updatedAt: z.string({ error: 'updatedAt is required' }).min(1, 'updatedAt is required'),
});
export type UpdateRegistrationInput = z.input<typeof updateRegistrationSchema>;

/** PATCH /api/admin/registrations/:id: the flags set by Download Ticket, Send WhatsApp, Send Email. */
export const registrationFlagsSchema = z
  .object({
    ticketDownloaded: z.literal(true, { error: 'ticketDownloaded can only be set to true' }).optional(),
    whatsappSent: z.literal(true, { error: 'whatsappSent can only be set to true' }).optional(),
    emailSent: z.literal(true, { error: 'emailSent can only be set to true' }).optional(),
  })
  .strict()
  .refine((flags) => Object.values(flags).some(Boolean), { error: 'Nothing to change' });
export type RegistrationFlagsInput = z.input<typeof registrationFlagsSchema>;

/** PUT /api/admin/registrations/:id/name: support corrects a caller's misspelt name (decision 047). */
export const nameCorrectionSchema = z
  .object({
    firstName: requiredName('First name is required'),
    lastName: requiredName('Last name is required'),
  })
  .strict();
export type NameCorrectionInput = z.input<typeof nameCorrectionSchema>;

/** POST /api/admin/registrations/:id/cancel: cancelled for a caller under the event's rules (decision 047). */
export interface CallerCancelResponse {
  registration: Registration;
  /** What the buyer gets back and what the event's fee kept, in rupees. */
  refund: number;
  fee: number;
}

export interface RegistrationResponse {
  registration: Registration;
}
export type RegistrationStatsResponse = RegistrationStats;

/** The message of a ticket link that is wrong, old or cut short: nothing of the registration. */
export const INVALID_TICKET_LINK_MESSAGE = 'This ticket link is not valid';
/** An e-mailed invoice, credit note or receipt link whose document or token does not match (decision 031). */
export const INVALID_DOCUMENT_LINK_MESSAGE = 'This invoice link is not valid';

/** GET /api/admin/orders/:orderId: an order with its attendees, payment and messages (issue 23). */
export interface AdminOrderResponse {
  order: {
    orderId: string;
    bookingReference: string | null;
    status: string;
    /** Rupees. */
    amount: number;
    paymentMethod: string | null;
    cfPaymentId: string | null;
    buyer: { name: string; email: string; phone: string };
    language: string;
    createdAt: string;
    lines: { ticketId: number | null; ticketName: string; quantity: number; unitPrice: number }[];
    /** The promo code the order was priced with (decision 033), as staff wrote it; null without one (or a deleted code). */
    promoCode?: string | null;
    /**
     * The convenience fee and its GST paid on top of the tickets, as frozen at the sale (decision 060);
     * empty without one (optional: an answer from before fees still reads). The lines' tickets + these = amount.
     */
    fees?: QuoteFeeLine[];
  };
  attendees: Registration[];
  messages: {
    id: number;
    kind: string;
    to: string;
    subject: string;
    status: string;
    attempts: number;
    createdAt: string;
    sentAt: string | null;
  }[];
  /** The order's tax invoice and credit notes, oldest first (their PDFs: GET /api/admin/invoices/:id/pdf). */
  /** `issuer` 'platform': the platform's invoice or credit note for its convenience fee (decision 067). */
  documents: { id: number; number: string; kind: InvoiceKind; issuer: 'organiser' | 'platform'; issuedAt: string }[];
  /** Decision 022: the money received and given back, and the figures derived from them. */
  payments: OrderPaymentView[];
  refunds: OrderRefundView[];
  money: OrderMoneyView;
}
