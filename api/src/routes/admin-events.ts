// Events (guards in admin.ts: reading support, writing manager):
//   GET    /api/admin/events      ?search&sort&direction&page&pageSize → a page of every status
//          { events, total, page, pageSize }, soonest first unless sorted otherwise
//   GET    /api/admin/events/options → { events: [{ id, title, date, status }] }, every event, for pickers
//   GET    /api/admin/events/:id  → { event }
//   POST   /api/admin/events      the event form → 201 { event }
//   PUT    /api/admin/events/:id  the form + updatedAt → { event }; 409 when someone saved since
//   POST   /api/admin/events/:id/approve  (admin) → { event } with the status its manager asked for;
//          409 when it is not waiting for approval
//   While Settings' Event Approval Required is on, an event a manager creates or publishes is kept
//   Draft with `pendingStatus` set, and administrators are told through New Event Alerts.
//   DELETE /api/admin/events/:id  → { deleted: { tickets, registrations } }, with everything
//          removed kept in the audit log; its uploaded image is removed too
import { Hono, type Context } from 'hono';
import { adminEventListQuerySchema, capacityMessage, eventInputSchema, idParamSchema, updateEventSchema } from '../contract';
import type { Db } from '../db/client';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { approveEvent, createEvent, deleteEvent, getAdminEvent, NothingToApproveError, updateEvent } from '../services/events';
import { listAdminEventsPage, listEventOptions } from '../services/admin-lists';
import { StaleEditError } from '../services/stale-edit';
import { readSettings } from '../services/settings';
import { notifyNewEvent } from '../services/staff-notices';
import { removeUploadedImage } from '../services/uploads';

const EVENT_NOT_FOUND = 'Event not found';

/** Event Approval Required holds what a manager publishes; an administrator's own events go straight out. */
const holdForApproval = async (tx: Db, c: Context) =>
  (await readSettings(tx)).eventApprovalRequired && c.get('staff')?.role !== 'admin';

/** Platform Management's max event capacity: a 400 on the field, as the form shows it. */
async function checkCapacity(tx: Db, maxParticipants: number) {
  const { maxEventCapacity } = await readSettings(tx);
  if (maxParticipants > maxEventCapacity) {
    const message = capacityMessage(maxEventCapacity);
    throw new ApiError(400, 'validation_error', message, { maxParticipants: message });
  }
}

export const adminEventRoutes = ({ db, env }: RouteDeps) => {
  const { uploadsDir } = env;
  return new Hono()
    .get('/', validate('query', adminEventListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      return c.json(await db.query((q) => listAdminEventsPage(q, query)), 200);
    })
    .get('/options', async (c) => c.json({ events: await db.query((q) => listEventOptions(q)) }, 200))
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const event = await db.query((q) => getAdminEvent(q, id));
      if (!event) throw notFound(EVENT_NOT_FOUND);
      return c.json({ event }, 200);
    })
    .post('/', validate('json', eventInputSchema), async (c) => {
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const event = await db.transaction(async (tx) => {
        await checkCapacity(tx, input.maxParticipants);
        const created = await createEvent(tx, input, new Date(), { holdForApproval: await holdForApproval(tx, c) });
        await recordAudit(tx, {
          ...actor,
          action: 'create',
          entity: 'event',
          entityId: created.id,
          detail: { title: created.title, status: created.status },
        });
        await notifyNewEvent(tx, created, actor.actorEmail);
        return created;
      });
      return c.json({ event }, 201);
    })
    .put('/:id', validate('param', idParamSchema), validate('json', updateEventSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const { result, event } = await db.transaction(async (tx) => {
        await checkCapacity(tx, input.maxParticipants);
        let result;
        try {
          result = await updateEvent(tx, id, input, new Date(), { holdForApproval: await holdForApproval(tx, c) });
        } catch (error) {
          if (error instanceof StaleEditError) throw new ApiError(409, 'conflict', error.message);
          throw error;
        }
        if (!result) throw notFound(EVENT_NOT_FOUND);
        await recordAudit(tx, {
          ...actor,
          action: 'update',
          entity: 'event',
          entityId: id,
          detail: { title: result.after.title, changes: changedFields(result.before, result.after, EDITABLE_EVENT_FIELDS) },
        });
        return { result, event: (await getAdminEvent(tx, id))! };
      });
      // A replaced image file is removed once the new one is saved.
      if (result.before.imageUrl !== result.after.imageUrl) removeUploadedImage(uploadsDir, result.before.imageUrl);
      return c.json({ event }, 200);
    })
    .post('/:id/approve', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      const event = await db.transaction(async (tx) => {
        let result;
        try {
          result = await approveEvent(tx, id);
        } catch (error) {
          if (error instanceof NothingToApproveError) throw new ApiError(409, 'conflict', error.message);
          throw error;
        }
        if (!result) throw notFound(EVENT_NOT_FOUND);
        await recordAudit(tx, {
          ...actor,
          action: 'approve',
          entity: 'event',
          entityId: id,
          detail: { title: result.after.title, status: { from: result.before.status, to: result.after.status } },
        });
        return (await getAdminEvent(tx, id))!;
      });
      return c.json({ event }, 200);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      const removed = await db.transaction(async (tx) => {
        const removed = await deleteEvent(tx, id);
        if (!removed) throw notFound(EVENT_NOT_FOUND);
        // Everything removed stays recoverable from the audit log.
        await recordAudit(tx, { ...actor, action: 'delete', entity: 'event', entityId: id, detail: { snapshot: removed } });
        return removed;
      });
      // The image file goes once the deletion is committed.
      removeUploadedImage(uploadsDir, removed.event.imageUrl);
      return c.json({ deleted: { tickets: removed.tickets.length, registrations: removed.registrations.length } }, 200);
    });
};

const EDITABLE_EVENT_FIELDS = [
  'title',
  'description',
  'category',
  'date',
  'time',
  'venue',
  'location',
  'maxParticipants',
  'pricePaise',
  'imageUrl',
  'status',
  'organizer',
  'contactEmail',
  'contactPhone',
  'highlights',
  'rules',
  'regulations',
  'pendingStatus',
] as const;
