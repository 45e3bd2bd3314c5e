// Gate check-in (issue 11): the signature first, then the database. Each scan is judged and
// admitted in the caller's transaction, and the admission is a conditional UPDATE (only while the
// ticket has no check-in), so two gates admitting one ticket at the same moment cannot both win;
// the offline batch is judged the same way, scan by scan, and the first to reach the server stands.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CHECK_IN_REFUSALS,
  ENTRY_LIST_ID,
  KIT_AUTHORISATION_REFUSALS,
  kitAuthorisationShape,
  KIT_ITEMS,
  KIT_LIST_ID,
  type CheckInEntry,
  type CheckInListEntry,
  type CheckInListView,
  type CheckInResult,
  type KitItem,
  type StandingCheckIn,
} from '../contract';
import type { Db } from '../db/client';
import { ENTRY_LIST } from '../db/model';
import { checkIns, events, registrations } from '../db/schema';
import type { Env } from '../env';
import { indiaDay } from './india-time';
import { replacedNumber } from './my-bookings';
import { lockedAttendees, selectAttendees, type AttendeeRow as RegistrationRow, isAttendee } from '../db/attendee-rows';
import { parseTicketCode, signedTicketCode } from './ticket-codes';
import { owns, type OrganisationId } from '../db/tenancy';
import { recordWebhookEvent } from './webhook-outbox';
import { resolveCheckInList } from './check-in-lists';
import { lockedKitAuthorisation, parseKitCode, markKitAuthorisationUsed, queueKitCollectedEmail } from './kit-authorisations';

/** The list a scan admits to (decision 065): built-in or the organiser's, with its event. */
export type ListInHand = CheckInListView & { eventId: number | undefined };
const ENTRY: ListInHand = { id: ENTRY_LIST_ID, name: '', builtIn: true, ticketTypeIds: [], eventId: undefined };

/** The refusal for a list the acting organisation's event does not have. */
export const NO_SUCH_LIST = CHECK_IN_REFUSALS.noSuchList;

/**
 * The list a check-in names, if the acting organisation's event has it; the entry list when none
 * is named. An organiser's list of another organisation is unknown (decision 051).
 */
export async function listFor(
  tx: Db,
  organisationId: OrganisationId,
  list: string | undefined,
  eventId: number | undefined,
): Promise<ListInHand | undefined> {
  if (list === undefined || list === ENTRY_LIST_ID) return { ...ENTRY, eventId };
  const found = await resolveCheckInList(tx, list, eventId);
  if (!found) return undefined;
  if (found.eventId !== undefined && !(await owns(tx, organisationId, 'event', found.eventId))) return undefined;
  return found;
}

const itemsOf = (text: string | null): KitItem[] | null => {
  if (text === null) return null;
  const parsed = JSON.parse(text) as string[];
  return KIT_ITEMS.filter((item) => parsed.includes(item));
};

/** The attendee's check-in on the list, if any. */
export async function standingCheckIn(tx: Db, registrationId: number, list: string): Promise<StandingCheckIn | undefined> {
  const [row] = await tx
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.registrationId, registrationId), eq(checkIns.list, list)));
  if (!row) return undefined;
  return {
    list: row.list,
    checkInTime: row.checkedInAt,
    gate: row.gate,
    staffEmail: row.staffEmail,
    items: itemsOf(row.items),
    collectorName: row.collectorName,
  };
}

/** A row carrying the list's check-in as its admission, for the answers that show one. */
const withStanding = (row: RegistrationRow, standing: StandingCheckIn): RegistrationRow => ({
  ...row,
  checkInTime: standing.checkInTime,
  checkInGate: standing.gate,
  checkedInBy: standing.staffEmail,
});

type CodeEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port'>;

