// Events (guards in admin.ts: reading support, writing manager):
//   GET    /api/admin/events      ?search&sort&direction&page&pageSize → a page of every status
//          { events, total, page, pageSize }, soonest first unless sorted otherwise
//   GET    /api/admin/events/options → { events: [{ id, title, date, status }] }, every event, for pickers
//   GET    /api/admin/events/:id  → { event }
//   POST   /api/admin/events      the event form → 201 { event }
//   PUT    /api/admin/events/:id  the form + updatedAt → { event }; 409 when someone saved since
//   While Event Approval Required is on (the platform's setting) and the organisation is not trusted,
//   an event asked to go live is Submitted: kept Draft with `pendingStatus` set until platform staff
//   approve it or send it back (POST /api/platform/events/:id/approve|reject, decision 052); the
//   organisation's admins hear of it through New Event Alerts. An organisation awaiting approval
//   (or suspended) may save Drafts only: publishing or submitting answers 409 (decision 052).
//   DELETE /api/admin/events/:id  → { deleted: { tickets, registrations } }, with everything
//          removed kept in the audit log; its uploaded image is removed too; 409 when it has paid
//          attendees (cancel it instead)
//   POST   /api/admin/events/:id/cancel  { confirmTitle, fee, reason } → 201 { cancellation }
//          (decision 025): Cancelled, holds released, waiting list ended, refunds by the job
//   GET    /api/admin/events/:id/cancellation → { cancellation }: refunds' progress and failures
//          (null when the event is not cancelled)
//   POST   /api/admin/events/:id/cancellation/refunds/:refundId/retry → 201 { cancellation }
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import {
  type ApiErrorCode,
  adminEventListQuerySchema,
  cancelEventSchema,
  postponeEventSchema,
  type PostponeEventResponse,
  capacityMessage,
  eventInputSchema,
  idParamSchema,
  seesRevenue,
  updateEventSchema,
  withoutField,
} from '../contract';
import type { Db } from '../db/client';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf, staffRoleOf } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import {
  createEvent,
  deleteEvent,
  EventCancelledError,
  EventMoveRefused,
  getAdminEvent,
  PaidAttendeesError,
  PublishRefused,
  ConvenienceFeeTooHigh,
  type PublishPolicy,
  updateEvent,
} from '../services/events';
import {
  cancelEvent,
  cancellationProgress,
  CancellationRefusal,
  cancellationTurn,
  retryCancellationRefund,
  type CancellationRefusalReason,
} from '../services/event-cancellations';
import { postponeEvent } from '../services/event-postponement';
import { instanceId } from '../services/job-leases';
import { toPaise } from '../contract/money';
import { RefundRefusal, sendRefund, type RefundRefusalReason } from '../services/refunds';
import { listAdminEventsPage, listEventOptions } from '../services/admin-lists';
import { StaleEditError } from '../services/stale-edit';
import { readSettings } from '../services/settings';
import { notifyNewEvent } from '../services/staff-notices';
import { organisationStanding } from '../services/platform';
import { removeUploadedImage } from '../services/uploads';

const EVENT_NOT_FOUND = 'Event not found';

/**
 * How the acting organisation's event may leave Draft (decision 052): held for the platform's review
 * under Event Approval Required unless the organisation is trusted; refused unless it is approved.
 */
async function publishPolicy(tx: Db, c: Context): Promise<PublishPolicy> {
  const standing = await organisationStanding(tx, organisationOf(c));
  return {
    holdForApproval: (await readSettings(tx)).eventApprovalRequired && !standing?.trusted,
    organisationStatus: standing?.status,
  };
}

/** A refused publication: 409 on the status field. */
function publishRefusal(error: unknown): never {
  if (error instanceof PublishRefused) throw new ApiError(409, 'conflict', error.message, { status: error.message });
  // The platform's maximum convenience fee (decision 060): a 400 on the field, as the form shows it.
  if (error instanceof ConvenienceFeeTooHigh)
    throw new ApiError(400, 'validation_error', error.message, { 'convenienceFee.value': error.message });
  throw error;
}

/** Platform Management's max event capacity: a 400 on the field, as the form shows it. */
async function checkCapacity(tx: Db, maxParticipants: number) {
  const { maxEventCapacity } = await readSettings(tx);
  if (maxParticipants > maxEventCapacity) {
    const message = capacityMessage(maxEventCapacity);
    throw new ApiError(400, 'validation_error', message, { maxParticipants: message });
  }
}

