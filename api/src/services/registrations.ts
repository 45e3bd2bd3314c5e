import { randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  answerProblems,
  DEFAULT_REGISTRATION_PAGE_SIZE,
  REGISTRATION_NUMBER_PREFIX,
  SEARCH_COUNT_CAP,
  searchedReference,
  type EventNoteFields,
  TICKET_CODE_PREFIX,
  type Registration,
  type RegistrationListQuery,
  type RegistrationPage,
  type RegistrationStats,
  type UpdateRegistrationInput,
} from '../contract';
import type { Database, Db } from '../db/client';
import { notIndexed } from '../db/functions';
import { events, registrations, ticketTypes } from '../db/schema';
import { ADULT_AGE } from '../contract/personal-data';
import { eventNotesOfRows } from '../db/event-notes';
import { textSearch } from '../db/text-search';
import type { Env } from '../env';
import { takenPaise } from './money-taken';
import { toRupees } from '../contract/money';
import { waveOf } from '../contract/waves';
import { offsetPage } from './paging';
import { bibHolder } from './bibs';
import { releaseSoldSeat, retakeSoldSeat } from './inventory';
import { StaleEditError } from './stale-edit';
import { changedFields, recordAudit, type AuditEntryInput } from './audit';
import {
  attendeeById,
  lockedAttendees,
  selectAttendees,
  withEventFacts,
  type AttendeeRow as RegistrationRow,
  isAttendee,
} from '../db/attendee-rows';
import { signedTicketCode } from './ticket-codes';
import { ownRegistrations, type OrganisationId } from '../db/tenancy';
import { recordAttendeesCancelled, recordWebhookEvent } from './webhook-outbox';

type CodeEnv = Pick<Env, 'sessionSecret' | 'dataDir'>;

