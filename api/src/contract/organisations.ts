// Organisations (the organisers issue, DESIGN.md section 3 "organisations", decision 051): the
// organisers who sell on the platform, their members' roles, the platform's own staff, and the
// rules a sign-up's profile is checked by. The API validates with these schemas and the forms reuse
// them, so a rule and its message exist once.
import { z } from 'zod';
import type { Role } from './types';
import { PLATFORM_ROLES, type PlatformRole } from './constants';
import { gstinProblem, gstinState, STATE_CODES } from './gst';
import { contrastOnWhite, MIN_BRAND_CONTRAST } from './brand-colour';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from './personal-data';
import { plainText } from './registration';
import { MAX_STAFF_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH } from './staff';
import { messageKey } from './validation-messages';

/** applied (signed up, may draft, publishes nothing), approved (sells), suspended (nothing new sells). */
export const ORGANISATION_STATUSES = ['applied', 'approved', 'suspended'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

// The platform's own staff roles live in constants.ts (no zod): the shell's registry reads them on
// every first load. Re-exported here, where the organisations' contract is read.
export { PLATFORM_ROLES, type PlatformRole } from './constants';

/**
 * The role platform staff act with inside an organisation they are not a member of: they answer its
 * callers and see its data, they change nothing of it (the issue's "act as support").
 */
export const PLATFORM_STAFF_ORGANISATION_ROLE: Role = 'support';

/**
 * PAN: five letters, four digits, a letter. The fourth letter is the holder's kind (Income Tax
 * Department): P person, C company, H Hindu undivided family, F firm or LLP, A association of
 * persons, T trust, B body of individuals, L local authority, J artificial juridical person, G government.
 */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const PAN_ENTITY_LETTERS = 'PCHFATBLJG';

export function panProblem(pan: string): 'format' | 'entity' | null {
  if (!PAN_PATTERN.test(pan)) return 'format';
  if (!PAN_ENTITY_LETTERS.includes(pan[3]!)) return 'entity';
  return null;
}

/** The PAN inside a GSTIN (its characters 3 to 12). */
export const gstinPan = (gstin: string) => gstin.slice(2, 12);

/** An organisation's address on the platform: /o/{slug}. Lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MIN = 3;
export const SLUG_MAX = 40;
/** Words that name the platform's own pages or could pass for it. */
export const RESERVED_SLUGS = [
  'admin',
  'api',
  'app',
  'events',
  'help',
  'login',
  'new',
  'platform',
  'signup',
  'support',
  'tdk',
  'tdk-sports',
  'tdksports',
] as const;

export const ORGANISATION_MESSAGES = {
  // The profile's and the sign-up's rules (decision 053): keys, in English, Hindi and Marathi in
  // contract/i18n; the API answers them in the request's language, the forms in the page's.
  displayNameRequired: 'validation.organisation.displayNameRequired',
  legalNameRequired: 'validation.organisation.legalNameRequired',
  slugRequired: 'validation.organisation.slugRequired',
  slugShape: 'validation.organisation.slugShape',
  slugReserved: 'validation.organisation.slugReserved',
  slugTaken: 'validation.organisation.slugTaken',
  stateRequired: 'validation.organisation.stateRequired',
  panRequired: 'validation.organisation.panRequired',
  panFormat: 'validation.organisation.panFormat',
  panEntity: 'validation.organisation.panEntity',
  gstinFormat: 'validation.organisation.gstinFormat',
  gstinState: 'validation.organisation.gstinState',
  gstinCheck: 'validation.organisation.gstinCheck',
  gstinPanMismatch: 'validation.organisation.gstinPanMismatch',
  gstinStateMismatch: 'validation.organisation.gstinStateMismatch',
  addressRequiredForGst: 'validation.organisation.addressRequiredForGst',
  contactEmailRequired: 'validation.organisation.contactEmailRequired',
  emailInvalid: 'validation.organisation.emailInvalid',
  contactPhoneInvalid: 'validation.organisation.contactPhoneInvalid',
  aboutTooLong: 'validation.organisation.aboutTooLong',
  adminNameRequired: 'validation.organisation.adminNameRequired',
  adminEmailRequired: 'validation.organisation.adminEmailRequired',
  passwordRequired: 'validation.organisation.passwordRequired',
  passwordTooShort: 'validation.organisation.passwordTooShort',
  passwordTooLong: 'validation.organisation.passwordTooLong',
  passwordTooCommon: 'validation.organisation.passwordTooCommon',
  notFound: 'Organisation not found',
  notMember: 'You are not a member of that organisation.',
  noOrganisation: 'Your account is not a member of any organisation. Ask its admin to add you.',
  lastAdmin: 'An organisation needs an admin: make someone else its admin first.',
  notApproved: 'Your organisation is awaiting approval: you can draft events, and publish once the platform approves it.',
  suspended: 'This organisation is suspended: it cannot publish or sell.',
  organiserSuspended: 'This organiser is not selling tickets at the moment.',
  reasonRequired: 'Give a reason: the organiser is e-mailed it',
} as const;

const text = (required: string, max: number) =>
  plainText(required).trim().min(1, required).max(max, messageKey('validation.maxChars', { max }));

export const slugSchema = z
  .string({ error: ORGANISATION_MESSAGES.slugRequired })
  .trim()
  .toLowerCase()
  .min(1, ORGANISATION_MESSAGES.slugRequired)
  .refine((s) => s.length >= SLUG_MIN && s.length <= SLUG_MAX && SLUG_PATTERN.test(s), ORGANISATION_MESSAGES.slugShape)
  .refine((s) => !(RESERVED_SLUGS as readonly string[]).includes(s), ORGANISATION_MESSAGES.slugReserved);

const upper = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .transform((s) => s.toUpperCase().replace(/\s+/g, ''));

const panSchema = upper(ORGANISATION_MESSAGES.panRequired)
  .refine((s) => s.length > 0, ORGANISATION_MESSAGES.panRequired)
  .superRefine((pan, ctx) => {
    if (!pan) return;
    const problem = panProblem(pan);
    if (problem === 'format') ctx.addIssue({ code: 'custom', message: ORGANISATION_MESSAGES.panFormat });
    if (problem === 'entity') ctx.addIssue({ code: 'custom', message: ORGANISATION_MESSAGES.panEntity });
  });

const gstinSchema = upper(ORGANISATION_MESSAGES.gstinFormat).superRefine((gstin, ctx) => {
  if (!gstin) return;
  const problem = gstinProblem(gstin);
  if (problem === 'format') ctx.addIssue({ code: 'custom', message: ORGANISATION_MESSAGES.gstinFormat });
  if (problem === 'state') ctx.addIssue({ code: 'custom', message: ORGANISATION_MESSAGES.gstinState });
  if (problem === 'checkDigit') ctx.addIssue({ code: 'custom', message: ORGANISATION_MESSAGES.gstinCheck });
});

const emailSchema = z
  .string({ error: ORGANISATION_MESSAGES.contactEmailRequired })
  .trim()
  .toLowerCase()
  .min(1, ORGANISATION_MESSAGES.contactEmailRequired)
  .max(254, ORGANISATION_MESSAGES.emailInvalid)
  .pipe(z.email(ORGANISATION_MESSAGES.emailInvalid));

/** 10 digits after an optional +91 or 0, spaces and hyphens allowed. */
const phoneSchema = z
  .string({ error: ORGANISATION_MESSAGES.contactPhoneInvalid })
  .trim()
  .refine(
    (s) => /^(?:\+?91|0)?[6-9]\d{9}$|^(?:\+?91|0)?[1-9]\d{9}$/.test(s.replace(/[\s-]/g, '')),
    ORGANISATION_MESSAGES.contactPhoneInvalid,
  );

/** The fields of an organisation's profile, each with its own rule. */
const organisationProfileFields = z.object({
  displayName: text(ORGANISATION_MESSAGES.displayNameRequired, 100),
  slug: slugSchema,
  legalName: text(ORGANISATION_MESSAGES.legalNameRequired, 200),
  state: z.enum(STATE_CODES, { error: ORGANISATION_MESSAGES.stateRequired }),
  pan: panSchema,
  gstin: gstinSchema.optional(),
  contactEmail: emailSchema,
  contactPhone: phoneSchema,
  address: plainText('Address').trim().max(500, 'Address must be at most 500 characters').optional(),
  about: plainText('About').trim().max(2000, ORGANISATION_MESSAGES.aboutTooLong).optional(),
});

/** A GSTIN holds the organisation's PAN and state; a registered seller's invoices print its address. */
function checkTaxIdentity(
  org: { gstin?: string | undefined; pan: string; state: string; address?: string | undefined },
  ctx: z.RefinementCtx,
  addressRequired: boolean,
) {
  if (addressRequired && org.gstin && !org.address)
    ctx.addIssue({ code: 'custom', path: ['address'], message: ORGANISATION_MESSAGES.addressRequiredForGst });
  if (!org.gstin || gstinProblem(org.gstin) !== null || panProblem(org.pan) !== null) return;
  if (gstinPan(org.gstin) !== org.pan)
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: ORGANISATION_MESSAGES.gstinPanMismatch });
  else if (gstinState(org.gstin) !== org.state)
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: ORGANISATION_MESSAGES.gstinStateMismatch });
}

