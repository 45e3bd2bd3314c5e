// Staff sign-in, its two-factor step and sign-out (DESIGN.md section 6; one refusal for an unknown
// e-mail and a wrong password, as issue 13 replaced SPEC.md section 8's two). routes/auth.ts keeps
// the HTTP: validation, the session cookie, the statuses and messages of SignInError's reasons.
//
// A sign-in is several short transactions with the slow checks between them: the argon2
// verification and the TOTP code are never awaited inside one (decision 020). So signIn and
// completeTwoFactor take the Database and open each transaction themselves; every step they run,
// and signOut, takes the handle of the caller's transaction.
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { staffUsers } from '../db/schema';
import { recordAudit } from './audit';
import { beginCodeAttempt, beginLogin, codeAccepted, loginSucceeded } from './login-limits';
import { hashPassword, verifyPassword } from './passwords';
import { readSettings } from './settings';
import { getStaffAccount, normalizeEmail, SharedAccountError, staffUserById, type StaffAccountRow } from './staff';
import { onlyDisabledMemberships } from './memberships';
import { notifyLogin } from './staff-notices';
import {
  acceptTimeStep,
  clearTwoFactor,
  isChallengeSpent,
  newEnrolment,
  newRecoveryCodes,
  readChallenge,
  secretOf,
  signChallenge,
  spendChallenge,
  spendRecoveryCode,
  storeEnrolment,
  totpTimeStep,
  unspendChallenge,
} from './two-factor';
import type { KeyEnv } from '../signing/purpose-keys';

export type StaffRow = typeof staffUsers.$inferSelect;

/**
 * Why a sign-in step was refused, for the route to answer: 'rate_limited' (retry after
 * `retryAfter` seconds), 'invalid_credentials' (unknown e-mail or wrong password, alike),
 * 'account_disabled' (only once the password was right), 'expired' (a two-factor challenge that
 * no longer opens the account), 'wrong_code' (two-factor).
 */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly reason: 'rate_limited' | 'invalid_credentials' | 'account_disabled' | 'expired' | 'wrong_code',
    readonly retryAfter = 0,
  ) {
    super(`Sign-in refused: ${reason}`);
  }
}

/** The password (and, when on, the code) passed: the member is signed in; the route sets the cookie. */
export type SignedIn = { kind: 'signed_in'; user: StaffRow };

/** The password passed and Two-Factor Authentication is on: the session waits for the code. */
export type TwoFactorStep =
  | { kind: 'two_factor'; step: 'code'; challenge: string }
  | { kind: 'two_factor'; step: 'enrol'; challenge: string; secret: string; otpauthUrl: string };

// An unknown e-mail is checked against this hash, so it costs the same argon2 work as a known one
// and its answer cannot be told apart, by message or by time.
let dummyHash: Promise<string> | undefined;
const hashForUnknownAccount = () => (dummyHash ??= hashPassword(`no-such-account:${Math.random()}`));

/** Starts the unknown account's hash, so that the first sign-in does not wait for it. */
export function prepareSignIn() {
  void hashForUnknownAccount();
}

/** A sign-in that passed every check: last sign-in time, the audit entry and Login Notifications. */
async function recordSignIn(tx: Db, user: StaffRow, ip: string) {
  await tx.update(staffUsers).set({ lastLoginAt: new Date().toISOString() }).where(eq(staffUsers.id, user.id));
  await recordAudit(tx, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: 'login',
    entity: 'session',
    entityId: user.id,
    detail: { platformRole: user.platformRole },
    ip,
  });
  await notifyLogin(tx, user, ip);
}

/**
 * The password step. Counted as a failure from the start (login-limits.ts), unless it succeeds;
 * every refusal is audited. Throws SignInError; otherwise signed in, or the two-factor step.
 */
