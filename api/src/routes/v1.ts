// REST API v1 for an organisation's own tools (issue 45, decision 062). Every call carries
// `Authorization: Bearer <token>` (http/api-token.ts: 401, 429, audited as the token); reads need
// the `read` scope, PATCH the `write` scope, POST /check-ins the `check-in` scope (403 without).
// Tenancy as in /api/admin: each id in a path is checked by ownedParam (http/tenancy.ts) against the
// token's organisation before any route runs (another organisation's id answers 404), and lists
// are scoped by db/tenancy.ts's conditions in services/api-v1.ts.
//   GET   /api/v1/events                     → { data: Event[], next_cursor }  (?limit=&cursor=&updated_since=)
//   GET   /api/v1/events/:id                 → Event (ETag)
//   GET   /api/v1/events/:id/ticket-types    → { data: TicketType[], next_cursor: null }
//   GET   /api/v1/orders                     → { data: Order[], next_cursor }
//   GET   /api/v1/orders/:id                 → OrderDetail: attendees, payments, refunds (ETag)
//   GET   /api/v1/attendees                  → { data: Attendee[], next_cursor }
//   GET   /api/v1/attendees/:id              → Attendee (ETag)
//   PATCH /api/v1/attendees/:id              { firstName?, lastName?, email?, phone? } with If-Match → Attendee;
//                                            428 without If-Match, 412 when it is stale
//   GET   /api/v1/check-ins                  → { data: CheckIn[], next_cursor }
//   POST  /api/v1/check-ins                  { code | attendeeId, gate?, eventId? } → 201 CheckInResult,
//                                            200 when already admitted, 422 refused (the gate's reason)
//   GET   /api/v1/openapi.json               (no token) the OpenAPI 3.1 description, built from contract/api-v1.ts
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  V1_MESSAGES,
  v1AttendeePatchSchema,
  v1CheckInInputSchema,
  v1IdParamSchema,
  v1ListQuerySchema,
  v1OrderIdParamSchema,
  type V1Attendee,
} from '../contract/api-v1';
import type { RouteDeps } from '../deps';
import { apiTokenGuard, requireScope, tokenActor } from '../http/api-token';
import { organisationOf } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { ownedParam } from '../http/tenancy';
import { validate } from '../http/validate';
import {
  attendeeById,
  attendeeView,
  BadCursor,
  entryCheckInOf,
  eventById,
  listAttendees,
  listCheckIns,
  listEvents,
  listOrders,
  listTicketTypes,
  orderDetail,
  ownAttendeeRow,
  updateAttendeeContacts,
} from '../services/api-v1';
import { recordAudit } from '../services/audit';
import { checkIn } from '../services/check-in';
import { RegistrationChangeRefused } from '../services/registrations';
import { StaleEditError } from '../services/stale-edit';
import { signedTicketCode } from '../services/ticket-codes';
import { openApiDocument } from '../http/v1-openapi';

/** An attendee's ETag: its change time, so that If-Match is checked under the row's lock by the update itself. */
export const attendeeEtag = (attendee: Pick<V1Attendee, 'updatedAt'>) =>
  `"${Buffer.from(attendee.updatedAt).toString('base64url')}"`;

