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
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { stream } from 'hono/streaming';
import { compress } from 'hono/compress';
import {
  alreadyCheckedInMessage,
  checkInListIdSchema,
  checkInSchema,
  checkInSyncSchema,
  idParamSchema,
  nameCorrectionSchema,
  offlineRefundRequestSchema,
  seesContacts,
  seesRevenue,
  withoutContacts,
  withoutField,
  type CallerCancelResponse,
  type Registration,
  type RegistrationStats,
  registrationFlagsSchema,
  type OfflineRefundResponse,
  registrationListQuerySchema,
  updateRegistrationSchema,
  waveOverrideSchema,
} from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf, staffRoleOf } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { checkIn, checkInList, checkInListVersion, listFor, NO_SUCH_LIST, syncCheckIns } from '../services/check-in';
import { StaleEditError } from '../services/stale-edit';
import { setWaveOverride, WaveRefused } from '../services/waves';
import { confirmationsSent } from '../services/confirmations-sent';
import { recordOfflineRefund } from '../services/offline-refunds';
import { cancelAttendeeForCaller, SelfServiceRefusal } from '../services/my-bookings';
import { moneyView, orderPaymentsAndRefunds, RefundRefusal, refundView } from '../services/refunds';
import { toPaise, toRupees } from '../contract/money';
import { refundRefusal } from '../http/refund-refusal';
import { guardianOf, registrationCsvHeader, registrationCsvLine } from '../services/registration-csv';
import {
  deleteRegistration,
  csvExportContext,
  eachRegistration,
  getRegistrationRow,
  listRegistrationsPage,
  RegistrationChangeRefused,
  registrationStats,
  setRegistrationFlags,
  correctAttendeeName,
  toRegistration,
  toRegistrationOf,
  updateRegistration,
} from '../services/registrations';

/**
 * Rows per read and per batch of the CSV export: a few milliseconds of work (and of holding
 * SQLite's one connection) between two turns of the event loop.
 */
const EXPORT_BATCH_ROWS = 250;

const REGISTRATION_NOT_FOUND = 'Registration not found';
const statsQuerySchema = registrationListQuerySchema.pick({ eventId: true });
/**
 * What the audit keeps of a refused or forged scan (issue 28): the code as given (at most 100
 * characters, as the contract allows), why, the gate, how it came, and the device (its browser).
 */
function refusedScanDetail(
  c: Context,
  scan: { code: string; reason: string; gate: string | null; entry: string; scannedAt?: string; via?: string },
) {
  return { ...scan, code: scan.code.slice(0, 100), device: (c.req.header('user-agent') ?? 'unknown').slice(0, 200) };
}

