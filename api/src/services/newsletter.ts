import type { Db } from '../db/client';
import { newsletterSubscribers } from '../db/schema';
import { isChildAttendeeEmail } from './personal-data';

/**
 * Adds an e-mail address (already validated and lower-cased) to the newsletter list.
 * Subscribing twice is not an error: the second call reports alreadySubscribed.
 */
export async function subscribeToNewsletter(tx: Db, email: string): Promise<{ alreadySubscribed: boolean }> {
  // A child attendee's own address is never put on a marketing list (decision 030); the answer is a
  // subscriber's, so it tells nobody that the address is a child's.
  if (await isChildAttendeeEmail(tx, email)) return { alreadySubscribed: false };
  const added = await tx
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { alreadySubscribed: added.length === 0 };
}
