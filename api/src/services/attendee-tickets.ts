// The attendee's own ticket, opened from the confirmation e-mail's signed link (DESIGN.md section
// 3): the whole registration for whoever holds the link's token, nothing for anyone else.
import { eq } from 'drizzle-orm';
import { createEvent } from 'ics';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';
import type { Language } from '../contract';
import type { Env } from '../env';
import { serverT } from '../i18n/messages';
import { instantOfIndiaTime } from './india-time';
import type { RegistrationRow } from './registrations';
import { verifyTicketLinkToken } from './ticket-links';

type LinkEnv = Pick<Env, 'sessionSecret' | 'dataDir'>;

/** The registration of a valid link, else undefined (an unknown number and a bad token look alike). */
export async function registrationForLink(
  db: Db,
  env: LinkEnv,
  registrationNumber: string,
  token: string | undefined,
): Promise<RegistrationRow | undefined> {
  if (!verifyTicketLinkToken(env, registrationNumber, token)) return undefined;
  const [row] = await db.select().from(registrations).where(eq(registrations.registrationNumber, registrationNumber)).limit(1);
  return row;
}

/** Events carry a start only; a calendar entry needs an end. */
const ASSUMED_DURATION_HOURS = 3;

/** The event as an iCalendar file, in UTC, so every calendar app shows the right local time; its words in `language`. */
export function ticketCalendar(row: RegistrationRow, platformName: string, ticketUrl: string, language: Language = 'en'): string {
  const start = instantOfIndiaTime(row.eventDate, row.eventTime || '09:00');
  const { error, value } = createEvent({
    uid: `${row.registrationNumber}@tdksports.in`,
    title: row.eventName,
    description: serverT(language)('calendar.description', {
      platformName,
      number: row.registrationNumber,
      ticket: row.ticketName,
      quantity: row.quantity,
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
