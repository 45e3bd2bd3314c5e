// An organiser signs up (issue 41 "Signing up", decision 053): the organisation's profile and its
// first admin are kept as a pending sign-up, and a link is mailed to the admin's address; following
// it creates the organisation (applied: it drafts, publishes nothing until the platform approves
// it), the admin's account and membership, in one transaction. Only the SHA-256 of the link's token
// is stored; a link works once, for SIGNUP_LINK_HOURS. Sign-ups are limited per address and per
// e-mail in the shared rate_limits table, so the limit holds across instances.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ORGANISATION_MESSAGES,
  SIGNUP_LINK_HOURS,
  slugSchema,
  type CurrentOrganisation,
  type OrganisationProfile,
  type OrganisationSignup,
  type OrganiserSignupTerms,
  type SlugAvailability,
} from '../contract/organisations';
import { stateName } from '../contract/gst';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { forUpdate } from '../db/functions';
import { memberships, organisations, organisationSignups, staffUsers } from '../db/schema';
import type { Env } from '../env';
import { EMAIL_KINDS, enqueueStaffEmail } from '../mail/outbox';
import { staffNotice } from '../mail/templates';
import { selfBaseUrl } from '../urls';
import { recordAudit } from './audit';
import { hit } from './checkout-limits';
import { formatIndiaTime } from './india-time';
import { readSettings } from './settings';
import { normalizeEmail } from './staff';

/** Sign-ups per window from one address, and links per window to one e-mail. */
export const SIGNUPS_PER_ADDRESS = 5;
export const SIGNUPS_PER_EMAIL = 3;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
/** The form's live check of the web address: generous for typing, still a ceiling for a script. */
export const SLUG_CHECKS_PER_ADDRESS = 120;
export const SLUG_CHECK_WINDOW_MS = 10 * 60 * 1000;
/** Links tried per window from one address (a token is 256 random bits; this bounds the noise). */
export const VERIFY_ATTEMPTS_PER_ADDRESS = 20;

export type SignupRefusalReason = 'rate_limited' | 'slug_taken' | 'email_taken' | 'invalid' | 'used' | 'expired';

export class SignupRefusal extends Error {
  override name = 'SignupRefusal';
  constructor(
    readonly reason: SignupRefusalReason,
    readonly retryAfter = 0,
  ) {
    super(reason);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the sign-up page says of the platform's terms (its commission, whether events are reviewed). */
export async function signupTerms(db: Db): Promise<OrganiserSignupTerms> {
  const s = await readSettings(db);
  return {
    commissionPercent: s.platformCommissionPercent,
    eventApprovalRequired: s.eventApprovalRequired,
    linkHours: SIGNUP_LINK_HOURS,
  };
}

async function slugInUse(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, slug)).limit(1);
  return row !== undefined;
}

async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  return row !== undefined;
}

/** Counts one slug check from this address; SignupRefusal('rate_limited') past the limit. */
export async function countSlugCheck(tx: Db, ip: string, now = new Date()): Promise<void> {
  const wait = await hit(tx, `signup-slug-ip:${ip}`, SLUG_CHECKS_PER_ADDRESS, SLUG_CHECK_WINDOW_MS, now);
  if (wait > 0) throw new SignupRefusal('rate_limited', wait);
}

/** Whether a web address may be had: its shape, the reserved words, an organisation already there. */
export async function slugAvailability(db: Db, asked: string): Promise<SlugAvailability> {
  const parsed = slugSchema.safeParse(asked);
  if (!parsed.success) {
    return { slug: asked.trim().toLowerCase(), available: false, problem: parsed.error.issues[0]?.message };
  }
  const slug = parsed.data;
  if (await slugInUse(db, slug)) return { slug, available: false, problem: ORGANISATION_MESSAGES.slugTaken };
  return { slug, available: true };
}

/**
 * Counts a sign-up against its address and its e-mail, in a transaction of its own that commits
 * whatever the sign-up then comes to (a taken slug counts too). Before the password is hashed, so a
 * flood costs no hashing.
 */
export async function countSignup(tx: Db, input: { email: string; ip: string }, now = new Date()): Promise<void> {
  const waitAddress = await hit(tx, `signup-ip:${input.ip}`, SIGNUPS_PER_ADDRESS, SIGNUP_WINDOW_MS, now);
  if (waitAddress > 0) throw new SignupRefusal('rate_limited', waitAddress);
  const waitEmail = await hit(tx, `signup-email:${normalizeEmail(input.email)}`, SIGNUPS_PER_EMAIL, SIGNUP_WINDOW_MS, now);
  if (waitEmail > 0) throw new SignupRefusal('rate_limited', waitEmail);
}

