// An organiser signs up (issue 41 "Signing up", decision 053; DESIGN.md section 3 "organisations"):
//   GET  /api/organisers/signup → 200 OrganiserSignupTerms (the platform's commission, whether events
//        are reviewed, how long the link works), for the "Sell tickets" page
//   GET  /api/organisers/signup/slug-available?slug= → 200 SlugAvailability; 429 past the limit
//   POST /api/organisers/signup { organisation, admin } → 202 { message } and a link mailed to the
//        admin's address (the same answer when that address already has a staff account: it is
//        mailed a notice instead); 400 with fields (a taken web address on organisation.slug, a
//        common password on admin.password); 429 past the per-address or per-e-mail limit
//   POST /api/organisers/signup/verify { token } → 201 OrganisationSignupVerifyResponse and the new
//        admin's session cookie; 400 for an unknown, used or late link; 409 for a web address or an
//        e-mail taken since the sign-up
// What is checked and written lives in services/organiser-signup.ts; this file keeps the HTTP.
import { Hono, type Context } from 'hono';
import {
  ORGANISATION_MESSAGES,
  organisationSignupSchema,
  SIGNUP_MESSAGES,
  signupVerifySchema,
  slugAvailableQuerySchema,
  type OrganisationSignupResponse,
  type OrganisationSignupVerifyResponse,
} from '../contract/organisations';
import { messageKey } from '../contract/validation-messages';
import type { RouteDeps } from '../deps';
import { clientIp, setSessionCookie, signSession } from '../http/auth';
import { ApiError, requestLanguage } from '../http/errors';
import { validationText } from '../i18n/messages';
import { validate } from '../http/validate';
import {
  countSignup,
  countSlugCheck,
  countVerifyAttempt,
  requestSignup,
  SignupRefusal,
  signupTerms,
  slugAvailability,
  verifySignup,
} from '../services/organiser-signup';
import { CommonPasswordError, hashStaffPassword } from '../services/staff';

/** A refusal as its answer: the status, code, message and field each reason has. */
function refusal(c: Context, error: unknown): never {
  if (!(error instanceof SignupRefusal)) throw error;
  switch (error.reason) {
    case 'rate_limited': {
      const minutes = Math.max(1, Math.ceil(error.retryAfter / 60));
      // Through the error handler, so the message is said in the request's language.
      const message = messageKey(SIGNUP_MESSAGES.rateLimited, { minutes });
      c.header('Retry-After', String(error.retryAfter));
      throw new ApiError(429, 'rate_limited', message);
    }
    case 'slug_taken':
      throw new ApiError(409, 'conflict', ORGANISATION_MESSAGES.slugTaken, {
        'organisation.slug': ORGANISATION_MESSAGES.slugTaken,
      });
    case 'email_taken':
      throw new ApiError(409, 'conflict', SIGNUP_MESSAGES.emailTaken, { 'admin.email': SIGNUP_MESSAGES.emailTaken });
    case 'invalid':
      throw new ApiError(400, 'bad_request', SIGNUP_MESSAGES.linkInvalid, { token: SIGNUP_MESSAGES.linkInvalid });
    case 'used':
      throw new ApiError(400, 'bad_request', SIGNUP_MESSAGES.linkUsed, { token: SIGNUP_MESSAGES.linkUsed });
    case 'expired':
      throw new ApiError(400, 'bad_request', SIGNUP_MESSAGES.linkExpired, { token: SIGNUP_MESSAGES.linkExpired });
  }
}

export const organiserRoutes = ({ db, env, key }: RouteDeps & { key: Uint8Array }) =>
  new Hono()
    // The sign-up's answers only: an organiser's public page (routes/organiser-pages.ts) is cached.
    .use('/signup/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
      // Sign-up answers are nobody's to index (the storefront's pages link to none of them).
      c.header('X-Robots-Tag', 'noindex');
    })
    .get('/signup', async (c) => c.json(await db.query((q) => signupTerms(q)), 200))
    .get('/signup/slug-available', validate('query', slugAvailableQuerySchema), async (c) => {
      const { slug } = c.req.valid('query');
      try {
        await db.transaction((tx) => countSlugCheck(tx, clientIp(c, env)));
      } catch (error) {
        refusal(c, error);
      }
      return c.json(await db.query((q) => slugAvailability(q, slug)), 200);
    })
    .post('/signup', validate('json', organisationSignupSchema), async (c) => {
      const signup = c.req.valid('json');
      const ip = clientIp(c, env);
      try {
        // Counted first, in a transaction of its own: a refused sign-up counts too, and a flood
        // costs no password hashing.
        await db.transaction((tx) => countSignup(tx, { email: signup.admin.email, ip }));
      } catch (error) {
        refusal(c, error);
      }
      let passwordHash: string;
      try {
        // Hashed outside the transaction (it takes a while).
        passwordHash = await hashStaffPassword(signup.admin.password);
      } catch (error) {
        if (!(error instanceof CommonPasswordError)) throw error;
        const message = ORGANISATION_MESSAGES.passwordTooCommon;
        throw new ApiError(400, 'validation_error', message, { 'admin.password': message });
      }
      try {
        await db.transaction((tx) => requestSignup(tx, env, { signup, passwordHash, ip }));
      } catch (error) {
        refusal(c, error);
      }
      const body: OrganisationSignupResponse = { message: validationText(SIGNUP_MESSAGES.sent, requestLanguage(c)) };
      return c.json(body, 202);
    })
    .post('/signup/verify', validate('json', signupVerifySchema), async (c) => {
      const { token } = c.req.valid('json');
      const ip = clientIp(c, env);
      let verified;
      try {
        await db.transaction((tx) => countVerifyAttempt(tx, ip));
        verified = await db.transaction((tx) => verifySignup(tx, env, { token, ip }));
      } catch (error) {
        refusal(c, error);
      }
      // Signed in as the new admin, in the new organisation: the page links straight to /admin.
      setSessionCookie(c, await signSession(key, verified.admin, verified.organisation.id));
      const body: OrganisationSignupVerifyResponse = {
        organisation: verified.organisation,
        admin: { email: verified.admin.email, fullName: verified.admin.fullName },
      };
      return c.json(body, 201);
    });
