// An attendee's row as services read it: the `registrations` row and its event's title, date, time
// and venue, read from `events` where they live (decision 036). A postponed or renamed event is
// every attendee's at once: the gate, the ticket, its PDF and .ics, e-mails and exports all read it
// through this module, never from a copy.
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from './client';
import { forUpdateOf } from './functions';
import { events, registrations } from './schema';

/** The event facts an attendee's ticket, e-mail and gate show. */
export interface AttendeeEventFacts {
  eventName: string;
  eventDate: string;
  eventTime: string;
  eventVenue: string;
}

export type AttendeeRow = typeof registrations.$inferSelect & AttendeeEventFacts;

/** The columns of an attendee's row with its event's facts (for a select over the join below). */
export const attendeeColumns = {
  ...getTableColumns(registrations),
  eventName: events.title,
  eventDate: events.date,
  eventTime: events.time,
  eventVenue: events.venue,
};

/** `SELECT <attendee columns> FROM registrations JOIN events`: add `.where`, `.orderBy`, `.limit`. */
export const selectAttendees = (db: Db) =>
  db.select(attendeeColumns).from(registrations).innerJoin(events, eq(events.id, registrations.eventId));

/**
 * Attendee rows that decide a write, locked until the transaction ends: on PostgreSQL only the
 * registrations are locked (FOR UPDATE OF), never their event's row, which checkout reads.
 */
export const lockedAttendees = <Q>(query: Q): Q => forUpdateOf(query, registrations);

/** One attendee's row by id (undefined when there is none). */
export const attendeeById = async (db: Db, id: number): Promise<AttendeeRow | undefined> =>
  (await selectAttendees(db).where(eq(registrations.id, id)))[0];

/** An attendee row as written (an update's `returning()`), with its event's facts read again. */
export async function withEventFacts(db: Db, row: typeof registrations.$inferSelect): Promise<AttendeeRow> {
  const [event] = await db
    .select({ title: events.title, date: events.date, time: events.time, venue: events.venue })
    .from(events)
    .where(eq(events.id, row.eventId));
  return { ...row, ...eventFactsOf(event!) };
}

/** An event row's facts as an attendee's row carries them (for rows just written, the event in hand). */
export const eventFactsOf = (
  event: Pick<typeof events.$inferSelect, 'title' | 'date' | 'time' | 'venue'>,
): AttendeeEventFacts => ({
  eventName: event.title,
  eventDate: event.date,
  eventTime: event.time,
  eventVenue: event.venue,
});
