// The reads of /api/v1 (issue 45, decision 062): an organisation's events, ticket types, orders,
// attendees and check-ins, as pages after an opaque cursor, optionally only those changed since a
// time. Every list is scoped by db/tenancy.ts's conditions (ownEvents, inOwnEvents,
// ownRegistrations, ownTicketTypes); one record by its id is reached only after routes/v1.ts's
// ownedParam guard has said it is the organisation's.
import { and, asc, eq, exists, gt, gte, inArray, or, type SQL } from 'drizzle-orm';
import {
  V1_DEFAULT_LIMIT,
  V1_MESSAGES,
  type V1Attendee,
  type V1CheckIn,
  type V1Event,
  type V1AttendeePatch,
  type V1ListQuery,
  type V1Order,
  type V1OrderDetail,
  type V1TicketType,
} from '../contract/api-v1';
import { toRupees } from '../contract/money';
import type { AttendeeRow } from '../db/attendee-rows';
import { attendeeById as attendeeRowById, selectAttendees } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { checkIns, events, orders, refunds, registrations, ticketTypes } from '../db/schema';
import { inOwnEvents, ownEvents, ownRegistrations, ownTicketTypes, type OrganisationId } from '../db/tenancy';
import type { KeyEnv } from '../signing/purpose-keys';
import type { RegistrationStatus } from '../contract/types';
import { changedFields, recordAudit, type AuditEntryInput } from './audit';
import { orderPaymentsAndRefunds } from './refunds';
import { updateRegistration } from './registrations';
import { signedTicketCode } from './ticket-codes';

/** A cursor the caller did not get from us. */
export class BadCursor extends Error {
  constructor() {
    super(V1_MESSAGES.badCursor);
    this.name = 'BadCursor';
  }
}

/** The opaque cursor: the last id of the page, base64url-encoded JSON (clients must not build one). */
export const encodeCursor = (after: number | string) => Buffer.from(JSON.stringify({ a: after })).toString('base64url');

function decodeCursor<T extends number | string>(cursor: string | undefined, kind: 'number' | 'string'): T | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { a?: unknown }).a;
    if (typeof value !== kind) throw new BadCursor();
    return value as T;
  } catch {
    throw new BadCursor();
  }
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** One more row than asked tells whether there is a next page. */
function pageOf<R, T>(rows: R[], limit: number, keyOf: (row: R) => number | string, view: (row: R) => T): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { data: shown.map(view), next_cursor: more ? encodeCursor(keyOf(shown.at(-1)!)) : null };
}

const since = (column: Parameters<typeof gte>[0], query: V1ListQuery): SQL | undefined =>
  query.updated_since === undefined ? undefined : gte(column, new Date(query.updated_since).toISOString());

