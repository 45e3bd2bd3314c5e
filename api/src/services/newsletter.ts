// The newsletter list, double opt-in (issue 28, decision 029). Asking to subscribe answers the same
// whatever the list holds; the address is mailed a link in the visitor's language, and it counts as
// subscribed only once that link is opened. Only the link's SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { NEWSLETTER_LINK_DAYS, NEWSLETTER_MESSAGES, type Language } from '../contract';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { announceOutbox } from '../db/notify';
import { emailOutbox, newsletterSubscribers } from '../db/schema';
import type { Env } from '../env';
import { newsletterConfirmEmail } from '../mail/newsletter-templates';
import { selfBaseUrl } from '../urls';
import { readSettings } from './settings';
import { isChildAttendeeEmail } from './personal-data';

export const EMAIL_KIND_NEWSLETTER_CONFIRM = 'newsletter_confirm';
const LINK_MS = NEWSLETTER_LINK_DAYS * 86_400_000;

type NewsletterEnv = Pick<Env, 'publicUrl' | 'port'>;

export type NewsletterRefusalReason = 'link_invalid' | 'link_expired';

/** A refusal of a confirmation link; never an HTTP status (routes/newsletter.ts maps each reason). */
export class NewsletterRefusal extends Error {
  override name = 'NewsletterRefusal';
  constructor(
    readonly reason: NewsletterRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Asks `email` (validated, lower-cased) to confirm a subscription: a new link is mailed unless the
 * address is already confirmed, or `mayMail` is false (it was mailed too often lately). The caller
 * answers the same in every case.
 */
export async function requestNewsletterSubscription(
  tx: Db,
  env: NewsletterEnv,
  input: { email: string; language?: Language },
  options: { mayMail: boolean; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  if (!options.mayMail) return;
  // A child attendee's own address is never put on a marketing list (decision 030): nothing is kept
  // or sent, and the caller's answer is the same as for anyone, so it tells nobody the address is a child's.
  if (await isChildAttendeeEmail(tx, input.email)) return;
  // Inserted first when new (two requests at once: one row), then read under its lock.
  await tx
    .insert(newsletterSubscribers)
    .values({ email: input.email, createdAt: now.toISOString(), language: input.language ?? 'en' })
    .onConflictDoNothing();
  const [row] = await forUpdate(tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, input.email)));
  if (!row || row.confirmedAt) return;
  const language = input.language ?? ((row.language || 'en') as Language);
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(newsletterSubscribers)
    .set({ language, confirmTokenHash: hashToken(token), confirmSentAt: now.toISOString() })
    .where(eq(newsletterSubscribers.id, row.id));
  const langQuery = language === 'en' ? '' : `?lang=${language}`;
  const url = `${selfBaseUrl(env)}/newsletter/confirm${langQuery}#${token}`;
  const { platformName } = await readSettings(tx);
  await tx.insert(emailOutbox).values({
    kind: EMAIL_KIND_NEWSLETTER_CONFIRM,
    to: input.email,
    ...newsletterConfirmEmail({ url, platformName, language }),
    registrationId: null,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
  });
  await announceOutbox(tx);
}

/**
 * Confirms the address a mailed link was sent to: within its days, and again harmlessly (a second
 * click, a mail scanner after the owner). A link replaced by a newer one is no longer valid.
 */
export async function confirmNewsletterSubscription(tx: Db, token: string, now = new Date()): Promise<void> {
  const [row] = await forUpdate(
    tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token))),
  );
  if (!row) throw new NewsletterRefusal('link_invalid', NEWSLETTER_MESSAGES.linkInvalid);
  if (row.confirmedAt) return;
  if (!row.confirmSentAt || Date.parse(row.confirmSentAt) + LINK_MS <= now.getTime()) {
    throw new NewsletterRefusal('link_expired', NEWSLETTER_MESSAGES.linkExpired);
  }
  await tx
    .update(newsletterSubscribers)
    .set({ confirmedAt: now.toISOString() })
    .where(and(eq(newsletterSubscribers.id, row.id), isNull(newsletterSubscribers.confirmedAt)));
}
