// Personal data (decision 030, DPDP Act 2023 and Rules 2025): the privacy notice shown on the
// registration form, consent and a guardian's consent for a child, a buyer's copy of their data and
// their erasure request. Shared by the API, the storefront and the console.
import { z } from 'zod';
import { ageOn, plainText, indianPhone } from './registration';
import { messageKey } from './validation-messages';
import type { Language } from './language';

/** Under this age on the event day an attendee needs a parent or guardian's consent (DPDP Act s. 9). */
export const ADULT_AGE = 18;

/** Whether someone born on `dateOfBirth` is a child on `eventDate` (both 'YYYY-MM-DD'). */
export const isChildOn = (dateOfBirth: string, eventDate: string) => ageOn(dateOfBirth, eventDate) < ADULT_AGE;

export const GUARDIAN_RELATIONS = ['parent', 'guardian'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];

/** A child's parent or guardian, who consents for them (Rules 2025, rule 10). */
export const guardianSchema = z.object({
  name: plainText('validation.guardianNameRequired')
    .trim()
    .min(1, { error: 'validation.guardianNameRequired', abort: true })
    .max(100, messageKey('validation.maxChars', { max: 100 })),
  relation: z.enum(GUARDIAN_RELATIONS, { error: 'validation.guardianRelationRequired' }),
  phone: indianPhone('validation.guardianPhoneRequired', 'validation.phoneInvalid'),
  consent: z.literal(true, { error: 'validation.guardianConsentRequired' }),
});
export type Guardian = z.output<typeof guardianSchema>;
export type GuardianInput = z.input<typeof guardianSchema>;

/** The registration form's box under the notice: ticked, or the consent message. */
export const privacyConsentSchema = z.boolean().refine((value) => value === true, 'validation.privacyConsentRequired');

/** A form that asks no consent (My bookings' changes, decision 023): the box is not there. */
export const consentNotAskedSchema = z.unknown().optional();

/** What the form holds of each child's guardian, by attendee slot, before the rules judge it (strings, a box). */
export const guardianFormRecordSchema = z
  .record(z.string(), z.object({ name: z.string(), relation: z.string(), phone: z.string(), consent: z.boolean() }).partial())
  .prefault({});

export const GUARDIAN_FORM_DEFAULTS = { name: '', relation: '', phone: '', consent: false };

/** The notice as the registration form shows it (GET /api/config): its version and text in each language. */
export interface PrivacyNotice {
  version: number;
  /** Each language's text; `{organiser}` and `{retentionDays}` are the event's organisation's (noticeForOrganiser). */
  text: Record<Language, string>;
}

/** The placeholder a privacy notice states the organisation's retention period by (decision 056). */
export const RETENTION_PLACEHOLDER = '{retentionDays}';

/** The placeholder a privacy notice names the event's organiser by (decision 055). */
export const ORGANISER_PLACEHOLDER = '{organiser}';

const ORGANISER_SENTENCE: Record<Language, string> = {
  en: 'This event is run by {organiser}, who collects your data and decides how it is used (the data fiduciary); the platform processes it on their behalf.',
  hi: 'यह इवेंट {organiser} चलाता है, जो आपका डेटा लेता है और तय करता है कि उसका उपयोग कैसे हो (डेटा फ़िड्यूशरी); प्लेटफ़ॉर्म उनकी ओर से उसे प्रोसेस करता है।',
  mr: 'हा इव्हेंट {organiser} चालवतात, जे तुमचा डेटा घेतात आणि त्याचा वापर कसा होईल ते ठरवतात (डेटा फिड्युशरी); प्लॅटफॉर्म त्यांच्या वतीने त्यावर प्रक्रिया करतो.',
};

/**
 * The notice as a buyer of one event reads it (decision 055): the event's organisation named as the
 * one collecting the data. A staff text without the placeholder gets a sentence saying so first.
 * The version is the notice's: the organiser's name is a fact of the event, not a new notice.
 */
export function noticeForOrganiser(text: string, organiser: string, language: Language, retentionDays?: number): string {
  // The retention period is the organisation's (decision 056); without one (no event yet) the words stay.
  const withDays = retentionDays === undefined ? text : text.replaceAll(RETENTION_PLACEHOLDER, String(retentionDays));
  if (withDays.includes(ORGANISER_PLACEHOLDER)) return withDays.replaceAll(ORGANISER_PLACEHOLDER, organiser);
  return `${ORGANISER_SENTENCE[language].replaceAll(ORGANISER_PLACEHOLDER, organiser)}\n\n${withDays}`;
}

/** Retention staff may set (Settings, Privacy): at least a month for disputes and refunds, at most ten years. */
export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;
export const PRIVACY_NOTICE_MAX = 4000;

/** A buyer's erasure request as staff and the buyer see it. */
export interface DataRequestView {
  id: number;
  kind: 'erasure';
  status: 'pending' | 'completed' | 'declined';
  /** The buyer's e-mail while pending; '' once done (only its hash is kept). */
  email: string;
  bookingReferences: string[];
  requestedAt: string;
  handledAt: string | null;
  handledByEmail: string | null;
  note: string;
}

export interface DataRequestsResponse {
  requests: DataRequestView[];
}

/** POST /api/admin/data-requests/:id/decline: why, told to the buyer. */
export const declineDataRequestSchema = z.object({
  note: plainText('Say why the request is declined')
    .trim()
    .min(1, 'Say why the request is declined')
    .max(1000, 'At most 1000 characters'),
});
export type DeclineDataRequestInput = z.input<typeof declineDataRequestSchema>;

/** One attendee in a buyer's copy of their data: every column held about them. */
export interface ExportedAttendee {
  ticketNumber: string;
  status: string;
  fullName: string;
  email: string;
  phone: string;
  dateOfBirth: string | null;
  gender: string;
  emergencyContact: string;
  emergencyPhone: string;
  bloodGroup: string;
  medicalConditions: string;
  experience: string;
  tshirtSize: string;
  dietaryRestrictions: string;
  teamName: string;
  bib: number | null;
  answers: Record<string, unknown>;
  guardian: { name: string; relation: string; phone: string; consentAt: string | null } | null;
  /** The notice version consented to: the platform's part and the organiser's (null before decision 061). */
  consent: { noticeVersion: number | null; organiserNoticeVersion: number | null; at: string | null };
  checkIn: { at: string | null; gate: string | null };
  pricePaise: number;
  refundedPaise: number;
  erasedAt: string | null;
}

/** GET /api/bookings/data: all data held about the orders of the signed-in e-mail (a JSON download). */
export interface PersonalDataExport {
  exportedAt: string;
  email: string;
  orders: {
    orderId: string;
    bookingReference: string | null;
    event: { id: number | null; title: string; date: string } | null;
    status: string;
    buyer: { fullName: string; email: string; phone: string };
    language: string;
    amountPaise: number;
    createdAt: string;
    erasedAt: string | null;
    payments: { amountPaise: number; method: string; paidAt: string }[];
    refunds: { amountPaise: number; status: string; reason: string; createdAt: string }[];
    attendees: ExportedAttendee[];
  }[];
  newsletter: { subscribed: boolean };
  emails: { kind: string; subject: string; status: string; createdAt: string }[];
  dataRequests: DataRequestView[];
}

/** The word an erased name, contact or detail is replaced with. */
export const ERASED = '[erased]';
