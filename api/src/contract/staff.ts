// Staff accounts, sign-in, participants, the audit log and the settings form (DESIGN.md section 6):
// the schemas the API validates with and the admin forms can reuse, and the response shapes.
import { z } from 'zod';
import { contrastOnWhite, MIN_BRAND_CONTRAST } from './brand-colour';
import { UPLOADED_IMAGE_URL } from './image-variants';
import { ROLES, SETTINGS_DEFAULTS } from './constants';
import { HTML_TAG, LEGAL_TEXT_MAX } from './legal';
import { plainText } from './registration';
import type { PlatformSettings, StaffUser } from './types';

/** ASVS 5.0 section 6.2.1: at least 12 characters; the API also refuses common passwords. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;
/** Long passphrases are welcome; the cap only bounds the work of hashing. */
export const MAX_STAFF_PASSWORD_LENGTH = 256;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

export const staffPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_STAFF_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_STAFF_PASSWORD_LENGTH, `Password must be at most ${MAX_STAFF_PASSWORD_LENGTH} characters`);

const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });
const fullNameSchema = plainText('Full name is required')
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');

/** What the sign-in form shows (SPEC.md section 8 as issue 13 changed it): one message for an unknown e-mail and a wrong password. */
export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  failed: 'Login failed. Please try again.',
  unexpected: 'An unexpected error occurred',
} as const;

/** POST /api/auth/login */
export const loginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/admin/users */
export const createStaffSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Enter a valid email address' })),
  fullName: fullNameSchema,
  role: roleSchema,
  password: staffPasswordSchema,
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;

/** PATCH /api/admin/users/:id; at least one field. */
export const updateStaffSchema = z
  .object({
    role: roleSchema.optional(),
    disabled: z.boolean({ error: 'Disabled must be true or false' }).optional(),
    password: staffPasswordSchema.optional(),
    fullName: fullNameSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

/** The Reset password dialog: a PATCH /api/admin/users/:id with only the new password. */
export const resetStaffPasswordSchema = z.object({ password: staffPasswordSchema });
export type ResetStaffPasswordInput = z.input<typeof resetStaffPasswordSchema>;

const hexColor = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a hex colour like #FF6B35`)
    .refine((hex) => contrastOnWhite(hex) >= MIN_BRAND_CONTRAST, {
      error: (issue) =>
        `${label} is too light to read on white (${contrastOnWhite(String(issue.input)).toFixed(1)}:1; at least ${MIN_BRAND_CONTRAST}:1)`,
    });
const toggle = (label: string) => z.boolean({ error: `${label} must be true or false` });
const wholeNumber = (label: string) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);

/** A public page's text (contract/legal.ts): plain text with paragraphs, line breaks kept as LF. */
const legalText = (label: string) =>
  plainText(`${label} must be text`)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(LEGAL_TEXT_MAX, `${label} must be at most ${LEGAL_TEXT_MAX.toLocaleString('en-IN')} characters`)
        .refine((value) => !HTML_TAG.test(value), `${label} must be plain text, without HTML tags`),
    );

/** The largest max event capacity the settings accept. */
export const MAX_EVENT_CAPACITY_LIMIT = 1_000_000;

/** Every setting, validated: the Settings forms pick their sections from it. */
export const settingsSchema = z.object({
  platformName: plainText('Platform name is required')
    .trim()
    .min(1, 'Platform name is required')
    .max(80, 'Platform name must be at most 80 characters'),
  description: plainText('Description is required').trim().max(500, 'Description must be at most 500 characters'),
  contactEmail: z
    .string({ error: 'Contact email is required' })
    .trim()
    .max(254, 'Contact email is too long')
    .pipe(z.email({ error: 'Enter a valid contact email' })),
  supportPhone: z
    .string({ error: 'Support phone is required' })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid support phone number'),
  primaryColor: hexColor('Primary colour'),
  secondaryColor: hexColor('Secondary colour'),
  logoUrl: z
    .string({ error: 'Logo must be an uploaded image' })
    .refine((url) => url === '' || UPLOADED_IMAGE_URL.test(url), 'Logo must be an uploaded image'),
  twoFactorAuth: toggle('Two-Factor Authentication'),
  loginNotifications: toggle('Login Notifications'),
  eventApprovalRequired: toggle('Event Approval Required'),
  emailNotifications: toggle('Email Notifications'),
  newEventAlerts: toggle('New Event Alerts'),
  userRegistrationAlerts: toggle('User Registration Alerts'),
  weeklyReports: toggle('Weekly Reports'),
  maxEventCapacity: wholeNumber('Max event capacity')
    .min(1, 'Max event capacity must be at least 1')
    .max(MAX_EVENT_CAPACITY_LIMIT, `Max event capacity must be at most ${MAX_EVENT_CAPACITY_LIMIT.toLocaleString('en-IN')}`),
  bookingWindowDays: wholeNumber('Booking window')
    .min(1, 'Booking window must be at least 1 day')
    .max(3650, 'Booking window must be at most 3650 days'),
  platformCommissionPercent: z
    .number({ error: 'Commission must be a number' })
    .min(0, 'Commission must be between 0 and 100')
    .max(100, 'Commission must be between 0 and 100'),
  termsText: legalText('Terms and conditions'),
  privacyText: legalText('Privacy policy'),
  refundPolicyText: legalText('Refund and cancellation policy'),
  contactText: legalText('Contact details'),
}) satisfies z.ZodType<PlatformSettings>;

