// Staff accounts: the seed's, the admin of ADMIN_EMAIL or create-admin, the session guard's lookup
// and the Users screen's management.
import { and, asc, eq, sql } from 'drizzle-orm';
import { PASSWORD_TOO_COMMON, STAFF_MESSAGES, staffPasswordSchema, type Role } from '../contract';
import type { PlatformRole } from '../contract/organisations';
import type { Database, Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { forUpdate } from '../db/functions';
import { memberships, organisations, staffUsers } from '../db/schema';
import { isCommonPassword } from './common-passwords';
import { recordAudit } from './audit';
import { hashPassword } from './passwords';
import { readSettings } from './settings';
import { EMAIL_KINDS, enqueueStaffEmail } from '../mail/outbox';
import { staffNotice } from '../mail/templates';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface NewStaffUser {
  email: string;
  fullName: string;
  /** The role in `organisationId` (decision 051). */
  role: Role;
  organisationId: number;
  passwordHash: string;
  platformRole?: PlatformRole | null;
}

/** Accounts and their memberships, for the seed. */
export async function insertStaffUsers(tx: Db, users: NewStaffUser[]): Promise<void> {
  if (users.length === 0) return;
  const rows = await tx
    .insert(staffUsers)
    .values(
      users.map((u) => ({
        email: normalizeEmail(u.email),
        fullName: u.fullName,
        passwordHash: u.passwordHash,
        platformRole: u.platformRole ?? null,
      })),
    )
    .returning({ id: staffUsers.id, email: staffUsers.email });
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  await tx
    .insert(memberships)
    .values(
      users.map((u) => ({ staffUserId: idOf.get(normalizeEmail(u.email))!, organisationId: u.organisationId, role: u.role })),
    );
}

/** The first organisation (the oldest), or undefined on an install that has none yet. */
export async function firstOrganisationId(tx: Db): Promise<number | undefined> {
  return (await tx.select({ id: organisations.id }).from(organisations).orderBy(asc(organisations.id)).limit(1))[0]?.id;
}

/**
 * Adds the account to the organisation with that role, or changes its role there (the admin of
 * ADMIN_EMAIL, a member added to a second organisation).
 */
export async function setMembership(tx: Db, staffUserId: number, organisationId: number, role: Role) {
  await tx
    .insert(memberships)
    .values({ staffUserId, organisationId, role })
    .onConflictDoUpdate({ target: [memberships.staffUserId, memberships.organisationId], set: { role } });
}

/**
 * Creates the admin, or makes the existing account with that e-mail an enabled admin with this
 * password, revoking its sessions. Returns whether the account was new. For the server's start
 * (ADMIN_EMAIL) and the create-admin command: the password is checked and hashed first, then the
 * account is written in one transaction of its own.
 */
export async function upsertAdmin(database: Database, email: string, password: string, fullName = 'Administrator') {
  const checked = staffPasswordSchema.safeParse(password);
  if (!checked.success) throw new Error(`The admin password is not acceptable: ${checked.error.issues[0]?.message}`);
  if (isCommonPassword(password)) throw new Error(`The admin password is not acceptable: ${PASSWORD_TOO_COMMON}`);
  const passwordHash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  const write = () => database.transaction((tx) => writeAdmin(tx, normalized, passwordHash, fullName));
  try {
    return await write();
  } catch (error) {
    // Another instance starting at the same moment created it first: now it is there to update.
    if (isUniqueViolation(error)) return write();
    throw error;
  }
}

async function writeAdmin(tx: Db, email: string, passwordHash: string, fullName: string) {
  const [existing] = await forUpdate(
    tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).limit(1),
  );
  const audit = (action: string, id: number) =>
    recordAudit(tx, {
      actorUserId: null,
      actorEmail: 'system',
      action,
      entity: 'staff_user',
      entityId: id,
      detail: { email, role: 'admin', platformRole: 'platform_admin', source: 'ADMIN_EMAIL or create-admin' },
    });
  // A platform admin who is also an admin of the first organisation (decision 051); an install
  // without one yet gets it, named from the platform's settings, for the admin to complete.
  const organisationId = (await firstOrganisationId(tx)) ?? (await createFirstOrganisation(tx, email));
  if (!existing) {
    const [{ id }] = await tx
      .insert(staffUsers)
      .values({ email, fullName, platformRole: 'platform_admin', passwordHash })
      .returning({ id: staffUsers.id });
    await setMembership(tx, id, organisationId, 'admin');
    await audit('create', id);
    return { created: true };
  }
  await setMembership(tx, existing.id, organisationId, 'admin');
  await tx
    .update(staffUsers)
    .set({
      platformRole: 'platform_admin',
      passwordHash,
      disabled: false,
      tokenVersion: sql`${staffUsers.tokenVersion} + 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(staffUsers.id, existing.id));
  await audit('update', existing.id);
  return { created: false };
}

/** The first organisation of a new install: approved, named after the platform, its profile to be completed. */
async function createFirstOrganisation(tx: Db, contactEmail: string): Promise<number> {
  const [{ id }] = await tx
    .insert(organisations)
    .values({
      slug: 'organiser',
      displayName: 'TDK Sports',
      legalName: 'TDK Sports',
      contactEmail,
      state: '27',
      status: 'approved',
    })
    .returning({ id: organisations.id });
  return id;
}

/** Whether any staff account exists (the server warns at start when none does). */
export async function anyStaffAccount(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  return row !== undefined;
}

/** The whole row of a staff account (the session guard's check of its version and state). */
export async function staffUserById(db: Db, id: number): Promise<typeof staffUsers.$inferSelect | undefined> {
  return (await db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0];
}

// Staff management for the Users screen (DESIGN.md section 6). An organisation's admin manages
// memberships of their organisation: the role and `disabled` are the membership's (decision 057);
// the account's name, password and two-factor only for an account that is the organisation's alone.

/**
 * Not this organisation's alone: platform staff, or a member of another organisation too (enabled
 * or not). Its name, password and two-factor are the person's own (decision 057).
 */
const sharedAccount =
  sql<boolean>`(${staffUsers.platformRole} IS NOT NULL OR EXISTS (SELECT 1 FROM memberships AS other WHERE other.staff_user_id = ${memberships.staffUserId} AND other.organisation_id <> ${memberships.organisationId}))`.mapWith(
    (v: unknown) => v === true || v === 1 || v === '1' || v === 't',
  );

const accountColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  fullName: staffUsers.fullName,
  role: memberships.role,
  disabled: memberships.disabled,
  lastLoginAt: staffUsers.lastLoginAt,
  twoFactorEnabledAt: staffUsers.twoFactorEnabledAt,
  createdAt: staffUsers.createdAt,
  sharedAccount,
};

export type StaffAccountRow = {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  /** The membership's: the account cannot act in this organisation (decision 057). */
  disabled: boolean;
  lastLoginAt: string | null;
  twoFactorEnabledAt: string | null;
  createdAt: string;
  sharedAccount: boolean;
};

/** The organisation's members (decision 051): an account of another organisation is not listed. */
const membersOf = (db: Db, organisationId: number) =>
  db
    .select(accountColumns)
    .from(staffUsers)
    .innerJoin(memberships, and(eq(memberships.staffUserId, staffUsers.id), eq(memberships.organisationId, organisationId)));

export async function listStaffAccounts(db: Db, organisationId: number): Promise<StaffAccountRow[]> {
  return membersOf(db, organisationId).orderBy(asc(staffUsers.id));
}

export async function getStaffAccount(db: Db, organisationId: number, id: number): Promise<StaffAccountRow | undefined> {
  return (await membersOf(db, organisationId).where(eq(staffUsers.id, id)))[0];
}

export class StaffConflictError extends Error {
  override name = 'StaffConflictError';
}

/** A change of an account that is not the organisation's alone (decision 057): the route answers 409. */
export class SharedAccountError extends StaffConflictError {
  override name = 'SharedAccountError';
  constructor() {
    super(STAFF_MESSAGES.sharedAccount);
  }
}

/** A new account without a password (decision 057): the route answers 400 on the password field. */
export class PasswordRequiredError extends Error {
  override name = 'PasswordRequiredError';
  constructor() {
    super(STAFF_MESSAGES.passwordRequired);
  }
}

/** The password is on the common-password list: the route answers 400 on the password field. */
export class CommonPasswordError extends Error {
  override name = 'CommonPasswordError';
  constructor() {
    super(PASSWORD_TOO_COMMON);
  }
}

export const LAST_ADMIN_MESSAGE = 'The last active admin cannot be demoted or disabled';

/**
 * A new password's hash, for addStaffMember and updateStaffAccount: CommonPasswordError for
 * one on the common-password list. Hashing is slow: it happens before the transaction.
 */
export async function hashStaffPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw new CommonPasswordError();
  return hashPassword(password);
}

/**
 * The organisation's enabled admin memberships of enabled accounts, locked, not only counted: two
 * admins stepping down (or removing each other) at once cannot both leave.
 */
async function lockedActiveAdmins(tx: Db, organisationId: number) {
  return forUpdate(
    tx
      .select({ id: memberships.staffUserId })
      .from(memberships)
      .innerJoin(staffUsers, eq(staffUsers.id, memberships.staffUserId))
      .where(
        and(
          eq(memberships.organisationId, organisationId),
          eq(memberships.role, 'admin'),
          eq(memberships.disabled, false),
          eq(staffUsers.disabled, false),
        ),
      ),
  );
}

type Actor = { actorUserId: number | null; actorEmail: string; ip: string; organisationId: number | null };

/**
 * Adds a member (decision 057): a new account with that password, or, when the e-mail already has an
 * account (another organiser's member, platform staff), that account as a member with the role, its
 * password, name and two-factor untouched, and a notice e-mailed to it. StaffConflictError when it is
 * a member here already; PasswordRequiredError for a new account without a password. Audited.
 */
export async function addStaffMember(
  tx: Db,
  organisationId: number,
  input: { email: string; fullName: string; role: Role; passwordHash?: string },
  actor: Actor,
  now = new Date(),
): Promise<{ user: StaffAccountRow; existingAccount: boolean }> {
  const email = normalizeEmail(input.email);
  const [existing] = await forUpdate(
    tx
      .select({ id: staffUsers.id, disabled: staffUsers.disabled, platformRole: staffUsers.platformRole })
      .from(staffUsers)
      .where(eq(staffUsers.email, email))
      .limit(1),
  );
  if (existing) {
    if (await getStaffAccount(tx, organisationId, existing.id)) throw new StaffConflictError(STAFF_MESSAGES.alreadyMember(email));
    const [other] = await tx
      .select({ id: memberships.organisationId })
      .from(memberships)
      .where(eq(memberships.staffUserId, existing.id))
      .limit(1);
    // An account removed from its last organisation was disabled for having nowhere to act; the
    // platform's own disabling (an account with a platform role or another organisation) stays.
    const reEnabled = existing.disabled && !other && !existing.platformRole;
    await setMembership(tx, existing.id, organisationId, input.role);
    if (reEnabled) {
      await tx.update(staffUsers).set({ disabled: false, updatedAt: now.toISOString() }).where(eq(staffUsers.id, existing.id));
    }
    const user = (await getStaffAccount(tx, organisationId, existing.id))!;
    await recordAudit(tx, {
      ...actor,
      action: 'add_member',
      entity: 'staff_user',
      entityId: user.id,
      detail: { email: user.email, role: user.role, existingAccount: true, ...(reEnabled ? { accountEnabled: true } : {}) },
    });
    await notifyMemberAdded(tx, organisationId, user, now);
    return { user, existingAccount: true };
  }
  if (input.passwordHash === undefined) throw new PasswordRequiredError();
  try {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email, fullName: input.fullName, passwordHash: input.passwordHash })
      .returning({ id: staffUsers.id });
    await setMembership(tx, row!.id, organisationId, input.role);
    const user = (await getStaffAccount(tx, organisationId, row!.id))!;
    await recordAudit(tx, {
      ...actor,
      action: 'create',
      entity: 'staff_user',
      entityId: user.id,
      detail: { email: user.email, fullName: user.fullName, role: user.role },
    });
    return { user, existingAccount: false };
  } catch (error) {
    // Created by another request since the check (the e-mail is UNIQUE): the caller may try again.
    if (isUniqueViolation(error)) throw new StaffConflictError(`A staff account with the e-mail ${email} already exists`);
    throw error;
  }
}

/** The person's notice that an organisation added their existing account (in the transaction, through the outbox). */
async function notifyMemberAdded(tx: Db, organisationId: number, user: StaffAccountRow, now: Date) {
  const [organisation] = await tx
    .select({ displayName: organisations.displayName })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const { platformName } = await readSettings(tx);
  const name = organisation?.displayName ?? 'An organiser';
  return enqueueStaffEmail(
    tx,
    EMAIL_KINDS.memberAdded,
    [user.email],
    staffNotice(
      {
        subject: `You are now a member of ${name}`,
        title: `${name} added you`,
        intro: `${name} added your ${platformName} account as a member. Sign in with your own password and choose ${name} in the top bar.`,
        items: [
          ['Organiser', name],
          ['Role', user.role],
        ],
      },
      platformName,
    ),
    now,
  );
}

/** Creates an account, a member with that role (the platform's new organisation's admin); StaffConflictError when the e-mail is taken. */
export async function createStaffAccount(
  tx: Db,
  organisationId: number,
  input: { email: string; fullName: string; role: Role; passwordHash: string },
): Promise<StaffAccountRow> {
  const email = normalizeEmail(input.email);
  const taken = () => new StaffConflictError(`A staff account with the e-mail ${email} already exists`);
  const [existing] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  if (existing) throw taken();
  try {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email, fullName: input.fullName, passwordHash: input.passwordHash })
      .returning({ id: staffUsers.id });
    await setMembership(tx, row!.id, organisationId, input.role);
    return (await getStaffAccount(tx, organisationId, row!.id))!;
  } catch (error) {
    // Created by another request since the check (the e-mail is UNIQUE).
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export interface StaffUpdate {
  role?: Role;
  /** The membership's: this organisation only (decision 057). */
  disabled?: boolean;
  /** From hashStaffPassword. */
  passwordHash?: string;
  fullName?: string;
}

/**
 * Applies a change; undefined when there is no such member, StaffConflictError when it would leave no
 * enabled admin, SharedAccountError for a name or password of an account that is not this
 * organisation's alone (decision 057). A new password, or disabling an account's only organisation,
 * bumps token_version, ending every session; disabling a shared account's membership ends nothing
 * else of it: its sessions move on their next request. Returns the member before and after, for the audit log.
 */
export async function updateStaffAccount(tx: Db, organisationId: number, id: number, change: StaffUpdate) {
  const [before] = await forUpdate(membersOf(tx, organisationId).where(eq(staffUsers.id, id)));
  if (!before) return undefined;
  if (before.sharedAccount && (change.fullName !== undefined || change.passwordHash !== undefined))
    throw new SharedAccountError();
  const staysActiveAdmin = (change.role ?? before.role) === 'admin' && !(change.disabled ?? before.disabled);
  if (before.role === 'admin' && !before.disabled && !staysActiveAdmin) {
    if ((await lockedActiveAdmins(tx, organisationId)).length <= 1) throw new StaffConflictError(LAST_ADMIN_MESSAGE);
  }
  const { passwordHash } = change;
  const revoke = (change.disabled === true && !before.sharedAccount) || passwordHash !== undefined;
  if (change.role !== undefined || change.disabled !== undefined) {
    await tx
      .update(memberships)
      .set({
        ...(change.role !== undefined && { role: change.role }),
        ...(change.disabled !== undefined && { disabled: change.disabled }),
      })
      .where(and(eq(memberships.staffUserId, id), eq(memberships.organisationId, organisationId)));
  }
  if (change.fullName !== undefined || revoke) {
    await tx
      .update(staffUsers)
      .set({
        ...(change.fullName !== undefined && { fullName: change.fullName }),
        ...(passwordHash !== undefined && { passwordHash }),
        ...(revoke && { tokenVersion: sql`${staffUsers.tokenVersion} + 1` }),
        updatedAt: new Date().toISOString(),
      })
      .where(eq(staffUsers.id, id));
  }
  const after = (await getStaffAccount(tx, organisationId, id))!;
  return { before, after, revoked: revoke };
}

/**
 * "Remove from organisation" (decision 057): the membership is deleted, audited. The last active
 * admin cannot be removed (nor remove themselves): StaffConflictError. An account left with no
 * membership and no platform role is disabled and its sessions end (kept, not deleted: the audit
 * log names it, and adding its e-mail again brings it back). Undefined for no such member.
 */
export async function removeStaffMember(tx: Db, organisationId: number, id: number, actor: Actor) {
  const [before] = await forUpdate(membersOf(tx, organisationId).where(eq(staffUsers.id, id)));
  if (!before) return undefined;
  if (before.role === 'admin' && !before.disabled) {
    const admins = await lockedActiveAdmins(tx, organisationId);
    if (admins.length <= 1 && admins.some((a) => a.id === id)) throw new StaffConflictError(STAFF_MESSAGES.lastAdminRemoved);
  }
  await tx.delete(memberships).where(and(eq(memberships.staffUserId, id), eq(memberships.organisationId, organisationId)));
  const [account] = await tx.select({ platformRole: staffUsers.platformRole }).from(staffUsers).where(eq(staffUsers.id, id));
  const [left] = await tx
    .select({ id: memberships.organisationId })
    .from(memberships)
    .where(eq(memberships.staffUserId, id))
    .limit(1);
  const accountDisabled = !left && !account?.platformRole;
  if (accountDisabled) {
    await tx
      .update(staffUsers)
      .set({ disabled: true, tokenVersion: sql`${staffUsers.tokenVersion} + 1`, updatedAt: new Date().toISOString() })
      .where(eq(staffUsers.id, id));
  }
  await recordAudit(tx, {
    ...actor,
    action: 'remove_member',
    entity: 'staff_user',
    entityId: id,
    detail: {
      email: before.email,
      role: before.role,
      ...(accountDisabled ? { accountDisabled: true, sessionsRevoked: true } : {}),
    },
  });
  return { removed: true as const, accountDisabled };
}

/**
 * A new password for the account itself (a completed password reset): every session ends. Returns
 * whether the account is enabled; undefined when there is no such account.
 */
export async function setStaffPassword(tx: Db, id: number, passwordHash: string) {
  const [row] = await tx
    .update(staffUsers)
    .set({ passwordHash, tokenVersion: sql`${staffUsers.tokenVersion} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(staffUsers.id, id))
    .returning({ disabled: staffUsers.disabled, email: staffUsers.email });
  return row;
}
