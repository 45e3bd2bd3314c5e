import { z } from 'zod';
import { EMAIL_PATTERN } from './registration';

/** POST /api/newsletter body; the footer's e-mail box validates with the same schema. */
export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Invalid email format')
    .regex(EMAIL_PATTERN, 'Invalid email format')
    .transform((email) => email.toLowerCase()),
});
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeSchema>;

export interface NewsletterSubscribeResponse {
  subscribed: true;
  alreadySubscribed: boolean;
}