/** PUT /api/admin/settings: the fields of one or more sections; the others stay as they are. */
export const updateSettingsSchema = settingsSchema
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

/** The Settings screen's sections, each saved on its own. */
export const SETTINGS_SECTIONS = {
  general: ['platformName', 'description', 'contactEmail', 'supportPhone'],
  branding: ['logoUrl', 'primaryColor', 'secondaryColor'],
  security: ['twoFactorAuth', 'loginNotifications', 'eventApprovalRequired'],
  notifications: ['emailNotifications', 'userRegistrationAlerts', 'newEventAlerts', 'weeklyReports'],
  platform: ['maxEventCapacity', 'bookingWindowDays', 'platformCommissionPercent'],
  legal: ['termsText', 'privacyText', 'refundPolicyText', 'contactText'],
} as const satisfies Record<string, readonly (keyof PlatformSettings)[]>;

export const SETTINGS_KEYS = Object.keys(SETTINGS_DEFAULTS) as (keyof PlatformSettings)[];

/** A staff account as the Users screen lists it. */
export interface StaffAccount extends StaffUser {
  disabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

/** A participant: the people behind registrations, grouped by lower-cased e-mail. */
export interface Participant {
  /** The lower-cased e-mail: stable across registrations. */
  id: string;
  name: string;
  email: string;
  phone: string;
  /** The first registration's date (UTC ISO). */
  joinDate: string;
  /** The city of the first registration's event. */
  location: string;
  eventsJoined: number;
  status: 'Active' | 'Inactive';
}

export interface ParticipantStats {
  totalUsers: number;
  activeUsers: number;
  newThisMonth: number;
  totalEventsJoined: number;
}

export interface AuditLogEntry {
  id: number;
  actorUserId: number | null;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  createdAt: string;
}

export interface MeResponse {
  user: StaffUser | null;
}
/**
 * POST /api/auth/login: signed in, or (Two-Factor Authentication on) the second step: a code from
 * the member's authenticator, or first their enrolment (the secret to scan, then a code).
 */
export type LoginResponse = { user: StaffUser } | { twoFactor: TwoFactorChallenge };
export type TwoFactorChallenge =
  { step: 'code'; challenge: string } | { step: 'enrol'; challenge: string; secret: string; otpauthUrl: string };

/** POST /api/auth/login/two-factor: the challenge of the password step and a 6-digit code (or a recovery code). */
export const twoFactorSchema = z.object({
  challenge: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(4096, 'Sign in again'),
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, 'Enter the 6-digit code from your authenticator app, or a recovery code'),
});
export type TwoFactorInput = z.input<typeof twoFactorSchema>;
/** Signed in; `recoveryCodes` only right after enrolment, shown once. */
export interface TwoFactorResponse {
  user: StaffUser;
  recoveryCodes?: string[];
}
export interface StaffAccountsResponse {
  users: StaffAccount[];
}
export interface StaffAccountResponse {
  user: StaffAccount;
}
export interface ParticipantsResponse {
  participants: Participant[];
  stats: ParticipantStats;
}
export interface AuditLogResponse {
  entries: AuditLogEntry[];
  nextBefore: number | null;
}
export interface SettingsResponse {
  settings: PlatformSettings;
}
