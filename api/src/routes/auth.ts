// Staff sign-in (DESIGN.md section 6; one message for an unknown e-mail and a wrong password, as
// issue 13 replaced SPEC.md section 8's two):
//   POST /api/auth/login  { email, password } → 200 { user } and the session cookie; with
//        Two-Factor Authentication on (Settings), 200 { twoFactor: { step, challenge, ... } } and
//        no cookie: 'code' for an enrolled member, 'enrol' (a new secret to scan) for the others
//   POST /api/auth/login/two-factor  { challenge, code } → 200 { user, recoveryCodes? } and the cookie;
//        401 for a wrong code (5 per 15 minutes, then 429) or a stale challenge
//   POST /api/auth/logout → 200 { ok: true }; revokes every session of the user (token version)
//   GET  /api/auth/me     → always 200 { user: StaffUser | null }, so public pages log no error
import { eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOGIN_MESSAGES, loginSchema, twoFactorSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { staffUsers } from '../db/schema';
import {
  clearSessionCookie,
  clientIp,
  currentStaff,
  SESSION_COOKIE,
  sessionUser,
  setSessionCookie,
  signSession,
  toStaffUser,
} from '../http/auth';
import { ApiError, errorBody } from '../http/errors';
import { validate } from '../http/validate';
import { recordAudit } from '../services/audit';
import { beginLogin, loginSucceeded } from '../services/login-limits';
import { readSettings } from '../services/settings';
import { notifyLogin } from '../services/staff-notices';
import {
  clearCodeFailures,
  codeRetryAfter,
  newEnrolment,
  newRecoveryCodes,
  readChallenge,
  recordCodeFailure,
  signChallenge,
  spendRecoveryCode,
  totpMatches,
} from '../services/two-factor';
import { hashPassword, verifyPassword } from '../services/passwords';
import { normalizeEmail } from '../services/staff';

// An unknown e-mail is checked against this hash, so it costs the same argon2 work as a known one
// and its answer cannot be told apart, by message or by time.
let dummyHash: Promise<string> | undefined;
const hashForUnknownAccount = () => (dummyHash ??= hashPassword(`no-such-account:${Math.random()}`));

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  expired: 'Your sign-in has expired. Sign in again.',
} as const;

export const rateLimitedMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

