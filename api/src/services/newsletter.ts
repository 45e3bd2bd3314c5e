import type { Db } from '../db/client';
import { newsletterSubscribers } from '../db/schema';

/**
 * Adds an e-mail address (already validated and lower-cased) to the newsletter list.
 * Subscribing twice is not an error: the second call reports alreadySubscribed.
 */
export function subscribeToNewsletter(db: Db, email: string): { alreadySubscribed: boolean } {
  const result = db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing().run();
  return { alreadySubscribed: result.changes === 0 };
}
