// Two-Factor Authentication (Settings, Security): TOTP codes (RFC 6238, 6 digits, 30 s, SHA-1, as
// authenticator apps expect) through otplib, and recovery codes. Between the password and the
// code the browser holds only a short-lived signed challenge (no session), which names the member,
// their token version and, while they enrol, the secret they are scanning. A challenge is spent by
// the code that passes it (two_factor_challenges), and a code's time step only once per member
// (issue 28).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { generateSecret, generateURI, verify } from 'otplib';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffUsers, twoFactorChallenges } from '../db/schema';
import { purposeKey, type KeyEnv } from '../signing/purpose-keys';

const CHALLENGE_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'HS256';
const AUDIENCE = 'tdk-two-factor';
export const RECOVERY_CODE_COUNT = 8;

export interface ChallengeClaims {
  /** The challenge's own id: spent once. */
  id: string;
  /** When it stops opening anything (ISO). */
  expiresAt: string;
  userId: number;
  tokenVersion: number;
  /** Present while enrolling: the secret the member is adding to their app. */
  enrolSecret?: string;
}

export async function signChallenge(env: KeyEnv, claims: Omit<ChallengeClaims, 'id' | 'expiresAt'>): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion, ...(claims.enrolSecret && { enrol: claims.enrolSecret }) })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
    .sign(purposeKey(env, 'tdk:two-factor:v1'));
}

/** The claims of a valid, unexpired challenge; null for anything else. */
export async function readChallenge(env: KeyEnv, challenge: string): Promise<ChallengeClaims | null> {
  try {
    const { payload } = await jwtVerify(challenge, purposeKey(env, 'tdk:two-factor:v1'), {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'jti'],
    });
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub) || typeof payload.ver !== 'number') return null;
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    const enrol = typeof payload.enrol === 'string' ? payload.enrol : undefined;
    return {
      id: payload.jti,
      expiresAt: new Date(payload.exp * 1000).toISOString(),
      userId: Number(payload.sub),
      tokenVersion: payload.ver,
      enrolSecret: enrol,
    };
  } catch {
    return null;
  }
}

/** A new secret and the otpauth:// URL an authenticator app scans. */
export function newEnrolment(email: string, issuer: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer, label: email, secret }) };
}

/**
 * The 30-second time step a 6-digit code of `secret` belongs to, accepting the neighbouring steps
 * for clock drift; null when it matches none. The step is what makes a code single-use.
 */
export async function totpTimeStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  } catch {
    return null;
  }
}

const hashCode = (code: string) => createHash('sha256').update(code.toLowerCase()).digest('hex');

/** New recovery codes ('abcde-12345') and their hashes, which are what is stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

/** The stored hashes without the one `code` matches, or null when it matches none. */
export function spendRecoveryCode(hashes: string[], code: string): string[] | null {
  const hash = hashCode(code.trim());
  return hashes.includes(hash) ? hashes.filter((h) => h !== hash) : null;
}

/**
 * Spends a challenge, once: false when it was spent already (a second request with the same
 * challenge, even at the same moment, finds the first's row). Expired rows are cleared on the way.
 */
export async function spendChallenge(tx: Db, claims: ChallengeClaims, now = new Date()): Promise<boolean> {
  await tx.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now.toISOString()));
  const spent = await tx
    .insert(twoFactorChallenges)
    .values({ id: claims.id, userId: claims.userId, spentAt: now.toISOString(), expiresAt: claims.expiresAt })
    .onConflictDoNothing()
    .returning({ id: twoFactorChallenges.id });
  return spent.length === 1;
}

/** Gives a spent challenge back (its code was refused): the member may try again, within the limits. */
export async function unspendChallenge(tx: Db, claims: ChallengeClaims): Promise<void> {
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, claims.id));
}

export async function isChallengeSpent(db: Db, claims: ChallengeClaims): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactorChallenges.id })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, claims.id));
  return row !== undefined;
}

// The member's TOTP secret is read and written here only (storeEnrolment, secretOf), so that
// encrypting it at rest changes these two functions and nothing else.

/** The member's TOTP secret, or null when they have not enrolled. */
export function secretOf(user: { twoFactorSecret: string | null }): string | null {
  return user.twoFactorSecret;
}

/**
 * Stores an enrolment, only while the member has none (an admin reset clears it first): false
 * when they enrolled meanwhile. Every other session of theirs is revoked (the token version moves
 * on); the row returned carries the new version for the session this sign-in opens.
 */
export async function storeEnrolment(
  tx: Db,
  userId: number,
  enrolment: { secret: string; timeStep: number; recoveryCodeHashes: string[] },
): Promise<typeof staffUsers.$inferSelect | undefined> {
  const now = new Date().toISOString();
  const [row] = await tx
    .update(staffUsers)
    .set({
      twoFactorSecret: enrolment.secret,
      twoFactorEnabledAt: now,
      twoFactorLastStep: enrolment.timeStep,
      recoveryCodes: enrolment.recoveryCodeHashes,
      tokenVersion: sql`${staffUsers.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(staffUsers.id, userId), isNull(staffUsers.twoFactorSecret)))
    .returning();
  return row;
}

/**
 * Takes a TOTP time step as the member's last accepted one, only when it is later than the last:
 * false for a code of that step or an earlier one (a replay, even one racing the first use).
 */
export async function acceptTimeStep(tx: Db, userId: number, timeStep: number): Promise<boolean> {
  const accepted = await tx
    .update(staffUsers)
    .set({ twoFactorLastStep: timeStep })
    .where(and(eq(staffUsers.id, userId), or(isNull(staffUsers.twoFactorLastStep), lt(staffUsers.twoFactorLastStep, timeStep))))
    .returning({ id: staffUsers.id });
  return accepted.length === 1;
}

/** An admin's reset: the member enrols again at their next sign-in; their sessions are revoked. */
export async function clearTwoFactor(tx: Db, userId: number): Promise<typeof staffUsers.$inferSelect | undefined> {
  const [row] = await tx
    .update(staffUsers)
    .set({
      twoFactorSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
      recoveryCodes: null,
      tokenVersion: sql`${staffUsers.tokenVersion} + 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(staffUsers.id, userId))
    .returning();
  return row;
}
