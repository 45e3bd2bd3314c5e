// Ticket types (guards in admin.ts: reading support, writing manager):
//   GET    /api/admin/tickets      ?search&showExpired&page&pageSize → { tickets, total, page, pageSize },
//          newest first; tickets whose validity window excludes today only with showExpired=true
//   GET    /api/admin/tickets/summary → the four cards over every ticket type
//   GET    /api/admin/tickets/:id  → { ticket }
//   POST   /api/admin/tickets      the ticket form → 201 { ticket }
//   PUT    /api/admin/tickets/:id  the form + updatedAt → { ticket }; 409 when stale or when the
//          quantity would fall below sold + held
//   DELETE /api/admin/tickets/:id  → { deleted: true }; registrations keep their snapshot of it
//   GET    /api/admin/tickets/:id/waiting-list → the type's waiting list (decision 024)
//   DELETE /api/admin/tickets/:id/waiting-list/:entryId → { removed: true }; an offer it holds ends
//   POST   /api/admin/tickets/:id/waiting-list/:entryId/move { direction: 'up' | 'down' } → the list
import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminTicketListQuerySchema,
  idParamSchema,
  moveWaitingListEntrySchema,
  seesContacts,
  seesRevenue,
  ticketInputSchema,
  type TicketSummary,
  type WaitingListResponse,
  withoutField,
  updateTicketSchema,
} from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf, staffRoleOf } from '../http/auth';
import { auditRead } from '../http/audit-read';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { StaleEditError } from '../services/stale-edit';
import { listAdminTicketsPage, ticketSummary } from '../services/admin-lists';
import { createTicket, deleteTicket, getTicket, TicketChangeRefused, updateTicket } from '../services/tickets';
import { moveWaitingListEntry, removeWaitingListEntry, WaitingListChangeRefused, waitingListOf } from '../services/waiting-list';

const entryParamSchema = idParamSchema.extend({ entryId: z.coerce.number().int().positive() });

function waitingListRefusal(error: unknown): never {
  if (error instanceof WaitingListChangeRefused) {
    if (error.reason === 'not_found') throw notFound(error.message);
    throw new ApiError(409, 'conflict', error.message);
  }
  throw error;
}

const TICKET_NOT_FOUND = 'Ticket not found';

function refusal(error: unknown): never {
  if (error instanceof TicketChangeRefused) {
    if (error.reason === 'unknown_event') throw new ApiError(400, 'validation_error', error.message, { eventId: error.message });
    if (error.reason === 'bib_overlap') throw new ApiError(409, 'conflict', error.message, { bibFrom: error.message });
    if (error.reason === 'in_use') throw new ApiError(409, 'conflict', error.message);
    throw new ApiError(409, 'conflict', error.message, { quantity: error.message });
  }
  if (error instanceof StaleEditError) throw new ApiError(409, 'conflict', error.message);
  throw error;
}

export const adminTicketRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', validate('query', adminTicketListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      return c.json(await db.query((q) => listAdminTicketsPage(q, organisationOf(c), query)), 200);
    })
    .get('/summary', async (c) => {
      const summary = await db.query((q) => ticketSummary(q, organisationOf(c)));
      // The money taken is for managers and admins (decision 047).
      const shown: TicketSummary = seesRevenue(staffRoleOf(c)) ? summary : withoutField(summary, 'revenue');
      return c.json(shown, 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const ticket = await db.query((q) => getTicket(q, id));
      if (!ticket) throw notFound(TICKET_NOT_FOUND);
      return c.json({ ticket }, 200);
    })
    .post('/', validate('json', ticketInputSchema), async (c) => {
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const ticket = await db.transaction(async (tx) => {
        let ticket;
        try {
          ticket = await createTicket(tx, input);
        } catch (error) {
          refusal(error);
        }
        await recordAudit(tx, {
          ...actor,
          action: 'create',
          entity: 'ticket',
          entityId: ticket.id,
          detail: { name: ticket.name, eventId: ticket.eventId },
        });
        return ticket;
      });
      return c.json({ ticket }, 201);
    })
    .put('/:id', validate('param', idParamSchema), validate('json', updateTicketSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const ticket = await db.transaction(async (tx) => {
        let result;
        try {
          result = await updateTicket(tx, id, input);
        } catch (error) {
          refusal(error);
        }
        if (!result) throw notFound(TICKET_NOT_FOUND);
        await recordAudit(tx, {
          ...actor,
          action: 'update',
          entity: 'ticket',
          entityId: id,
          detail: { name: result.after.name, changes: changedFields(result.before, result.after, EDITABLE_TICKET_FIELDS) },
        });
        return (await getTicket(tx, id))!;
      });
      return c.json({ ticket }, 200);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      await db.transaction(async (tx) => {
        const removed = await deleteTicket(tx, id).catch(refusal);
        if (!removed) throw notFound(TICKET_NOT_FOUND);
        await recordAudit(tx, { ...actor, action: 'delete', entity: 'ticket', entityId: id, detail: { snapshot: removed } });
      });
      return c.json({ deleted: true as const }, 200);
    })
    .get('/:id/waiting-list', validate('param', idParamSchema), async (c) => {
      const list = await db.query((q) => waitingListOf(q, c.req.valid('param').id));
      if (!list) throw notFound(TICKET_NOT_FOUND);
      // Names, e-mails and phones of everyone waiting (issue 40): audited.
      await auditRead({ db }, c, {
        action: 'view',
        entity: 'waiting_list',
        entityId: list.ticket.id,
        detail: { entries: list.entries.length },
      });
      // Gate staff see who waits, not how to reach them (decision 047).
      const shown: WaitingListResponse = seesContacts(staffRoleOf(c))
        ? list
        : { ...list, entries: list.entries.map((entry) => withoutField(withoutField(entry, 'email'), 'phone')) };
      return c.json(shown, 200);
    })
    .delete('/:id/waiting-list/:entryId', validate('param', entryParamSchema), async (c) => {
      const { id, entryId } = c.req.valid('param');
      const actor = auditActor(c);
      await db.transaction((tx) => removeWaitingListEntry(tx, actor, id, entryId).catch(waitingListRefusal));
      return c.json({ removed: true as const }, 200);
    })
    .post(
      '/:id/waiting-list/:entryId/move',
      validate('param', entryParamSchema),
      validate('json', moveWaitingListEntrySchema),
      async (c) => {
        const { id, entryId } = c.req.valid('param');
        const actor = auditActor(c);
        await db.transaction((tx) =>
          moveWaitingListEntry(tx, actor, id, entryId, c.req.valid('json').direction).catch(waitingListRefusal),
        );
        return c.json((await db.query((q) => waitingListOf(q, id)))!, 200);
      },
    );

const EDITABLE_TICKET_FIELDS = [
  'eventId',
  'name',
  'description',
  'category',
  'pricePaise',
  'quantity',
  'sold',
  'validFrom',
  'validUntil',
  'status',
] as const;
