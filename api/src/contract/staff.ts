// Staff accounts, sign-in, participants, the audit log and the settings form (DESIGN.md section 6):
// the schemas the API validates with and the admin forms can reuse, and the response shapes.
import { z } from 'zod';
import { contrastOnWhite, MIN_BRAND_CONTRAST } from './brand-colour';
import { UPLOADED_IMAGE_URL } from './image-variants';
import { ROLES, SETTINGS_DEFAULTS } from './constants';
import { gstinProblem } from './gst';
import { HTML_TAG, LEGAL_TEXT_MAX } from './legal';
import { isCalendarDate, plainText } from './registration';
import { PRIVACY_NOTICE_MAX } from './personal-data';
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

/**
 * POST /api/admin/users (decision 057): the Users screen's "add a member". The password is for a new
 * account only: a person whose e-mail already has an account (another organiser's member) keeps
 * their own, so it may be left out; for a new account the API answers STAFF_MESSAGES.passwordRequired
 * on the field.
 */
export const addStaffSchema = createStaffSchema.extend({
  // Empty is "none" (the form's untouched field); anything typed follows the staff password rules.
  password: z
    .string({ error: 'Password is required' })
    .max(MAX_STAFF_PASSWORD_LENGTH, `Password must be at most ${MAX_STAFF_PASSWORD_LENGTH} characters`)
    .refine((v) => v === '' || v.length >= MIN_STAFF_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type AddStaffInput = z.input<typeof addStaffSchema>;

/** The Users screen's refusals and notices (decision 057), one text for the form and the API. */
export const STAFF_MESSAGES = {
  passwordRequired: 'Password is required for a new account',
  /** 409 on a name, password or two-factor change of an account that is not this organisation's alone. */
  sharedAccount:
    'This person also works with another organiser or the platform: they change their own name and password, and only they can reset their two-factor',
  lastAdminRemoved: 'The last active admin cannot be removed from the organisation',
  alreadyMember: (email: string) => `${email} is already a member of this organisation`,
  existingAccount: (email: string, platformName: string) =>
    `${email} already has a ${platformName} account: they sign in with their own password and now see your organisation`,
} as const;

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

/** How long a forgotten-password link works (issue 27). */
export const PASSWORD_RESET_MINUTES = 30;

/** What the forgotten-password pages say; the request's answer is the same for any address. */
export const PASSWORD_RESET_MESSAGES = {
  sent: `If that address belongs to a staff account, a link to choose a new password is on its way. It works for ${PASSWORD_RESET_MINUTES} minutes.`,
  invalid: 'This link to choose a new password is not valid. Ask for a new one.',
  expired: 'This link to choose a new password has expired. Ask for a new one.',
  used: 'This link to choose a new password was already used. Ask for a new one.',
  done: 'Your password is changed, and every other session of your account is signed out. Sign in with the new password.',
} as const;

/** POST /api/auth/password-reset: the address to send a link to. */
export const passwordResetRequestSchema = z.object({ email: loginSchema.shape.email });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/complete: the link's token and the new password (with its confirmation in the form). */
export const passwordResetSchema = z.object({
  token: z
    .string({ error: PASSWORD_RESET_MESSAGES.invalid })
    .trim()
    .min(20, PASSWORD_RESET_MESSAGES.invalid)
    .max(200, PASSWORD_RESET_MESSAGES.invalid),
  password: staffPasswordSchema,
});
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** The new-password page's form: the password twice (only `password` is sent, with the link's token). */
export const choosePasswordFormSchema = z
  .object({ password: staffPasswordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { path: ['confirm'], message: 'The two passwords do not match' });

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

/** The registration form's privacy notice in one language: '' shows the standard text. */
const noticeText = (label: string) =>
  plainText(`${label} must be text`)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z.string().max(PRIVACY_NOTICE_MAX, `${label} must be at most ${PRIVACY_NOTICE_MAX.toLocaleString('en-IN')} characters`),
    );

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

/** The platform's GSTIN (decision 067): empty (not registered), or valid in format, state and check character. */
const platformGstinSchema = z
  .string({ error: 'GSTIN must be text' })
  .trim()
  .toUpperCase()
  .refine((gstin) => gstin === '' || !['format', 'state'].includes(gstinProblem(gstin) ?? ''), 'Enter a valid 15-character GSTIN')
  .refine((gstin) => gstin === '' || gstinProblem(gstin) !== 'checkDigit', "This GSTIN's check character is wrong");

export const PLATFORM_TAX_MESSAGES = {
  legalNameRequired: 'Legal name is required with a GSTIN (the fee invoice prints it)',
  addressRequired: 'Address is required with a GSTIN (the fee invoice prints it)',
} as const;

/**
 * A platform registered for GST prints its legal name and address on every fee invoice (CGST Rule
 * 46), so both are required once a GSTIN is given. The Settings form and PUT /api/admin/settings
 * (on the settings as they would be saved) both ask this.
 */
export function platformTaxProblems(tax: Pick<PlatformSettings, 'platformLegalName' | 'platformAddress' | 'platformGstin'>) {
  const problems: Partial<Record<'platformLegalName' | 'platformAddress', string>> = {};
  if (!tax.platformGstin.trim()) return problems;
  if (!tax.platformLegalName.trim()) problems.platformLegalName = PLATFORM_TAX_MESSAGES.legalNameRequired;
  if (!tax.platformAddress.trim()) problems.platformAddress = PLATFORM_TAX_MESSAGES.addressRequired;
  return problems;
}

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
  maxConvenienceFeeRupees: z
    .number({ error: 'Maximum convenience fee must be a number' })
    .min(0, 'Maximum convenience fee must be between ₹0 and ₹10,000')
    .max(10_000, 'Maximum convenience fee must be between ₹0 and ₹10,000')
    .refine((v) => Math.round(v * 100) === v * 100, 'Maximum convenience fee must be in rupees and paise (at most 2 decimals)'),
  platformLegalName: plainText('Legal name must be text').trim().max(200, 'Legal name must be at most 200 characters'),
  platformAddress: plainText('Address must be text').trim().max(500, 'Address must be at most 500 characters'),
  platformGstin: platformGstinSchema,
  termsText: legalText('Terms and conditions'),
  privacyText: legalText('Privacy policy'),
  refundPolicyText: legalText('Refund and cancellation policy'),
  contactText: legalText('Contact details'),
  privacyNoticeText: noticeText('Privacy notice (English)'),
  privacyNoticeTextHi: noticeText('Privacy notice (Hindi)'),
  privacyNoticeTextMr: noticeText('Privacy notice (Marathi)'),
  privacyNoticeVersion: wholeNumber('Notice version').min(1),
}) satisfies z.ZodType<PlatformSettings>;

