// Staff accounts: the seed's, the admin of ADMIN_EMAIL or create-admin, the session guard's lookup
// and the Users screen's management.
import { and, asc, eq, sql } from 'drizzle-orm';
import { PASSWORD_TOO_COMMON, staffPasswordSchema, type Role } from '../contract';
import type { Database, Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { forUpdate } from '../db/functions';
import { staffUsers } from '../db/schema';
import { isCommonPassword } from './common-passwords';
import { recordAudit } from './audit';
import { hashPassword } from './passwords';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface NewStaffUser {
  email: string;
  fullName: string;
  role: Role;
  passwordHash: string;
}

export async function insertStaffUsers(tx: Db, users: NewStaffUser[]): Promise<void> {
  if (users.length === 0) return;
  await tx.insert(staffUsers).values(users.map((u) => ({ ...u, email: normalizeEmail(u.email) })));
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
      detail: { email, role: 'admin', source: 'ADMIN_EMAIL or create-admin' },
    });
  if (!existing) {
    const [{ id }] = await tx
      .insert(staffUsers)
      .values({ email, fullName, role: 'admin', passwordHash })
      .returning({ id: staffUsers.id });
    await audit('create', id);
    return { created: true };
  }
  await tx
    .update(staffUsers)
    .set({
      role: 'admin',
      passwordHash,
      disabled: false,
      tokenVersion: sql`${staffUsers.tokenVersion} + 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(staffUsers.id, existing.id));
  await audit('update', existing.id);
  return { created: false };
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
  role: staffUsers.role,
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

export async function listStaffAccounts(db: Db): Promise<StaffAccountRow[]> {
  return db.select(accountColumns).from(staffUsers).orderBy(asc(staffUsers.id));
}

export async function getStaffAccount(db: Db, id: number): Promise<StaffAccountRow | undefined> {
  return (await db.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id)))[0];
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
  input: { email: string; fullName: string; role: Role; passwordHash: string },
): Promise<StaffAccountRow> {
  const email = normalizeEmail(input.email);
  const taken = () => new StaffConflictError(`A staff account with the e-mail ${email} already exists`);
  const [existing] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  if (existing) throw taken();
  try {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email, fullName: input.fullName, role: input.role, passwordHash: input.passwordHash })
      .returning(accountColumns);
    return row!;
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
export async function updateStaffAccount(tx: Db, id: number, change: StaffUpdate) {
  const [before] = await forUpdate(tx.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id)));
  if (!before) return undefined;
  const staysActiveAdmin = (change.role ?? before.role) === 'admin' && !(change.disabled ?? before.disabled);
  if (before.role === 'admin' && !before.disabled && !staysActiveAdmin) {
    // Locked, not only counted: two admins stepping down at once cannot both leave.
    const activeAdmins = await forUpdate(
      tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false))),
    );
    if (activeAdmins.length <= 1) throw new StaffConflictError(LAST_ADMIN_MESSAGE);
  }
  const { passwordHash } = change;
  const revoke = change.disabled === true || passwordHash !== undefined;
  const [after] = await tx
    .update(staffUsers)
    .set({
      ...(change.role !== undefined && { role: change.role }),
      ...(change.disabled !== undefined && { disabled: change.disabled }),
      ...(change.fullName !== undefined && { fullName: change.fullName }),
      ...(passwordHash !== undefined && { passwordHash }),
      ...(revoke && { tokenVersion: sql`${staffUsers.tokenVersion} + 1` }),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(staffUsers.id, id))
    .returning(accountColumns);
  return { before, after: after!, revoked: revoke };
}