/** An organisation's profile: what sign-up asks and the platform staff's create form. */
export const organisationProfileSchema = organisationProfileFields.superRefine((org, ctx) => checkTaxIdentity(org, ctx, false));

const toggle = (label: string) => z.boolean({ error: `${label} must be true or false` });

/**
 * The organisation's own settings (decision 056): its e-mails' sender name and reply-to, its page's
 * accent, its staff alerts and its retention period. '' for the sender name or reply-to means its
 * display name or contact e-mail; '' for the colour means the platform's colours.
 */
export const organisationSettingsSchema = z.object({
  emailSenderName: plainText('Sender name must be text')
    .trim()
    .max(80, 'Sender name must be at most 80 characters')
    .refine((s) => !/[<>"@,;]/.test(s), 'Sender name must not contain < > " @ , or ;'),
  emailReplyTo: z
    .string({ error: 'Reply-to must be an e-mail address' })
    .trim()
    .toLowerCase()
    .max(254, 'Enter a valid reply-to e-mail')
    .refine((s) => s === '' || z.email().safeParse(s).success, 'Enter a valid reply-to e-mail'),
  brandColour: z
    .string({ error: 'Brand colour must be a hex colour like #FF6B35' })
    .trim()
    .refine((s) => s === '' || /^#[0-9a-fA-F]{6}$/.test(s), 'Brand colour must be a hex colour like #FF6B35')
    .refine((s) => !/^#[0-9a-fA-F]{6}$/.test(s) || contrastOnWhite(s) >= MIN_BRAND_CONTRAST, {
      error: (issue) =>
        `Brand colour is too light to read on white (${contrastOnWhite(String(issue.input).trim()).toFixed(1)}:1; at least ${MIN_BRAND_CONTRAST}:1)`,
    })
    .transform((s) => s.toUpperCase()),
  emailNotifications: toggle('Email Notifications'),
  userRegistrationAlerts: toggle('User Registration Alerts'),
  newEventAlerts: toggle('New Event Alerts'),
  weeklyReports: toggle('Weekly Reports'),
  retentionDays: z
    .number({ error: 'Retention period must be a number' })
    .int('Retention period must be a whole number')
    .min(RETENTION_DAYS_MIN, `Retention period must be at least ${RETENTION_DAYS_MIN} days`)
    .max(RETENTION_DAYS_MAX, `Retention period must be at most ${RETENTION_DAYS_MAX} days`),
});
export type OrganisationSettings = z.output<typeof organisationSettingsSchema>;

/** The Settings screen's organisation sections (decision 056), each saved on its own through PUT /api/admin/organisation. */
export const ORGANISATION_SETTINGS_SECTIONS = {
  email: ['emailSenderName', 'emailReplyTo'],
  notifications: ['emailNotifications', 'userRegistrationAlerts', 'newEventAlerts', 'weeklyReports'],
  retention: ['retentionDays'],
  branding: ['brandColour'],
} as const satisfies Record<string, readonly (keyof OrganisationSettings)[]>;

/**
 * PUT /api/admin/organisation (decision 055): the organisation's admins edit its profile and tax
 * identity by the same rules, and its settings (decision 056: each optional, an omitted one stays); its web address (slug) is not theirs to change (its links and pages
 * are shared), and a GSTIN needs the address its invoices print. An empty GSTIN removes the
 * registration: its buyers get receipts from then on.
 */
export const updateOrganisationProfileSchema = organisationProfileFields
  .omit({ slug: true })
  .extend(organisationSettingsSchema.partial().shape)
  .strict()
  .superRefine((org, ctx) => checkTaxIdentity(org, ctx, true));
export type UpdateOrganisationProfileInput = z.input<typeof updateOrganisationProfileSchema>;
export type UpdateOrganisationProfile = z.output<typeof updateOrganisationProfileSchema>;

/** PUT /api/admin/organisation with settings alone (a Settings section, decision 056): the profile stays as it is. */
export const updateOrganisationSettingsSchema = organisationSettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to change' });
export type UpdateOrganisationSettingsInput = z.input<typeof updateOrganisationSettingsSchema>;

const PROFILE_KEYS = Object.keys(organisationProfileFields.shape).filter((key) => key !== 'slug');

/**
 * PUT /api/admin/organisation's body: the profile (with any settings) when it names a profile field,
 * otherwise settings alone, so a Settings section saves without resending (or re-validating) the
 * profile.
 */
export const updateOrganisationBodySchema = z
  .record(z.string(), z.unknown(), { error: 'Send the organisation as a JSON object' })
  .transform((body, ctx): UpdateOrganisationProfile | Partial<OrganisationSettings> => {
    const schema = PROFILE_KEYS.some((key) => key in body) ? updateOrganisationProfileSchema : updateOrganisationSettingsSchema;
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    return z.NEVER;
  });
export type UpdateOrganisation = z.output<typeof updateOrganisationBodySchema>;

/** GET/PUT /api/admin/organisation: the acting organisation's profile as its admins edit it. */
export interface OrganisationProfileView {
  id: number;
  slug: string;
  displayName: string;
  legalName: string;
  state: string;
  address: string;
  pan: string;
  /** '' for an organisation without GST registration (receipts, no GST charged). */
  gstin: string;
  contactEmail: string;
  contactPhone: string;
  about: string;
  status: OrganisationStatus;
  /** Its settings (decision 056): '' sender name / reply-to / colour for the default. */
  emailSenderName: string;
  emailReplyTo: string;
  brandColour: string;
  emailNotifications: boolean;
  userRegistrationAlerts: boolean;
  newEventAlerts: boolean;
  weeklyReports: boolean;
  retentionDays: number;
}
export interface OrganisationProfileResponse {
  organisation: OrganisationProfileView;
}

export type OrganisationProfileInput = z.input<typeof organisationProfileSchema>;
export type OrganisationProfile = z.output<typeof organisationProfileSchema>;

// Sign-up (decision 053): POST /api/organisers/signup, its e-mailed link, and the form's live check
// of the web address.

// How long a sign-up's e-mailed link works: in constants.ts (no zod), for the sign-up page's words.
export { SIGNUP_LINK_HOURS } from './constants';

/** The organisation's first admin: the staff password rules (length here; the API also refuses common ones). */
export const signupAdminSchema = z.object({
  fullName: text(ORGANISATION_MESSAGES.adminNameRequired, 100),
  email: z
    .string({ error: ORGANISATION_MESSAGES.adminEmailRequired })
    .trim()
    .toLowerCase()
    .min(1, ORGANISATION_MESSAGES.adminEmailRequired)
    .max(254, ORGANISATION_MESSAGES.emailInvalid)
    .pipe(z.email(ORGANISATION_MESSAGES.emailInvalid)),
  password: z
    .string({ error: ORGANISATION_MESSAGES.passwordRequired })
    .min(1, { error: ORGANISATION_MESSAGES.passwordRequired, abort: true })
    .min(MIN_STAFF_PASSWORD_LENGTH, messageKey(ORGANISATION_MESSAGES.passwordTooShort, { min: MIN_STAFF_PASSWORD_LENGTH }))
    .max(MAX_STAFF_PASSWORD_LENGTH, messageKey(ORGANISATION_MESSAGES.passwordTooLong, { max: MAX_STAFF_PASSWORD_LENGTH })),
});

/** POST /api/organisers/signup: the profile (address and about are completed later, in the admin) and the first admin. */
export const organisationSignupSchema = z.object({
  organisation: organisationProfileSchema,
  admin: signupAdminSchema,
});
export type OrganisationSignupInput = z.input<typeof organisationSignupSchema>;
export type OrganisationSignup = z.output<typeof organisationSignupSchema>;

/** POST /api/organisers/signup/verify: the token from the link's fragment. */
export const signupVerifySchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is too long'),
});

