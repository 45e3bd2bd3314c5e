// The arrival and ID notes of events (issue 27), read where they live, on the event: the ticket page
// (through services/registrations.ts) and the e-mails (mail/) show the same words.
import { inArray } from 'drizzle-orm';
import { eventNoteFieldsOf, type EventNoteFields } from '../contract';
import type { Db } from './client';
import { events } from './schema';

/** The arrival and ID notes of these rows' events, by event id: each ticket shows its own event's. */
export async function eventNotesOfRows(db: Db, rows: { eventId: number }[]): Promise<Map<number, EventNoteFields>> {
  const ids = [...new Set(rows.map((r) => r.eventId))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: events.id, arrivalNote: events.arrivalNote, idNote: events.idNote, location: events.location })
    .from(events)
    .where(inArray(events.id, ids));
  return new Map(found.map((e) => [e.id, eventNoteFieldsOf(e)]));
}
