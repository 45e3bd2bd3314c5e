// An organisation's webhook endpoints (issue 45, decision 064); admins only (the guard is in admin.ts,
// and ownedParam('webhookEndpoint', 'id') answers 404 for another organisation's endpoint):
//   GET    /api/admin/webhooks                      → { endpoints: WebhookEndpointView[] }
//   POST   /api/admin/webhooks                      { url, events, description? } → 201 { id, secret, endpoint }:
//                                                   the whsec_ secret is in this answer only (sealed at rest)
//   PATCH  /api/admin/webhooks/:id                  { url?, events?, description?, enabled? } → { endpoint }
//   DELETE /api/admin/webhooks/:id                  → 204 (its delivery log goes with it)
//   GET    /api/admin/webhooks/:id/deliveries       → { deliveries: WebhookDeliveryView[] } (newest first)
//   POST   /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver → { delivery } (sent again by the worker now)
//   POST   /api/admin/webhooks/:id/rotate-secret     → { id, secret, previousSecretExpiresAt, endpoint }: the new
//                                                   secret once; the previous one signs beside it for 24 hours (decision 074)
import { Hono } from 'hono';
import { idParamSchema } from '../contract';
import { createWebhookSchema, updateWebhookSchema, WEBHOOK_MESSAGES, webhookDeliveryParamSchema } from '../contract/webhooks';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  WebhookNotFound,
} from '../services/webhooks';

async function found<T>(run: () => Promise<T>, message: string = WEBHOOK_MESSAGES.notFound): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WebhookNotFound) throw notFound(message);
    throw error;
  }
}

export const adminWebhookRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', async (c) => c.json({ endpoints: await db.query((tx) => listWebhookEndpoints(tx, organisationOf(c))) }, 200))
    .post('/', validate('json', createWebhookSchema), async (c) => {
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const created = await db.transaction((tx) => createWebhookEndpoint(tx, organisationOf(c), input, actor));
      return c.json(created, 201);
    })
    .patch('/:id', validate('param', idParamSchema), validate('json', updateWebhookSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const endpoint = await found(() => db.transaction((tx) => updateWebhookEndpoint(tx, organisationOf(c), id, input, actor)));
      return c.json({ endpoint }, 200);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      await found(() => db.transaction((tx) => deleteWebhookEndpoint(tx, organisationOf(c), id, actor)));
      return c.body(null, 204);
    })
    .get('/:id/deliveries', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const deliveries = await found(() => db.query((tx) => listWebhookDeliveries(tx, organisationOf(c), id)));
      return c.json({ deliveries }, 200);
    })
    .post('/:id/deliveries/:deliveryId/redeliver', validate('param', webhookDeliveryParamSchema), async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      const actor = auditActor(c);
      const delivery = await found(
        () => db.transaction((tx) => redeliverWebhook(tx, organisationOf(c), id, deliveryId, actor)),
        WEBHOOK_MESSAGES.deliveryNotFound,
      );
      return c.json({ delivery }, 200);
    })
    .post('/:id/rotate-secret', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      const rotated = await found(() => db.transaction((tx) => rotateWebhookSecret(tx, organisationOf(c), id, actor)));
      return c.json(rotated, 200);
    });
