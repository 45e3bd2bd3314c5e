// Tenancy in the data layer (decision 051). Every organiser-owned row belongs to one organisation:
// an event names its organisation, and everything under an event (ticket types, orders, attendees,
// promo codes, group discounts, waiting lists and rooms, cancellations) is the event's
// organisation's; invoices and audit entries name theirs. Nothing is stored twice to say so.
//
// Two tools keep a member of one organisation to its own rows:
//   - ownerOf(kind, id): which organisation owns a record named in a path, a query string or a
//     body. routes/admin.ts asks it once for every id a path carries, before any route runs
//     (another organisation's id answers 404, as an id that does not exist does); services ask it
//     for ids that arrive in a body.
//   - the scope conditions (ownEvents, inOwnEvents...) that every list, count and export adds to
//     its query, so that a list never holds another organisation's row.
// routes/tenancy.test.ts walks every admin route as one organisation's admin with another's ids.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Db } from './client';
import {
  apiTokens,
  checkInLists,
  dataRequests,
  events,
  groupDiscounts,
  invoices,
  orders,
  promoCodes,
  registrations,
  ticketTypes,
  waitingListEntries,
  webhookEndpoints,
} from './schema';

/** The organisation a request acts for: every admin query is scoped to it. */
export type OrganisationId = number;

/** The condition on `events` that keeps the organisation's own. */
export const ownEvents = (organisationId: OrganisationId): SQL => eq(events.organisationId, organisationId);

/**
 * The condition on any table with an event id column that keeps the rows under the organisation's
 * events (a semi-join the indexes on event_id answer: events_organisation_idx gives the ids).
 */
export const inOwnEvents = (eventIdColumn: AnyColumn, organisationId: OrganisationId): SQL =>
  inArray(eventIdColumn, sql`(select ${events.id} from ${events} where ${events.organisationId} = ${organisationId})`);

/**
 * An organisation's attendees (and positions): `registrations.organisation_id`, the event's own by
 * the composite foreign key (decision 059), on which the console's indexes lead.
 */
export const ownRegistrations = (organisationId: OrganisationId): SQL => eq(registrations.organisationId, organisationId);

/** An organisation's ticket types: `ticket_types.organisation_id`, the event's own by the same kind of key (decision 059). */
export const ownTicketTypes = (organisationId: OrganisationId): SQL => eq(ticketTypes.organisationId, organisationId);

/** The organisation of an event, as a value an INSERT of its attendees can name (decision 059). */
export const organisationOfEvent = (eventId: number): SQL =>
  sql`(select ${events.organisationId} from ${events} where ${events.id} = ${eventId})`;

/** The records an id can name in an admin path, query string or body. */
export type OwnedKind =
  | 'event'
  | 'ticketType'
  | 'registration'
  | 'order'
  | 'invoice'
  | 'promoCode'
  | 'groupDiscount'
  | 'checkInList'
  | 'waitingListEntry'
  | 'registrationNumber'
  | 'dataRequest'
  | 'apiToken'
  | 'webhookEndpoint';

/** The organisation that owns the record, or undefined when there is none with that id. */
export async function ownerOf(db: Db, kind: OwnedKind, id: number | string): Promise<OrganisationId | undefined> {
  const viaEvent = async (eventId: number | null | undefined) => {
    if (eventId == null) return undefined;
    const [row] = await db.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, eventId));
    return row?.organisationId;
  };
  const numeric = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  switch (kind) {
    case 'event':
      return numeric === undefined ? undefined : viaEvent(numeric);
    case 'order': {
      const [row] = await db
        .select({ organisationId: events.organisationId })
        .from(orders)
        .innerJoin(events, eq(events.id, orders.eventId))
        .where(eq(orders.id, String(id)));
      return row?.organisationId;
    }
    case 'registrationNumber': {
      const [row] = await db
        .select({ organisationId: events.organisationId })
        .from(registrations)
        .innerJoin(events, eq(events.id, registrations.eventId))
        .where(eq(registrations.registrationNumber, String(id)))
        .limit(1);
      return row?.organisationId;
    }
    case 'invoice': {
      if (numeric === undefined) return undefined;
      const [row] = await db.select({ organisationId: invoices.organisationId }).from(invoices).where(eq(invoices.id, numeric));
      return row?.organisationId;
    }
    case 'dataRequest': {
      // A buyer's request names the organiser it was made to (decision 055).
      if (numeric === undefined) return undefined;
      const [row] = await db
        .select({ organisationId: dataRequests.organisationId })
        .from(dataRequests)
        .where(eq(dataRequests.id, numeric));
      return row?.organisationId;
    }
    case 'apiToken': {
      // An API token names its organisation (decision 062).
      if (numeric === undefined) return undefined;
      const [row] = await db
        .select({ organisationId: apiTokens.organisationId })
        .from(apiTokens)
        .where(eq(apiTokens.id, numeric));
      return row?.organisationId;
    }
    case 'webhookEndpoint': {
      // A webhook endpoint names its organisation (decision 064).
      if (numeric === undefined) return undefined;
      const [row] = await db
        .select({ organisationId: webhookEndpoints.organisationId })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, numeric));
      return row?.organisationId;
    }
    default: {
      if (numeric === undefined) return undefined;
      const table = {
        ticketType: ticketTypes,
        registration: registrations,
        promoCode: promoCodes,
        groupDiscount: groupDiscounts,
        checkInList: checkInLists,
        waitingListEntry: waitingListEntries,
      }[kind];
      const [row] = await db
        .select({ organisationId: events.organisationId })
        .from(table)
        .innerJoin(events, eq(events.id, table.eventId))
        .where(eq(table.id, numeric));
      return row?.organisationId;
    }
  }
}

/** Whether the organisation owns the record (false for one that does not exist). */
export async function owns(db: Db, organisationId: OrganisationId, kind: OwnedKind, id: number | string): Promise<boolean> {
  return (await ownerOf(db, kind, id)) === organisationId;
}

/** Of these event ids, the ones the organisation owns. */
export async function ownedEventIds(db: Db, organisationId: OrganisationId, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, [...ids]), eq(events.organisationId, organisationId)));
  return new Set(rows.map((r) => r.id));
}

/**
 * An order's event as the e-mails and documents about it name it: its title and the organisation
 * that sells it, read where they live; undefined for an order whose event is gone (or none).
 */
export async function eventTitleAndOwner(db: Db, eventId: number | null) {
  if (eventId === null) return undefined;
  const [row] = await db
    .select({ title: events.title, organisationId: events.organisationId })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}