export const authRoutes = ({ db, env, key }: RouteDeps & { key: Uint8Array }) => {
  void hashForUnknownAccount();
  /** The password (and, when on, the code) passed: the session, the audit entry and Login Notifications. */
  const completeSignIn = async (c: Context, user: typeof staffUsers.$inferSelect, ip: string) => {
    db.update(staffUsers).set({ lastLoginAt: new Date().toISOString() }).where(eq(staffUsers.id, user.id)).run();
    recordAudit(db, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'login',
      entity: 'session',
      entityId: user.id,
      detail: { role: user.role },
      ip,
    });
    notifyLogin(db, user, ip);
    setSessionCookie(c, await signSession(key, user));
    return toStaffUser(user);
  };
  return new Hono()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .post('/login', validate('json', loginSchema), async (c) => {
      const { password } = c.req.valid('json');
      const email = normalizeEmail(c.req.valid('json').email);
      const ip = clientIp(c, env);
      const audit = (action: string, detail: Record<string, unknown>, actorUserId: number | null = null) =>
        recordAudit(db, { actorUserId, actorEmail: email, action, entity: 'session', entityId: actorUserId, detail, ip });

      // Counted as a failure from here on, unless it succeeds (login-limits.ts).
      const attempt = beginLogin(db, email, ip);
      if (!('ids' in attempt)) {
        const wait = attempt.retryAfter;
        audit('login_failed', { reason: 'rate_limited', retryAfterSeconds: wait });
        return c.json(errorBody('rate_limited', rateLimitedMessage(wait)), 429, { 'Retry-After': String(wait) });
      }

      const user = db.select().from(staffUsers).where(eq(staffUsers.email, email)).get();
      const passwordMatches = await verifyPassword(user?.passwordHash ?? (await hashForUnknownAccount()), password);
      if (!user || !passwordMatches) {
        audit('login_failed', { reason: user ? 'invalid_password' : 'user_not_found' }, user?.id ?? null);
        throw new ApiError(401, 'invalid_credentials', LOGIN_MESSAGES.invalidCredentials);
      }
      // After the password: a disabled account says so only to someone who knows its password.
      if (user.disabled) {
        audit('login_failed', { reason: 'account_disabled' }, user.id);
        throw new ApiError(403, 'account_disabled', LOGIN_MESSAGES.failed);
      }

      loginSucceeded(db, email, ip, attempt);
      const settings = readSettings(db);
      if (settings.twoFactorAuth) {
        // The password was right; the session waits for the code (or the enrolment).
        if (user.twoFactorSecret) {
          const challenge = await signChallenge(env, { userId: user.id, tokenVersion: user.tokenVersion });
          return c.json({ twoFactor: { step: 'code' as const, challenge } }, 200);
        }
        const { secret, otpauthUrl } = newEnrolment(user.email, settings.platformName);
        const challenge = await signChallenge(env, { userId: user.id, tokenVersion: user.tokenVersion, enrolSecret: secret });
        return c.json({ twoFactor: { step: 'enrol' as const, challenge, secret, otpauthUrl } }, 200);
      }
      return c.json({ user: await completeSignIn(c, user, ip) }, 200);
    })
    .post('/login/two-factor', validate('json', twoFactorSchema), async (c) => {
      const { challenge, code } = c.req.valid('json');
      const ip = clientIp(c, env);
      const claims = await readChallenge(env, challenge);
      const user = claims ? db.select().from(staffUsers).where(eq(staffUsers.id, claims.userId)).get() : undefined;
      if (!claims || !user || user.disabled || user.tokenVersion !== claims.tokenVersion) {
        throw new ApiError(401, 'unauthorized', TWO_FACTOR_MESSAGES.expired);
      }
      const wait = codeRetryAfter(db, user.id);
      if (wait > 0) return c.json(errorBody('rate_limited', rateLimitedMessage(wait)), 429, { 'Retry-After': String(wait) });
      const refuse = () => {
        recordCodeFailure(db, user.id);
        recordAudit(db, {
          actorUserId: user.id,
          actorEmail: user.email,
          action: 'login_failed',
          entity: 'session',
          entityId: user.id,
          detail: { reason: 'wrong_two_factor_code' },
          ip,
        });
        return new ApiError(401, 'unauthorized', TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });
      };

      if (claims.enrolSecret) {
        // Enrolment: the first code proves the app holds the secret; then it is stored.
        if (!(await totpMatches(claims.enrolSecret, code))) throw refuse();
        const { codes, hashes } = newRecoveryCodes();
        db.update(staffUsers)
          .set({ twoFactorSecret: claims.enrolSecret, twoFactorEnabledAt: new Date().toISOString(), recoveryCodes: hashes })
          .where(eq(staffUsers.id, user.id))
          .run();
        recordAudit(db, {
          actorUserId: user.id,
          actorEmail: user.email,
          action: 'two_factor_enrolled',
          entity: 'staff_user',
          entityId: user.id,
          ip,
        });
        clearCodeFailures(db, user.id);
        return c.json({ user: await completeSignIn(c, user, ip), recoveryCodes: codes }, 200);
      }
      if (!user.twoFactorSecret) throw new ApiError(401, 'unauthorized', TWO_FACTOR_MESSAGES.expired);
      if (!(await totpMatches(user.twoFactorSecret, code))) {
        const remaining = spendRecoveryCode(user.recoveryCodes ?? [], code);
        if (!remaining) throw refuse();
        db.update(staffUsers).set({ recoveryCodes: remaining }).where(eq(staffUsers.id, user.id)).run();
        recordAudit(db, {
          actorUserId: user.id,
          actorEmail: user.email,
          action: 'recovery_code_used',
          entity: 'staff_user',
          entityId: user.id,
          detail: { left: remaining.length },
          ip,
        });
      }
      clearCodeFailures(db, user.id);
      return c.json({ user: await completeSignIn(c, user, ip) }, 200);
    })
    .post('/logout', async (c) => {
      const user = await sessionUser(c);
      if (user) {
        // Every token carrying the old version is now refused, this one included.
        db.update(staffUsers)
          .set({ tokenVersion: sql`${staffUsers.tokenVersion} + 1`, updatedAt: new Date().toISOString() })
          .where(eq(staffUsers.id, user.id))
          .run();
        recordAudit(db, {
          actorUserId: user.id,
          actorEmail: user.email,
          action: 'logout',
          entity: 'session',
          entityId: user.id,
          ip: clientIp(c, env),
        });
      }
      clearSessionCookie(c);
      return c.json({ ok: true as const }, 200);
    })
    .get('/me', async (c) => {
      const user = await currentStaff(c);
      // A cookie that no longer opens a session (expired, revoked, disabled) is dropped.
      if (!user && getCookie(c, SESSION_COOKIE) !== undefined) clearSessionCookie(c);
      return c.json({ user }, 200);
    });
};
