// Organisations (the organisers issue, DESIGN.md section 3 "organisations", decision 051): the
// organisers who sell on the platform, their members' roles, the platform's own staff, and the
// rules a sign-up's profile is checked by. The API validates with these schemas and the forms reuse
// them, so a rule and its message exist once.
import { z } from 'zod';
import { ROLES } from './constants';
import type { Role } from './types';
import { gstinProblem, gstinState, STATE_CODES } from './gst';
import { plainText } from './registration';

/** applied (signed up, may draft, publishes nothing), approved (sells), suspended (nothing new sells). */
export const ORGANISATION_STATUSES = ['applied', 'approved', 'suspended'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/** The platform's own staff: they see every organisation, approve and suspend them, review events. */
export const PLATFORM_ROLES = ['platform_admin', 'platform_support'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

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
  displayNameRequired: 'Organisation name is required',
  legalNameRequired: 'Legal name is required',
  slugRequired: 'Web address is required',
  slugShape: `Use ${SLUG_MIN} to ${SLUG_MAX} lower-case letters, digits and single hyphens, starting and ending with a letter or digit`,
  slugReserved: 'This web address is reserved. Choose another.',
  slugTaken: 'This web address is taken. Choose another.',
  stateRequired: 'Choose the state the organisation is registered in',
  panRequired: 'PAN is required',
  panFormat: 'PAN must be 5 letters, 4 digits and a letter, like AAACR1234F',
  panEntity: "PAN's fourth letter must be one of P, C, H, F, A, T, B, L, J or G",
  gstinFormat: 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character',
  gstinState: "GSTIN's state code is not an Indian state's",
  gstinCheck: "GSTIN's last character does not match: check it for a typing mistake",
  gstinPanMismatch: "GSTIN does not contain the organisation's PAN",
  gstinStateMismatch: "GSTIN's state code is not the state chosen",
  addressRequiredForGst: 'Address is required with a GSTIN: tax invoices print it',
  contactEmailRequired: 'Contact email is required',
  emailInvalid: 'Enter a valid email address',
  contactPhoneInvalid: 'Enter a 10-digit Indian mobile or landline number',
  aboutTooLong: 'About must be at most 2000 characters',
  notFound: 'Organisation not found',
  notMember: 'You are not a member of that organisation.',
  noOrganisation: 'Your account is not a member of any organisation. Ask its admin to add you.',
  lastAdmin: 'An organisation needs an admin: make someone else its admin first.',
  notApproved: 'Your organisation is awaiting approval: you can draft events, and publish once the platform approves it.',
  suspended: 'This organisation is suspended: it cannot publish or sell.',
  organiserSuspended: 'This organiser is not selling tickets at the moment.',
  reasonRequired: 'Give a reason: the organiser is e-mailed it',
} as const;

const text = (required: string, max: number, label: string) =>
  plainText(required).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);

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
  displayName: text(ORGANISATION_MESSAGES.displayNameRequired, 100, 'Organisation name'),
  slug: slugSchema,
  legalName: text(ORGANISATION_MESSAGES.legalNameRequired, 200, 'Legal name'),
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

/**
 * PUT /api/admin/organisation (decision 055): the organisation's admins edit its profile and tax
 * identity by the same rules; its web address (slug) is not theirs to change (its links and pages
 * are shared), and a GSTIN needs the address its invoices print. An empty GSTIN removes the
 * registration: its buyers get receipts from then on.
 */
export const updateOrganisationProfileSchema = organisationProfileFields
  .omit({ slug: true })
  .strict()
  .superRefine((org, ctx) => checkTaxIdentity(org, ctx, true));
export type UpdateOrganisationProfileInput = z.input<typeof updateOrganisationProfileSchema>;
export type UpdateOrganisationProfile = z.output<typeof updateOrganisationProfileSchema>;

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
}
export interface OrganisationProfileResponse {
  organisation: OrganisationProfileView;
}

export type OrganisationProfileInput = z.input<typeof organisationProfileSchema>;
export type OrganisationProfile = z.output<typeof organisationProfileSchema>;

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

export { ROLES };
