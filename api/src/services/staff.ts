import { eq, sql } from 'drizzle-orm';
import type { Role } from '../contract';
import type { Db } from '../db/client';
import { staffUsers } from '../db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface NewStaffUser {
  email: string;
  fullName: string;
  role: Role;
  passwordHash: string;
}

export function insertStaffUsers(db: Db, users: NewStaffUser[]) {
  if (users.length === 0) return;
  db.insert(staffUsers).values(users.map((u) => ({ ...u, email: normalizeEmail(u.email) }))).run();
}

/**
 * Creates the admin, or makes the existing account with that e-mail an enabled admin with this
 * password, revoking its sessions. Returns whether the account was new.
 */
export async function upsertAdmin(db: Db, email: string, password: string, fullName = 'Administrator') {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The admin password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const passwordHash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  const existing = db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, normalized)).get();
  if (!existing) {
    db.insert(staffUsers).values({ email: normalized, fullName, role: 'admin', passwordHash }).run();
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
  return { created: false };
}