const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** REG, then a time part (base-36 milliseconds) and a random suffix (SPEC.md section 5). */
export function generateRegistrationNumber(at: Date = new Date()): string {
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${REGISTRATION_NUMBER_PREFIX}${at.getTime().toString(36).toUpperCase()}${suffix}`;
}

/** The ticket code as printed: TDK-{registrationNumber}-{eventId} (the QR adds a signature). */
export const ticketCode = (registrationNumber: string, eventId: number) =>
  `${TICKET_CODE_PREFIX}-${registrationNumber}-${eventId}`;

export type { AttendeeRow as RegistrationRow } from '../db/attendee-rows';

/** An attendee as the API shows it; `qrCode` is the signed QR value (services/ticket-codes.ts). */
export function toRegistration(row: RegistrationRow, env: CodeEnv, orderSize = 1, eventNotes?: EventNoteFields): Registration {
  return {
    ...(eventNotes ? { eventNotes } : {}),
    id: row.id,
    registrationNumber: row.registrationNumber,
    bookingReference: row.bookingReference || row.registrationNumber,
    position: Math.max(1, row.position),
    orderSize: Math.max(orderSize, row.position),
    detailsMissing: row.detailsMissing,
    answers: row.answers,
    bib: row.bib,
    wave: waveOf(row, { waves: row.raceWaves, waveQuestionId: row.raceWaveQuestionId }) ?? null,
    waveOverride: row.waveOverride,
    chipId: row.chipId,
    orderId: row.orderId,
    eventId: row.eventId,
    eventName: row.eventName,
    eventDate: row.eventDate,
    eventTime: row.eventTime,
    eventVenue: row.eventVenue,
    ticketId: row.ticketId,
    ticketName: row.ticketName,
    ticketPrice: toRupees(row.ticketPricePaise),
    quantity: row.quantity,
    amount: toRupees(row.amountPaise),
    registrationDate: row.registrationDate,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    transactionId: row.transactionId,
    checkInTime: row.checkInTime,
    checkInGate: row.checkInGate,
    qrCode: signedTicketCode(env, row.registrationNumber, row.eventId),
    ticketDownloaded: row.ticketDownloaded,
    emailSent: row.emailSent,
    whatsappSent: row.whatsappSent,
    notes: row.notes,
    updatedAt: row.updatedAt,
    participantInfo: {
      firstName: row.firstName || 'Guest',
      lastName: row.lastName || 'User',
      email: row.email,
      phone: row.phone,
      dateOfBirth: row.dateOfBirth,
      gender: row.gender,
      emergencyContact: { name: row.emergencyContactName, phone: row.emergencyContactPhone },
    },
    additionalInfo: {
      medicalConditions: row.medicalConditions,
      dietaryRestrictions: row.dietaryRestrictions,
      previousExperience: row.previousExperience,
      teamName: row.teamName,
      shirtSize: row.shirtSize,
      bloodGroup: row.bloodGroup,
    },
  };
}

/**
 * An exact booking reference or ticket number: the one attendee whose ticket number it is, else the
 * attendees of the booking it names; undefined when the search names neither (it is then searched
 * as text, "contains"). Two lookups by a unique and an indexed column, the same on both engines.
 */
async function exactReferenceFilter(
  db: Db,
  organisationId: OrganisationId,
  search: string | undefined,
): Promise<SQL | undefined> {
  const reference = searchedReference(search ?? '');
  if (!reference) return undefined;
  const own = ownRegistrations(organisationId);
  const [ticket] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.registrationNumber, reference), isAttendee, own))
    .limit(1);
  if (ticket) return eq(registrations.registrationNumber, reference);
  const [booking] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.bookingReference, reference), isAttendee, own))
    .limit(1);
  return booking ? eq(registrations.bookingReference, reference) : undefined;
}

/** The WHERE of the console's filters: event, status, payment status and a text search (or `exact`'s match). */
function filtersOf(organisationId: OrganisationId, query: RegistrationListQuery, exact?: SQL): SQL | undefined {
  // Attendees only: a position of an unpaid order is on no list, in no count (decision 040); the
  // acting organisation's only (decision 051).
  // Within one event, its own index is the one to walk: notIndexed keeps SQLite's planner from
  // choosing the organisation's date, status or payment index (every event's attendees) instead.
  const byEvent = query.eventId !== undefined;
  const column = (c: typeof registrations.status | typeof registrations.paymentStatus | typeof registrations.organisationId) =>
    byEvent ? notIndexed(c) : c;
  const conditions: (SQL | undefined)[] = [isAttendee, sql`${column(registrations.organisationId)} = ${organisationId}`];
  if (query.eventId !== undefined) conditions.push(eq(registrations.eventId, query.eventId));
  if (query.status) conditions.push(sql`${column(registrations.status)} = ${query.status}`);
  if (query.paymentStatus) conditions.push(sql`${column(registrations.paymentStatus)} = ${query.paymentStatus}`);
  if (query.ticketId !== undefined) conditions.push(eq(registrations.ticketId, query.ticketId));
  if (query.team) conditions.push(sql`lower(${registrations.teamName}) = lower(${query.team})`);
  const search = query.search?.trim();
  // The contract refuses shorter text: a trigram index cannot find fewer than 3 characters.
  if (exact) conditions.push(exact);
  else if (search) conditions.push(textSearch.registrationMatches(search));
  return and(...conditions);
}

const newestFirst = [desc(registrations.registrationDate), desc(registrations.id)];

/** A page of the console's list, most recent first, with how many match in all. */
/**
 * A search that finds attendees by name or ticket number only, not by their contacts: for a role
 * that does not see contacts (decision 047), whose search must not tell it whose e-mail or phone
 * number is registered. Narrows the text index's match, never widens it.
 */
function withoutContactMatch(search: string): SQL {
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${registrations.firstName} || ' ' || ${registrations.lastName}) like ${like} escape '\\' or lower(${registrations.registrationNumber}) like ${like} escape '\\')`;
}

export async function listRegistrationsPage(
  db: Db,
  env: CodeEnv,
  organisationId: OrganisationId,
  query: RegistrationListQuery = {},
  options: { searchContacts?: boolean } = {},
): Promise<RegistrationPage> {
  const pageSize = query.pageSize ?? DEFAULT_REGISTRATION_PAGE_SIZE;
  const search = query.search?.trim();
  let found: { total: number; totalIsAtLeast?: true; page: number; ids: number[] | SQLWrapper };
  const exact = await exactReferenceFilter(db, organisationId, search);
  if (exact) {
    const list = {
      table: registrations,
      id: registrations.id,
      where: filtersOf(organisationId, query, exact),
      orderBy: newestFirst,
    };
    found = await offsetPage(db, list, query.page, pageSize);
  } else if (search) {
    const others = and(
      filtersOf(organisationId, { ...query, search: undefined }),
      options.searchContacts === false ? withoutContactMatch(search) : undefined,
    );
    found = await textSearch.registrationSearchPage(db, search, others, query.page, pageSize, SEARCH_COUNT_CAP);
  } else {
    const list = { table: registrations, id: registrations.id, where: filtersOf(organisationId, query), orderBy: newestFirst };
    found = await offsetPage(db, list, query.page, pageSize);
  }
  const rows = await selectAttendees(db)
    .where(inArray(registrations.id, found.ids))
    .orderBy(...newestFirst);
  const sizes = await orderSizes(db, rows);
  const notes = await eventNotesOfRows(db, rows);
  return {
    registrations: rows.map((row) => toRegistration(row, env, sizes.get(row.orderId ?? '') ?? 1, notes.get(row.eventId))),
    total: found.total,
    ...(found.totalIsAtLeast && { totalIsAtLeast: true }),
    page: found.page,
    pageSize,
  };
}