export async function signIn(
  database: Database,
  env: KeyEnv,
  input: { email: string; password: string; ip: string },
): Promise<SignedIn | TwoFactorStep> {
  const email = normalizeEmail(input.email);
  const { ip } = input;
  const failed = (tx: Db, detail: Record<string, unknown>, actorUserId: number | null = null) =>
    recordAudit(tx, {
      actorUserId,
      actorEmail: email,
      action: 'login_failed',
      entity: 'session',
      entityId: actorUserId,
      detail,
      ip,
    });

  const attempt = await database.transaction(async (tx) => {
    const attempt = await beginLogin(tx, email, ip);
    if (!('ids' in attempt)) await failed(tx, { reason: 'rate_limited', retryAfterSeconds: attempt.retryAfter });
    return attempt;
  });
  if (!('ids' in attempt)) throw new SignInError('rate_limited', attempt.retryAfter);

  const [user] = await database.query((db) => db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1));
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await hashForUnknownAccount()), input.password);
  if (!user || !passwordMatches) {
    await database.transaction((tx) => failed(tx, { reason: user ? 'invalid_password' : 'user_not_found' }, user?.id ?? null));
    throw new SignInError('invalid_credentials');
  }
  // After the password: a disabled account says so only to someone who knows its password.
  if (user.disabled || (!user.platformRole && (await database.query((db) => onlyDisabledMemberships(db, user.id))))) {
    await database.transaction((tx) => failed(tx, { reason: 'account_disabled' }, user.id));
    throw new SignInError('account_disabled');
  }

  const settings = await database.transaction(async (tx) => {
    await loginSucceeded(tx, email, ip, attempt);
    const settings = await readSettings(tx);
    if (!settings.twoFactorAuth) await recordSignIn(tx, user, ip);
    return settings;
  });
  if (!settings.twoFactorAuth) return { kind: 'signed_in', user };
  // The password was right; the session waits for the code (or the enrolment).
  if (secretOf(user)) {
    const challenge = await signChallenge(env, { userId: user.id, tokenVersion: user.tokenVersion });
    return { kind: 'two_factor', step: 'code', challenge };
  }
  const { secret, otpauthUrl } = newEnrolment(user.email, settings.platformName);
  const challenge = await signChallenge(env, { userId: user.id, tokenVersion: user.tokenVersion, enrolSecret: secret });
  return { kind: 'two_factor', step: 'enrol', challenge, secret, otpauthUrl };
}

/**
 * The two-factor step: the code of the member's app, or one of their recovery codes; while
 * enrolling, the first code of the new secret, which is then stored with new recovery codes
 * (returned once) and every other session of the member revoked. A challenge opens one session
 * (then it is spent), a TOTP code's time step is accepted once per member (a replay is refused),
 * and an enrolled member cannot enrol again until an admin resets their two-factor. Wrong codes
 * are counted per challenge and per address (login-limits.ts), then 'rate_limited'; each is
 * audited. Throws SignInError.
 */
