import type { Db } from '../db/client';
import { newsletterSubscribers } from '../db/schema';

/**
 * Adds an e-mail address (already validated and lower-cased) to the newsletter list.
 * Subscribing twice is not an error: the second call reports alreadySubscribed.
 */
export async function subscribeToNewsletter(tx: Db, email: string): Promise<{ alreadySubscribed: boolean }> {
  const added = await tx
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { alreadySubscribed: added.length === 0 };
}