/** The change time an If-Match names, or undefined for one that is no ETag of ours. */
function updatedAtOfEtag(value: string): string | undefined {
  const match = /^"([A-Za-z0-9_-]+)"$/.exec(value.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64url').toString('utf8');
  return Number.isNaN(Date.parse(decoded)) ? undefined : decoded;
}

/** A strong ETag of an answer's body. */
const bodyEtag = (body: unknown) => `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;

function withBodyEtag(c: Context, body: unknown) {
  c.header('ETag', bodyEtag(body));
  return c.json(body as object, 200);
}

/** A list's refusals in the error shape. */
async function listed<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BadCursor) throw new ApiError(400, 'validation_error', error.message, { cursor: error.message });
    throw error;
  }
}

export const v1Routes = (deps: RouteDeps) => {
  const { db, env } = deps;
  const read = requireScope('read');
  return (
    new Hono()
      // The description needs no token: a developer reads it before making one.
      .get('/openapi.json', (c) => c.json(openApiDocument(), 200, { 'Cache-Control': 'public, max-age=300' }))
      .use('*', async (c, next) => {
        await next();
        // An organisation's data: never kept by a shared cache.
        c.header('Cache-Control', 'no-store');
      })
      .use('*', apiTokenGuard({ db, env }))
      .use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? read(c, next) : next()))
      .use('/attendees/:id', (c, next) => (c.req.method === 'PATCH' ? requireScope('write')(c, next) : next()))
      .use('/check-ins', (c, next) => (c.req.method === 'POST' ? requireScope('check-in')(c, next) : next()))
      // Tenancy (decision 051), as routes/admin.ts declares it: another organisation's id is 404.
      .use('/events/:id', ownedParam('event', 'id'))
      .use('/events/:id/*', ownedParam('event', 'id'))
      .use('/orders/:id', ownedParam('order', 'id'))
      .use('/attendees/:id', ownedParam('registration', 'id'))
      .get('/events', validate('query', v1ListQuerySchema), async (c) => {
        const query = c.req.valid('query');
        return c.json(await listed(() => db.query((q) => listEvents(q, organisationOf(c), query))), 200);
      })
      .get('/events/:id', validate('param', v1IdParamSchema), async (c) => {
        const event = await db.query((q) => eventById(q, c.req.valid('param').id));
        if (!event) throw notFound('Event not found');
        return withBodyEtag(c, event);
      })
      .get('/events/:id/ticket-types', validate('param', v1IdParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const data = await db.query((q) => listTicketTypes(q, organisationOf(c), id));
        return c.json({ data, next_cursor: null }, 200);
      })
      .get('/orders', validate('query', v1ListQuerySchema), async (c) => {
        const query = c.req.valid('query');
        return c.json(await listed(() => db.query((q) => listOrders(q, organisationOf(c), query))), 200);
      })
      .get('/orders/:id', validate('param', v1OrderIdParamSchema), async (c) => {
        const order = await db.query((q) => orderDetail(q, env, c.req.valid('param').id));
        if (!order) throw notFound('Order not found');
        return withBodyEtag(c, order);
      })
      .get('/attendees', validate('query', v1ListQuerySchema), async (c) => {
        const query = c.req.valid('query');
        return c.json(await listed(() => db.query((q) => listAttendees(q, env, organisationOf(c), query))), 200);
      })
      .get('/attendees/:id', validate('param', v1IdParamSchema), async (c) => {
        const attendee = await db.query((q) => attendeeById(q, env, c.req.valid('param').id));
        if (!attendee) throw notFound('Registration not found');
        c.header('ETag', attendeeEtag(attendee));
        return c.json(attendee, 200);
      })
      .patch('/attendees/:id', validate('param', v1IdParamSchema), validate('json', v1AttendeePatchSchema), async (c) => {
        const { id } = c.req.valid('param');
        const patch = c.req.valid('json');
        const ifMatch = c.req.header('if-match');
        if (!ifMatch) throw new ApiError(428, 'precondition_required', V1_MESSAGES.ifMatchRequired);
        const loadedAt = updatedAtOfEtag(ifMatch);
        if (!loadedAt) throw new ApiError(412, 'precondition_failed', V1_MESSAGES.stale);
        const actor = tokenActor(c);
        let after;
        try {
          after = await db.transaction((tx) => updateAttendeeContacts(tx, id, patch, loadedAt, actor));
        } catch (error) {
          if (error instanceof StaleEditError) throw new ApiError(412, 'precondition_failed', V1_MESSAGES.stale);
          if (error instanceof RegistrationChangeRefused) throw new ApiError(409, 'conflict', error.message, error.fields);
          throw error;
        }
        if (!after) throw notFound('Registration not found');
        const attendee = await db.query((q) => attendeeById(q, env, after.id));
        c.header('ETag', attendeeEtag(attendee!));
        return c.json(attendee!, 200);
      })
      .get('/check-ins', validate('query', v1ListQuerySchema), async (c) => {
        const query = c.req.valid('query');
        return c.json(await listed(() => db.query((q) => listCheckIns(q, organisationOf(c), query))), 200);
      })
      .post('/check-ins', validate('json', v1CheckInInputSchema), async (c) => {
        const input = c.req.valid('json');
        const organisationId = organisationOf(c);
        const actor = tokenActor(c);
        let code = input.code;
        if (input.attendeeId !== undefined) {
          // An attendee chosen by id: the organisation's own, else as unknown as a ticket that does not exist.
          const row = await db.query((q) => ownAttendeeRow(q, organisationId, input.attendeeId!));
          if (!row) throw new ApiError(422, 'unprocessable', 'No ticket with this code.');
          code = signedTicketCode(env, row.registrationNumber, row.eventId);
        }
        const judgement = await db.transaction(async (tx) => {
          const judgement = await checkIn(
            tx,
            env,
            organisationId,
            { code: code!, gate: input.gate, eventId: input.eventId, entry: 'scan', device: c.req.header('user-agent') },
            actor.actorEmail,
          );
          if (judgement.kind === 'admit')
            await recordAudit(tx, {
              ...actor,
              action: 'check_in',
              entity: 'registration',
              entityId: judgement.row.id,
              detail: { registrationNumber: judgement.row.registrationNumber, gate: judgement.row.checkInGate, via: 'api' },
            });
          return judgement;
        });
        if (judgement.kind === 'refuse') throw new ApiError(422, 'unprocessable', judgement.reason);
        if (judgement.kind === 'choose') throw new ApiError(422, 'unprocessable', 'Send one ticket code or attendeeId.');
        const attendee = attendeeView(env, judgement.row);
        const entry = await db.query((q) => entryCheckInOf(q, judgement.row.id));
        return c.json(
          { outcome: judgement.kind === 'admit' ? 'admitted' : 'already_admitted', attendee, checkIn: entry! },
          judgement.kind === 'admit' ? 201 : 200,
        );
      })
  );
};
