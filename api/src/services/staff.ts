// Staff accounts: the seed's, the admin of ADMIN_EMAIL or create-admin, the session guard's lookup
// and the Users screen's management.
import { and, asc, eq, sql } from 'drizzle-orm';
import { PASSWORD_TOO_COMMON, staffPasswordSchema, type Role } from '../contract';
import type { PlatformRole } from '../contract/organisations';
import type { Database, Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { forUpdate } from '../db/functions';
import { memberships, organisations, staffUsers } from '../db/schema';
import { isCommonPassword } from './common-passwords';
import { recordAudit } from './audit';
import { hashPassword } from './passwords';

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

// Staff management for the Users screen (DESIGN.md section 6).

const accountColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  fullName: staffUsers.fullName,
  role: memberships.role,
  disabled: staffUsers.disabled,
  lastLoginAt: staffUsers.lastLoginAt,
  twoFactorEnabledAt: staffUsers.twoFactorEnabledAt,
  createdAt: staffUsers.createdAt,
};

export type StaffAccountRow = {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  disabled: boolean;
  lastLoginAt: string | null;
  twoFactorEnabledAt: string | null;
  createdAt: string;
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

/** The password is on the common-password list: the route answers 400 on the password field. */
export class CommonPasswordError extends Error {
  override name = 'CommonPasswordError';
  constructor() {
    super(PASSWORD_TOO_COMMON);
  }
}

export const LAST_ADMIN_MESSAGE = 'The last active admin cannot be demoted or disabled';

/**
 * A new password's hash, for createStaffAccount and updateStaffAccount: CommonPasswordError for
 * one on the common-password list. Hashing is slow: it happens before the transaction.
 */
export async function hashStaffPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw new CommonPasswordError();
  return hashPassword(password);
}

/** Creates an account; StaffConflictError when the e-mail is taken. */
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
  disabled?: boolean;
  /** From hashStaffPassword. */
  passwordHash?: string;
  fullName?: string;
}

/**
 * Applies a change; undefined when there is no such account, StaffConflictError when it would
 * leave no enabled admin. Disabling or a new password bumps token_version, ending every session.
 * Returns the account before and after, for the audit log.
 */
export async function updateStaffAccount(tx: Db, organisationId: number, id: number, change: StaffUpdate) {
  const [before] = await forUpdate(membersOf(tx, organisationId).where(eq(staffUsers.id, id)));
  if (!before) return undefined;
  const staysActiveAdmin = (change.role ?? before.role) === 'admin' && !(change.disabled ?? before.disabled);
  if (before.role === 'admin' && !before.disabled && !staysActiveAdmin) {
    // Locked, not only counted: two admins stepping down at once cannot both leave.
    const activeAdmins = await forUpdate(
      tx
        .select({ id: memberships.staffUserId })
        .from(memberships)
        .innerJoin(staffUsers, eq(staffUsers.id, memberships.staffUserId))
        .where(
          and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'admin'), eq(staffUsers.disabled, false)),
        ),
    );
    if (activeAdmins.length <= 1) throw new StaffConflictError(LAST_ADMIN_MESSAGE);
  }
  const { passwordHash } = change;
  const revoke = change.disabled === true || passwordHash !== undefined;
  if (change.role !== undefined) await setMembership(tx, id, organisationId, change.role);
  await tx
    .update(staffUsers)
    .set({
      ...(change.disabled !== undefined && { disabled: change.disabled }),
      ...(change.fullName !== undefined && { fullName: change.fullName }),
      ...(passwordHash !== undefined && { passwordHash }),
      ...(revoke && { tokenVersion: sql`${staffUsers.tokenVersion} + 1` }),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(staffUsers.id, id));
  const after = (await getStaffAccount(tx, organisationId, id))!;
  return { before, after, revoked: revoke };
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
