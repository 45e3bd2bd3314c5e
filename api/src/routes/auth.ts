// Staff sign-in (DESIGN.md section 6; one message for an unknown e-mail and a wrong password, as
// issue 13 replaced SPEC.md section 8's two):
//   POST /api/auth/login  { email, password } → 200 { user } and the session cookie; with
//        Two-Factor Authentication on (Settings), 200 { twoFactor: { step, challenge, ... } } and
//        no cookie: 'code' for an enrolled member, 'enrol' (a new secret to scan) for the others
//   POST /api/auth/login/two-factor  { challenge, code } → 200 { user, recoveryCodes? } and the cookie;
//        401 for a wrong code (5 per 15 minutes, then 429) or a stale challenge
//   POST /api/auth/logout → 200 { ok: true }; revokes every session of the user (token version)
//   GET  /api/auth/me     → always 200 { user: StaffUser | null }, so public pages log no error
//   POST /api/auth/password-reset  { email } → 200 { message }, the same for any address (issue 27);
//        429 when this address or e-mail asked too often
//   POST /api/auth/password-reset/complete  { token, password } → 200 { message }; every session of
//        the member is revoked; 400 for an unknown, used or expired link or a weak password
// What is checked and written lives in services/auth.ts; this file keeps the HTTP.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  LOGIN_MESSAGES,
  loginSchema,
  PASSWORD_RESET_MESSAGES,
  passwordResetRequestSchema,
  passwordResetSchema,
  twoFactorSchema,
} from '../contract';
import type { RouteDeps } from '../deps';
import { ORGANISATION_MESSAGES, switchOrganisationSchema } from '../contract/organisations';
import type { MeResponse } from '../contract/staff';
import { resolveActingAs } from '../services/memberships';
import { staffUserById } from '../services/staff';
import {
  clearSessionCookie,
  clientIp,
  currentStaffSession,
  UNAUTHENTICATED_MESSAGE,
  SESSION_COOKIE,
  sessionUser,
  setSessionCookie,
  signSession,
  toStaffUser,
} from '../http/auth';
import { ApiError, errorBody } from '../http/errors';
import { validate } from '../http/validate';
import { completeTwoFactor, prepareSignIn, SignInError, signIn, signOut, type StaffRow } from '../services/auth';
import { completePasswordReset, PasswordResetRefusal, requestPasswordReset } from '../services/password-reset';
import { CommonPasswordError, hashStaffPassword } from '../services/staff';

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  expired: 'Your sign-in has expired. Sign in again.',
} as const;

export const rateLimitedMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/** A refused step as its answer: the status, code and message each reason has. */
function refusal(c: Context, error: unknown) {
  if (!(error instanceof SignInError)) throw error;
  switch (error.reason) {
    case 'rate_limited':
      return c.json(errorBody('rate_limited', rateLimitedMessage(error.retryAfter)), 429, {
        'Retry-After': String(error.retryAfter),
      });
    case 'invalid_credentials':
      throw new ApiError(401, 'invalid_credentials', LOGIN_MESSAGES.invalidCredentials);
    case 'account_disabled':
      throw new ApiError(403, 'account_disabled', LOGIN_MESSAGES.failed);
    case 'expired':
      throw new ApiError(401, 'unauthorized', TWO_FACTOR_MESSAGES.expired);
    case 'wrong_code':
      throw new ApiError(401, 'unauthorized', TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });
  }
}

