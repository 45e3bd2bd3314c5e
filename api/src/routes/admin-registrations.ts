// The registrations console (guards in admin.ts: view and flags support, edit coordinator,
// delete and CSV manager):
//   GET    /api/admin/registrations?search=&eventId=&status=&paymentStatus=&page=&pageSize=
//          → { registrations, total, page, pageSize }, newest first
//   GET    /api/admin/registrations/stats → the four figures, from SQL
//   GET    /api/admin/registrations/export.csv?(same filters) → every matching row, streamed
//   GET    /api/admin/registrations/:id → { registration }
//   PUT    /api/admin/registrations/:id  the Edit Registration form + updatedAt → { registration };
//          409 when someone saved since (stale) or a return from Cancelled finds no seats
//   PATCH  /api/admin/registrations/:id  { ticketDownloaded | whatsappSent | emailSent: true }
//   DELETE /api/admin/registrations/:id → { deleted: true }; its seats go back on sale
// Every change is audited: what changed, or a snapshot of what was deleted.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { stream } from 'hono/streaming';
import { compress } from 'hono/compress';
import {
  alreadyCheckedInMessage,
  checkInSchema,
  checkInSyncSchema,
  idParamSchema,
  registrationFlagsSchema,
  registrationListQuerySchema,
  updateRegistrationSchema,
} from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { checkIn, checkInList, checkInListVersion, syncCheckIns } from '../services/check-in';
import { StaleEditError } from '../services/stale-edit';
import { registrationCsvHeader, registrationCsvLine } from '../services/registration-csv';
import {
  deleteRegistration,
  eachRegistration,
  getRegistrationRow,
  listRegistrationsPage,
  RegistrationChangeRefused,
  registrationStats,
  setRegistrationFlags,
  toRegistration,
  updateRegistration,
} from '../services/registrations';

const REGISTRATION_NOT_FOUND = 'Registration not found';
const statsQuerySchema = registrationListQuerySchema.pick({ eventId: true });
const checkInListQuery = z.object({
  eventId: z.string().regex(/^\d+$/, 'Event must be a number').transform(Number),
});

const EDITABLE = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'gender',
  'shirtSize',
  'emergencyContactName',
  'emergencyContactPhone',
  'medicalConditions',
  'dietaryRestrictions',
  'previousExperience',
  'teamName',
  'status',
  'paymentStatus',
  'notes',
] as const;