export async function completeTwoFactor(
  database: Database,
  env: KeyEnv,
  input: { challenge: string; code: string; ip: string },
): Promise<SignedIn & { recoveryCodes?: string[] }> {
  const { code, ip } = input;
  const claims = await readChallenge(env, input.challenge);
  if (!claims) throw new SignInError('expired');
  const begun = await database.transaction(async (tx) => {
    const user = await staffUserById(tx, claims.userId);
    if (!user || user.disabled || user.tokenVersion !== claims.tokenVersion || (await isChallengeSpent(tx, claims))) {
      return { expired: true as const };
    }
    const attempt = await beginCodeAttempt(tx, claims.id, ip);
    if (!('ids' in attempt)) {
      await recordAudit(tx, {
        actorUserId: user.id,
        actorEmail: user.email,
        action: 'login_failed',
        entity: 'session',
        entityId: user.id,
        detail: { reason: 'rate_limited', step: 'two_factor', retryAfterSeconds: attempt.retryAfter },
        ip,
      });
    }
    return { user, attempt };
  });
  if ('expired' in begun) throw new SignInError('expired');
  const { user, attempt } = begun;
  if (!('ids' in attempt)) throw new SignInError('rate_limited', attempt.retryAfter);
  const audit = (tx: Db, action: string, entity: string, detail?: Record<string, unknown>) =>
    recordAudit(tx, { actorUserId: user.id, actorEmail: user.email, action, entity, entityId: user.id, detail, ip });
  /** Refused: the challenge stays usable (within its limits), the failure stays counted. */
  const refuse = async (tx: Db, reason: string) => {
    await unspendChallenge(tx, claims);
    await audit(tx, 'login_failed', 'session', { reason });
    return 'wrong_code' as const;
  };

  if (claims.enrolSecret) {
    // Enrolment: the first code proves the app holds the secret; then it is stored.
    const secret = claims.enrolSecret;
    const timeStep = await totpTimeStep(secret, code);
    const { codes, hashes } = newRecoveryCodes();
    const outcome = await database.transaction(async (tx) => {
      if (!(await spendChallenge(tx, claims))) return 'expired' as const;
      if (timeStep === null) return refuse(tx, 'wrong_two_factor_code');
      const enrolled = await storeEnrolment(tx, user.id, { secret, timeStep, recoveryCodeHashes: hashes });
      if (!enrolled) {
        // Enrolled meanwhile (another challenge): only an admin's reset opens enrolment again.
        await audit(tx, 'login_failed', 'session', { reason: 'already_enrolled' });
        return 'expired' as const;
      }
      await audit(tx, 'two_factor_enrolled', 'staff_user', { otherSessionsRevoked: true });
      await codeAccepted(tx, attempt);
      await recordSignIn(tx, enrolled, ip);
      return enrolled;
    });
    if (outcome === 'expired' || outcome === 'wrong_code') throw new SignInError(outcome);
    return { kind: 'signed_in', user: outcome, recoveryCodes: codes };
  }
  const secret = secretOf(user);
  if (!secret) throw new SignInError('expired');
  const timeStep = await totpTimeStep(secret, code);
  const outcome = await database.transaction(async (tx) => {
    if (!(await spendChallenge(tx, claims))) return 'expired' as const;
    if (timeStep !== null) {
      // The code's time step, once: the same code again (or an older one) is a replay.
      if (!(await acceptTimeStep(tx, user.id, timeStep))) return refuse(tx, 'replayed_two_factor_code');
    } else {
      // A recovery code, spent once: read locked, so two requests cannot both spend it.
      const [row] = await forUpdate(
        tx.select({ recoveryCodes: staffUsers.recoveryCodes }).from(staffUsers).where(eq(staffUsers.id, user.id)),
      );
      const remaining = spendRecoveryCode(row?.recoveryCodes ?? [], code);
      if (!remaining) return refuse(tx, 'wrong_two_factor_code');
      await tx.update(staffUsers).set({ recoveryCodes: remaining }).where(eq(staffUsers.id, user.id));
      await audit(tx, 'recovery_code_used', 'staff_user', { left: remaining.length });
    }
    await codeAccepted(tx, attempt);
    await recordSignIn(tx, user, ip);
    return 'signed_in' as const;
  });
  if (outcome !== 'signed_in') throw new SignInError(outcome);
  return { kind: 'signed_in', user };
}

/** Signs the member out everywhere: every token carrying the old version is refused from now on. */
export async function signOut(tx: Db, user: { id: number; email: string }, ip: string): Promise<void> {
  await tx
    .update(staffUsers)
    .set({ tokenVersion: sql`${staffUsers.tokenVersion} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(staffUsers.id, user.id));
  await recordAudit(tx, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: 'logout',
    entity: 'session',
    entityId: user.id,
    ip,
  });
}

/**
 * An admin's reset of a member's Two-Factor Authentication (issue 28): a lost phone. The secret,
 * recovery codes and last accepted time step are cleared, every session of the member is revoked,
 * and they enrol again at their next sign-in. Audited; undefined for an unknown member.
 */
export async function resetStaffTwoFactor(
  tx: Db,
  organisationId: number,
  id: number,
  actor: { actorUserId: number | null; actorEmail: string; ip: string },
): Promise<StaffAccountRow | undefined> {
  // Only a member of the organisation (decision 051): another's account answers not found; an
  // account that is not this organisation's alone is the person's own to reset (decision 057).
  const member = await getStaffAccount(tx, organisationId, id);
  if (!member) return undefined;
  if (member.sharedAccount) throw new SharedAccountError();
  const [before] = await forUpdate(tx.select().from(staffUsers).where(eq(staffUsers.id, id)));
  if (!before) return undefined;
  await clearTwoFactor(tx, id);
  await recordAudit(tx, {
    ...actor,
    action: 'two_factor_reset',
    entity: 'staff_user',
    entityId: id,
    detail: { email: before.email, wasEnrolled: before.twoFactorEnabledAt !== null, sessionsRevoked: true },
  });
  return getStaffAccount(tx, organisationId, id);
}
