// An organiser's public page (decision 054): its profile and its events, for approved organisations only.
import { and, desc, eq, lt, notInArray, or } from 'drizzle-orm';
import { indiaToday, ORGANISER_PAST_EVENTS, ORGANISER_UPCOMING_EVENTS, type OrganiserPage, type SportEvent } from '../contract';
import type { Db } from '../db/client';
import { events, organisations } from '../db/schema';
import { eventWithAggregates, listPublicEvents, toSportEvent } from './events';

/** What decides the page's cached answer besides the events: the organisation's row as last changed. */
export interface PublicOrganiserVersion {
  id: number;
  updatedAt: string;
}

/**
 * The approved organisation with this slug (its id and when it last changed), or undefined: an
 * applied, suspended or unknown one alike. One read of the slug's unique index.
 */
export async function approvedOrganiserVersion(db: Db, slug: string): Promise<PublicOrganiserVersion | undefined> {
  const [row] = await db
    .select({ id: organisations.id, updatedAt: organisations.updatedAt })
    .from(organisations)
    .where(and(eq(organisations.slug, slug), eq(organisations.status, 'approved')));
  return row;
}

/**
 * Its events that are over, most recent first: published ones (not Draft, not Cancelled: a
 * cancelled event did not take place) before India's today, or Completed. A backward range of
 * events_organisation_idx.
 */
export async function listPastEvents(db: Db, organisationId: number, now = new Date(), limit = ORGANISER_PAST_EVENTS) {
  const rows = await db
    .select(eventWithAggregates)
    .from(events)
    .where(
      and(
        eq(events.organisationId, organisationId),
        notInArray(events.status, ['Draft', 'Cancelled']),
        or(lt(events.date, indiaToday(now)), eq(events.status, 'Completed')),
      ),
    )
    .orderBy(desc(events.date), desc(events.time), desc(events.id))
    .limit(limit);
  return rows.map(toSportEvent);
}

/** The page of the approved organisation with this slug, or undefined. */
export async function getPublicOrganiser(db: Db, slug: string, now = new Date()): Promise<OrganiserPage | undefined> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(and(eq(organisations.slug, slug), eq(organisations.status, 'approved')));
  if (!row) return undefined;
  // The same answer as GET /api/events?organiser={slug}&limit=…, so the page's "Show more" reads on from it.
  const upcoming = await listPublicEvents(db, { organiser: slug, limit: ORGANISER_UPCOMING_EVENTS }, now);
  const pastEvents: SportEvent[] = await listPastEvents(db, row.id, now);
  return {
    slug: row.slug,
    displayName: row.displayName,
    about: row.about,
    logoUrl: row.logoUrl,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    state: row.state,
    brandColour: row.brandColour,
    upcomingEvents: upcoming.events,
    upcomingNextCursor: upcoming.nextCursor,
    pastEvents,
  };
}
