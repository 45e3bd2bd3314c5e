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
import { dataPaths } from '../db/client';
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
const holdForApproval = (db: RouteDeps['db'], c: Context) =>
  readSettings(db).eventApprovalRequired && c.get('staff')?.role !== 'admin';

/** Platform Management's max event capacity: a 400 on the field, as the form shows it. */
function checkCapacity(db: RouteDeps['db'], maxParticipants: number) {
  const { maxEventCapacity } = readSettings(db);
  if (maxParticipants > maxEventCapacity) {
    const message = capacityMessage(maxEventCapacity);
    throw new ApiError(400, 'validation_error', message, { maxParticipants: message });
  }
}

export const adminEventRoutes = ({ db, env }: RouteDeps) => {
  const uploadsDir = dataPaths(env.dataDir).uploadsDir;
  return new Hono()
    .get('/', validate('query', adminEventListQuerySchema), (c) => c.json(listAdminEventsPage(db, c.req.valid('query')), 200))
    .get('/options', (c) => c.json({ events: listEventOptions(db) }, 200))
    .get('/:id', validate('param', idParamSchema), (c) => {
      const event = getAdminEvent(db, c.req.valid('param').id);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      return c.json({ event }, 200);
    })
    .post('/', validate('json', eventInputSchema), (c) => {
      checkCapacity(db, c.req.valid('json').maxParticipants);
      const event = createEvent(db, c.req.valid('json'), new Date(), { holdForApproval: holdForApproval(db, c) });
      recordAudit(db, {
        ...auditActor(c),
        action: 'create',
        entity: 'event',
        entityId: event.id,
        detail: { title: event.title, status: event.status },
      });
      notifyNewEvent(db, event, auditActor(c).actorEmail);
      return c.json({ event }, 201);
    })
    .put('/:id', validate('param', idParamSchema), validate('json', updateEventSchema), (c) => {
      const { id } = c.req.valid('param');
      checkCapacity(db, c.req.valid('json').maxParticipants);
      let result;
      try {
        result = updateEvent(db, id, c.req.valid('json'), new Date(), { holdForApproval: holdForApproval(db, c) });
      } catch (error) {
        if (error instanceof StaleEditError) throw new ApiError(409, 'conflict', error.message);
        throw error;
      }
      if (!result) throw notFound(EVENT_NOT_FOUND);
      // A replaced image file is removed once the new one is saved.
      if (result.before.imageUrl !== result.after.imageUrl) removeUploadedImage(uploadsDir, result.before.imageUrl);
      recordAudit(db, {
        ...auditActor(c),
        action: 'update',
        entity: 'event',
        entityId: id,
        detail: { title: result.after.title, changes: changedFields(result.before, result.after, EDITABLE_EVENT_FIELDS) },
      });
      return c.json({ event: getAdminEvent(db, id)! }, 200);
    })
    .post('/:id/approve', validate('param', idParamSchema), (c) => {
      const { id } = c.req.valid('param');
      let result;
      try {
        result = approveEvent(db, id);
      } catch (error) {
        if (error instanceof NothingToApproveError) throw new ApiError(409, 'conflict', error.message);
        throw error;
      }
      if (!result) throw notFound(EVENT_NOT_FOUND);
      recordAudit(db, {
        ...auditActor(c),
        action: 'approve',
        entity: 'event',
        entityId: id,
        detail: { title: result.after.title, status: { from: result.before.status, to: result.after.status } },
      });
      return c.json({ event: getAdminEvent(db, id)! }, 200);
    })
    .delete('/:id', validate('param', idParamSchema), (c) => {
      const { id } = c.req.valid('param');
      const removed = deleteEvent(db, id);
      if (!removed) throw notFound(EVENT_NOT_FOUND);
      removeUploadedImage(uploadsDir, removed.event.imageUrl);
      // Everything removed stays recoverable from the audit log.
      recordAudit(db, { ...auditActor(c), action: 'delete', entity: 'event', entityId: id, detail: { snapshot: removed } });
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