const eventView = (row: typeof events.$inferSelect): V1Event => ({
  id: row.id,
  title: row.title,
  description: row.description,
  date: row.date,
  time: row.time,
  venue: row.venue,
  location: row.location,
  category: row.category,
  status: row.status,
  maxParticipants: row.maxParticipants ?? null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listEvents(db: Db, organisationId: OrganisationId, query: V1ListQuery): Promise<Page<V1Event>> {
  const limit = query.limit ?? V1_DEFAULT_LIMIT;
  const after = decodeCursor<number>(query.cursor, 'number');
  const rows = await db
    .select()
    .from(events)
    .where(and(ownEvents(organisationId), after === undefined ? undefined : gt(events.id, after), since(events.updatedAt, query)))
    .orderBy(asc(events.id))
    .limit(limit + 1);
  return pageOf(rows, limit, (row) => row.id, eventView);
}

/** One event (its ownership checked by the route's guard). */
export async function eventById(db: Db, id: number): Promise<V1Event | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row && eventView(row);
}

const ticketTypeView = (row: typeof ticketTypes.$inferSelect): V1TicketType => ({
  id: row.id,
  eventId: row.eventId,
  name: row.name,
  description: row.description,
  price: toRupees(row.pricePaise),
  quantity: row.quantity,
  sold: row.sold,
  validFrom: row.validFrom ?? null,
  validUntil: row.validUntil ?? null,
  category: row.category,
  updatedAt: row.updatedAt,
});

export async function listTicketTypes(db: Db, organisationId: OrganisationId, eventId: number): Promise<V1TicketType[]> {
  const rows = await db
    .select()
    .from(ticketTypes)
    .where(and(ownTicketTypes(organisationId), eq(ticketTypes.eventId, eventId)))
    .orderBy(asc(ticketTypes.id));
  return rows.map(ticketTypeView);
}

const orderView = (row: typeof orders.$inferSelect): V1Order => ({
  id: row.id,
  eventId: row.eventId,
  bookingReference: row.bookingReference,
  status: row.status,
  amount: toRupees(row.amountPaise),
  buyer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listOrders(db: Db, organisationId: OrganisationId, query: V1ListQuery): Promise<Page<V1Order>> {
  const limit = query.limit ?? V1_DEFAULT_LIMIT;
  const after = decodeCursor<string>(query.cursor, 'string');
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        inOwnEvents(orders.eventId, organisationId),
        after === undefined ? undefined : gt(orders.id, after),
        // An order's refunds are part of it (GET /orders/:id): a refund made or settled since counts as a change.
        query.updated_since === undefined
          ? undefined
          : or(
              since(orders.updatedAt, query),
              exists(
                db
                  .select({ one: refunds.id })
                  .from(refunds)
                  .where(and(eq(refunds.orderId, orders.id), since(refunds.updatedAt, query))),
              ),
            ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit + 1);
  return pageOf(rows, limit, (row) => row.id, orderView);
}

export const attendeeView = (env: KeyEnv, row: AttendeeRow): V1Attendee => ({
  id: row.id,
  registrationNumber: row.registrationNumber,
  orderId: row.orderId,
  eventId: row.eventId,
  ticketTypeId: row.ticketId,
  ticketName: row.ticketName,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  status: row.status,
  paymentStatus: row.paymentStatus,
  bib: row.bib ?? null,
  ticketCode: signedTicketCode(env, row.registrationNumber, row.eventId),
  checkedInAt: row.checkInTime,
  updatedAt: row.updatedAt,
});

/** One order with its attendees, payments and refunds (its ownership checked by the route's guard). */
export async function orderDetail(db: Db, env: KeyEnv, id: string): Promise<V1OrderDetail | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return undefined;
  const attendees = await selectAttendees(db).where(eq(registrations.orderId, id)).orderBy(asc(registrations.position));
  const money = await orderPaymentsAndRefunds(db, id);
  return {
    ...orderView(row),
    attendees: attendees.map((attendee) => attendeeView(env, attendee)),
    payments: money.payments.map((p) => ({
      id: p.id,
      amount: toRupees(p.amountPaise),
      method: p.method,
      status: p.status,
      paidAt: p.paidAt,
    })),
    refunds: money.refunds.map((r) => ({
      id: r.id,
      amount: toRupees(r.amountPaise),
      status: r.status,
      reason: r.reason,
      attendeeIds: r.attendeeIds,
      createdAt: r.createdAt,
      processedAt: r.processedAt,
    })),
  };
}

export async function listAttendees(
  db: Db,
  env: KeyEnv,
  organisationId: OrganisationId,
  query: V1ListQuery,
): Promise<Page<V1Attendee>> {
  const limit = query.limit ?? V1_DEFAULT_LIMIT;
  const after = decodeCursor<number>(query.cursor, 'number');
  const rows = await selectAttendees(db)
    .where(
      and(
        ownRegistrations(organisationId),
        after === undefined ? undefined : gt(registrations.id, after),
        since(registrations.updatedAt, query),
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(limit + 1);
  return pageOf(
    rows,
    limit,
    (row) => row.id,
    (row) => attendeeView(env, row),
  );
}

/** One attendee (its ownership checked by the route's guard). */
export async function attendeeById(db: Db, env: KeyEnv, id: number): Promise<V1Attendee | undefined> {
  const [row] = await selectAttendees(db).where(eq(registrations.id, id));
  return row && attendeeView(env, row);
}

const checkInColumns = {
  id: checkIns.id,
  attendeeId: checkIns.registrationId,
  list: checkIns.list,
  gate: checkIns.gate,
  via: checkIns.via,
  checkedInAt: checkIns.checkedInAt,
};

/** Check-ins are never changed, only made: `updated_since` is their time of creation. */
export async function listCheckIns(db: Db, organisationId: OrganisationId, query: V1ListQuery): Promise<Page<V1CheckIn>> {
  const limit = query.limit ?? V1_DEFAULT_LIMIT;
  const after = decodeCursor<number>(query.cursor, 'number');
  const rows = await db
    .select(checkInColumns)
    .from(checkIns)
    .innerJoin(registrations, eq(registrations.id, checkIns.registrationId))
    .where(
      and(
        ownRegistrations(organisationId),
        after === undefined ? undefined : gt(checkIns.id, after),
        since(checkIns.createdAt, query),
      ),
    )
    .orderBy(asc(checkIns.id))
    .limit(limit + 1);
  return pageOf(
    rows,
    limit,
    (row) => row.id,
    (row) => row,
  );
}

/** One check-in by its id, as the API shows it (a webhook's data). */
export async function checkInById(db: Db, id: number): Promise<V1CheckIn | undefined> {
  const [row] = await db.select(checkInColumns).from(checkIns).where(eq(checkIns.id, id));
  return row;
}

/** An attendee's entry check-in, as the API shows it. */
export async function entryCheckInOf(db: Db, attendeeId: number): Promise<V1CheckIn | undefined> {
  const [row] = await db
    .select(checkInColumns)
    .from(checkIns)
    .where(and(eq(checkIns.registrationId, attendeeId), eq(checkIns.list, 'entry')));
  return row;
}

/** The attendee rows of these ids that the organisation owns (for a check-in by attendee id). */
export async function ownAttendeeRow(db: Db, organisationId: OrganisationId, id: number): Promise<AttendeeRow | undefined> {
  const [row] = await selectAttendees(db).where(and(ownRegistrations(organisationId), inArray(registrations.id, [id])));
  return row;
}

const FIELDS_PATCHED = ['firstName', 'lastName', 'email', 'phone'] as const;

/**
 * PATCH /api/v1/attendees/:id: the attendee's name, e-mail or phone through the console's edit
 * (services/registrations.ts updateRegistration), every other field as it is, audited in the
 * transaction. `loadedAt` is the change time the client's If-Match names: the edit refuses a row
 * changed since with StaleEditError, under the row's lock. Undefined for no such attendee.
 */
export async function updateAttendeeContacts(
  tx: Db,
  id: number,
  patch: V1AttendeePatch,
  loadedAt: string,
  actor: Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip' | 'organisationId'>,
): Promise<AttendeeRow | undefined> {
  const row = await attendeeRowById(tx, id);
  if (!row) return undefined;
  const result = await updateRegistration(tx, id, {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    gender: row.gender as '',
    shirtSize: row.shirtSize as '',
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    medicalConditions: row.medicalConditions,
    dietaryRestrictions: row.dietaryRestrictions,
    previousExperience: row.previousExperience,
    teamName: row.teamName,
    status: row.status as RegistrationStatus,
    notes: row.notes,
    ...patch,
    updatedAt: loadedAt,
  });
  if (!result) return undefined;
  await recordAudit(tx, {
    ...actor,
    action: 'update',
    entity: 'registration',
    entityId: id,
    detail: {
      registrationNumber: result.after.registrationNumber,
      changes: changedFields(result.before, result.after, FIELDS_PATCHED),
    },
  });
  return result.after;
}
