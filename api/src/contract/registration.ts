import { z } from 'zod';
import { BLOOD_GROUPS, EXPERIENCE_LEVELS, GENDERS, LIMITS, SHIRT_SIZES } from './constants';

// The public registration form of SPEC.md section 3 with the rules and messages of section 5.
// Shared by the storefront form (inline errors) and the payments API (participant payload).

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Simple pattern of SPEC.md section 5: text, an at sign, text, a dot and text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, `Must be at most ${max} characters`);

const phone = (requiredMessage: string, digitsMessage: string) =>
  requiredText(requiredMessage, 20).refine((value) => digitsOf(value).length === LIMITS.phoneDigits, digitsMessage);

/** Form inputs give strings; the API may send numbers. '' (nothing typed) reads as missing. */
const age = z.preprocess(
  (value) => {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      return trimmed === '' ? undefined : Number(trimmed);
    }
    return value;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? 'Age is required' : 'Age must be a number') })
    .int('Age must be a whole number')
    .min(LIMITS.minimumAge, `You must be at least ${LIMITS.minimumAge} years old`)
    .max(120, 'Please enter a valid age'),
);

export const registrationFormSchema = z.object({
  fullName: requiredText('Full name is required', 100),
  email: requiredText('Email is required', 254).regex(EMAIL_PATTERN, 'Invalid email format'),
  phone: phone('Phone number is required', 'Phone number must be 10 digits'),
  age,
  gender: z.enum(GENDERS).default('male'),
  emergencyContact: requiredText('Emergency contact is required', 100),
  emergencyPhone: phone('Emergency phone is required', 'Emergency phone must be 10 digits'),
  tshirtSize: z.enum(SHIRT_SIZES).default('M'),
  bloodGroup: z.union([z.enum(BLOOD_GROUPS), z.literal('')]).optional(),
  medicalConditions: z.string().trim().max(1000, 'Must be at most 1000 characters').optional(),
  experience: z.enum(EXPERIENCE_LEVELS).default('beginner'),
});

/** The validated form (age a number, defaults applied). */
export type RegistrationForm = z.infer<typeof registrationFormSchema>;
/** What a form holds before validation (age may still be a string). */
export type RegistrationFormInput = z.input<typeof registrationFormSchema>;

/** The empty form with SPEC.md section 3 defaults. */
export const REGISTRATION_FORM_DEFAULTS = {
  fullName: '',
  email: '',
  phone: '',
  age: '',
  gender: 'male',
  emergencyContact: '',
  emergencyPhone: '',
  tshirtSize: 'M',
  bloodGroup: '',
  medicalConditions: '',
  experience: 'beginner',
} as const;
