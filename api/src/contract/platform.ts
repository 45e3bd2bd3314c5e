// The platform staff's API (issue 41, decision 052; DESIGN.md section 3 "organisations"): the
// organisations on the platform, their approval and suspension, and the review of organisers' events
// under Event Approval Required. Schemas for the routes and the admin-platform remote's forms, and
// the answers' types.
import { z } from 'zod';
import {
  isPlatformRole,
  ORGANISATION_MESSAGES,
  ORGANISATION_STATUSES,
  organisationProfileSchema,
  PLATFORM_ROLES,
  reasonSchema,
  type OrganisationProfile,
  type OrganisationProfileInput,
  type OrganisationStatus,
  type PlatformRole,
} from './organisations';
import { createStaffSchema } from './staff';
import type { EventStatus, Role, SportEvent, Ticket } from './types';

export {
  isPlatformRole,
  ORGANISATION_MESSAGES,
  ORGANISATION_STATUSES,
  organisationProfileSchema,
  PLATFORM_ROLES,
  reasonSchema,
  type OrganisationProfile,
  type OrganisationProfileInput,
  type OrganisationStatus,
  type PlatformRole,
};

/** What the platform staff's answers say besides ORGANISATION_MESSAGES. */
export const PLATFORM_MESSAGES = {
  alreadyApproved: 'This organisation is already approved',
  alreadySuspended: 'This organisation is already suspended',
  notSuspended: 'Only a suspended organisation can be reinstated',
  appliedCannotBeSuspended: 'An organisation awaiting approval cannot be suspended',
  nothingToChange: 'Change the notes, the trusted setting or the commission',
  commissionPercent: 'Commission is a percentage from 0 to 100, with at most two decimals',
  notSubmitted: 'This event is not waiting for review',
  eventNotFound: 'Event not found',
  adminEmailTaken: 'A staff account with this email already exists',
  notesTooLong: 'Notes must be at most 5000 characters',
} as const;

/** GET /api/platform/organisations?status= */
export const platformOrganisationsQuerySchema = z.object({
  status: z.enum(ORGANISATION_STATUSES, { error: `Status must be one of ${ORGANISATION_STATUSES.join(', ')}` }).optional(),
});
export type PlatformOrganisationsQuery = z.infer<typeof platformOrganisationsQuerySchema>;

/** The first admin of an organisation the platform creates: the staff form's rules, without a role (it is admin). */
export const organisationAdminSchema = createStaffSchema.omit({ role: true });

/** POST /api/platform/organisations: an approved organisation and its first admin. */
export const createOrganisationSchema = z.object({
  organisation: organisationProfileSchema,
  admin: organisationAdminSchema,
});
export type CreateOrganisationInput = z.input<typeof createOrganisationSchema>;

/** PATCH /api/platform/organisations/:id: the platform's notes, the trusted exception and the commission override; at least one. */
export const updateOrganisationSchema = z
  .object({
    platformNotes: z.string({ error: 'Notes must be text' }).trim().max(5000, PLATFORM_MESSAGES.notesTooLong).optional(),
    trusted: z.boolean({ error: 'Trusted is true or false' }).optional(),
    /**
     * The platform's commission for this organisation in percent (decision 060), to two decimals;
     * null returns it to the platform's setting.
     */
    commissionPercent: z
      .number({ error: PLATFORM_MESSAGES.commissionPercent })
      .min(0, PLATFORM_MESSAGES.commissionPercent)
      .max(100, PLATFORM_MESSAGES.commissionPercent)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, PLATFORM_MESSAGES.commissionPercent)
      .nullable()
      .optional(),
  })
  .refine((body) => body.platformNotes !== undefined || body.trusted !== undefined || body.commissionPercent !== undefined, {
    message: PLATFORM_MESSAGES.nothingToChange,
  });
export type UpdateOrganisationInput = z.infer<typeof updateOrganisationSchema>;

/** The one state of the review queue (an event asked to go live, waiting for platform staff). */
export const SUBMITTED = 'Submitted' as const;

/** GET /api/platform/events?status=Submitted (the only queue there is; the default). */
export const platformEventsQuerySchema = z.object({
  status: z.literal(SUBMITTED, { error: `Status must be ${SUBMITTED}` }).default(SUBMITTED),
});

/** An organisation's figures in the platform's list. */
export interface OrganisationCounts {
  events: number;
  paidOrders: number;
  /** Rupees: what buyers paid, less refunds (the money-taken figure of every screen). */
  moneyTaken: number;
}

/** One row of GET /api/platform/organisations. */
export interface PlatformOrganisationSummary {
  id: number;
  slug: string;
  displayName: string;
  legalName: string;
  contactEmail: string;
  status: OrganisationStatus;
  /** Why it was suspended, as the organiser was told ('' otherwise). */
  statusReason: string;
  trusted: boolean;
  createdAt: string;
  counts: OrganisationCounts;
}

