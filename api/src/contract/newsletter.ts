import { z } from 'zod';
import { EMAIL_PATTERN } from './registration';

/** How long a confirmation link works. */
export const NEWSLETTER_LINK_DAYS = 7;

/** The newsletter's messages, keys of the validation catalogues (said in the visitor's language). */
export const NEWSLETTER_MESSAGES = {
  linkInvalid: 'validation.newsletterLinkInvalid',
  linkExpired: 'validation.newsletterLinkExpired',
  tooMany: 'validation.newsletterTooMany',
} as const;

/**
 * POST /api/newsletter body; the footer's e-mail box validates with the same schema. `language` is
 * the visitor's, for the confirmation e-mail (double opt-in, decision 029).
 */
export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Invalid email format')
    .regex(EMAIL_PATTERN, 'Invalid email format')
    .transform((email) => email.toLowerCase()),
  language: z.enum(['en', 'hi', 'mr']).optional().catch(undefined),
});
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeSchema>;

/**
 * 202, the same whether the address was new, waiting for its confirmation or already subscribed:
 * the answer tells nobody who is on the list. A confirmation link is mailed when one is due.
 */
export interface NewsletterSubscribeResponse {
  pending: true;
}

/** POST /api/newsletter/confirm: the token of the mailed link (from the page's #fragment). */
export const newsletterConfirmSchema = z.object({
  token: z.string({ error: NEWSLETTER_MESSAGES.linkInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, NEWSLETTER_MESSAGES.linkInvalid),
});
export type NewsletterConfirmRequest = z.input<typeof newsletterConfirmSchema>;

export interface NewsletterConfirmResponse {
  confirmed: true;
}
