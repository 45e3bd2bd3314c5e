// Participants for the Users screen: the people behind registrations, one per lower-cased e-mail.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Participant, ParticipantStats } from '../contract';
import { isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { events, registrations } from '../db/schema';
import { ownEvents, type OrganisationId } from '../db/tenancy';

/** 'YYYY-MM' of an instant in Asia/Kolkata, where the platform's months turn. */
const kolkataMonth = (iso: string | Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' })
    .format(new Date(iso))
    .slice(0, 7);

/**
 * Name, phone and join date come from the first registration (oldest first), location is the city
 * of that registration's event; eventsJoined counts the distinct events with a registration that is
 * not Cancelled, and a participant with any such registration is Active.
 */
export async function listParticipants(
  db: Db,
  organisationId: OrganisationId,
  now = new Date(),
): Promise<{ participants: Participant[]; stats: ParticipantStats }> {
  const rows = await db
    .select({
      email: registrations.email,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      phone: registrations.phone,
      registrationDate: registrations.registrationDate,
      status: registrations.status,
      eventId: registrations.eventId,
      location: events.location,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(isAttendee, ownEvents(organisationId), ne(registrations.email, '')))
    .orderBy(asc(registrations.registrationDate), asc(registrations.id));

  const byEmail = new Map<string, Participant & { events: Set<number> }>();
  for (const row of rows) {
    const key = row.email.trim().toLowerCase();
    if (!key) continue;
    let p = byEmail.get(key);
    if (!p) {
      p = {
        id: key,
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: key,
        phone: row.phone,
        joinDate: row.registrationDate,
        location: row.location ?? '',
        eventsJoined: 0,
        status: 'Inactive',
        events: new Set(),
      };
      byEmail.set(key, p);
    }
    if (row.status !== 'Cancelled') {
      p.status = 'Active';
      p.events.add(row.eventId);
    }
  }

  const month = kolkataMonth(now);
  const participants: Participant[] = [];
  let activeUsers = 0;
  let newThisMonth = 0;
  let totalEventsJoined = 0;
  for (const { events: joined, ...p } of byEmail.values()) {
    p.eventsJoined = joined.size;
    participants.push(p);
    if (p.status === 'Active') activeUsers++;
    if (kolkataMonth(p.joinDate) === month) newThisMonth++;
    totalEventsJoined += p.eventsJoined;
  }
  // Newest participants first, as a people list is read.
  participants.sort((a, b) => (a.joinDate < b.joinDate ? 1 : a.joinDate > b.joinDate ? -1 : a.id.localeCompare(b.id)));
  return { participants, stats: { totalUsers: participants.length, activeUsers, newThisMonth, totalEventsJoined } };
}