export type Judgement =
  | { kind: 'admit'; row: RegistrationRow; checkIn?: StandingCheckIn }
  | { kind: 'duplicate'; row: RegistrationRow; checkIn: StandingCheckIn }
  | { kind: 'refuse'; reason: string }
  /** A booking reference of several attendees: the gate lists them to admit one by one. */
  | { kind: 'choose'; bookingReference: string; rows: RegistrationRow[] };

/**
 * A booking's attendees, listed for staff to admit one by one: by a typed ticket number (its
 * booking's) or booking reference. Read locked, as an admission may follow.
 */
async function bookingOf(tx: Db, typed: string): Promise<{ bookingReference: string; rows: RegistrationRow[] } | undefined> {
  const [ticket] = await tx
    .select({ bookingReference: registrations.bookingReference, registrationNumber: registrations.registrationNumber })
    .from(registrations)
    .where(and(eq(registrations.registrationNumber, typed), isAttendee))
    .limit(1);
  const reference = ticket ? ticket.bookingReference || ticket.registrationNumber : typed;
  let rows = await lockedAttendees(
    selectAttendees(tx).where(eq(registrations.bookingReference, reference)).orderBy(asc(registrations.position)),
  );
  // A registration from before orders held attendees has no booking reference of its own.
  if (rows.length === 0 && ticket) {
    rows = await lockedAttendees(selectAttendees(tx).where(eq(registrations.registrationNumber, typed)).limit(1));
  }
  return rows.length > 0 ? { bookingReference: reference, rows } : undefined;
}

/**
 * What the gate should do with a code at `at`, without changing anything. The registration is
 * read locked (forUpdate), as its state decides the admission that may follow in the transaction.
 * `entry` says how the code came (issue 28): a camera 'scan' admits only a signed QR value; a
 * 'typed' booking reference or ticket number lists the booking's attendees; 'chosen' is one of
 * them, picked by staff.
 */
