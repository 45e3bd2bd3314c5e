// Messages to an event's registrants (issue 44, decision 072; DESIGN.md section 3, "race week"):
//   POST /api/admin/events/:id/messages             { subject, body: { en, hi?, mr? }, channels, audience?, sendAt? }
//                                                   → 201 { id, recipients }
//   GET  /api/admin/events/:id/messages             → { messages } (newest first)
//   GET  /api/admin/events/:id/messages/:messageId  → { message, recipients, counts } (each recipient's delivery state)
// Managers and up (routes/admin.ts); the event is the acting organisation's (its tenancy guard on
// /events/:id/*, and the service's own scope). Composing is audited by the service.
import { Hono } from 'hono';
import { createMessageSchema, MESSAGE_MESSAGES, messageParamSchema } from '../contract/messages';
import { idParamSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { composeMessage, listMessages, MessageRefused, messageDetail } from '../services/event-messages';

export const adminMessageRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .post('/:id/messages', validate('param', idParamSchema), validate('json', createMessageSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { actorUserId, actorEmail, ip } = auditActor(c);
      try {
        const created = await db.transaction((tx) =>
          composeMessage(tx, organisationOf(c), id, input, { actorUserId, actorEmail, ip }),
        );
        if (!created) throw notFound('Event not found');
        return c.json(created, 201);
      } catch (error) {
        if (error instanceof MessageRefused) {
          throw new ApiError(400, 'validation_error', error.message, { [error.field]: error.message });
        }
        throw error;
      }
    })
    .get('/:id/messages', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ messages: await db.query((tx) => listMessages(tx, organisationOf(c), id)) }, 200);
    })
    .get('/:id/messages/:messageId', validate('param', messageParamSchema), async (c) => {
      const { id, messageId } = c.req.valid('param');
      const detail = await db.query((tx) => messageDetail(tx, organisationOf(c), id, messageId));
      if (!detail) throw notFound(MESSAGE_MESSAGES.notFound);
      return c.json(detail, 200);
    });