/** Counts a link tried from this address. */
export async function countVerifyAttempt(tx: Db, ip: string, now = new Date()): Promise<void> {
  const wait = await hit(tx, `signup-verify-ip:${ip}`, VERIFY_ATTEMPTS_PER_ADDRESS, SIGNUP_WINDOW_MS, now);
  if (wait > 0) throw new SignupRefusal('rate_limited', wait);
}

type MailEnv = Pick<Env, 'publicUrl' | 'port'>;

/**
 * Keeps a sign-up and mails its link, in the transaction it is handed. `passwordHash` is the
 * admin's password hashed (hashStaffPassword) before the transaction. A taken web address is
 * SignupRefusal('slug_taken'). An e-mail that already has a staff account gets an e-mail saying so
 * instead of a link, and nothing is kept: the caller answers as for any other address (the answer
 * tells no one who has an account here).
 */
export async function requestSignup(
  tx: Db,
  env: MailEnv,
  input: { signup: OrganisationSignup; passwordHash: string; ip: string },
  now = new Date(),
): Promise<void> {
  const { organisation, admin } = input.signup;
  const email = normalizeEmail(admin.email);
  if (await slugInUse(tx, organisation.slug)) throw new SignupRefusal('slug_taken');
  const { platformName } = await readSettings(tx);
  if (await emailHasAccount(tx, email)) {
    const notice = staffNotice(
      {
        subject: 'You already have an account',
        title: 'You already have an account',
        intro: `Someone (we hope you) asked to sign up an organisation on ${platformName} with this e-mail address, which already has a staff account. Nothing was created. Sign in with it, or sign up with another address. If it was not you, ignore this e-mail.`,
        items: [
          ['Organisation', organisation.displayName],
          ['Asked at', `${formatIndiaTime(now.toISOString())} (India time)`],
        ],
        link: { label: 'Sign in', url: `${selfBaseUrl(env)}/login` },
      },
      platformName,
    );
    await enqueueStaffEmail(tx, EMAIL_KINDS.organiserSignupExisting, [email], notice, now);
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SIGNUP_LINK_HOURS * 60 * 60_000);
  await tx.insert(organisationSignups).values({
    tokenHash: hashToken(token),
    email,
    profile: organisation,
    admin: { fullName: admin.fullName },
    passwordHash: input.passwordHash,
    requestedIp: input.ip,
    expiresAt: expiresAt.toISOString(),
    createdAt: now.toISOString(),
  });
  // The token after '#' (decisions 043 and 048): no server's or proxy's log, nor a Referer, sees it.
  const url = `${selfBaseUrl(env)}/signup/verify#t=${encodeURIComponent(token)}`;
  const notice = staffNotice(
    {
      subject: 'Confirm your e-mail to create your organisation',
      title: 'Confirm your e-mail',
      intro: `Thank you for signing up ${organisation.displayName} to sell tickets on ${platformName}. Follow the link to confirm your e-mail address and create your organisation and your admin account. The link works once, for ${SIGNUP_LINK_HOURS} hours. If it was not you, ignore this e-mail: nothing is created.`,
      items: [
        ['Organisation', organisation.displayName],
        ['Web address', `${selfBaseUrl(env)}/o/${organisation.slug}`],
        ['Admin', `${admin.fullName} (${email})`],
        ['Link works until', `${formatIndiaTime(expiresAt.toISOString())} (India time)`],
      ],
      link: { label: 'Confirm and create my organisation', url },
    },
    platformName,
  );
  await enqueueStaffEmail(tx, EMAIL_KINDS.organiserSignup, [email], notice, now);
}

export interface VerifiedSignup {
  organisation: CurrentOrganisation;
  admin: { id: number; email: string; fullName: string; tokenVersion: number };
}

/**
 * Uses a sign-up's link, in the transaction it is handed: creates the organisation (applied), the
 * admin's account and its admin membership, audits both, ends the link and tells the platform
 * admins. SignupRefusal for a link that is unknown, used or late, for a web address taken since,
 * and for an e-mail that has had an account made since; nothing is written then.
 */
