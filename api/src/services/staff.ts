import { and, asc, count, eq, sql } from 'drizzle-orm';
import { PASSWORD_TOO_COMMON, staffPasswordSchema, type Role } from '../contract';
import { isCommonPassword } from './common-passwords';
import type { Db } from '../db/client';
import { staffUsers } from '../db/schema';
import { recordAudit } from './audit';
import { hashPassword } from './passwords';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface NewStaffUser {
  email: string;
  fullName: string;
  role: Role;
  passwordHash: string;
}

export function insertStaffUsers(db: Db, users: NewStaffUser[]) {
  if (users.length === 0) return;
  db.insert(staffUsers)
    .values(users.map((u) => ({ ...u, email: normalizeEmail(u.email) })))
    .run();
}

/**
 * Creates the admin, or makes the existing account with that e-mail an enabled admin with this
 * password, revoking its sessions. Returns whether the account was new.
 */
export async function upsertAdmin(db: Db, email: string, password: string, fullName = 'Administrator') {
  const checked = staffPasswordSchema.safeParse(password);
  if (!checked.success) throw new Error(`The admin password is not acceptable: ${checked.error.issues[0]?.message}`);
  if (isCommonPassword(password)) throw new Error(`The admin password is not acceptable: ${PASSWORD_TOO_COMMON}`);
  const passwordHash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  const existing = db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, normalized)).get();
  const audit = (action: string, id: number) =>
    recordAudit(db, {
      actorUserId: null,
      actorEmail: 'system',
      action,
      entity: 'staff_user',
      entityId: id,
      detail: { email: normalized, role: 'admin', source: 'ADMIN_EMAIL or create-admin' },
    });
  if (!existing) {
    const { id } = db
      .insert(staffUsers)
      .values({ email: normalized, fullName, role: 'admin', passwordHash })
      .returning({ id: staffUsers.id })
      .get();
    audit('create', id);
    return { created: true };
  }
  db.update(staffUsers)
    .set({
      role: 'admin',
      passwordHash,
      disabled: false,
      tokenVersion: sql`${staffUsers.tokenVersion} + 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(staffUsers.id, existing.id))
    .run();
  audit('update', existing.id);
  return { created: false };
}

// Staff management for the Users screen (DESIGN.md section 6).

const accountColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  fullName: staffUsers.fullName,
  role: staffUsers.role,
  disabled: staffUsers.disabled,
  lastLoginAt: staffUsers.lastLoginAt,
  createdAt: staffUsers.createdAt,
};

export type StaffAccountRow = {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  disabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
};

export function listStaffAccounts(db: Db): StaffAccountRow[] {
  return db.select(accountColumns).from(staffUsers).orderBy(asc(staffUsers.id)).all();
}

export function getStaffAccount(db: Db, id: number): StaffAccountRow | undefined {
  return db.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id)).get();
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

const refuseCommon = (password: string | undefined) => {
  if (password !== undefined && isCommonPassword(password)) throw new CommonPasswordError();
};

export const LAST_ADMIN_MESSAGE = 'The last active admin cannot be demoted or disabled';

/** Creates an account; StaffConflictError when the e-mail is taken. The password is hashed here. */
export async function createStaffAccount(
  db: Db,
  input: { email: string; fullName: string; role: Role; password: string },
): Promise<StaffAccountRow> {
  const email = normalizeEmail(input.email);
  refuseCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(
    (tx) => {
      if (tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).get()) {
        throw new StaffConflictError(`A staff account with the e-mail ${email} already exists`);
      }
      const row = tx
        .insert(staffUsers)
        .values({ email, fullName: input.fullName, role: input.role, passwordHash })
        .returning(accountColumns)
        .get();
      return row;
    },
    { behavior: 'immediate' },
  );
}

export interface StaffUpdate {
  role?: Role;
  disabled?: boolean;
  password?: string;
  fullName?: string;
}

/**
 * Applies a change; undefined when there is no such account, StaffConflictError when it would
 * leave no enabled admin. Disabling or a new password bumps token_version, ending every session.
 * Returns the account before and after, for the audit log.
 */
export async function updateStaffAccount(db: Db, id: number, change: StaffUpdate) {
  refuseCommon(change.password);
  const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
  return db.transaction(
    (tx) => {
      const before = tx.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id)).get();
      if (!before) return undefined;
      const staysActiveAdmin = (change.role ?? before.role) === 'admin' && !(change.disabled ?? before.disabled);
      if (before.role === 'admin' && !before.disabled && !staysActiveAdmin) {
        const { n } = tx
          .select({ n: count() })
          .from(staffUsers)
          .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)))
          .get()!;
        if (n <= 1) throw new StaffConflictError(LAST_ADMIN_MESSAGE);
      }
      const revoke = change.disabled === true || passwordHash !== undefined;
      tx.update(staffUsers)
        .set({
          ...(change.role !== undefined && { role: change.role }),
          ...(change.disabled !== undefined && { disabled: change.disabled }),
          ...(change.fullName !== undefined && { fullName: change.fullName }),
          ...(passwordHash !== undefined && { passwordHash }),
          ...(revoke && { tokenVersion: sql`${staffUsers.tokenVersion} + 1` }),
          updatedAt: new Date().toISOString(),
        })
        .where(eq(staffUsers.id, id))
        .run();
      const after = tx.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id)).get()!;
      return { before, after, revoked: revoke };
    },
    { behavior: 'immediate' },
  );
}
