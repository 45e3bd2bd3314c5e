// Two-Factor Authentication (Settings, Security): TOTP codes (RFC 6238, 6 digits, 30 s, SHA-1, as
// authenticator apps expect) through otplib, and recovery codes. Between the password and the
// code the browser holds only a short-lived signed challenge (no session), which names the member,
// their token version and, while they enrol, the secret they are scanning.
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { generateSecret, generateURI, verify } from 'otplib';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { purposeKey, type KeyEnv } from './purpose-keys';

const CHALLENGE_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'HS256';
const AUDIENCE = 'tdk-two-factor';
export const RECOVERY_CODE_COUNT = 8;

export interface ChallengeClaims {
  userId: number;
  tokenVersion: number;
  /** Present while enrolling: the secret the member is adding to their app. */
  enrolSecret?: string;
}

export async function signChallenge(env: KeyEnv, claims: ChallengeClaims): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion, ...(claims.enrolSecret && { enrol: claims.enrolSecret }) })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setAudience(AUDIENCE)
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
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub) || typeof payload.ver !== 'number') return null;
    const enrol = typeof payload.enrol === 'string' ? payload.enrol : undefined;
    return { userId: Number(payload.sub), tokenVersion: payload.ver, enrolSecret: enrol };
  } catch {
    return null;
  }
}

/** A new secret and the otpauth:// URL an authenticator app scans. */
export function newEnrolment(email: string, issuer: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer, label: email, secret }) };
}

/** A 6-digit code of `secret`, accepting the neighbouring 30-second steps for clock drift. */
export async function totpMatches(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
  } catch {
    return false;
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

/** Wrong codes allowed per member in a sliding 15 minutes before the code step answers 429. */
export const MAX_CODE_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
const failureKey = (userId: number) => `2fa:${userId}`;

/** Seconds to wait before another code may be tried (0 when allowed). */
export async function codeRetryAfter(db: Db, userId: number, now = Date.now()): Promise<number> {
  const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
  const failures = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, failureKey(userId)), gte(loginAttempts.at, since)))
    .orderBy(asc(loginAttempts.at));
  if (failures.length < MAX_CODE_FAILURES) return 0;
  const oldest = Date.parse(failures[failures.length - MAX_CODE_FAILURES]!.at);
  return Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - now) / 1000));
}

export async function recordCodeFailure(tx: Db, userId: number, now = new Date()): Promise<void> {
  await tx.insert(loginAttempts).values({ key: failureKey(userId), at: now.toISOString() });
}

export async function clearCodeFailures(tx: Db, userId: number): Promise<void> {
  await tx.delete(loginAttempts).where(eq(loginAttempts.key, failureKey(userId)));
}