export const adminRegistrationRoutes = ({ db, env }: RouteDeps) =>
  new Hono()
    .get('/', validate('query', registrationListQuerySchema), (c) =>
      c.json(listRegistrationsPage(db, env, c.req.valid('query')), 200),
    )
    .get('/stats', validate('query', statsQuerySchema), (c) => c.json(registrationStats(db, c.req.valid('query').eventId), 200))
    // Before '/:id', which would otherwise take 'export.csv' for an id.
    .get('/export.csv', validate('query', registrationListQuerySchema), (c) => {
      const query = c.req.valid('query');
      recordAudit(db, { ...auditActor(c), action: 'export', entity: 'registration', entityId: null, detail: { filters: query } });
      const day = new Date().toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="registrations-${day}.csv"`);
      return stream(c, async (out) => {
        // A BOM, so that spreadsheet programs read the UTF-8 names right.
        await out.write(`\uFEFF${registrationCsvHeader()}`);
        let batch = '';
        let rows = 0;
        for (const row of eachRegistration(db, query)) {
          batch += registrationCsvLine(toRegistration(row, env));
          // Written in batches: the whole export never sits in memory, and the socket is not fed a line at a time.
          if (++rows % 500 === 0) {
            await out.write(batch);
            batch = '';
          }
        }
        if (batch) await out.write(batch);
      });
    })
    // Gate check-in (issue 11): a scan now, a device's offline batch, the event's list for offline use.
    .post('/check-in', validate('json', checkInSchema), (c) => {
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const judgement = checkIn(db, env, input, actor.actorEmail);
      if (judgement.kind === 'refuse') throw new ApiError(422, 'unprocessable', judgement.reason);
      const row = judgement.row;
      if (judgement.kind === 'duplicate') {
        return c.json(
          {
            error: { code: 'conflict', message: alreadyCheckedInMessage(row.checkInTime!, row.checkInGate) },
            checkIn: { checkInTime: row.checkInTime, gate: row.checkInGate },
          },
          409,
        );
      }
      recordAudit(db, {
        ...actor,
        action: 'check_in',
        entity: 'registration',
        entityId: row.id,
        detail: { registrationNumber: row.registrationNumber, gate: row.checkInGate, via: 'scan' },
      });
      return c.json({ registration: toRegistration(row, env) }, 200);
    })
    .post('/check-in/sync', validate('json', checkInSyncSchema), (c) => {
      const actor = auditActor(c);
      const results = syncCheckIns(db, env, c.req.valid('json'), actor.actorEmail);
      const admitted = results.filter((r) => r.outcome === 'checked-in');
      if (admitted.length > 0) {
        recordAudit(db, {
          ...actor,
          action: 'check_in',
          entity: 'registration',
          entityId: null,
          detail: { via: 'sync', results },
        });
      }
      return c.json({ results }, 200);
    })
    .get('/check-in/list', compress(), validate('query', checkInListQuery), (c) => {
      const { eventId } = c.req.valid('query');
      const version = checkInListVersion(db, eventId);
      if (version === undefined) throw notFound('Event not found');
      // The list changes when a registration does: its ETag lets a device ask cheaply while online.
      const etag = `"${createHash('sha256').update(version).digest('base64url').slice(0, 27)}"`;
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
      const list = checkInList(db, env, eventId);
      if (!list) throw notFound('Event not found');
      c.header('ETag', etag);
      return c.json({ eventId, generatedAt: new Date().toISOString(), ...list }, 200);
    })
    .get('/:id', validate('param', idParamSchema), (c) => {
      const row = getRegistrationRow(db, c.req.valid('param').id);
      if (!row) throw notFound(REGISTRATION_NOT_FOUND);
      return c.json({ registration: toRegistration(row, env) }, 200);
    })
    .put('/:id', validate('param', idParamSchema), validate('json', updateRegistrationSchema), (c) => {
      const { id } = c.req.valid('param');
      let result;
      try {
        result = updateRegistration(db, id, c.req.valid('json'));
      } catch (error) {
        if (error instanceof RegistrationChangeRefused || error instanceof StaleEditError)
          throw new ApiError(409, 'conflict', error.message);
        throw error;
      }
      if (!result) throw notFound(REGISTRATION_NOT_FOUND);
      recordAudit(db, {
        ...auditActor(c),
        action: 'update',
        entity: 'registration',
        entityId: id,
        detail: {
          registrationNumber: result.after.registrationNumber,
          changes: changedFields(result.before, result.after, EDITABLE),
        },
      });
      return c.json({ registration: toRegistration(result.after, env) }, 200);
    })
    .patch('/:id', validate('param', idParamSchema), validate('json', registrationFlagsSchema), (c) => {
      const { id } = c.req.valid('param');
      const flags = c.req.valid('json');
      const row = setRegistrationFlags(db, id, flags);
      if (!row) throw notFound(REGISTRATION_NOT_FOUND);
      recordAudit(db, {
        ...auditActor(c),
        action: 'update',
        entity: 'registration',
        entityId: id,
        detail: { registrationNumber: row.registrationNumber, flags },
      });
      return c.json({ registration: toRegistration(row, env) }, 200);
    })
    .delete('/:id', validate('param', idParamSchema), (c) => {
      const { id } = c.req.valid('param');
      const deleted = deleteRegistration(db, id);
      if (!deleted) throw notFound(REGISTRATION_NOT_FOUND);
      // The audit log keeps what was deleted: the registration as it was.
      recordAudit(db, {
        ...auditActor(c),
        action: 'delete',
        entity: 'registration',
        entityId: id,
        detail: { snapshot: toRegistration(deleted, env) },
      });
      return c.json({ deleted: true as const }, 200);
    });