/** GET /api/platform/organisations/:id: the whole profile, the platform's notes and its admins. */
export interface PlatformOrganisation extends PlatformOrganisationSummary {
  about: string;
  logoUrl: string | null;
  contactPhone: string;
  state: string;
  address: string;
  pan: string;
  gstin: string | null;
  platformNotes: string;
  /** The platform's commission for this organisation in percent (decision 060); null: the platform's setting applies. */
  commissionPercent: number | null;
  updatedAt: string;
  admins: { fullName: string; email: string }[];
}

export interface PlatformOrganisationsResponse {
  organisations: PlatformOrganisationSummary[];
}
export interface PlatformOrganisationResponse {
  organisation: PlatformOrganisation;
}

/** An event in the review queue: as buyers would see it, with its organiser and its tickets. */
export interface EventForReview extends Omit<SportEvent, 'status' | 'organisation'> {
  status: typeof SUBMITTED;
  /** What its organiser asked for: the status approval gives it. */
  pendingStatus: EventStatus;
  organisation: { id: number; slug: string; displayName: string; status: OrganisationStatus; trusted: boolean };
  tickets: Ticket[];
}

export interface PlatformEventsResponse {
  events: EventForReview[];
}

/** POST /api/platform/events/:id/approve and .../reject answer the event as staff see it now. */
export interface ReviewedEventResponse {
  event: SportEvent;
}

// The platform's own staff (decision 058): platform admins and platform support, granted and
// withdrawn by a platform admin. An account keeps its organisations' memberships either way.

/** What the platform staff routes say. */
export const PLATFORM_STAFF_MESSAGES = {
  notFound: 'No platform staff member with this id',
  lastPlatformAdmin: 'The platform needs a platform admin: make someone else one first.',
  alreadyStaff: 'This account is already platform staff: change its role in the list.',
  passwordForNewAccount: 'Give a password: no account has this e-mail yet',
  roleRequired: `Role must be one of ${PLATFORM_ROLES.join(', ')}`,
} as const;

const platformRoleSchema = z.enum(PLATFORM_ROLES, { error: PLATFORM_STAFF_MESSAGES.roleRequired });

/**
 * POST /api/platform/staff: a platform role for the account with this e-mail. An existing account
 * (an organiser's staff, say) keeps its password; a new one is created with the password given.
 */
export const addPlatformStaffSchema = createStaffSchema
  .omit({ role: true, password: true })
  .extend({ platformRole: platformRoleSchema, password: createStaffSchema.shape.password.optional() });
export type AddPlatformStaffInput = z.input<typeof addPlatformStaffSchema>;

/** PATCH /api/platform/staff/:id: another platform role, or null to withdraw it. */
export const updatePlatformStaffSchema = z.object({ platformRole: platformRoleSchema.nullable() });
export type UpdatePlatformStaffInput = z.infer<typeof updatePlatformStaffSchema>;

/** A platform staff member as GET /api/platform/staff lists them. */
export interface PlatformStaffMember {
  id: number;
  email: string;
  fullName: string;
  platformRole: PlatformRole;
  disabled: boolean;
  lastLoginAt: string | null;
  /** How many organisations the account is also a member of. */
  memberships: number;
}

export interface PlatformStaffResponse {
  staff: PlatformStaffMember[];
}
export interface PlatformStaffMemberResponse {
  member: PlatformStaffMember;
  /** POST only: whether an account with the e-mail existed (its password untouched). */
  existingAccount?: boolean;
}

// A whole staff account (decision 061): platform admins find it by e-mail, see its memberships,
// switch the whole account off and on, and reset a shared account's two-factor (which an
// organisation's admin may not, decision 057).

export const PLATFORM_ACCOUNT_MESSAGES = {
  notFound: 'No staff account with this id',
  searchTooShort: 'Type at least 3 characters of the e-mail',
  ownAccount: 'You cannot disable your own account',
} as const;

/** GET /api/platform/accounts?email=: accounts whose e-mail contains the text (at least 3 characters). */
export const platformAccountsQuerySchema = z.object({
  email: z
    .string({ error: PLATFORM_ACCOUNT_MESSAGES.searchTooShort })
    .trim()
    .toLowerCase()
    .min(3, PLATFORM_ACCOUNT_MESSAGES.searchTooShort)
    .max(254, PLATFORM_ACCOUNT_MESSAGES.searchTooShort),
});
export type PlatformAccountsQuery = z.infer<typeof platformAccountsQuerySchema>;

/** One organisation the account is a member of, with its role there and whether that membership is disabled. */
export interface PlatformAccountMembership {
  organisationId: number;
  slug: string;
  displayName: string;
  role: Role;
  disabled: boolean;
}

/** A staff account as the platform sees it: the account's own flag, its platform role and memberships. */
export interface PlatformAccount {
  id: number;
  email: string;
  fullName: string;
  platformRole: PlatformRole | null;
  /** The whole account is off: sign-in refused, no reset link, sessions ended. */
  disabled: boolean;
  twoFactorEnabled: boolean;
  lastLoginAt: string | null;
  memberships: PlatformAccountMembership[];
}

export interface PlatformAccountsResponse {
  accounts: PlatformAccount[];
}
export interface PlatformAccountResponse {
  account: PlatformAccount;
}