export async function verifySignup(
  tx: Db,
  env: MailEnv,
  input: { token: string; ip: string },
  now = new Date(),
): Promise<VerifiedSignup> {
  const [signup] = await forUpdate(
    tx
      .select()
      .from(organisationSignups)
      .where(eq(organisationSignups.tokenHash, hashToken(input.token.trim()))),
  );
  if (!signup) throw new SignupRefusal('invalid');
  if (signup.usedAt) throw new SignupRefusal('used');
  if (Date.parse(signup.expiresAt) <= now.getTime()) throw new SignupRefusal('expired');
  const profile: OrganisationProfile = signup.profile;
  if (await slugInUse(tx, profile.slug)) throw new SignupRefusal('slug_taken');
  if (await emailHasAccount(tx, signup.email)) throw new SignupRefusal('email_taken');

  let organisation: CurrentOrganisation;
  let admin: VerifiedSignup['admin'];
  try {
    [organisation] = (await tx
      .insert(organisations)
      .values({
        slug: profile.slug,
        displayName: profile.displayName,
        legalName: profile.legalName,
        contactEmail: profile.contactEmail,
        contactPhone: profile.contactPhone,
        state: profile.state,
        address: profile.address ?? '',
        about: profile.about ?? '',
        pan: profile.pan,
        gstin: profile.gstin || null,
        status: 'applied',
      })
      .returning({
        id: organisations.id,
        slug: organisations.slug,
        displayName: organisations.displayName,
        status: organisations.status,
      })) as [CurrentOrganisation];
    [admin] = (await tx
      .insert(staffUsers)
      .values({ email: signup.email, fullName: signup.admin.fullName, passwordHash: signup.passwordHash })
      .returning({
        id: staffUsers.id,
        email: staffUsers.email,
        fullName: staffUsers.fullName,
        tokenVersion: staffUsers.tokenVersion,
      })) as [VerifiedSignup['admin']];
  } catch (error) {
    // Taken by a sign-up verified at the same moment (slug and e-mail are UNIQUE). A failed statement
    // ends a PostgreSQL transaction, so which one is not asked: the web address is the likely race.
    if (!isUniqueViolation(error)) throw error;
    throw new SignupRefusal('slug_taken');
  }
  await tx.insert(memberships).values({ staffUserId: admin.id, organisationId: organisation.id, role: 'admin' });
  await tx.update(organisationSignups).set({ usedAt: now.toISOString() }).where(eq(organisationSignups.id, signup.id));
  // Other pending sign-ups to this address can no longer make an account: ended with this one.
  await tx
    .update(organisationSignups)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(organisationSignups.email, signup.email), isNull(organisationSignups.usedAt)));

  const actor = { actorUserId: admin.id, actorEmail: admin.email, ip: input.ip, organisationId: organisation.id };
  await recordAudit(tx, {
    ...actor,
    action: 'create',
    entity: 'organisation',
    entityId: organisation.id,
    detail: { by: 'sign-up', slug: organisation.slug, status: 'applied', pan: profile.pan, gstin: profile.gstin ?? null },
  });
  await recordAudit(tx, {
    ...actor,
    action: 'create',
    entity: 'staff_user',
    entityId: admin.id,
    detail: { by: 'sign-up', email: admin.email, role: 'admin' },
  });

  const platformAdmins = await tx
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.platformRole, 'platform_admin'), eq(staffUsers.disabled, false)));
  const { platformName } = await readSettings(tx);
  const notice = staffNotice(
    {
      subject: `${profile.displayName} awaits approval`,
      title: 'An organisation awaits approval',
      intro: `${profile.displayName} signed up to sell tickets on ${platformName} and confirmed its admin's e-mail. It may draft events, and publishes nothing until platform staff approve it.`,
      items: [
        ['Organisation', `${profile.displayName} (${profile.legalName})`],
        ['Web address', `${selfBaseUrl(env)}/o/${profile.slug}`],
        ['State', stateName(profile.state) || profile.state],
        ['PAN', profile.pan],
        ['GSTIN', profile.gstin || 'none'],
        ['Contact', `${profile.contactEmail}, ${profile.contactPhone}`],
        ['Admin', `${admin.fullName} (${admin.email})`],
        ['Signed up at', `${formatIndiaTime(now.toISOString())} (India time)`],
      ],
      link: { label: 'Review organisations', url: `${selfBaseUrl(env)}/admin` },
    },
    platformName,
  );
  await enqueueStaffEmail(
    tx,
    EMAIL_KINDS.organisationApplied,
    platformAdmins.map((p) => p.email),
    notice,
    now,
  );
  return { organisation, admin };
}
