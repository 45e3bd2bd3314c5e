// Postponing an event (issue 24, decision 025): staff give it a new date and time and a deadline
// for full refunds; every paid order's buyer is e-mailed once, in their language, with a link to My
// bookings, where cancelling is then a full refund until the deadline whatever the event's own
// cancel policy says (services/my-bookings.ts, cancelTermsOf). Everything happens in the
// caller's transaction: the new date, the postponement, the e-mails and the audit entry.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { indiaToday, type EventPostponement } from '../contract';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { PAID_ORDER_STATUSES, events, orders } from '../db/schema';
import type { Env } from '../env';
import { enqueuePostponedEmail } from '../mail/outbox';
import { recordAudit } from './audit';
import { CancellationRefusal } from './event-cancellations';
import type { RefundActor } from './refunds';
import { readSettings } from './settings';
import { recordWebhookEvent } from './webhook-outbox';

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;
type StaffActor = Extract<RefundActor, { kind: 'staff' }>;

export interface PostponeEventInput {
  eventId: number;
  date: string;
  time: string;
  refundUntil: string;
  reason: string;
  actor: StaffActor;
}

export async function postponeEvent(
  tx: Db,
  env: MailEnv,
  input: PostponeEventInput,
  now = new Date(),
): Promise<{ postponement: EventPostponement; buyersNotified: number }> {
  const [event] = await forUpdate(tx.select().from(events).where(eq(events.id, input.eventId)));
  if (!event) throw new CancellationRefusal('not_found', 'Event not found');
  if (event.status === 'Cancelled') throw new CancellationRefusal('already_cancelled', 'A cancelled event cannot be postponed');
  if (event.status === 'Completed') throw new CancellationRefusal('completed', 'A completed event cannot be postponed');
  const today = indiaToday(now);
  const invalid = (field: 'date' | 'refundUntil', message: string) =>
    new CancellationRefusal('invalid', message, { [field]: message });
  if (input.date <= today) throw invalid('date', 'The new date must be after today');
  if (input.date < event.date || (input.date === event.date && input.time <= event.time)) {
    throw invalid('date', 'The new date and time must be later than the present ones');
  }
  if (input.refundUntil < today) throw invalid('refundUntil', 'The refund deadline cannot be in the past');

  const at = now.toISOString();
  // A second postponement keeps the first date the buyers booked for.
  const postponement: EventPostponement = {
    previousDate: event.postponement?.previousDate ?? event.date,
    previousTime: event.postponement?.previousTime ?? event.time,
    refundUntil: input.refundUntil,
    reason: input.reason,
    at,
  };
  await tx.update(events).set({ date: input.date, time: input.time, postponement, updatedAt: at }).where(eq(events.id, event.id));
  await recordWebhookEvent(tx, event.organisationId, 'event.updated', event.id, now);
  await recordWebhookEvent(tx, event.organisationId, 'event.postponed', event.id, now);

  const paid = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, event.id), inArray(orders.status, [...PAID_ORDER_STATUSES])))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const { platformName } = await readSettings(tx);
  let buyersNotified = 0;
  for (const order of paid) {
    const sent = await enqueuePostponedEmail(
      tx,
      env,
      order,
      {
        eventName: event.title,
        previousDate: event.date,
        date: input.date,
        time: input.time,
        refundUntil: input.refundUntil,
        reason: input.reason,
      },
      platformName,
      event.organisationId,
      now,
    );
    if (sent !== null) buyersNotified += 1;
  }
  await recordAudit(tx, {
    actorUserId: input.actor.userId,
    actorEmail: input.actor.email,
    action: 'postpone',
    entity: 'event',
    entityId: event.id,
    detail: {
      title: event.title,
      date: { from: event.date, to: input.date },
      time: { from: event.time, to: input.time },
      refundUntil: input.refundUntil,
      reason: input.reason,
      buyersNotified,
    },
    ip: input.actor.ip ?? null,
  });
  return { postponement, buyersNotified };
}