export const authRoutes = ({ db, env, key }: RouteDeps & { key: Uint8Array }) => {
  prepareSignIn();
  /**
   * Signed in: the session cookie, and the member as the API shows them with where they act
   * (GET /api/auth/me's answer, decision 051), so the console needs no second request.
   */
  const startSession = async (c: Context, user: StaffRow) => {
    // The member starts in their first organisation (platform staff: the first there is); the top
    // bar switches (POST /organisation).
    const { acting, memberOf } = await db.query((tx) => resolveActingAs(tx, user, null));
    setSessionCookie(c, await signSession(key, user, acting?.organisation.id));
    const staff = toStaffUser(user, acting);
    return {
      user: staff,
      organisation: acting?.organisation ?? null,
      organisations: memberOf,
      platformRole: staff.platformRole,
    } satisfies MeResponse;
  };
  return (
    new Hono()
      .use(async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .post('/login', validate('json', loginSchema), async (c) => {
        const { email, password } = c.req.valid('json');
        let outcome;
        try {
          outcome = await signIn(db, env, { email, password, ip: clientIp(c, env) });
        } catch (error) {
          return refusal(c, error);
        }
        if (outcome.kind === 'two_factor') {
          const { kind: _kind, ...twoFactor } = outcome;
          return c.json({ twoFactor }, 200);
        }
        return c.json(await startSession(c, outcome.user), 200);
      })
      .post('/login/two-factor', validate('json', twoFactorSchema), async (c) => {
        const { challenge, code } = c.req.valid('json');
        let outcome;
        try {
          outcome = await completeTwoFactor(db, env, { challenge, code, ip: clientIp(c, env) });
        } catch (error) {
          return refusal(c, error);
        }
        const session = await startSession(c, outcome.user);
        return c.json({ ...session, ...(outcome.recoveryCodes && { recoveryCodes: outcome.recoveryCodes }) }, 200);
      })
      .post('/logout', async (c) => {
        const user = await sessionUser(c);
        // Every token carrying the old version is now refused, this one included.
        if (user) await db.transaction((tx) => signOut(tx, user, clientIp(c, env)));
        clearSessionCookie(c);
        return c.json({ ok: true as const }, 200);
      })
      .post('/password-reset', validate('json', passwordResetRequestSchema), async (c) => {
        const { email } = c.req.valid('json');
        try {
          await db.transaction((tx) => requestPasswordReset(tx, env, { email, ip: clientIp(c, env) }));
        } catch (error) {
          if (!(error instanceof PasswordResetRefusal)) throw error;
          const minutes = Math.max(1, Math.ceil(error.retryAfter / 60));
          const message = `Too many requests for a new password. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
          return c.json(errorBody('rate_limited', message), 429, { 'Retry-After': String(error.retryAfter) });
        }
        return c.json({ message: PASSWORD_RESET_MESSAGES.sent }, 200);
      })
      .post('/password-reset/complete', validate('json', passwordResetSchema), async (c) => {
        const { token, password } = c.req.valid('json');
        let passwordHash: string;
        try {
          // Hashed outside the transaction (it takes a while); a common password spends no link.
          passwordHash = await hashStaffPassword(password);
        } catch (error) {
          if (error instanceof CommonPasswordError) {
            throw new ApiError(400, 'validation_error', error.message, { password: error.message });
          }
          throw error;
        }
        try {
          await db.transaction((tx) => completePasswordReset(tx, { token, passwordHash, ip: clientIp(c, env) }));
        } catch (error) {
          if (!(error instanceof PasswordResetRefusal) || error.reason === 'rate_limited') throw error;
          const message = PASSWORD_RESET_MESSAGES[error.reason];
          throw new ApiError(400, 'bad_request', message, { token: message });
        }
        // This browser's own session, if any, is one of those revoked.
        clearSessionCookie(c);
        return c.json({ message: PASSWORD_RESET_MESSAGES.done }, 200);
      })
      .get('/me', async (c) => {
        const session = await currentStaffSession(c);
        // A cookie that no longer opens a session (expired, revoked, disabled) is dropped.
        if (!session && getCookie(c, SESSION_COOKIE) !== undefined) clearSessionCookie(c);
        const body: MeResponse = session
          ? {
              user: session.user,
              organisation: session.organisation,
              organisations: session.organisations,
              platformRole: session.user.platformRole,
            }
          : { user: null, organisation: null, organisations: [], platformRole: null };
        return c.json(body, 200);
      })
      // Act in another organisation (decision 051): one the member belongs to, or any for platform
      // staff; 404 for one they may not act in (never confirming that it exists).
      .post('/organisation', validate('json', switchOrganisationSchema), async (c) => {
        const session = await currentStaffSession(c);
        if (!session) throw new ApiError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
        const { organisationId } = c.req.valid('json');
        const user = await db.query((tx) => staffUserById(tx, session.user.id));
        if (!user) throw new ApiError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
        const { acting, memberOf } = await db.query((tx) => resolveActingAs(tx, user, organisationId));
        if (acting?.organisation.id !== organisationId) throw new ApiError(404, 'not_found', ORGANISATION_MESSAGES.notFound);
        setSessionCookie(c, await signSession(key, user, organisationId));
        const staff = toStaffUser(user, acting);
        const body: MeResponse = {
          user: staff,
          organisation: acting.organisation,
          organisations: memberOf,
          platformRole: staff.platformRole,
        };
        return c.json(body, 200);
      })
  );
};