/** How many attendees each order of these rows holds ('runner 2 of 3'), by order id. */
export async function orderSizes(db: Db, rows: Pick<RegistrationRow, 'orderId'>[]): Promise<Map<string, number>> {
  const ids = [...new Set(rows.map((r) => r.orderId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const counted = await db
    .select({ orderId: registrations.orderId, size: count() })
    .from(registrations)
    .where(and(inArray(registrations.orderId, ids), isAttendee))
    .groupBy(registrations.orderId);
  return new Map(counted.map((c) => [c.orderId!, c.size]));
}

/**
 * What the CSV export needs besides the rows: the event's questions (its columns) when it is of one
 * event, and how many attendees each booking holds ('2 of 3').
 */
export async function csvExportContext(db: Db, organisationId: OrganisationId, eventId: number | undefined) {
  const [event] =
    eventId === undefined ? [] : await db.select({ questions: events.questions }).from(events).where(eq(events.id, eventId));
  // The guardian's columns (issue 40) where the event asks for a guardian: one of its ticket types
  // admits someone under 18 (no minimum age, or one below it). An export of every event has them.
  const [child] =
    eventId === undefined
      ? [{ id: 0 }]
      : await db
          .select({ id: ticketTypes.id })
          .from(ticketTypes)
          .where(and(eq(ticketTypes.eventId, eventId), or(isNull(ticketTypes.minAge), lt(ticketTypes.minAge, ADULT_AGE))))
          .limit(1);
  const counted = await db
    .select({ reference: registrations.bookingReference, size: count() })
    .from(registrations)
    .where(and(isAttendee, eventId === undefined ? ownRegistrations(organisationId) : eq(registrations.eventId, eventId)))
    .groupBy(registrations.bookingReference);
  return {
    questions: event?.questions ?? [],
    guardians: child !== undefined,
    sizes: new Map(counted.map((c) => [c.reference, c.size])),
  };
}

/** One attendee as the API shows it, with the size of its order. */
export async function toRegistrationOf(db: Db, env: CodeEnv, row: RegistrationRow): Promise<Registration> {
  const notes = await eventNotesOfRows(db, [row]);
  return toRegistration(row, env, (await orderSizes(db, [row])).get(row.orderId ?? '') ?? 1, notes.get(row.eventId));
}

// The ticket page's notes are read by the data layer (db/event-notes.ts), where the e-mails read them too.
export { eventNotesOfRows };

/**
 * Every registration matching the filters, newest first, a chunk at a time (the CSV export). Each
 * chunk is read on its own (`database.query`), so the caller may await the network between them
 * without holding the database.
 */
export async function* eachRegistration(
  database: Pick<Database, 'query'>,
  organisationId: OrganisationId,
  query: RegistrationListQuery,
  chunk = 1000,
): AsyncGenerator<RegistrationRow> {
  const exact = await database.query((db) => exactReferenceFilter(db, organisationId, query.search?.trim()));
  const where = filtersOf(organisationId, query, exact);
  let before: number | undefined;
  for (;;) {
    const rows = await database.query((db) =>
      selectAttendees(db)
        .where(and(where, before === undefined ? undefined : lt(registrations.id, before)))
        .orderBy(desc(registrations.id))
        .limit(chunk),
    );
    yield* rows;
    if (rows.length < chunk) return;
    before = rows.at(-1)!.id;
  }
}

export const getRegistrationRow = attendeeById;

/** The row, locked until the transaction ends: for a change that its state decides. */
const lockedRegistrationRow = async (tx: Db, id: number): Promise<RegistrationRow | undefined> =>
  (await lockedAttendees(selectAttendees(tx).where(eq(registrations.id, id))))[0];

/** A registration keeps its seats sold while it is paid for and not cancelled. */
const holdsSeats = (row: Pick<RegistrationRow, 'status' | 'paymentStatus'>) =>
  row.paymentStatus === 'Paid' && row.status !== 'Cancelled';

/** The seat an attendee holds: one of their own ticket type (decision 021). */
const seatOf = (row: RegistrationRow) =>
  row.ticketId === null ? undefined : { ticketTypeId: row.ticketId, quantity: row.quantity };

async function releaseSeats(tx: Db, row: RegistrationRow, now: string) {
  const seat = seatOf(row);
  if (seat) await releaseSoldSeat(tx, seat, now);
}

/** Takes the seat back for an attendee leaving Cancelled; false when there is no room. */
async function retakeSeats(tx: Db, row: RegistrationRow, now: string): Promise<boolean> {
  const seat = seatOf(row);
  return seat ? retakeSoldSeat(tx, row.eventId, seat, now) : true;
}

/** Why an edit or a delete of a registration was refused; the route maps each to its status. */
export class RegistrationChangeRefused extends Error {
  override name = 'RegistrationChangeRefused';
  constructor(
    readonly reason: 'no_seats' | 'bib_taken' | 'invalid_answers' | 'refunded',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const REFUNDED_MESSAGE = 'This attendee was refunded: their ticket stays cancelled. Book a new ticket instead.';

export const NO_SEATS_MESSAGE = 'There are no seats left to restore this registration.';

/**
 * Applies the Edit Registration form, in the caller's transaction; undefined when there is no such
 * registration. Refuses a stale form (another save since it was loaded) and a return to Paid and
 * not Cancelled without seats left (the caller's transaction then rolls back). Leaving or entering
 * that state gives the seats back or takes them again, in the same transaction.
 */
export async function updateRegistration(
  tx: Db,
  id: number,
  input: UpdateRegistrationInput & { updatedAt: string },
  now = new Date(),
) {
  const before = await lockedRegistrationRow(tx, id);
  if (!before) return undefined;
  if (before.updatedAt !== input.updatedAt) throw new StaleEditError('registration');
  const at = now.toISOString();
  // A refunded attendee's money went back (decision 022): their ticket stays cancelled.
  if (before.paymentStatus === 'Refunded' && input.status !== before.status && input.status !== 'Cancelled') {
    throw new RegistrationChangeRefused('refunded', REFUNDED_MESSAGE, { status: REFUNDED_MESSAGE });
  }
  // Payment state is the order's (decision 021): staff change the attendee's status only.
  const next = { status: input.status, paymentStatus: before.paymentStatus };
  if (holdsSeats(before) && !holdsSeats(next)) await releaseSeats(tx, before, at);
  if (!holdsSeats(before) && holdsSeats(next) && !(await retakeSeats(tx, before, at))) {
    throw new RegistrationChangeRefused('no_seats', NO_SEATS_MESSAGE);
  }
  if (input.answers !== undefined) {
    // The same rules as checkout, for the attendee's ticket type.
    const [event] = await tx.select({ questions: events.questions }).from(events).where(eq(events.id, before.eventId));
    const problems = answerProblems(event?.questions ?? [], before.ticketId ?? 0, input.answers);
    const fields = Object.fromEntries(Object.entries(problems).map(([id, message]) => [`answers.${id}`, message]));
    const first = Object.values(fields)[0];
    if (first) throw new RegistrationChangeRefused('invalid_answers', first, fields);
  }
  if (input.bib != null && input.bib !== before.bib) {
    const holder = await bibHolder(tx, before.eventId, input.bib, before.id);
    if (holder) {
      throw new RegistrationChangeRefused('bib_taken', `Bib ${input.bib} is already ${holder.firstName} ${holder.lastName}'s`);
    }
  }
  const { updatedAt: _loadedAt, dateOfBirth, ...fields } = input;
  const [after] = await tx
    .update(registrations)
    .set({
      ...fields,
      ...(dateOfBirth !== undefined ? { dateOfBirth: dateOfBirth || null } : {}),
      email: fields.email.toLowerCase(),
      // Completed by staff: an attendee of an old group booking with a name is no longer missing.
      detailsMissing: before.detailsMissing && !(fields.firstName && fields.firstName !== 'Guest'),
      updatedAt: at,
    })
    .where(eq(registrations.id, id))
    .returning();
  await recordWebhookEvent(tx, before.organisationId, 'attendee.updated', id, now);
  // Staff cancelled the attendee (decision 074): attendee.cancelled too, and order.cancelled when it was the order's last.
  if (input.status === 'Cancelled' && before.status !== 'Cancelled') await recordAttendeesCancelled(tx, [id], now);
  return { before, after: { ...before, ...after! } };
}

/**
 * Corrects a caller's misspelt name (decision 047), audited in the same transaction; undefined when
 * there is no such attendee. Nothing else of the attendee changes (their contacts, ticket, status).
 */
export async function correctAttendeeName(
  tx: Db,
  id: number,
  name: { firstName: string; lastName: string },
  actor: Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>,
  now = new Date(),
): Promise<RegistrationRow | undefined> {
  const before = await lockedRegistrationRow(tx, id);
  if (!before) return undefined;
  const [after] = await tx
    .update(registrations)
    .set({
      firstName: name.firstName,
      lastName: name.lastName,
      // A ticket of an old group booking whose holder is now named is no longer missing details.
      detailsMissing: before.detailsMissing && name.firstName === 'Guest',
      updatedAt: now.toISOString(),
    })
    .where(eq(registrations.id, id))
    .returning();
  const row = { ...before, ...after! };
  await recordAudit(tx, {
    ...actor,
    action: 'correct_name',
    entity: 'registration',
    entityId: id,
    detail: {
      registrationNumber: row.registrationNumber,
      changes: changedFields(before, row, ['firstName', 'lastName']),
    },
  });
  return row;
}

/** Sets the Download Ticket / Send WhatsApp / Send Email flags; undefined when there is none. */
export async function setRegistrationFlags(
  tx: Db,
  id: number,
  flags: { ticketDownloaded?: true; whatsappSent?: true; emailSent?: true },
  now = new Date(),
): Promise<RegistrationRow | undefined> {
  const [row] = await tx
    .update(registrations)
    .set({ ...flags, updatedAt: now.toISOString() })
    .where(eq(registrations.id, id))
    .returning();
  return row && withEventFacts(tx, row);
}

/** Deletes a registration, giving its seats back; the deleted row (for the audit snapshot), or undefined. */
export async function deleteRegistration(tx: Db, id: number, now = new Date()): Promise<RegistrationRow | undefined> {
  const row = await lockedRegistrationRow(tx, id);
  if (!row) return undefined;
  if (holdsSeats(row)) await releaseSeats(tx, row, now.toISOString());
  await tx.delete(registrations).where(eq(registrations.id, id));
  return row;
}

/**
 * The four figures (and paid count), for every registration or one event's: one pass over the
 * status index in its order (status, payment and amount are all in it), a group per status.
 */
export async function registrationStats(db: Db, organisationId: OrganisationId, eventId?: number): Promise<RegistrationStats> {
  const paid = sql`${registrations.paymentStatus} = 'Paid'`;
  const groups = await db
    .select({
      status: registrations.status,
      count: count(),
      paid: sql<number>`coalesce(sum(case when ${paid} then 1 else 0 end), 0)`,
      revenuePaise: takenPaise(),
    })
    .from(registrations)
    .where(and(isAttendee, eventId === undefined ? ownRegistrations(organisationId) : eq(registrations.eventId, eventId)))
    .groupBy(registrations.status);
  const row = { total: 0, confirmed: 0, pending: 0, cancelled: 0, checkedIn: 0, paid: 0, revenuePaise: 0 };
  for (const group of groups) {
    row.total += group.count;
    row.paid += group.paid;
    row.revenuePaise += group.revenuePaise;
    if (group.status === 'Confirmed') row.confirmed = group.count;
    if (group.status === 'Pending') row.pending = group.count;
    if (group.status === 'Cancelled') row.cancelled = group.count;
    if (group.status === 'Checked-In') row.checkedIn = group.count;
  }
  return {
    totalRegistrations: row.total,
    confirmedRegistrations: row.confirmed,
    pendingRegistrations: row.pending,
    cancelledRegistrations: row.cancelled,
    checkedInRegistrations: row.checkedIn,
    paidRegistrations: row.paid,
    totalRevenue: toRupees(row.revenuePaise),
  };
}
