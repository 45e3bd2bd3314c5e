import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, gte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  cityOfVenue,
  isOnlineLocation,
  NOTE_DEFAULT_TEXTS,
  storedNote,
  encodeEventsCursor,
  EVENTS_PAGE_SIZE,
  indiaToday,
  ONLINE_CITY,
  fieldModesOf,
  selfServiceOf,
  type EventInput,
  type EventQuestion,
  type EventsQuery,
  type EventsResponse,
  type SportEvent,
} from '../contract';
import { ORGANISATION_MESSAGES, type OrganisationStatus } from '../contract/organisations';
import { isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { containsInsensitive, forUpdate, indiaTodaySql } from '../db/functions';
import { events, organisations, registrations, ticketTypes } from '../db/schema';
import { hasPaidAttendees } from './event-cancellations';
import { offerFreedSeats } from './inventory';
import { toPaise, toRupees } from '../contract/money';
import { StaleEditError } from './stale-edit';
import { readSettings } from './settings';
import { recordWebhookEvent } from './webhook-outbox';

// Both aggregates are correlated subqueries in the one list query, so a list costs one statement.
// They name tables explicitly: drizzle drops the table from column names in a single-table select,
// and an unqualified "id" inside the subquery would mean the ticket's id.
// The prices a buyer can pay are the ticket types on sale and not past their last day (what GET
// /api/events/:id/tickets lists): null for both when none is, never the event's own price standing
// in for a ticket.
const onSale = sql`tt.status = 'Active' and (tt.valid_until is null or substr(tt.valid_until, 1, 10) >= ${indiaTodaySql})`;
const startingPricePaise = sql<number | null>`(
  select min(tt.price_paise) from ticket_types tt where tt.event_id = events.id and ${onSale}
)`;
const highestPricePaise = sql<number | null>`(
  select max(tt.price_paise) from ticket_types tt where tt.event_id = events.id and ${onSale}
)`;
const registeredCount = sql<number>`coalesce((
  select sum(tt.sold) from ticket_types tt where tt.event_id = events.id
), 0)`;
// The organiser an event names (decision 054): its organisation's row by primary key.
const organiserSlug = sql<string>`(select o.slug from organisations o where o.id = events.organisation_id)`;
const organiserName = sql<string>`(select o.display_name from organisations o where o.id = events.organisation_id)`;

export const eventWithAggregates = {
  ...getTableColumns(events),
  startingPricePaise: startingPricePaise.as('starting_price_paise'),
  highestPricePaise: highestPricePaise.as('highest_price_paise'),
  registered: registeredCount.as('registered'),
  organiserSlug: organiserSlug.as('organiser_slug'),
  organiserName: organiserName.as('organiser_name'),
};

type EventRow = typeof events.$inferSelect & {
  startingPricePaise: number | null;
  highestPricePaise: number | null;
  registered: number;
  organiserSlug: string;
  organiserName: string;
};

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(Number(paise)));

export function toSportEvent(row: EventRow): SportEvent {
  return {
    id: row.id,
    organisationId: row.organisationId,
    organiser: { slug: row.organiserSlug, displayName: row.organiserName },
    title: row.title,
    description: row.description,
    date: row.date,
    time: row.time,
    venue: row.venue,
    location: row.location,
    category: row.category,
    maxParticipants: row.maxParticipants,
    price: toRupees(row.pricePaise),
    startingPrice: rupeesOrNull(row.startingPricePaise),
    highestPrice: rupeesOrNull(row.highestPricePaise),
    registered: row.registered,
    imageUrl: row.imageUrl,
    status: row.status,
    // The organiser's name is its organisation's display name (decision 061): no second owner.
    organizer: row.organiserName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    highlights: row.highlights,
    rules: row.rules,
    regulations: row.regulations,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    questions: row.questions,
    participantFields: fieldModesOf(row.participantFields),
    healthReason: row.healthReason,
    offerHours: row.offerHours,
    selfService: selfServiceOf(row.selfService),
    postponement: row.postponement ?? null,
    recognisedSport: row.recognisedSport,
    gstState: row.gstState,
    convenienceFee: convenienceFeeOfRow(row),
    notes: { arrivalNote: row.arrivalNote, idNote: row.idNote, online: isOnlineLocation(row.location) },
    ...eventTranslations(row),
  };
}