/**
 * PUT /api/admin/settings: the fields of one or more sections; the others stay as they are. (The
 * tax identity is the organisation's profile, PUT /api/admin/organisation: decision 055.)
 */
export const updateSettingsSchema = settingsSchema
  // The privacy notice's version may come back with the settings a form read: PUT drops it, as the
  // server moves it when a notice text changes (decision 030).
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

/** The Settings screen's sections, each saved on its own. */
export const SETTINGS_SECTIONS = {
  general: ['platformName', 'description', 'contactEmail', 'supportPhone'],
  branding: ['logoUrl', 'primaryColor', 'secondaryColor'],
  security: ['twoFactorAuth', 'loginNotifications', 'eventApprovalRequired'],
  platform: ['maxEventCapacity', 'bookingWindowDays', 'platformCommissionPercent', 'maxConvenienceFeeRupees'],
  platformTax: ['platformLegalName', 'platformAddress', 'platformGstin'],
  legal: ['termsText', 'privacyText', 'refundPolicyText', 'contactText'],
  privacy: ['privacyNoticeText', 'privacyNoticeTextHi', 'privacyNoticeTextMr'],
} as const satisfies Record<string, readonly (keyof PlatformSettings)[]>;

export const SETTINGS_KEYS = Object.keys(SETTINGS_DEFAULTS) as (keyof PlatformSettings)[];

/** A staff account as the Users screen lists it: a member of the acting organisation (decision 051). */
export interface StaffAccount extends Omit<StaffUser, 'organisationId' | 'platformRole'> {
  disabled: boolean;
  lastLoginAt: string | null;
  /** When the member enrolled in Two-Factor Authentication; null until then (or after an admin's reset). */
  twoFactorEnabledAt: string | null;
  createdAt: string;
  /**
   * The account is not this organisation's alone (a member of another organisation too, or platform
   * staff; decision 057): its name, password and two-factor are the person's own, not this admin's.
   * `disabled` is the membership's: this organisation only.
   */
  sharedAccount: boolean;
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
  /** The acting member's name as it is now; null for a failed sign-in or the system. */
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** The record acted on, by name ('Pune Hill Run', 'REG2K7Q9X01 · Asha Rao'); null when it has none or is gone. */
  subject: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  createdAt: string;
}

