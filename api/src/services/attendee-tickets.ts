// The tickets behind the confirmation e-mail's signed links (DESIGN.md section 3, decision 021):
// the booking reference's link shows every attendee of the order, an attendee's own link only
// theirs; for whoever holds the link's token, nothing for anyone else.
import { asc, eq } from 'drizzle-orm';
import { createEvent } from 'ics';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';
import type { Language } from '../contract';
import type { Env } from '../env';
import { serverT } from '../i18n/messages';
import { instantOfIndiaTime } from './india-time';
import { selectAttendees, type AttendeeRow as RegistrationRow } from '../db/attendee-rows';
import { verifyTicketLinkToken } from '../signing/ticket-links';
import { transferredAttendeeIds } from './my-bookings';

type LinkEnv = Pick<Env, 'sessionSecret' | 'dataDir'>;

/**
 * The attendees of a valid link, in order: the order's when the number is a booking reference, the
 * one attendee's when it is their ticket number; undefined for an invalid link (an unknown number
 * and a bad token look alike).
 */
export async function attendeesForLink(
  db: Db,
  env: LinkEnv,
  number: string,
  token: string | undefined,
): Promise<RegistrationRow[] | undefined> {
  if (!verifyTicketLinkToken(env, number, token)) return undefined;
  const order = await selectAttendees(db).where(eq(registrations.bookingReference, number)).orderBy(asc(registrations.position));
  if (order.length > 0) {
    // A transferred attendee's ticket is its holder's alone (issue 40): the order's link leaves it out.
    const transferred = await transferredAttendeeIds(
      db,
      order.map((r) => r.id),
    );
    const kept = order.filter((r) => !transferred.has(r.id));
    return kept.length > 0 ? kept : undefined;
  }
  const own = await selectAttendees(db).where(eq(registrations.registrationNumber, number)).limit(1);
  return own.length > 0 ? own : undefined;
}

/** Events carry a start only; a calendar entry needs an end. */
const ASSUMED_DURATION_HOURS = 3;

/** The event as an iCalendar file, in UTC, so every calendar app shows the right local time; its words in `language`. */
export function ticketCalendar(
  number: string,
  rows: RegistrationRow[],
  platformName: string,
  ticketUrl: string,
  language: Language = 'en',
): string {
  const row = rows[0]!;
  const start = instantOfIndiaTime(row.eventDate, row.eventTime || '09:00');
  const { error, value } = createEvent({
    uid: `${number}@tdksports.in`,
    title: row.eventName,
    description: serverT(language)('calendar.description', {
      platformName,
      number,
      ticket: [...new Set(rows.map((r) => r.ticketName))].join(', '),
      url: ticketUrl,
    }),
    location: row.eventVenue,
    url: ticketUrl,
    start: [start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate(), start.getUTCHours(), start.getUTCMinutes()],
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: ASSUMED_DURATION_HOURS },
    productId: platformName,
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  return value;
}
