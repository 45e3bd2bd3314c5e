// The platform's own staff (issue 41, decision 058): the accounts with a platform role, which a
// platform admin grants, changes and withdraws. The role is the account's (staff_users.platform_role);
// its organisations' memberships are left as they are.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { PlatformRole, PlatformStaffMember } from '../contract';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { forUpdate } from '../db/functions';
import { memberships, staffUsers } from '../db/schema';
import { normalizeEmail } from './staff';

/** A platform admin withdrawing or lowering the last platform admin's role: refused. */
export class LastPlatformAdminError extends Error {
  override name = 'LastPlatformAdminError';
}

/** The account with the e-mail already has a platform role: refused (its role is changed in the list). */
export class AlreadyPlatformStaffError extends Error {
  override name = 'AlreadyPlatformStaffError';
}

/** No account has the e-mail, and no password was given to create one. */
export class PasswordNeededError extends Error {
  override name = 'PasswordNeededError';
}

const memberColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  fullName: staffUsers.fullName,
  platformRole: staffUsers.platformRole,
  disabled: staffUsers.disabled,
  lastLoginAt: staffUsers.lastLoginAt,
  memberships: sql<number>`(select count(*) from ${memberships} m where m.staff_user_id = ${staffUsers.id})`.mapWith(Number),
};

const toMember = (row: Omit<PlatformStaffMember, 'platformRole'> & { platformRole: PlatformRole | null }) =>
  ({ ...row, platformRole: row.platformRole! }) satisfies PlatformStaffMember;

/** Everyone with a platform role, platform admins first, then by name. */
export async function listPlatformStaff(db: Db): Promise<PlatformStaffMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(staffUsers)
    .where(isNotNull(staffUsers.platformRole))
    .orderBy(asc(staffUsers.platformRole), asc(staffUsers.fullName), asc(staffUsers.id));
  return rows.map(toMember);
}

export async function getPlatformStaffMember(db: Db, id: number): Promise<PlatformStaffMember | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), isNotNull(staffUsers.platformRole)));
  return row && toMember(row);
}

/**
 * Grants the role to the account with the e-mail, or creates the account with it (passwordHash,
 * hashed by the caller before the transaction). An existing account's password and name stay its own.
 */
export async function addPlatformStaff(
  tx: Db,
  input: { email: string; fullName: string; platformRole: PlatformRole; passwordHash?: string },
) {
  const email = normalizeEmail(input.email);
  const [existing] = await forUpdate(
    tx.select({ id: staffUsers.id, platformRole: staffUsers.platformRole }).from(staffUsers).where(eq(staffUsers.email, email)),
  );
  if (existing) {
    if (existing.platformRole) throw new AlreadyPlatformStaffError();
    await tx
      .update(staffUsers)
      .set({ platformRole: input.platformRole, updatedAt: new Date().toISOString() })
      .where(eq(staffUsers.id, existing.id));
    return { member: (await getPlatformStaffMember(tx, existing.id))!, existingAccount: true };
  }
  if (!input.passwordHash) throw new PasswordNeededError();
  try {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email, fullName: input.fullName, passwordHash: input.passwordHash, platformRole: input.platformRole })
      .returning({ id: staffUsers.id });
    return { member: (await getPlatformStaffMember(tx, row!.id))!, existingAccount: false };
  } catch (error) {
    // Created by another request since the look-up (the e-mail is UNIQUE): its own account now.
    if (isUniqueViolation(error)) throw new AlreadyPlatformStaffError();
    throw error;
  }
}

/**
 * Another platform role, or none (null). The last enabled platform admin keeps theirs: the count is
 * taken under lock, so two admins stepping down at once cannot both leave. Undefined when the
 * account has no platform role.
 */
export async function setPlatformRole(tx: Db, id: number, platformRole: PlatformRole | null) {
  const [locked] = await forUpdate(
    tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, id), isNotNull(staffUsers.platformRole))),
  );
  if (!locked) return undefined;
  const before = (await getPlatformStaffMember(tx, id))!;
  if (before.platformRole === 'platform_admin' && platformRole !== 'platform_admin') {
    const admins = await forUpdate(
      tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.platformRole, 'platform_admin'), eq(staffUsers.disabled, false))),
    );
    if (admins.filter((a) => a.id !== id).length === 0) throw new LastPlatformAdminError();
  }
  await tx.update(staffUsers).set({ platformRole, updatedAt: new Date().toISOString() }).where(eq(staffUsers.id, id));
  return { before, after: platformRole === null ? null : (await getPlatformStaffMember(tx, id))! };
}
