// A whole staff account, as the platform sees it (issue 41, decision 061): found by e-mail, with its
// memberships; switched off and on as a whole (staff_users.disabled, decision 057's "the whole account
// is off"), and its two-factor reset, which an organisation's admin may not do for a shared account.
// Every change is audited by the caller as the platform's own entry (organisation null).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PlatformAccount, PlatformAccountMembership, PlatformRole, Role } from '../contract';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { memberships, organisations, staffUsers } from '../db/schema';
import { clearTwoFactor } from './two-factor';

/** Disabling one's own account: refused (the platform would lock out the one asking). */
export class OwnAccountError extends Error {
  override name = 'OwnAccountError';
}

/** Search results are few: an e-mail's text narrows to a handful. */
export const ACCOUNT_SEARCH_LIMIT = 20;

const accountColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  fullName: staffUsers.fullName,
  platformRole: staffUsers.platformRole,
  disabled: staffUsers.disabled,
  twoFactorEnabledAt: staffUsers.twoFactorEnabledAt,
  lastLoginAt: staffUsers.lastLoginAt,
};

type AccountRow = {
  id: number;
  email: string;
  fullName: string;
  platformRole: PlatformRole | null;
  disabled: boolean;
  twoFactorEnabledAt: string | null;
  lastLoginAt: string | null;
};

/** The text as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function withMemberships(db: Db, rows: AccountRow[]): Promise<PlatformAccount[]> {
  const ids = rows.map((r) => r.id);
  const memberRows =
    ids.length === 0
      ? []
      : await db
          .select({
            staffUserId: memberships.staffUserId,
            organisationId: organisations.id,
            slug: organisations.slug,
            displayName: organisations.displayName,
            role: memberships.role,
            disabled: memberships.disabled,
          })
          .from(memberships)
          .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
          .where(inArray(memberships.staffUserId, ids))
          .orderBy(asc(organisations.displayName), asc(organisations.id));
  const byAccount = new Map<number, PlatformAccountMembership[]>();
  for (const { staffUserId, ...m } of memberRows) {
    byAccount.set(staffUserId, [...(byAccount.get(staffUserId) ?? []), { ...m, role: m.role as Role }]);
  }
  return rows.map(({ twoFactorEnabledAt, ...row }) => ({
    ...row,
    twoFactorEnabled: twoFactorEnabledAt !== null,
    memberships: byAccount.get(row.id) ?? [],
  }));
}

/** Accounts whose e-mail contains the text (e-mails are stored lower-case), the exact match first. */
export async function findAccounts(db: Db, email: string): Promise<PlatformAccount[]> {
  const text = email.trim().toLowerCase();
  const rows = await db
    .select(accountColumns)
    .from(staffUsers)
    .where(sql`${staffUsers.email} like ${anywhere(text)} escape '\\'`)
    .orderBy(sql`case when ${staffUsers.email} = ${text} then 0 else 1 end`, asc(staffUsers.email))
    .limit(ACCOUNT_SEARCH_LIMIT);
  return withMemberships(db, rows);
}

export async function getAccount(db: Db, id: number): Promise<PlatformAccount | undefined> {
  const rows = await db.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id));
  return (await withMemberships(db, rows))[0];
}

/**
 * Switches the whole account off (true) or on (false). Off: sign-in refuses it and no
 * forgotten-password link goes out (both read staff_users.disabled), and its sessions end now
 * (token_version). Its memberships are left as they are, so switching it on restores them.
 * Undefined for no such account; `changed` false when it already was so.
 */
export async function setAccountDisabled(tx: Db, actorUserId: number | null, id: number, disabled: boolean) {
  const [before] = await forUpdate(tx.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id)));
  if (!before) return undefined;
  if (before.disabled === disabled) return { before, changed: false };
  // The one asking is an enabled platform admin, so refusing their own account is all it takes for
  // the platform to keep one (decision 058's last-admin rule needs no second check here).
  if (disabled && id === actorUserId) throw new OwnAccountError();
  await tx
    .update(staffUsers)
    .set({
      disabled,
      // Its sessions end at once; enabling needs no new version (the old sessions are already void).
      ...(disabled && { tokenVersion: sql`${staffUsers.tokenVersion} + 1` }),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(staffUsers.id, id));
  return { before, changed: true };
}

/**
 * Clears the account's two-factor (the person enrols again at their next sign-in, as the platform
 * requires) and ends its sessions. Undefined for no such account.
 */
export async function resetAccountTwoFactor(tx: Db, id: number) {
  const [before] = await forUpdate(tx.select(accountColumns).from(staffUsers).where(eq(staffUsers.id, id)));
  if (!before) return undefined;
  await clearTwoFactor(tx, id);
  return { before, wasEnrolled: before.twoFactorEnabledAt !== null };
}