export async function judgeCode(
  tx: Db,
  env: CodeEnv,
  organisationId: OrganisationId,
  code: string,
  eventId: number | undefined,
  at: Date,
  entry: CheckInEntry = 'scan',
  list: ListInHand = ENTRY,
): Promise<Judgement> {
  if (list.eventId !== undefined) eventId = list.eventId;
  // A kit authorisation is judged online by checkIn (decision 069); a device never queues one.
  if (kitAuthorisationShape(code)) return { kind: 'refuse', reason: KIT_AUTHORISATION_REFUSALS.offline };
  const parsed = parseTicketCode(env, code);
  if (parsed.kind === 'forged') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  // Anyone who saw a ticket number can print it as a QR: from the camera, only a signature admits.
  if (entry === 'scan' && parsed.kind !== 'signed') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  // Another organisation's ticket is unknown at this organisation's gate (decision 051): nothing of it is said.
  const foreign = async (eventId: number | null) => eventId === null || !(await owns(tx, organisationId, 'event', eventId));
  if (entry === 'typed' && parsed.kind === 'typed') {
    const found = await bookingOf(tx, parsed.registrationNumber);
    const booking = found && !(await foreign(found.rows[0]!.eventId)) ? found : undefined;
    if (!booking) {
      const replaced = await replacedNumber(tx, parsed.registrationNumber);
      return { kind: 'refuse', reason: replaced ? CHECK_IN_REFUSALS.transferred : CHECK_IN_REFUSALS.unknown };
    }
    if (eventId !== undefined && booking.rows[0]!.eventId !== eventId)
      return { kind: 'refuse', reason: CHECK_IN_REFUSALS.otherEvent };
    return { kind: 'choose', ...booking };
  }
  let [row] = await lockedAttendees(
    selectAttendees(tx).where(eq(registrations.registrationNumber, parsed.registrationNumber)).limit(1),
  );
  if (!row && parsed.kind === 'signed') {
    // An old group ticket's QR, signed for its booking reference: one attendee is judged as their
    // own ticket; several are listed, and nobody is admitted (decision 021).
    const attendees = await lockedAttendees(
      selectAttendees(tx)
        .where(eq(registrations.bookingReference, parsed.registrationNumber))
        .orderBy(asc(registrations.position)),
    );
    if (attendees.length > 0 && (await foreign(attendees[0]!.eventId)))
      return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unknown };
    if (attendees.length > 1) {
      if (parsed.eventId !== attendees[0]!.eventId) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
      if (eventId !== undefined && attendees[0]!.eventId !== eventId)
        return { kind: 'refuse', reason: CHECK_IN_REFUSALS.otherEvent };
      return { kind: 'choose', bookingReference: parsed.registrationNumber, rows: attendees };
    }
    row = attendees[0];
  }
  if (row && (await foreign(row.eventId))) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unknown };
  if (!row) {
    // A number a transfer replaced (decision 023): its old QR and link no longer admit anyone.
    const replaced = await replacedNumber(tx, parsed.registrationNumber);
    return { kind: 'refuse', reason: replaced ? CHECK_IN_REFUSALS.transferred : CHECK_IN_REFUSALS.unknown };
  }
  if (parsed.kind === 'signed' && parsed.eventId !== row.eventId) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  if (eventId !== undefined && row.eventId !== eventId) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.otherEvent };
  // A refunded ticket (decision 022) says so, before the cancellation that came with it.
  if (row.paymentStatus === 'Refunded') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.refunded };
  if (row.status === 'Cancelled') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.cancelled };
  if (row.paymentStatus !== 'Paid') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unpaid };
  if (list.ticketTypeIds.length > 0 && (row.ticketId === null || !list.ticketTypeIds.includes(row.ticketId)))
    return { kind: 'refuse', reason: CHECK_IN_REFUSALS.notOnList };
  const standing = list.id === ENTRY_LIST_ID && !row.checkInTime ? undefined : await standingCheckIn(tx, row.id, list.id);
  if (standing) return { kind: 'duplicate', row: withStanding(row, standing), checkIn: standing };
  // Kits are handed out at the expo, on the days before the race (decision 065); every other list on the day.
  if (list.id === KIT_LIST_ID) {
    if (indiaDay(at) > row.eventDate) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.kitAfterEvent };
  } else if (row.eventDate !== indiaDay(at)) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.notToday };
  return { kind: 'admit', row };
}

/** Where an admission came from: the gate it names, the device, and whether it was synced later. */
export interface Admission {
  gate: string | null;
  device?: string | null;
  via: 'online' | 'synced';
  /** At kit collection: what was handed over, and who collected it for the attendee. */
  items?: KitItem[];
  collectorName?: string | null;
}

/**
 * Checks the attendee in, once per list (decision 036): the admission is a row of check_ins, and
 * the unique (attendee, list) decides, so of two gates the second finds the first's check-in
 * ('duplicate') even when both judged it unchecked. The attendee's status becomes Checked-In in the
 * same transaction.
 */
