import { z } from 'zod';
import { BLOOD_GROUPS, EXPERIENCE_LEVELS, GENDERS, LIMITS, SHIRT_SIZES } from './constants';
import { messageKey } from './validation-messages';

// The public registration form of SPEC.md section 3 with the rules and messages of section 5.
// Shared by the storefront form (inline errors) and the payments API (participant payload). The
// messages are keys of the 'validation' catalogue (validation-messages.ts, decision 019).

const digitsOf = (value: string) => value.replace(/\D/g, '');

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

const phone = (requiredMessage: string, digitsMessage: string) =>
  requiredText(requiredMessage, 20).refine((value) => digitsOf(value).length === LIMITS.phoneDigits, digitsMessage);

/** The age rule; a JSON body must send a number. */
export const ageSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.ageRequired' : 'validation.ageNumber') })
  .int('validation.ageWhole')
  .min(LIMITS.minimumAge, messageKey('validation.ageMinimum', { min: LIMITS.minimumAge }))
  .max(120, 'validation.ageValid');

/** The form's age: an input gives a string, '' (nothing typed) reads as missing. */
const typedAge = z.preprocess((value) => {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : Number(trimmed);
  }
  return value;
}, ageSchema);

export const registrationFormSchema = z.object({
  fullName: requiredText('validation.fullNameRequired', 100),
  email: requiredText('validation.emailRequired', 254).regex(EMAIL_PATTERN, 'validation.emailInvalid'),
  phone: phone('validation.phoneRequired', 'validation.phoneDigits'),
  age: typedAge,
  gender: z.enum(GENDERS).default('male'),
  emergencyContact: requiredText('validation.emergencyContactRequired', 100),
  emergencyPhone: phone('validation.emergencyPhoneRequired', 'validation.emergencyPhoneDigits'),
  tshirtSize: z.enum(SHIRT_SIZES).default('M'),
  bloodGroup: z.union([z.enum(BLOOD_GROUPS), z.literal('')]).optional(),
  medicalConditions: plainText()
    .trim()
    .max(1000, messageKey('validation.maxChars', { max: 1000 }))
    .optional(),
  experience: z.enum(EXPERIENCE_LEVELS).default('beginner'),
});

/** The validated form (age a number, defaults applied). */
export type RegistrationForm = z.infer<typeof registrationFormSchema>;
/** What a form holds before validation (age may still be a string). */
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;

export { REGISTRATION_FORM_DEFAULTS } from './registration-defaults';