export const adminEventRoutes = (deps: RouteDeps) => {
  const { db, env } = deps;
  const { uploadsDir } = env;
  const { provider } = deps;
  // One turn of the cancellation job now, under its lease (so never beside another instance's).
  const wakeCancellations = () => {
    void cancellationTurn(db, env, provider, instanceId()).catch((error: unknown) =>
      console.error('[events] cancellation refunds failed:', error),
    );
  };
  return new Hono()
    .get('/', validate('query', adminEventListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      // The money taken, and the order it gives, are for managers and admins (decision 047): below
      // them the list has no revenue and a revenue sort is the default (date) order.
      if (seesRevenue(staffRoleOf(c)))
        return c.json(await db.query((q) => listAdminEventsPage(q, organisationOf(c), query)), 200);
      const page = await db.query((q) =>
        listAdminEventsPage(
          q,
          organisationOf(c),
          query.sort === 'revenue' ? { ...query, sort: undefined, direction: undefined } : query,
        ),
      );
      return c.json({ ...page, events: page.events.map((event) => withoutField(event, 'moneyTaken')) }, 200);
    })
    .get('/options', async (c) => c.json({ events: await db.query((q) => listEventOptions(q, organisationOf(c))) }, 200))
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
        const created = await createEvent(tx, organisationOf(c), input, new Date(), await publishPolicy(tx, c)).catch(
          publishRefusal,
        );
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
          result = await updateEvent(tx, id, input, new Date(), await publishPolicy(tx, c));
        } catch (error) {
          if (error instanceof PublishRefused || error instanceof ConvenienceFeeTooHigh) publishRefusal(error);
          if (error instanceof StaleEditError || error instanceof EventCancelledError) {
            throw new ApiError(409, 'conflict', error.message);
          }
          if (error instanceof EventMoveRefused) {
            throw new ApiError(409, 'conflict', error.message, { date: error.message });
          }
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
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      const removed = await db.transaction(async (tx) => {
        let removed;
        try {
          removed = await deleteEvent(tx, id);
        } catch (error) {
          if (error instanceof PaidAttendeesError) throw new ApiError(409, 'conflict', error.message);
          throw error;
        }
        if (!removed) throw notFound(EVENT_NOT_FOUND);
        // Everything removed stays recoverable from the audit log.
        await recordAudit(tx, { ...actor, action: 'delete', entity: 'event', entityId: id, detail: { snapshot: removed } });
        return removed;
      });
      // The image file goes once the deletion is committed.
      removeUploadedImage(uploadsDir, removed.event.imageUrl);
      return c.json({ deleted: { tickets: removed.tickets.length, registrations: removed.registrations.length } }, 200);
    })
    .post('/:id/cancel', validate('param', idParamSchema), validate('json', cancelEventSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const actor = staffActor(c);
      const cancellation = await db.transaction(async (tx) => {
        try {
          await cancelEvent(tx, env, {
            eventId: id,
            confirmTitle: input.confirmTitle,
            feePaise: toPaise(input.fee),
            reason: input.reason,
            actor,
          });
        } catch (error) {
          throw refusal(error);
        }
        return (await cancellationProgress(tx, id))!;
      });
      // The refunds start at once; the job (every minute, on one instance) finishes what this leaves.
      wakeCancellations();
      return c.json({ cancellation }, 201);
    })
    .post('/:id/postpone', validate('param', idParamSchema), validate('json', postponeEventSchema), async (c) => {
      // A new date (decision 025): buyers are e-mailed, with a full refund in My bookings until the deadline.
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const actor = staffActor(c);
      const result = await db.transaction(async (tx) => {
        try {
          return await postponeEvent(tx, env, { eventId: id, ...input, actor });
        } catch (error) {
          throw refusal(error);
        }
      });
      return c.json(result satisfies PostponeEventResponse, 200);
    })
    .get('/:id/cancellation', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const cancellation = await db.query(async (q) => {
        if (!(await getAdminEvent(q, id))) throw notFound(EVENT_NOT_FOUND);
        return (await cancellationProgress(q, id)) ?? null;
      });
      return c.json({ cancellation }, 200);
    })
    .post('/:id/cancellation/refunds/:refundId/retry', validate('param', retryParamSchema), async (c) => {
      const { id, refundId } = c.req.valid('param');
      const actor = staffActor(c);
      const refund = await db.transaction(async (tx) => {
        try {
          return await retryCancellationRefund(tx, id, refundId, actor);
        } catch (error) {
          throw refusal(error);
        }
      });
      await sendRefund({ db, provider }, refund.id);
      const cancellation = await db.query((q) => cancellationProgress(q, id));
      return c.json({ cancellation }, 201);
    });
};

const retryParamSchema = z.object({
  id: z.coerce.number({ error: 'Event not found' }).int().positive('Event not found'),
  refundId: z.coerce.number({ error: 'Refund not found' }).int().positive('Refund not found'),
});

const CANCELLATION_REFUSALS: Record<CancellationRefusalReason | RefundRefusalReason, [ContentfulStatusCode, ApiErrorCode]> = {
  not_found: [404, 'not_found'],
  invalid: [400, 'validation_error'],
  already_cancelled: [409, 'conflict'],
  completed: [409, 'conflict'],
  not_paid: [409, 'conflict'],
  already_refunded: [409, 'conflict'],
  too_much: [400, 'validation_error'],
};

function refusal(error: unknown): unknown {
  if (error instanceof CancellationRefusal || error instanceof RefundRefusal) {
    const [status, code] = CANCELLATION_REFUSALS[error.reason];
    return new ApiError(status, code, error.message, error.fields);
  }
  return error;
}

function staffActor(c: Context) {
  const actor = auditActor(c);
  return { kind: 'staff' as const, userId: actor.actorUserId!, email: actor.actorEmail, ip: actor.ip };
}

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
  'contactEmail',
  'contactPhone',
  'highlights',
  'rules',
  'regulations',
  'pendingStatus',
  'convenienceFeeKind',
  'convenienceFeeValue',
] as const;