/** GET /api/organisers/slug-available?slug= */
export const slugAvailableQuerySchema = z.object({ slug: z.string({ error: ORGANISATION_MESSAGES.slugRequired }).max(200) });

/** What the sign-up's answers and refusals say (keys of the 'validation' catalogue, like the rules). */
export const SIGNUP_MESSAGES = {
  sent: 'validation.organisation.signupSent',
  linkInvalid: 'validation.organisation.signupLinkInvalid',
  linkUsed: 'validation.organisation.signupLinkUsed',
  linkExpired: 'validation.organisation.signupLinkExpired',
  emailTaken: 'validation.organisation.signupEmailTaken',
  rateLimited: 'validation.organisation.signupRateLimited',
} as const;

/** 202 from POST /api/organisers/signup: the same for an address that already has a staff account. */
export interface OrganisationSignupResponse {
  message: string;
}

/** 201 from POST /api/organisers/signup/verify: the new organisation, awaiting approval, and its admin (signed in). */
export interface OrganisationSignupVerifyResponse {
  organisation: CurrentOrganisation;
  admin: { email: string; fullName: string };
}

/**
 * GET /api/organisers/slug-available: `available`, or why not (`problem` a rule's message key:
 * shape, reserved or taken).
 */
export interface SlugAvailability {
  slug: string;
  available: boolean;
  problem?: string;
}