/** Staff's Hindi and Marathi title and description, when there are any (decision 019). */
function eventTranslations(row: EventRow): Pick<SportEvent, 'translations'> {
  const hi = { title: row.titleHi, description: row.descriptionHi };
  const mr = { title: row.titleMr, description: row.descriptionMr };
  const given = (text: { title: string | null; description: string | null }) => Boolean(text.title || text.description);
  if (!given(hi) && !given(mr)) return {};
  return { translations: { ...(given(hi) ? { hi } : {}), ...(given(mr) ? { mr } : {}) } };
}

/** The city stored as an event's location: the contract's one rule, shared with the admin screens. */
export const locationOfVenue = (venue: string): string => cityOfVenue(venue);

/**
 * The public list: published events that have not ended (contract `hasEventEnded`: not Completed
 * and not before India's today). A city means what a buyer there can attend: that city's events
 * and every Online one.
 */
function publicFilters(query: EventsQuery, today: string): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    notInArray(events.status, ['Draft', 'Completed', 'Cancelled']),
    gte(events.date, today),
    organiserNotSuspended,
  ];
  const category = query.category?.trim();
  if (category && category.toLowerCase() !== 'all') {
    filters.push(sql`lower(${events.category}) = lower(${category})`);
  }
  const city = query.city?.trim();
  if (city) filters.push(or(containsInsensitive(events.location, city), eq(events.location, ONLINE_CITY)));
  // One approved organiser's events (decision 054): its id is read once (the slug is unique), and
  // the list is then a range of events_organisation_idx (organisation, date, time, id). An unknown,
  // applied or suspended slug names no organisation: an empty list.
  if (query.organiser) filters.push(eq(events.organisationId, approvedOrganisationId(query.organiser)));
  const q = query.q?.trim();
  if (q) {
    filters.push(
      or(containsInsensitive(events.title, q), containsInsensitive(events.venue, q), containsInsensitive(events.category, q)),
    );
  }
  return and(...filters);
}

/**
 * A suspended organisation's events are not public (decision 052). The suspended organisations are
 * a handful: the subquery is read once (organisations by status) and each event row is checked
 * against it, so the list still walks events_date_idx and an event page its primary key.
 */
export const organiserNotSuspended: SQL = notInArray(
  events.organisationId,
  sql`(select ${organisations.id} from ${organisations} where ${organisations.status} = 'suspended')`,
);

/** The id of the approved organisation with this slug, as a scalar subquery (null when there is none). */
export const approvedOrganisationId = (slug: string) =>
  sql<number>`(select o.id from organisations o where o.slug = ${slug} and o.status = 'approved')`;

/** Soonest first: date, time, then id. */
export const byDate = [asc(events.date), asc(events.time), asc(events.id)];

/**
 * One page of the events a buyer can still attend, soonest first: `limit` of them after the
 * cursor's key, read as a range of events_date_idx (date and time, then the id), and the
 * cursor of the next page when there is more. An ended event keeps its page (getPublicEvent).
 */
export async function listPublicEvents(db: Db, query: EventsQuery = {}, now = new Date()): Promise<EventsResponse> {
  const limit = query.limit ?? EVENTS_PAGE_SIZE;
  const after =
    query.cursor &&
    sql`(${events.date}, ${events.time}, ${events.id}) > (${query.cursor.date}, ${query.cursor.time}, ${query.cursor.id})`;
  const rows = await db
    .select(eventWithAggregates)
    .from(events)
    .where(and(publicFilters(query, indiaToday(now)), after))
    .orderBy(...byDate)
    // One more than the page says whether a next page exists without counting the rest.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(toSportEvent),
    nextCursor: rows.length > limit && last ? encodeEventsCursor(last) : null,
  };
}

