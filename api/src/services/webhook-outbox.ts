// The webhooks' outbox (issue 45, decision 064): a change that an organisation's endpoints may be
// told of records its deliveries here, in the change's own transaction, so that the two commit
// together or not at all. Nothing is sent from here: services/webhooks.ts's worker sends them.
// Kept apart from services/webhooks.ts (which reads the /api/v1 shapes) so that the services that
// make changes import nothing of the API.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { WebhookEventType } from '../contract/webhooks';
import type { Db } from '../db/client';
import { events, orders, registrations, webhookDeliveries, webhookEndpoints } from '../db/schema';

/** A new message id (webhook-id): the same on every attempt of one delivery. */
const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * The outbox: one delivery row per enabled endpoint of the organisation that wants `type`, written
 * in the caller's transaction (so the change and its deliveries commit together or not at all).
 * One indexed read and at most one INSERT; nothing is sent from here.
 */
export async function recordWebhookEvent(
  tx: Db,
  organisationId: number | null | undefined,
  type: WebhookEventType,
  resourceId: string | number | readonly (string | number)[],
  now = new Date(),
): Promise<number> {
  if (organisationId == null) return 0;
  // Several resources of one organisation (an order's attendees): still one read and one INSERT.
  const resourceIds = (Array.isArray(resourceId) ? resourceId : [resourceId]) as (string | number)[];
  if (resourceIds.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organisationId, organisationId), isNull(webhookEndpoints.disabledAt)));
  const wanting = endpoints.filter((endpoint) => endpoint.events.includes(type));
  if (wanting.length === 0) return 0;
  const nowIso = now.toISOString();
  await tx.insert(webhookDeliveries).values(
    resourceIds.flatMap((id) =>
      wanting.map((endpoint) => ({
        endpointId: endpoint.id,
        messageId: newMessageId(),
        eventType: type,
        resourceId: String(id),
        attempts: [],
        nextAttemptAt: nowIso,
        createdAt: nowIso,
        updatedAt: nowIso,
      })),
    ),
  );
  return wanting.length * resourceIds.length;
}

/** recordWebhookEvent for an order, whose organisation is its event's. */
export async function recordOrderWebhookEvent(
  tx: Db,
  orderId: string,
  type: WebhookEventType,
  now = new Date(),
): Promise<number> {
  const [row] = await tx
    .select({ organisationId: events.organisationId })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId));
  return recordWebhookEvent(tx, row?.organisationId, type, orderId, now);
}

/** recordWebhookEvent once per attendee (decision 074), each under the attendee's own organisation (decision 059). */
export async function recordAttendeeWebhookEvents(
  tx: Db,
  attendeeIds: readonly number[],
  type: WebhookEventType,
  now = new Date(),
): Promise<void> {
  if (attendeeIds.length === 0) return;
  const rows = await tx
    .select({ id: registrations.id, organisationId: registrations.organisationId })
    .from(registrations)
    .where(inArray(registrations.id, [...attendeeIds]));
  const byOrganisation = new Map<number, number[]>();
  for (const row of rows.sort((a, b) => a.id - b.id))
    byOrganisation.set(row.organisationId, [...(byOrganisation.get(row.organisationId) ?? []), row.id]);
  for (const [organisationId, ids] of byOrganisation) await recordWebhookEvent(tx, organisationId, type, ids, now);
}

/**
 * After attendees were cancelled, in the same transaction (decision 074): attendee.cancelled for each,
 * then order.cancelled for each of their orders that has no attendee left that is not cancelled.
 */
export async function recordAttendeesCancelled(tx: Db, attendeeIds: readonly number[], now = new Date()): Promise<void> {
  if (attendeeIds.length === 0) return;
  await recordAttendeeWebhookEvents(tx, attendeeIds, 'attendee.cancelled', now);
  const touched = await tx
    .selectDistinct({ orderId: registrations.orderId })
    .from(registrations)
    .where(inArray(registrations.id, [...attendeeIds]));
  for (const { orderId } of touched) {
    if (orderId === null) continue;
    const [open] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.orderId, orderId), ne(registrations.status, 'Cancelled'), eq(registrations.onHold, false)))
      .limit(1);
    if (!open) await recordOrderWebhookEvent(tx, orderId, 'order.cancelled', now);
  }
}