/** GET /api/organisers/signup: what the page says of the platform's terms. */
export interface OrganiserSignupTerms {
  commissionPercent: number;
  eventApprovalRequired: boolean;
  linkHours: number;
}

/** POST /api/auth/organisation: act in another organisation the member belongs to. */
export const switchOrganisationSchema = z.object({
  organisationId: z.coerce
    .number({ error: 'organisationId is required' })
    .int('organisationId is required')
    .positive('organisationId is required'),
});

/** POST /api/platform/organisations/:id/suspend and the refusals of sign-ups and events: why, for the organiser. */
export const reasonSchema = z.object({
  reason: plainText(ORGANISATION_MESSAGES.reasonRequired)
    .trim()
    .min(1, ORGANISATION_MESSAGES.reasonRequired)
    .max(1000, 'Reason must be at most 1000 characters'),
});

/** One organisation a staff account belongs to, as GET /api/auth/me lists them. */
export interface MemberOrganisation {
  id: number;
  slug: string;
  displayName: string;
  status: OrganisationStatus;
  role: Role;
}

/** The organisation a member acts in now. */
export interface CurrentOrganisation {
  id: number;
  slug: string;
  displayName: string;
  status: OrganisationStatus;
}

export const isPlatformRole = (value: unknown): value is PlatformRole =>
  typeof value === 'string' && (PLATFORM_ROLES as readonly string[]).includes(value);

/**
 * A slug as written in a path or query (`/o/:slug`, `?organiser=`): any case is taken as its
 * lower-case form; a shape no slug can have is refused before any query.
 */
export const organiserSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, 'Organiser is not a valid web address')
  .regex(SLUG_PATTERN, 'Organiser is not a valid web address');

export const organiserSlugParamSchema = z.object({ slug: organiserSlugSchema });