/** A public event, or undefined when it does not exist, is a Draft or its organiser is suspended. */
export async function getPublicEvent(db: Db, id: number): Promise<SportEvent | undefined> {
  const [row] = await db
    .select({
      ...eventWithAggregates,
      legalName: organisations.legalName,
      emailNotifications: organisations.emailNotifications,
      retentionDays: organisations.retentionDays,
      noticeVersion: organisations.noticeVersion,
    })
    .from(events)
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(and(eq(events.id, id), ne(events.status, 'Draft'), organiserNotSuspended));
  if (!row) return undefined;
  // The organiser's legal name too (decision 055): the seller, and the one collecting the buyer's data;
  // and its Email Notifications and retention period (decision 056), which the registration form states.
  const event = toSportEvent(row);
  return {
    ...event,
    organiser: {
      ...event.organiser,
      legalName: row.legalName,
      emailNotifications: row.emailNotifications,
      retentionDays: row.retentionDays,
      // The organiser's part of the notice version the form sends back with the consent (decision 061).
      noticeVersion: row.noticeVersion,
    },
  };
}

export async function isPublicEvent(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), ne(events.status, 'Draft'), organiserNotSuspended));
  return row !== undefined;
}

export const toAdminEvent = (row: EventRow): SportEvent => ({
  ...toSportEvent(row),
  pendingStatus: row.pendingStatus,
  reviewNote: row.reviewNote,
});

/** An event by id whatever its status (the admin screens). */
export async function getAdminEvent(db: Db, id: number): Promise<SportEvent | undefined> {
  const [row] = await db.select(eventWithAggregates).from(events).where(eq(events.id, id));
  return row && toAdminEvent(row);
}

/** The event's row, locked until the transaction ends, when the write it decides follows. */
async function eventForUpdate(tx: Db, id: number) {
  const [row] = await forUpdate(tx.select().from(events).where(eq(events.id, id)));
  return row;
}

/** How an organisation's event may leave Draft (decision 052). */
export interface PublishPolicy {
  /**
   * Event Approval Required applies (the platform's setting on, the organisation not trusted): an
   * event asked to go live is Submitted (kept Draft with the status asked for in pending_status)
   * until platform staff approve or send it back.
   */
  holdForApproval?: boolean;
  /** The organisation's status: only an approved one publishes or submits (PublishRefused otherwise). */
  organisationStatus?: OrganisationStatus;
}

/** An applied or suspended organisation asked to publish or submit an event: refused. */
export class PublishRefused extends Error {
  override name = 'PublishRefused';
}

/**
 * The status columns an event is saved with. An event created live, or moved out of Draft, is
 * publishing: refused for an organisation that is not approved, held for review under Event
 * Approval Required. An event already out of Draft stays out.
 */
function statusColumns(input: EventInput, policy: PublishPolicy, currentStatus: EventInput['status'] | null) {
  const publishing = input.status !== 'Draft' && (currentStatus === null || currentStatus === 'Draft');
  if (publishing && policy.organisationStatus === 'applied') throw new PublishRefused(ORGANISATION_MESSAGES.notApproved);
  if (publishing && policy.organisationStatus === 'suspended') throw new PublishRefused(ORGANISATION_MESSAGES.suspended);
  // Submitted or published, a sent-back event's reason has been answered.
  return policy.holdForApproval && publishing
    ? { status: 'Draft' as const, pendingStatus: input.status, reviewNote: null }
    : { status: input.status, pendingStatus: null, ...(publishing && { reviewNote: null }) };
}

/** A cancelled event is kept as it was cancelled (decision 025): no edit, no approval. */
export class EventCancelledError extends Error {
  override name = 'EventCancelledError';
  constructor() {
    super('This event is cancelled and can no longer be edited');
  }
}

