// An attendee's row as services read it: the `registrations` row, its event's title, date, time
// and venue, read from `events` where they live, and its admission at the gate, read from its
// `check_ins` row of the entry list (decision 036). A postponed or renamed event is every
// attendee's at once: the gate, the ticket, its PDF and .ics, e-mails and exports all read it
// through this module, never from a copy.
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from './client';
import { forUpdateOf } from './functions';
import { ENTRY_LIST } from './model';
import { checkIns, events, registrations, ticketTypes } from './schema';
import type { AgeGroup } from '../contract/age-groups';
import type { StartWave } from '../contract/waves';

/** The event facts an attendee's ticket, e-mail and gate show. */
export interface AttendeeEventFacts {
  eventName: string;
  eventDate: string;
  eventTime: string;
  eventVenue: string;
}

/** The attendee's admission at the gate (the entry list), or nulls while they are not admitted. */
export interface AttendeeEntry {
  checkInTime: string | null;
  checkInGate: string | null;
  checkedInBy: string | null;
}

/**
 * The attendee's race's start waves and wave question (decision 068) and age groups (decision 063),
 * read from `ticket_types` to derive their wave and category.
 */
export interface AttendeeRace {
  raceWaves: StartWave[] | null;
  raceWaveQuestionId: string | null;
  raceAgeGroups: AgeGroup[] | null;
}

export type AttendeeRow = typeof registrations.$inferSelect & AttendeeEventFacts & AttendeeEntry & Partial<AttendeeRace>;

/** The columns of an attendee's row with its event's facts (for a select over the join below). */
export const attendeeColumns = {
  ...getTableColumns(registrations),
  eventName: events.title,
  eventDate: events.date,
  eventTime: events.time,
  eventVenue: events.venue,
  checkInTime: checkIns.checkedInAt,
  checkInGate: checkIns.gate,
  checkedInBy: checkIns.staffEmail,
  raceWaves: ticketTypes.waves,
  raceWaveQuestionId: ticketTypes.waveQuestionId,
  raceAgeGroups: ticketTypes.ageGroups,
};

/**
 * An attendee, not a position of an unpaid order (decision 040: create-order writes its positions
 * on hold; fulfilment makes them attendees). Every read of `registrations` outside checkout and
 * fulfilment keeps to it: a list, count, export, gate, search or figure never shows an unpaid hold.
 */
export const isAttendee = eq(registrations.onHold, false);

/**
 * `SELECT <attendee columns> FROM registrations JOIN events`: add `.where`, `.orderBy`, `.limit`.
 * Attendees only: the join's condition leaves out positions on hold (`isAttendee`), whatever the
 * caller's `.where`.
 */
export const selectAttendees = (db: Db) =>
  db
    .select(attendeeColumns)
    .from(registrations)
    .innerJoin(events, and(eq(events.id, registrations.eventId), isAttendee))
    .leftJoin(checkIns, and(eq(checkIns.registrationId, registrations.id), eq(checkIns.list, ENTRY_LIST)))
    .leftJoin(ticketTypes, eq(ticketTypes.id, registrations.ticketId));

/**
 * Attendee rows that decide a write, locked until the transaction ends: on PostgreSQL only the
 * registrations are locked (FOR UPDATE OF), never their event's row, which checkout reads.
 */
export const lockedAttendees = <Q>(query: Q): Q => forUpdateOf(query, registrations);

/** One attendee's row by id (undefined when there is none). */
export const attendeeById = async (db: Db, id: number): Promise<AttendeeRow | undefined> =>
  (await selectAttendees(db).where(eq(registrations.id, id)))[0];

/** An attendee row as written (an update's `returning()`), with its event's facts and entry read again. */
export async function withEventFacts(db: Db, row: typeof registrations.$inferSelect): Promise<AttendeeRow> {
  return (
    (await attendeeById(db, row.id)) ?? { ...row, eventName: '', eventDate: '', eventTime: '', eventVenue: '', ...NOT_ADMITTED }
  );
}

/** An attendee not admitted (yet): a row just written by checkout. */
export const NOT_ADMITTED: AttendeeEntry = { checkInTime: null, checkInGate: null, checkedInBy: null };

/** An event row's facts as an attendee's row carries them (for rows just written, the event in hand). */
export const eventFactsOf = (
  event: Pick<typeof events.$inferSelect, 'title' | 'date' | 'time' | 'venue'>,
): AttendeeEventFacts => ({
  eventName: event.title,
  eventDate: event.date,
  eventTime: event.time,
  eventVenue: event.venue,
});
