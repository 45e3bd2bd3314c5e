import { z } from 'zod';
import { BLOOD_GROUPS, EXPERIENCE_LEVELS, GENDERS, SHIRT_SIZES } from './constants';
import { normalizeIndianPhone } from './phone';
import { messageKey } from './validation-messages';

// The public registration form of SPEC.md section 3 with the rules and messages of section 5.
// Shared by the storefront form (inline errors) and the payments API (participant payload). The
// messages are keys of the 'validation' catalogue (validation-messages.ts, decision 019).

/**
 * SPEC.md section 5's shape (text, an at sign, text, a dot and text), held to the characters an
 * address may really have: nothing that could open a mail header or markup (<, >, quotes, commas,
 * semicolons, spaces, control characters) gets as far as a `To:` line.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** C0/C1 controls (but tab and line breaks), and the bidi overrides that can disguise text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export const CONTROL_CHARACTERS_MESSAGE = 'validation.controlCharacters';
/** Whether text holds a control or bidi-override character (a NUL from a crafted URL, say). */
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);
/** Free text as a person types it: no control or bidi-override characters. */
export const plainText = (requiredMessage?: string) =>
  z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE);

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, messageKey('validation.maxChars', { max }))
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE);

/** An Indian number as people write it, answered as E.164 ('+919876543210'). */
export const indianPhone = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, 25)
    .refine((value) => normalizeIndianPhone(value) !== undefined, invalidMessage)
    .transform((value) => normalizeIndianPhone(value) ?? value);

/** An Indian number that may be left out: '' is none, anything else must be one (answered as E.164). */
export const optionalIndianPhone = (invalidMessage: string) =>
  plainText()
    .trim()
    .max(25, messageKey('validation.maxChars', { max: 25 }))
    .refine((value) => value === '' || normalizeIndianPhone(value) !== undefined, invalidMessage)
    .optional()
    .transform((value) => (value ? normalizeIndianPhone(value) : undefined));

const emailAddress = (requiredMessage: string) =>
  requiredText(requiredMessage, 254).regex(EMAIL_PATTERN, 'validation.emailInvalid');

/** A choice a form may leave empty: '' and a missing value both read as not given. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values, { error: message }), z.literal('')], { error: message })
    .optional()
    .transform((value) => (value ? value : undefined));

const EARLIEST_BIRTH_DATE = '1900-01-01';

/** A calendar date 'YYYY-MM-DD' that exists (no 31 February). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Date of birth as a date input gives it; never in the future (judged by the clock of whoever parses). */
export const dateOfBirthSchema = z
  .string({ error: 'validation.dateOfBirthRequired' })
  .trim()
  .min(1, { error: 'validation.dateOfBirthRequired', abort: true })
  .refine(isCalendarDate, { error: 'validation.dateOfBirthValid', abort: true })
  .refine(
    (value) => value >= EARLIEST_BIRTH_DATE && value <= new Date().toISOString().slice(0, 10),
    'validation.dateOfBirthValid',
  );

/** The buyer, asked once per order: who pays and receives the confirmation. */
export const buyerSchema = z.object({
  fullName: requiredText('validation.fullNameRequired', 100),
  email: emailAddress('validation.emailRequired'),
  phone: indianPhone('validation.phoneRequired', 'validation.phoneInvalid'),
});
export type Buyer = z.output<typeof buyerSchema>;

/**
 * One attendee's details (DESIGN.md section 5): who goes, and who to call for them. Their own
 * e-mail is optional (they then get their own ticket e-mail); gender has no default.
 */
export const attendeeDetailsSchema = z.object({
  fullName: requiredText('validation.fullNameRequired', 100),
  // Optional: '' is none; anything else must be an address (one message, not a union's).
  email: plainText()
    .trim()
    .max(254, messageKey('validation.maxChars', { max: 254 }))
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'validation.emailInvalid')
    .optional()
    .transform((value) => value || undefined),
  phone: indianPhone('validation.phoneRequired', 'validation.phoneInvalid'),
  dateOfBirth: dateOfBirthSchema,
  gender: z.enum(GENDERS, { error: 'validation.genderRequired' }),
  // Asked, optional or hidden as the event chooses (questions.ts: participantFieldProblems).
  emergencyContact: plainText()
    .trim()
    .max(100, messageKey('validation.maxChars', { max: 100 }))
    .optional()
    .transform((value) => value || undefined),
  emergencyPhone: optionalIndianPhone('validation.emergencyPhoneInvalid'),
  tshirtSize: optionalChoice(SHIRT_SIZES, 'validation.choiceInvalid'),
  bloodGroup: optionalChoice(BLOOD_GROUPS, 'validation.choiceInvalid'),
  medicalConditions: plainText()
    .trim()
    .max(1000, messageKey('validation.maxChars', { max: 1000 }))
    .optional(),
  experience: optionalChoice(EXPERIENCE_LEVELS, 'validation.choiceInvalid'),
});
export type AttendeeDetails = z.output<typeof attendeeDetailsSchema>;
/** What a form holds before validation (every field a string). */
export type AttendeeDetailsInput = z.input<typeof attendeeDetailsSchema>;

/** Whole years old on `day` ('YYYY-MM-DD') for someone born on `dateOfBirth`. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export { ATTENDEE_FORM_DEFAULTS, BUYER_FORM_DEFAULTS } from './registration-defaults';