const checkInListQuery = z.object({
  eventId: z.string().regex(/^\d+$/, 'Event must be a number').transform(Number),
  /** The list the device judges for (decision 065): 'entry' by default. */
  list: checkInListIdSchema.optional(),
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
  'dateOfBirth',
  'bib',
  'answers',
  'status',
  'notes',
] as const;

/** An attendee as the signed-in role may see them: gate staff without contacts (decision 047). */
const forRole = (c: Context, registration: Registration) =>
  seesContacts(staffRoleOf(c)) ? registration : withoutContacts(registration);

export const adminRegistrationRoutes = ({ db, env }: RouteDeps) =>
  new Hono()
    .get('/', validate('query', registrationListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      // Gate staff find attendees by name or ticket, never by a contact they may not see (decision 047).
      const searchContacts = seesContacts(staffRoleOf(c));
      const page = await db.query((db) => listRegistrationsPage(db, env, organisationOf(c), query, { searchContacts }));
      // Gate staff see names, tickets and status, not attendees' contacts (decision 047).
      return c.json({ ...page, registrations: page.registrations.map((r) => forRole(c, r)) }, 200);
    })
    .get('/stats', validate('query', statsQuerySchema), async (c) => {
      const { eventId } = c.req.valid('query');
      const stats = await db.query((db) => registrationStats(db, organisationOf(c), eventId));
      // Revenue is for managers and admins (decision 047).
      const shown: RegistrationStats = seesRevenue(staffRoleOf(c)) ? stats : withoutField(stats, 'totalRevenue');
      return c.json(shown, 200);
    })
    // Before '/:id', which would otherwise take 'export.csv' for an id.
    .get('/export.csv', validate('query', registrationListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const actor = auditActor(c);
      await db.transaction((tx) =>
        recordAudit(tx, { ...actor, action: 'export', entity: 'registration', entityId: null, detail: { filters: query } }),
      );
      // One event's export has its questions as columns; the sizes of orders say 'attendee 2 of 3'.
      const { questions, guardians, sizes } = await db.query((db) => csvExportContext(db, organisationOf(c), query.eventId));
      const day = new Date().toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="registrations-${day}.csv"`);
      return stream(c, async (out) => {
        // A BOM, so that spreadsheet programs read the UTF-8 names right.
        await out.write(`\uFEFF${registrationCsvHeader(questions, { guardians })}`);
        let batch: Parameters<typeof toRegistration>[0][] = [];
        // 'Email Sent' is the outbox's word on each attendee's confirmation, read for the batch at once.
        const lines = async () => {
          const sent = await db.query((db) => confirmationsSent(db, batch));
          const text = batch
            .map((row) =>
              registrationCsvLine(
                toRegistration(row, env, sizes.get(row.bookingReference) ?? 1),
                questions,
                { confirmationSent: sent.has(row.id), guardian: guardianOf(row) },
                { guardians },
              ),
            )
            .join('');
          batch = [];
          return text;
        };
        // A chunk of rows at a time, each read on its own: the database is not held while the socket drains.
        for await (const row of eachRegistration(db, organisationOf(c), query, EXPORT_BATCH_ROWS)) {
          batch.push(row);
          // Written in batches: the whole export never sits in memory, and the socket is not fed a line at a time.
          if (batch.length === EXPORT_BATCH_ROWS) {
            await out.write(await lines());
            // Then the event loop's turn: other requests, timers and I/O run between batches, so a
            // 100,000-row export never holds the server (on SQLite every read and line is
            // synchronous work; without this the whole export would run as one task). Decision 029.
            await nextTurn();
          }
        }
        if (batch.length > 0) await out.write(await lines());
      });
    })
    // Gate check-in (issue 11): a scan now, a device's offline batch, the event's list for offline use.
    .post('/check-in', validate('json', checkInSchema), async (c) => {
      const input = c.req.valid('json');
      const actor = auditActor(c);
      const entry = input.entry ?? 'scan';
      const judgement = await db.transaction(async (tx) => {
        const judgement = await checkIn(
          tx,
          env,
          organisationOf(c),
          { ...input, device: c.req.header('user-agent') },
          actor.actorEmail,
        );
        if (judgement.kind === 'admit') {
          const { row } = judgement;
          await recordAudit(tx, {
            ...actor,
            action: 'check_in',
            entity: 'registration',
            entityId: row.id,
            // An attendee staff chose from a typed booking's list is a manual admission (issue 28).
            detail: {
              registrationNumber: row.registrationNumber,
              gate: judgement.checkIn?.gate ?? row.checkInGate,
              via: entry === 'chosen' ? 'manual' : 'scan',
              ...(input.list && input.list !== 'entry' && { list: input.list }),
              ...(judgement.checkIn?.items && { items: judgement.checkIn.items }),
            },
          });
        }
        if (judgement.kind === 'refuse') {
          await recordAudit(tx, {
            ...actor,
            action: 'check_in_refused',
            entity: 'registration',
            entityId: null,
            detail: refusedScanDetail(c, { code: input.code, reason: judgement.reason, gate: input.gate ?? null, entry }),
          });
        }
        return judgement;
      });
      if (judgement.kind === 'refuse') throw new ApiError(422, 'unprocessable', judgement.reason);
      if (judgement.kind === 'choose') {
        const attendees = judgement.rows.map((row) => forRole(c, toRegistration(row, env, judgement.rows.length)));
        return c.json({ bookingReference: judgement.bookingReference, attendees }, 200);
      }
      const row = judgement.row;
      if (judgement.kind === 'duplicate') {
        return c.json(
          {
            error: { code: 'conflict', message: alreadyCheckedInMessage(row.checkInTime!, row.checkInGate) },
            // Who was admitted, when, at which gate and by whom (decision 065): the standing check-in of the list.
            checkIn: judgement.checkIn,
            attendee: { registrationNumber: row.registrationNumber, name: `${row.firstName} ${row.lastName}`.trim() },
          },
          409,
        );
      }
      return c.json(
        { registration: forRole(c, await db.query((db) => toRegistrationOf(db, env, row))), checkIn: judgement.checkIn },
        200,
      );
    })
    .post('/check-in/sync', validate('json', checkInSyncSchema), async (c) => {
      const batch = c.req.valid('json');
      const actor = auditActor(c);
      const results = await db.transaction(async (tx) => {
        const results = await syncCheckIns(
          tx,
          env,
          organisationOf(c),
          { ...batch, device: c.req.header('user-agent') },
          actor.actorEmail,
        );
        if (results.some((r) => r.outcome === 'checked-in')) {
          const manual = batch.scans.filter((scan) => scan.entry === 'chosen').map((scan) => scan.code);
          await recordAudit(tx, {
            ...actor,
            action: 'check_in',
            entity: 'registration',
            entityId: null,
            detail: { via: 'sync', results, ...(manual.length > 0 && { manual }), ...(batch.list && { list: batch.list }) },
          });
        }
        // Each refused scan on its own, with the device and gate it came from (issue 28).
        for (const [index, result] of results.entries()) {
          if (result.outcome !== 'refused') continue;
          const scan = batch.scans[index]!;
          await recordAudit(tx, {
            ...actor,
            action: 'check_in_refused',
            entity: 'registration',
            entityId: null,
            detail: refusedScanDetail(c, {
              code: scan.code,
              reason: result.reason ?? '',
              gate: scan.gate,
              entry: scan.entry ?? 'scan',
              scannedAt: scan.scannedAt,
              via: 'sync',
            }),
          });
        }
        return results;
      });
      return c.json({ results }, 200);
    })
    .get('/check-in/list', compress(), validate('query', checkInListQuery), async (c) => {
      const { eventId, list: listId } = c.req.valid('query');
      const list = await db.query((db) => listFor(db, organisationOf(c), listId, eventId));
      if (!list) throw notFound(NO_SUCH_LIST);
      const version = await db.query((db) => checkInListVersion(db, eventId, list.id));
      if (version === undefined) throw notFound('Event not found');
      // The list changes when a registration does: its ETag lets a device ask cheaply while online.
      const etag = `"${createHash('sha256').update(version).digest('base64url').slice(0, 27)}"`;
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
      const entries = await db.query((db) => checkInList(db, env, eventId, list));
      if (!entries) throw notFound('Event not found');
      // A copy of the event's attendees leaves for a device: audited as an export (decision 030).
      await db.transaction((tx) =>
        recordAudit(tx, {
          ...auditActor(c),
          action: 'export',
          entity: 'event',
          entityId: eventId,
          detail: { via: 'check-in list' },
        }),
      );
      c.header('ETag', etag);
      return c.json({ eventId, list: list.id, generatedAt: new Date().toISOString(), ...entries }, 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const row = await db.query((db) => getRegistrationRow(db, id));
      if (!row) throw notFound(REGISTRATION_NOT_FOUND);
      // Every staff view of an attendee's details is in the audit log (decision 030).
      await db.transaction((tx) => recordAudit(tx, { ...auditActor(c), action: 'view', entity: 'registration', entityId: id }));
      return c.json({ registration: forRole(c, await db.query((db) => toRegistrationOf(db, env, row))) }, 200);
    })
    .put('/:id', validate('param', idParamSchema), validate('json', updateRegistrationSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const actor = auditActor(c);
      let result;
      try {
        result = await db.transaction(async (tx) => {
          const result = await updateRegistration(tx, id, input);
          if (!result) return undefined;
          await recordAudit(tx, {
            ...actor,
            action: 'update',
            entity: 'registration',
            entityId: id,
            detail: {
              registrationNumber: result.after.registrationNumber,
              changes: changedFields(result.before, result.after, EDITABLE),
            },
          });
          return result;
        });
      } catch (error) {
        if (error instanceof RegistrationChangeRefused && error.reason === 'invalid_answers') {
          throw new ApiError(400, 'validation_error', error.message, error.fields);
        }
        if (error instanceof RegistrationChangeRefused && error.reason === 'bib_taken') {
          throw new ApiError(409, 'conflict', error.message, { bib: error.message });
        }
        if (error instanceof RegistrationChangeRefused || error instanceof StaleEditError)
          throw new ApiError(409, 'conflict', error.message);
        throw error;
      }
      if (!result) throw notFound(REGISTRATION_NOT_FOUND);
      return c.json({ registration: forRole(c, await db.query((db) => toRegistrationOf(db, env, result.after))) }, 200);
    })
    .patch('/:id', validate('param', idParamSchema), validate('json', registrationFlagsSchema), async (c) => {
      const { id } = c.req.valid('param');
      const flags = c.req.valid('json');
      // A WhatsApp message goes to the attendee's phone, which gate staff are not given (decision 047).
      if (flags.whatsappSent && !seesContacts(staffRoleOf(c))) {
        throw new ApiError(403, 'forbidden', "Sending WhatsApp needs the attendee's phone, which your role does not see.");
      }
      const actor = auditActor(c);
      const row = await db.transaction(async (tx) => {
        const row = await setRegistrationFlags(tx, id, flags);
        if (row) {
          await recordAudit(tx, {
            ...actor,
            action: 'update',
            entity: 'registration',
            entityId: id,
            detail: { registrationNumber: row.registrationNumber, flags },
          });
        }
        return row;
      });
      if (!row) throw notFound(REGISTRATION_NOT_FOUND);
      return c.json({ registration: forRole(c, await db.query((db) => toRegistrationOf(db, env, row))) }, 200);
    })
    // Support corrects a caller's misspelt name (decision 047); audited in the same transaction.
    .patch('/:id/name', validate('param', idParamSchema), validate('json', nameCorrectionSchema), async (c) => {
      const { id } = c.req.valid('param');
      const name = c.req.valid('json');
      const row = await db.transaction((tx) => correctAttendeeName(tx, id, name, auditActor(c)));
      if (!row) throw notFound(REGISTRATION_NOT_FOUND);
      return c.json({ registration: forRole(c, await db.query((db) => toRegistrationOf(db, env, row))) }, 200);
    })
    // Staff's hand assignment to a start wave, or its clearing (decision 068): managers.
    .put('/:id/wave', validate('param', idParamSchema), validate('json', waveOverrideSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { wave } = c.req.valid('json');
      const row = await db
        .transaction((tx) => setWaveOverride(tx, organisationOf(c), id, wave, auditActor(c)))
        .catch((error: unknown) => {
          if (error instanceof WaveRefused) throw new ApiError(400, 'validation_error', error.message, { wave: error.message });
          throw error;
        });
      if (!row) throw notFound(REGISTRATION_NOT_FOUND);
      return c.json({ registration: forRole(c, await db.query((db) => toRegistrationOf(db, env, row))) }, 200);
    })
    // Support cancels an attendee for a caller under the event's own cancellation rules (the
    // buyer's: its window and fee, the refund less the fee, the credit note and e-mail; decision 047).
    .post('/:id/cancel', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      const done = await db
        .transaction((tx) =>
          cancelAttendeeForCaller(tx, env, id, { userId: actor.actorUserId!, email: actor.actorEmail, ip: actor.ip }),
        )
        .catch((error: unknown) => {
          if (error instanceof SelfServiceRefusal) {
            if (error.reason === 'not_found') throw notFound(REGISTRATION_NOT_FOUND);
            throw new ApiError(409, 'conflict', error.message);
          }
          throw error instanceof RefundRefusal ? refundRefusal(error) : error;
        });
      const row = await db.query((db) => getRegistrationRow(db, id));
      const answer: CallerCancelResponse = {
        registration: forRole(c, await db.query((db) => toRegistrationOf(db, env, row!))),
        refund: toRupees(done.refundPaise),
        fee: toRupees(done.feePaise),
      };
      return c.json(answer, 200);
    })
    // An attendee who paid offline is given their money back by hand (decision 045): managers.
    .post('/:id/offline-refund', validate('param', idParamSchema), validate('json', offlineRefundRequestSchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const actor = auditActor(c);
      const decided = await db
        .transaction((tx) =>
          recordOfflineRefund(tx, env, {
            registrationId: id,
            amountPaise: body.amount === undefined ? undefined : toPaise(body.amount),
            reason: body.reason,
            actor: { kind: 'staff', userId: actor.actorUserId!, email: actor.actorEmail, ip: actor.ip },
          }),
        )
        .catch((error: unknown) => {
          throw error instanceof RefundRefusal ? refundRefusal(error) : error;
        });
      const orderId = decided.refund.orderId;
      const found = await db.query((db) => orderPaymentsAndRefunds(db, orderId));
      const refund = found.refunds.find((r) => r.id === decided.refund.id)!;
      const answer: OfflineRefundResponse = { refund: refundView(refund), money: moneyView(found.money), orderId };
      return c.json(answer, 201);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      const deleted = await db.transaction(async (tx) => {
        const deleted = await deleteRegistration(tx, id);
        // The audit log keeps what was deleted: the registration as it was.
        if (deleted) {
          await recordAudit(tx, {
            ...actor,
            action: 'delete',
            entity: 'registration',
            entityId: id,
            detail: { snapshot: toRegistration(deleted, env) },
          });
        }
        return deleted;
      });
      if (!deleted) throw notFound(REGISTRATION_NOT_FOUND);
      return c.json({ deleted: true as const }, 200);
    });
