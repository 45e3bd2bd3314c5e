// The newsletter, double opt-in (issue 28, decision 029), public:
//   POST /api/newsletter          { email, language? } → 202 { pending: true }, the same for a new,
//                                 waiting or subscribed address; a confirmation link is mailed when due.
//                                 429 rate_limited per client address (shared by every instance).
//   POST /api/newsletter/confirm  { token } → { confirmed: true }; 404 link_invalid, 410 link_expired
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  messageKey,
  NEWSLETTER_MESSAGES,
  newsletterConfirmSchema,
  newsletterSubscribeSchema,
  type ApiErrorCode,
  type NewsletterConfirmResponse,
  type NewsletterSubscribeResponse,
} from '../contract';
import type { RouteDeps } from '../deps';
import { clientIp } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { hit } from '../services/checkout-limits';
import {
  confirmNewsletterSubscription,
  NewsletterRefusal,
  requestNewsletterSubscription,
  type NewsletterRefusalReason,
} from '../services/newsletter';

/** Sign-ups one client address may ask for per window (a family, an office or a CGNAT shares one). */
export const NEWSLETTER_PER_ADDRESS = 10;
export const NEWSLETTER_ADDRESS_WINDOW_MS = 15 * 60_000;
/** Confirmation e-mails one e-mail address may be sent per day: nobody's inbox is flooded through us. */
export const NEWSLETTER_MAILS_PER_EMAIL = 3;
export const NEWSLETTER_EMAIL_WINDOW_MS = 24 * 3_600_000;

const REFUSALS: Record<NewsletterRefusalReason, [ContentfulStatusCode, ApiErrorCode]> = {
  link_invalid: [404, 'link_invalid'],
  link_expired: [410, 'link_expired'],
};

export const newsletterRoutes = ({ db, env }: RouteDeps) =>
  new Hono()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .post('/', validate('json', newsletterSubscribeSchema), async (c) => {
      const input = c.req.valid('json');
      const now = new Date();
      // Shared by every instance (rate_limits). The client's address gets a 429; the e-mail's own
      // limit is silent (mailing stops, the answer does not change), so it reveals nothing.
      const wait = await db.query((q) =>
        hit(q, `newsletter-ip:${clientIp(c, env)}`, NEWSLETTER_PER_ADDRESS, NEWSLETTER_ADDRESS_WINDOW_MS, now),
      );
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        throw new ApiError(429, 'rate_limited', messageKey(NEWSLETTER_MESSAGES.tooMany, { minutes: Math.ceil(wait / 60) }));
      }
      const mayMail =
        (await db.query((q) =>
          hit(q, `newsletter-email:${input.email}`, NEWSLETTER_MAILS_PER_EMAIL, NEWSLETTER_EMAIL_WINDOW_MS, now),
        )) === 0;
      await db.transaction((tx) => requestNewsletterSubscription(tx, env, input, { mayMail, now }));
      const body: NewsletterSubscribeResponse = { pending: true };
      return c.json(body, 202);
    })
    .post('/confirm', validate('json', newsletterConfirmSchema), async (c) => {
      try {
        await db.transaction((tx) => confirmNewsletterSubscription(tx, c.req.valid('json').token));
      } catch (error) {
        if (error instanceof NewsletterRefusal) {
          const [status, code] = REFUSALS[error.reason];
          throw new ApiError(status, code, error.message);
        }
        throw error;
      }
      const body: NewsletterConfirmResponse = { confirmed: true };
      return c.json(body, 200);
    });