async function admit(
  tx: Db,
  row: RegistrationRow,
  at: Date,
  admission: Admission,
  staffEmail: string,
  list: ListInHand = ENTRY,
): Promise<Extract<Judgement, { kind: 'admit' | 'duplicate' }>> {
  const kit = list.id === KIT_LIST_ID;
  const [admitted] = await tx
    .insert(checkIns)
    .values({
      registrationId: row.id,
      list: list.id,
      items: kit ? JSON.stringify(admission.items ?? []) : null,
      collectorName: kit ? admission.collectorName || null : null,
      gate: admission.gate,
      device: admission.device?.slice(0, 200) || null,
      staffEmail,
      via: admission.via,
      checkedInAt: at.toISOString(),
    })
    .onConflictDoNothing()
    .returning();
  if (admitted) {
    const updatedAt = new Date().toISOString();
    const checkIn: StandingCheckIn = {
      list: admitted.list,
      checkInTime: admitted.checkedInAt,
      gate: admitted.gate,
      staffEmail,
      items: itemsOf(admitted.items),
      collectorName: admitted.collectorName,
    };
    // Every list's admission is a check-in to an organiser's tools (decision 064).
    await recordWebhookEvent(tx, row.organisationId, 'check-in.created', admitted.id, at);
    if (list.id !== ENTRY_LIST) {
      // Another list's admission leaves the attendee's status; updated_at changes the device lists' version.
      await tx.update(registrations).set({ updatedAt }).where(eq(registrations.id, row.id));
      return { kind: 'admit', row: { ...row, updatedAt }, checkIn };
    }
    await tx.update(registrations).set({ status: 'Checked-In', updatedAt }).where(eq(registrations.id, row.id));
    return {
      kind: 'admit',
      checkIn,
      row: {
        ...row,
        status: 'Checked-In',
        updatedAt,
        checkInTime: admitted.checkedInAt,
        checkInGate: admitted.gate,
        checkedInBy: staffEmail,
      },
    };
  }
  const [current] = await selectAttendees(tx).where(eq(registrations.id, row.id));
  const standing = (await standingCheckIn(tx, row.id, list.id))!;
  return { kind: 'duplicate', row: withStanding(current ?? row, standing), checkIn: standing };
}

/** One scan at the gate, now, in the caller's transaction. */
export async function checkIn(
  tx: Db,
  env: CodeEnv,
  organisationId: OrganisationId,
  input: {
    code: string;
    gate?: string;
    eventId?: number;
    entry?: CheckInEntry;
    device?: string | null;
    list?: string;
    items?: KitItem[];
    collectorName?: string | null;
  },
  staffEmail: string,
  now = new Date(),
): Promise<Judgement> {
  const list = await listFor(tx, organisationId, input.list, input.eventId);
  if (!list) return { kind: 'refuse', reason: NO_SUCH_LIST };
  const authorised = parseKitCode(env, input.code);
  if (authorised !== undefined) return checkInByAuthorisation(tx, env, organisationId, authorised, input, staffEmail, now, list);
  return judgeAndAdmit(
    tx,
    env,
    organisationId,
    input.code,
    input.entry ?? 'scan',
    input,
    input.collectorName,
    staffEmail,
    now,
    list,
  );
}

/** The gate's online admission: `code` judged on `list`, and admitted when the judgement allows. */
async function judgeAndAdmit(
  tx: Db,
  env: CodeEnv,
  organisationId: OrganisationId,
  code: string,
  entry: CheckInEntry,
  input: { gate?: string; eventId?: number; device?: string | null; items?: KitItem[] },
  collectorName: string | null | undefined,
  staffEmail: string,
  now: Date,
  list: ListInHand,
): Promise<Judgement> {
  const judgement = await judgeCode(tx, env, organisationId, code, input.eventId, now, entry, list);
  if (judgement.kind !== 'admit') return judgement;
  const admission: Admission = {
    gate: input.gate ?? null,
    device: input.device,
    via: 'online',
    items: input.items,
    collectorName,
  };
  return admit(tx, judgement.row, now, admission, staffEmail, list);
}

/**
 * Kit collection by someone the attendee authorised in My bookings (decision 069): the
 * authorisation's QR, at the kit desk only, once. The attendee is judged as their own ticket would
 * be; the admission records the authorised collector's name and marks the authorisation used, in
 * the same transaction (the authorisation row is locked, so two desks cannot both use it).
 */
