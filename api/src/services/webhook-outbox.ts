// The webhooks' outbox (issue 45, decision 064): a change that an organisation's endpoints may be
// told of records its deliveries here, in the change's own transaction, so that the two commit
// together or not at all. Nothing is sent from here: services/webhooks.ts's worker sends them.
// Kept apart from services/webhooks.ts (which reads the /api/v1 shapes) so that the services that
// make changes import nothing of the API.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { WebhookEventType } from '../contract/webhooks';
import type { Db } from '../db/client';
import { events, orders, webhookDeliveries, webhookEndpoints } from '../db/schema';

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
  resourceId: string | number,
  now = new Date(),
): Promise<number> {
  if (organisationId == null) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organisationId, organisationId), isNull(webhookEndpoints.disabledAt)));
  const wanting = endpoints.filter((endpoint) => endpoint.events.includes(type));
  if (wanting.length === 0) return 0;
  const nowIso = now.toISOString();
  await tx.insert(webhookDeliveries).values(
    wanting.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: type,
      resourceId: String(resourceId),
      attempts: [],
      nextAttemptAt: nowIso,
      createdAt: nowIso,
      updatedAt: nowIso,
    })),
  );
  return wanting.length;
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
