// Whether an attendee's confirmation really went (issue 40): the outbox's word, not a flag set when
// the e-mail was queued. An attendee who gave an e-mail of their own is sent their own ticket
// (attendee_ticket); everyone else's tickets go in the order's confirmation to the buyer
// (participant_confirmation, queued against the order's first attendee). Read for a batch of
// attendees at a time (the CSV export writes 250 lines per read).
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox, registrations } from '../db/schema';
import { EMAIL_KINDS } from '../mail/outbox';

/** The ids of the given attendees whose confirmation the outbox has sent. */
export async function confirmationsSent(db: Db, attendees: { id: number; orderId: string | null }[]): Promise<Set<number>> {
  if (attendees.length === 0) return new Set();
  const ids = attendees.map((a) => a.id);
  const orderIds = [...new Set(attendees.flatMap((a) => (a.orderId ? [a.orderId] : [])))];
  const mails = await db
    .select({
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      registrationId: emailOutbox.registrationId,
      orderId: registrations.orderId,
    })
    .from(emailOutbox)
    .innerJoin(registrations, eq(registrations.id, emailOutbox.registrationId))
    .where(
      and(
        inArray(emailOutbox.kind, [EMAIL_KINDS.participant, EMAIL_KINDS.attendee]),
        orderIds.length > 0
          ? or(inArray(emailOutbox.registrationId, ids), inArray(registrations.orderId, orderIds))
          : inArray(emailOutbox.registrationId, ids),
      ),
    );
  // Their own ticket e-mail, when they have one, else the order's confirmation (or one sent to them by staff).
  const own = new Map<number, boolean>();
  const orderSent = new Set<string>();
  const confirmationSentTo = new Set<number>();
  for (const mail of mails) {
    const sent = mail.status === 'sent';
    if (mail.kind === EMAIL_KINDS.attendee && mail.registrationId !== null) {
      own.set(mail.registrationId, (own.get(mail.registrationId) ?? false) || sent);
    } else if (sent) {
      if (mail.orderId) orderSent.add(mail.orderId);
      if (mail.registrationId !== null) confirmationSentTo.add(mail.registrationId);
    }
  }
  const result = new Set<number>();
  for (const a of attendees) {
    const sent = own.has(a.id)
      ? own.get(a.id)!
      : confirmationSentTo.has(a.id) || (a.orderId !== null && orderSent.has(a.orderId));
    if (sent) result.add(a.id);
  }
  return result;
}