const eventColumns = (input: EventInput) => ({
  title: input.title,
  description: input.description,
  category: input.category,
  date: input.date,
  time: input.time,
  venue: input.venue,
  // The form's city is the event's location (the filters' key); 'Online' included.
  location: input.city,
  maxParticipants: input.maxParticipants,
  pricePaise: toPaise(input.price),
  imageUrl: input.imageUrl,
  status: input.status,
  contactEmail: input.contactEmail.toLowerCase(),
  contactPhone: input.contactPhone,
  highlights: input.highlights,
  rules: input.rules,
  regulations: input.regulations,
  // Staff's Hindi and Marathi title and description (decision 019); empty is none.
  titleHi: input.titleHi || null,
  titleMr: input.titleMr || null,
  descriptionHi: input.descriptionHi || null,
  descriptionMr: input.descriptionMr || null,
  // The arrival and ID notes: the default for the event's kind is kept as null (shown translated).
  ...(input.arrivalNote !== undefined ? { arrivalNote: storedNote(input.arrivalNote, NOTE_DEFAULT_TEXTS.arrivalNote) } : {}),
  ...(input.idNote !== undefined ? { idNote: storedNote(input.idNote, NOTE_DEFAULT_TEXTS.idNote) } : {}),
  // Questions per event (issue 23): a form that does not send them leaves them as they are.
  ...(input.questions !== undefined ? { questions: withQuestionIds(input.questions) } : {}),
  ...(input.participantFields !== undefined ? { participantFields: input.participantFields } : {}),
  ...(input.healthReason !== undefined ? { healthReason: input.healthReason } : {}),
  ...(input.offerHours !== undefined ? { offerHours: input.offerHours } : {}),
  ...(input.selfService !== undefined ? { selfService: input.selfService } : {}),
  ...(input.recognisedSport !== undefined ? { recognisedSport: input.recognisedSport } : {}),
  ...(input.gstState !== undefined ? { gstState: input.gstState } : {}),
  ...(input.convenienceFee !== undefined ? convenienceFeeColumns(input.convenienceFee) : {}),
});

/**
 * The convenience fee as stored (decision 060): an amount in paise, a percentage in hundredths of a
 * percent (2.5 percent is 250), so both are whole numbers; no kind is no fee.
 */
export function convenienceFeeColumns(fee: EventInput['convenienceFee']) {
  if (!fee) return { convenienceFeeKind: null, convenienceFeeValue: 0 };
  return { convenienceFeeKind: fee.kind, convenienceFeeValue: Math.round(fee.value * 100) };
}

/** The event's convenience fee as the form and the page show it (rupees or percent); null: none. */
export function convenienceFeeOfRow(row: { convenienceFeeKind: 'percent' | 'amount' | null; convenienceFeeValue: number }) {
  return row.convenienceFeeKind ? { kind: row.convenienceFeeKind, value: row.convenienceFeeValue / 100 } : null;
}

/** An event's convenience fee above the platform's maximum per ticket (Settings). */
export class ConvenienceFeeTooHigh extends Error {
  override name = 'ConvenienceFeeTooHigh';
  constructor(maxRupees: number) {
    super(`Convenience fee must be at most ₹${maxRupees.toLocaleString('en-IN')} per ticket (the platform's maximum)`);
  }
}

async function checkConvenienceFee(tx: Db, fee: EventInput['convenienceFee']) {
  if (fee?.kind !== 'amount') return;
  const { maxConvenienceFeeRupees } = await readSettings(tx);
  if (fee.value > maxConvenienceFeeRupees) throw new ConvenienceFeeTooHigh(maxConvenienceFeeRupees);
}

