// A staff member who forgot their password (issue 27): they ask for a link by e-mail, and the link
// lets them choose a new one. The request answers the same whether or not the address is a staff
// account's (no one learns who works here), and is limited per address and per e-mail in the
// shared rate_limits table. Only the SHA-256 of a link's token is stored; a link works once, for
// PASSWORD_RESET_MINUTES, and only while the account is enabled; using it revokes every session of
// the member (their token version moves on) and is audited.
import { onlyDisabledMemberships } from './memberships';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_MINUTES } from '../contract';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { passwordResets, staffUsers } from '../db/schema';
import type { Env } from '../env';
import { EMAIL_KINDS, enqueueStaffEmail } from '../mail/outbox';
import { staffNotice } from '../mail/templates';
import { selfBaseUrl } from '../urls';
import { recordAudit } from './audit';
import { hit } from './checkout-limits';
import { formatIndiaTime } from './india-time';
import { readSettings } from './settings';
import { setStaffPassword } from './staff';

/** Requests per window from one address, and links per window to one e-mail. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_LINKS_PER_EMAIL = 3;
export const RESET_WINDOW_MS = 60 * 60 * 1000;

export class PasswordResetRefusal extends Error {
  constructor(
    readonly reason: 'rate_limited' | 'invalid' | 'expired' | 'used',
    readonly retryAfter = 0,
  ) {
    super(reason);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Asks for a link for `email`, in the transaction it is handed. Queues the e-mail when the
 * address is an enabled staff account's; says nothing either way (the caller answers the same).
 * Throws PasswordResetRefusal('rate_limited') when this address or e-mail asked too often.
 */
export async function requestPasswordReset(
  tx: Db,
  env: Pick<Env, 'publicUrl' | 'port'>,
  input: { email: string; ip: string },
  now = new Date(),
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const waitAddress = await hit(tx, `password-reset-ip:${input.ip}`, RESET_REQUESTS_PER_ADDRESS, RESET_WINDOW_MS, now);
  if (waitAddress > 0) throw new PasswordResetRefusal('rate_limited', waitAddress);
  // Counted for every address asked about, so the limit says nothing of whether it is an account.
  const waitEmail = await hit(tx, `password-reset-email:${email}`, RESET_LINKS_PER_EMAIL, RESET_WINDOW_MS, now);
  if (waitEmail > 0) throw new PasswordResetRefusal('rate_limited', waitEmail);

  const [member] = await tx
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      fullName: staffUsers.fullName,
      disabled: staffUsers.disabled,
      platformRole: staffUsers.platformRole,
    })
    .from(staffUsers)
    .where(eq(staffUsers.email, email));
  if (!member || member.disabled) return;
  // Disabled in every organisation it belongs to (decision 057): sign-in refuses it, so no link either.
  if (!member.platformRole && (await onlyDisabledMemberships(tx, member.id))) return;

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000);
  await tx.insert(passwordResets).values({
    staffUserId: member.id,
    tokenHash: hashToken(token),
    expiresAt: expiresAt.toISOString(),
    requestedIp: input.ip,
    createdAt: now.toISOString(),
  });
  const { platformName } = await readSettings(tx);
  // The token after '#' (issue 40): a fragment reaches no server's or proxy's log, nor a Referer.
  const url = `${selfBaseUrl(env)}/login/reset#${encodeURIComponent(token)}`;
  const notice = staffNotice(
    {
      subject: 'Choose a new password',
      title: 'Choose a new password',
      intro: `Someone (we hope you) asked to choose a new password for your ${platformName} staff account. The link works once, for ${PASSWORD_RESET_MINUTES} minutes. If it was not you, ignore this e-mail: your password stays as it is.`,
      items: [
        ['Account', member.email],
        ['Asked at', `${formatIndiaTime(now.toISOString())} (India time)`],
        ['From address', input.ip],
        ['Link works until', `${formatIndiaTime(expiresAt.toISOString())} (India time)`],
      ],
      link: { label: 'Choose a new password', url },
    },
    platformName,
  );
  await enqueueStaffEmail(tx, EMAIL_KINDS.passwordReset, [member.email], notice, now);
}

/**
 * Uses a link: sets the new password (hashed by the caller with hashStaffPassword, outside the
 * transaction), ends the link (and any other unused link of the member) and revokes every session
 * of the member, in the transaction it is handed. Throws PasswordResetRefusal for a link that is
 * unknown, used, expired or of a disabled account.
 */
export async function completePasswordReset(
  tx: Db,
  input: { token: string; passwordHash: string; ip: string },
  now = new Date(),
): Promise<{ email: string }> {
  const { passwordHash } = input;
  const [link] = await forUpdate(
    tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(input.token.trim()))),
  );
  if (!link) throw new PasswordResetRefusal('invalid');
  if (link.usedAt) throw new PasswordResetRefusal('used');
  if (Date.parse(link.expiresAt) <= now.getTime()) throw new PasswordResetRefusal('expired');
  const changed = await setStaffPassword(tx, link.staffUserId, passwordHash);
  if (!changed || changed.disabled) throw new PasswordResetRefusal('invalid');
  await tx
    .update(passwordResets)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(passwordResets.staffUserId, link.staffUserId), isNull(passwordResets.usedAt)));
  await recordAudit(tx, {
    actorUserId: link.staffUserId,
    actorEmail: changed.email,
    action: 'password_reset',
    entity: 'staff_user',
    entityId: link.staffUserId,
    detail: { by: 'e-mailed link', sessionsRevoked: true },
    ip: input.ip,
  });
  return { email: changed.email };
}