async function checkInByAuthorisation(
  tx: Db,
  env: CodeEnv,
  organisationId: OrganisationId,
  authorised: { id: number } | 'forged',
  input: { gate?: string; eventId?: number; device?: string | null; items?: KitItem[] },
  staffEmail: string,
  now: Date,
  list: ListInHand,
): Promise<Judgement> {
  const refuse = (reason: string): Judgement => ({ kind: 'refuse', reason });
  if (list.id !== KIT_LIST_ID) return refuse(KIT_AUTHORISATION_REFUSALS.otherList);
  if (authorised === 'forged') return refuse(CHECK_IN_REFUSALS.forged);
  const authorisation = await lockedKitAuthorisation(tx, authorised.id);
  const [attendee] = authorisation
    ? await selectAttendees(tx).where(eq(registrations.id, authorisation.registrationId)).limit(1)
    : [];
  // Another organisation's authorisation is unknown here, as its tickets are (decision 051).
  if (!authorisation || !attendee || !(await owns(tx, organisationId, 'event', attendee.eventId)))
    return refuse(CHECK_IN_REFUSALS.unknown);
  if (authorisation.usedAt) return refuse(KIT_AUTHORISATION_REFUSALS.used);
  if (authorisation.revokedAt) return refuse(KIT_AUTHORISATION_REFUSALS.withdrawn);
  const ownCode = signedTicketCode(env, attendee.registrationNumber, attendee.eventId);
  const admitted = await judgeAndAdmit(
    tx,
    env,
    organisationId,
    ownCode,
    'scan',
    input,
    authorisation.collectorName,
    staffEmail,
    now,
    list,
  );
  if (admitted.kind === 'admit') {
    const [made] = await tx
      .select({ id: checkIns.id })
      .from(checkIns)
      .where(and(eq(checkIns.registrationId, attendee.id), eq(checkIns.list, KIT_LIST_ID)));
    await markKitAuthorisationUsed(tx, authorisation.id, made!.id, now);
    await queueKitCollectedEmail(tx, env, attendee.id, authorisation.collectorName, input.gate ?? '', now);
  }
  return admitted;
}

/** A scan's time may run a little ahead of the server's clock; further is refused. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** A device syncs within the event's day or the morning after; a scan stamped earlier than this is refused. */
export const OLDEST_SCAN_MS = 24 * 60 * 60_000;

/**
 * The offline queue of a device. Each scan is judged at the time it was made; one that the server
 * already holds (same time and gate) answers 'checked-in' again, so the same batch twice changes
 * nothing; a ticket someone else admitted first answers 'duplicate' with the standing check-in.
 * A scan stamped in the future (beyond the clock-skew allowance), more than a day ago, or on
 * another day than the event's is refused (issue 28): a device's clock cannot backdate or
 * pre-date an admission. Every scan is judged as a camera's: the device sends the signed code
 * its list holds, even for an attendee staff chose from a typed booking ('chosen').
 */
export async function syncCheckIns(
  tx: Db,
  env: CodeEnv,
  organisationId: OrganisationId,
  batch: {
    eventId?: number;
    listedAt?: string;
    device?: string | null;
    list?: string;
    scans: { code: string; scannedAt: string; gate: string; entry?: 'scan' | 'chosen' }[];
  },
  staffEmail: string,
  now = new Date(),
): Promise<CheckInResult[]> {
  const results: CheckInResult[] = [];
  const list = await listFor(tx, organisationId, batch.list, batch.eventId);
  for (const scan of batch.scans) {
    const at = new Date(scan.scannedAt);
    const refused = (reason: string): CheckInResult => ({
      code: scan.code,
      outcome: 'refused',
      checkInTime: null,
      gate: null,
      reason,
    });
    if (!list) {
      results.push(refused(NO_SUCH_LIST));
      continue;
    }
    if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      results.push(refused(CHECK_IN_REFUSALS.future));
      continue;
    }
    if (at.getTime() < now.getTime() - OLDEST_SCAN_MS) {
      results.push(refused(CHECK_IN_REFUSALS.stale));
      continue;
    }
    if (batch.listedAt && at.getTime() < Date.parse(batch.listedAt)) {
      results.push(refused(CHECK_IN_REFUSALS.beforeList));
      continue;
    }
    const judged = await judgeCode(tx, env, organisationId, scan.code, batch.eventId, at, 'scan', list);
    if (judged.kind === 'refuse') {
      results.push(refused(judged.reason));
      continue;
    }
    if (judged.kind === 'choose') {
      results.push(refused(CHECK_IN_REFUSALS.group));
      continue;
    }
    const judgement =
      judged.kind === 'admit'
        ? await admit(tx, judged.row, at, { gate: scan.gate, device: batch.device, via: 'synced' }, staffEmail, list)
        : judged;
    const { checkInTime, checkInGate } = judgement.row;
    // A check-in the server already holds with this time and gate is this scan's, sent again.
    const same = judgement.kind === 'admit' || (checkInTime === at.toISOString() && checkInGate === scan.gate);
    results.push({ code: scan.code, outcome: same ? 'checked-in' : 'duplicate', checkInTime, gate: checkInGate });
  }
  return results;
}