/** The event form's questions as stored: each keeps its id, a new one is given one (answers are kept by it). */
function withQuestionIds(questions: NonNullable<EventInput['questions']>): EventQuestion[] {
  const taken = new Set(questions.map((q) => q.id).filter(Boolean));
  return questions.map((q) => {
    let id = q.id;
    while (!id || (taken.has(id) && id !== q.id)) id = randomBytes(5).toString('hex').slice(0, 8);
    taken.add(id);
    return {
      id,
      kind: q.kind,
      label: q.label,
      helpText: q.helpText ?? '',
      required: q.required ?? false,
      options: q.options ?? [],
      waiverText: q.waiverText ?? '',
      ticketIds: q.ticketIds ?? [],
    };
  });
}

export async function createEvent(
  tx: Db,
  organisationId: number,
  input: EventInput,
  now = new Date(),
  policy: PublishPolicy = {},
): Promise<SportEvent> {
  const at = now.toISOString();
  await checkConvenienceFee(tx, input.convenienceFee);
  const [created] = await tx
    .insert(events)
    .values({
      organisationId,
      ...eventColumns(input),
      ...statusColumns(input, policy, null),
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: events.id, status: events.status });
  // Published at once (not a draft, nor held for approval): the organisation's webhooks (decision 074).
  if (created!.status !== 'Draft') await recordWebhookEvent(tx, organisationId, 'event.published', created!.id, now);
  return (await getAdminEvent(tx, created!.id))!;
}

/** Saves the form over the event; undefined when there is none, StaleEditError when it changed since. */
export async function updateEvent(
  tx: Db,
  id: number,
  input: EventInput & { updatedAt: string },
  now = new Date(),
  policy: PublishPolicy = {},
) {
  const before = await eventForUpdate(tx, id);
  if (!before) return undefined;
  if (before.updatedAt !== input.updatedAt) throw new StaleEditError('event');
  if (before.status === 'Cancelled') throw new EventCancelledError();
  // Race day moves only through Postpone (decision 025), which tells every buyer and opens their
  // refund window: an edit may not move it under them silently.
  if ((input.date !== before.date || input.time !== before.time) && (await hasPaidAttendees(tx, id))) {
    throw new EventMoveRefused();
  }
  await checkConvenienceFee(tx, input.convenienceFee);
  const [after] = await tx
    .update(events)
    .set({
      ...eventColumns(input),
      ...statusColumns(input, policy, before.status),
      updatedAt: now.toISOString(),
    })
    .where(eq(events.id, id))
    .returning();
  // Seats a raised max participants (or the event back on sale) freed go to the waiting list first.
  await offerFreedSeats(tx, id, now);
  await recordWebhookEvent(tx, before.organisationId, 'event.updated', id, now);
  if (before.status === 'Draft' && after!.status !== 'Draft')
    await recordWebhookEvent(tx, before.organisationId, 'event.published', id, now);
  return { before, after: after! };
}

/** An event with paid attendees changes its date or time through Postpone, never an edit. */
export class EventMoveRefused extends Error {
  override name = 'EventMoveRefused';
  constructor() {
    super(
      'This event has paid attendees: use Postpone to change its date or time, so that they are told and may cancel for a refund',
    );
  }
}

/** An event with attendees who paid is cancelled and refunded (decision 025), never deleted. */
export class PaidAttendeesError extends Error {
  override name = 'PaidAttendeesError';
  constructor() {
    super('This event has paid attendees: cancel it instead, so that they are refunded and told');
  }
}

/**
 * Deletes an event with its ticket types and registrations (as the dialog warns), returning all
 * of it for the audit log's snapshot; undefined when there is none. Orders keep their history
 * (their event id is cleared by the foreign key).
 */
export async function deleteEvent(tx: Db, id: number) {
  const event = await eventForUpdate(tx, id);
  if (!event) return undefined;
  if (await hasPaidAttendees(tx, id)) throw new PaidAttendeesError();
  const tickets = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, id)).orderBy(ticketTypes.id);
  const removed = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, id), isAttendee))
    .orderBy(registrations.id);
  await tx.delete(events).where(eq(events.id, id));
  return { event, tickets, registrations: removed };
}
