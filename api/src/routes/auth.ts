// Staff sign-in (DESIGN.md section 6; one message for an unknown e-mail and a wrong password, as
// issue 13 replaced SPEC.md section 8's two):
//   POST /api/auth/login  { email, password } → 200 { user } and the session cookie
//   POST /api/auth/logout → 200 { ok: true }; revokes every session of the user (token version)
//   GET  /api/auth/me     → always 200 { user: StaffUser | null }, so public pages log no error
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOGIN_MESSAGES, loginSchema } from '../contract';
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
import { notifyLogin } from '../services/staff-notices';
import { hashPassword, verifyPassword } from '../services/passwords';
import { normalizeEmail } from '../services/staff';

// An unknown e-mail is checked against this hash, so it costs the same argon2 work as a known one
// and its answer cannot be told apart, by message or by time.
let dummyHash: Promise<string> | undefined;
const hashForUnknownAccount = () => (dummyHash ??= hashPassword(`no-such-account:${Math.random()}`));

export const rateLimitedMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

export const authRoutes = ({ db, env, key }: RouteDeps & { key: Uint8Array }) => {
  void hashForUnknownAccount();
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

      const now = new Date().toISOString();
      db.update(staffUsers).set({ lastLoginAt: now }).where(eq(staffUsers.id, user.id)).run();
      loginSucceeded(db, email, ip, attempt);
      audit('login', { role: user.role }, user.id);
      notifyLogin(db, user, ip);
      setSessionCookie(c, await signSession(key, user));
      return c.json({ user: toStaffUser(user) }, 200);
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