/**
 * What the event's list is made of, in one indexed aggregate: any registration added, changed
 * (every write sets updated_at) or deleted, or the event's own title or date changed, changes it.
 * A device asking every few seconds is answered 304 without the list being built.
 */
export async function checkInListVersion(db: Db, eventId: number, list = ENTRY_LIST_ID): Promise<string | undefined> {
  const [event] = await db.select({ updatedAt: events.updatedAt }).from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const [mix] = await db
    .select({
      count: sql<number>`count(*)`,
      latest: sql<string>`coalesce(max(${registrations.updatedAt}), '')`,
      ids: sql<number>`coalesce(sum(${registrations.id}), 0)`,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), isAttendee));
  return `${list}|${event.updatedAt}|${mix!.count}|${mix!.latest}|${mix!.ids}`;
}

/** Everything a device needs to judge an event's tickets offline. */
export async function checkInList(
  db: Db,
  env: CodeEnv,
  eventId: number,
  list: ListInHand = ENTRY,
): Promise<
  { eventTitle: string; eventDate: string; entries: CheckInListEntry[]; checkedIn: number; confirmed: number } | undefined
> {
  const [event] = await db.select({ title: events.title, date: events.date }).from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  let rows = await selectAttendees(db).where(eq(registrations.eventId, eventId)).orderBy(registrations.id);
  if (list.ticketTypeIds.length > 0)
    rows = rows.filter((row) => row.ticketId !== null && list.ticketTypeIds.includes(row.ticketId));
  if (list.id !== ENTRY_LIST_ID) {
    // Another list's admissions (decision 065), read by the event's attendees in one go.
    const admitted = await db
      .select({ registrationId: checkIns.registrationId, checkedInAt: checkIns.checkedInAt, gate: checkIns.gate })
      .from(checkIns)
      .innerJoin(registrations, eq(registrations.id, checkIns.registrationId))
      .where(and(eq(registrations.eventId, eventId), eq(checkIns.list, list.id)));
    const byId = new Map(admitted.map((a) => [a.registrationId, a]));
    rows = rows.map((row) => {
      const own = byId.get(row.id);
      return { ...row, checkInTime: own?.checkedInAt ?? null, checkInGate: own?.gate ?? null };
    });
  }
  const entries = rows.map((row) => ({
    code: signedTicketCode(env, row.registrationNumber, row.eventId),
    registrationNumber: row.registrationNumber,
    bookingReference: row.bookingReference || row.registrationNumber,
    name: `${row.firstName} ${row.lastName}`.trim(),
    ticketName: row.ticketName,
    status: row.status,
    paymentStatus: row.paymentStatus,
    checkInTime: row.checkInTime,
    gate: row.checkInGate,
  }));
  const admitted = rows.filter((row) => row.paymentStatus === 'Paid' && row.status !== 'Cancelled');
  return {
    eventTitle: event.title,
    eventDate: event.date,
    entries,
    checkedIn: admitted.filter((row) => row.checkInTime).length,
    confirmed: admitted.length,
  };
}