/** The kinds of record the audit log names, as the console words them. */
export const AUDIT_ENTITIES = {
  event: 'Event',
  ticket: 'Ticket type',
  registration: 'Attendee',
  order: 'Booking',
  staff_user: 'Staff member',
  settings: 'Settings',
  session: 'Sign-in',
  image: 'Image',
  personal_data: 'Personal data',
  data_request: 'Data request',
  organisation: 'Organisation',
  api_token: 'API token',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** The actions staff look for, as the console words them; others read as their name. */
export const AUDIT_ACTIONS = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  approve: 'Approved',
  cancel: 'Cancelled',
  postpone: 'Postponed',
  check_in: 'Checked in',
  check_in_refused: 'Refused at the gate',
  refund: 'Refunded',
  refund_succeeded: 'Refund settled',
  refund_failed: 'Refund failed',
  refund_cancelled: 'Refund cancelled',
  email_queued: 'E-mail queued',
  export: 'Exported',
  upload: 'Uploaded',
  login: 'Signed in',
  login_failed: 'Failed sign-in',
  logout: 'Signed out',
  password_reset: 'Password reset by e-mail',
  two_factor_enrolled: 'Two-factor set up',
  two_factor_reset: 'Two-factor reset',
  recovery_code_used: 'Recovery code used',
  waiting_list_move: 'Waiting list reordered',
  waiting_list_remove: 'Removed from waiting list',
  view: 'Viewed',
  // API tokens (decision 062).
  revoke: 'Revoked',
  api_call: 'API call',
  erase: 'Erased',
  erasure_requested: 'Erasure requested',
  erasure_declined: 'Erasure declined',
  /** A person's existing account added to the organisation; removed from it (decision 057). */
  add_member: 'Added to the organisation',
  remove_member: 'Removed from the organisation',
} as const;

/** An action as the console words it: 'Changed', or 'some_new_action' as 'Some new action'. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTIONS as Record<string, string>)[action] ?? `${action.charAt(0).toUpperCase()}${action.slice(1).replace(/_/g, ' ')}`;

const auditDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)
    .optional();

/** GET /api/admin/audit: a page, newest first, narrowed by who, what and when (India days). */
export const auditQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(200, 'Limit must be at most 200')
      .default(50),
    before: z.coerce
      .number({ error: 'Before must be an entry id' })
      .int('Before must be an entry id')
      .positive('Before must be an entry id')
      .optional(),
    actor: z.coerce
      .number({ error: 'Who must be a staff member' })
      .int('Who must be a staff member')
      .positive('Who must be a staff member')
      .optional(),
    entity: z
      .enum(Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]], { error: 'What must be a kind of record' })
      .optional(),
    action: z.string().trim().max(40, 'Action is too long').optional(),
    from: auditDay('From'),
    to: auditDay('To'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must not be before From' });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** GET /api/auth/me (decision 051): who is signed in, the organisation they act in and the others they may switch to. */
export interface MeResponse {
  user: StaffUser | null;
  organisation?: import('./organisations').CurrentOrganisation | null;
  organisations?: import('./organisations').MemberOrganisation[];
  platformRole?: import('./organisations').PlatformRole | null;
}
/**
 * POST /api/auth/login: signed in, or (Two-Factor Authentication on) the second step: a code from
 * the member's authenticator, or first their enrolment (the secret to scan, then a code).
 */
export type LoginResponse = (MeResponse & { user: StaffUser }) | { twoFactor: TwoFactorChallenge };
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
export interface TwoFactorResponse extends MeResponse {
  user: StaffUser;
  recoveryCodes?: string[];
}
export interface StaffAccountsResponse {
  users: StaffAccount[];
}
export interface StaffAccountResponse {
  user: StaffAccount;
}
/** POST /api/admin/users: `existingAccount` when the person already had an account, with the words to show. */
export interface AddedStaffResponse extends StaffAccountResponse {
  existingAccount: boolean;
  message?: string;
}
/** DELETE /api/admin/users/:id (decision 057). */
export interface RemovedStaffResponse {
  removed: true;
  /** The account had no organisation left and no platform role: it is disabled. */
  accountDisabled: boolean;
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
