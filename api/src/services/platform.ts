// The platform staff's work (issue 41, decision 052): every organisation with its figures, their
// approval, suspension and reinstatement, the platform's notes and trusted exception, the first
// admin of an organisation the platform creates, and the review of organisers' events under Event
// Approval Required. Services take the transaction and throw domain errors; routes/platform.ts maps
// them to answers and audits each change in the same transaction.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  ORGANISATION_MESSAGES,
  PLATFORM_MESSAGES,
  type EventForReview,
  type OrganisationProfile,
  type OrganisationStatus,
  type PlatformOrganisation,
  type PlatformOrganisationsQuery,
  type PlatformOrganisationSummary,
  type UpdateOrganisationInput,
} from '../contract/platform';
import { toRupees } from '../contract/money';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { forUpdate } from '../db/functions';
import { PAID_ORDER_STATUSES } from '../db/model';
import { events, memberships, organisations, staffUsers } from '../db/schema';
import { EMAIL_KINDS, enqueueStaffEmail } from '../mail/outbox';
import { recordWebhookEvent } from './webhook-outbox';
import { formatEventDate, formatEventTime, staffNotice } from '../mail/templates';
import { eventWithAggregates, getAdminEvent, toSportEvent } from './events';
import { readSettings } from './settings';
import { administratorAddresses } from './staff-notices';
import { createStaffAccount } from './staff';
import { listActiveTicketsForEvent } from './tickets';

/** A change the organisation's state does not allow (approving an approved one...): a conflict. */
export class OrganisationStateError extends Error {
  override name = 'OrganisationStateError';
}

/** The slug asked for is another organisation's. */
export class SlugTakenError extends Error {
  override name = 'SlugTakenError';
  constructor() {
    super(ORGANISATION_MESSAGES.slugTaken);
  }
}

/** The event is not waiting for review. */
export class NotSubmittedError extends Error {
  override name = 'NotSubmittedError';
  constructor() {
    super(PLATFORM_MESSAGES.notSubmitted);
  }
}

// Each figure is a correlated subquery on the organisation's row: events_organisation_idx answers
// the events and their cached takings (events.taken_paise, decision 041), orders_event_status_idx
// the paid orders, so the list costs one statement.
const eventCount = sql<number>`(select count(*) from events e where e.organisation_id = organisations.id)`.mapWith(Number);
const paidOrderCount = sql<number>`(
  select count(*) from orders o where o.status in (${sql.join(
    PAID_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}) and o.event_id in (select e.id from events e where e.organisation_id = organisations.id)
)`.mapWith(Number);
const takenPaise = sql<number>`(
  select coalesce(sum(e.taken_paise), 0) from events e where e.organisation_id = organisations.id
)`.mapWith(Number);

const summaryColumns = {
  id: organisations.id,
  slug: organisations.slug,
  displayName: organisations.displayName,
  legalName: organisations.legalName,
  contactEmail: organisations.contactEmail,
  status: organisations.status,
  statusReason: organisations.statusReason,
  trusted: organisations.trusted,
  createdAt: organisations.createdAt,
  events: eventCount,
  paidOrders: paidOrderCount,
  takenPaise,
};

type SummaryRow = {
  id: number;
  slug: string;
  displayName: string;
  legalName: string;
  contactEmail: string;
  status: OrganisationStatus;
  statusReason: string;
  trusted: boolean;
  createdAt: string;
  events: number;
  paidOrders: number;
  takenPaise: number;
};

const toSummary = ({ events: eventTotal, paidOrders, takenPaise: taken, ...row }: SummaryRow): PlatformOrganisationSummary => ({
  ...row,
  counts: { events: eventTotal, paidOrders, moneyTaken: toRupees(taken) },
});

/** Every organisation (or those of one status), those awaiting approval first, then the newest. */
export async function listOrganisations(db: Db, query: PlatformOrganisationsQuery = {}): Promise<PlatformOrganisationSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(organisations)
    .where(query.status ? eq(organisations.status, query.status) : undefined)
    .orderBy(
      sql`case when ${organisations.status} = 'applied' then 0 else 1 end`,
      desc(organisations.createdAt),
      desc(organisations.id),
    );
  return rows.map(toSummary);
}

/** One organisation with its profile, the platform's notes and its admins; undefined when there is none. */
export async function getOrganisation(db: Db, id: number): Promise<PlatformOrganisation | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      about: organisations.about,
      logoUrl: organisations.logoUrl,
      contactPhone: organisations.contactPhone,
      state: organisations.state,
      address: organisations.address,
      pan: organisations.pan,
      gstin: organisations.gstin,
      platformNotes: organisations.platformNotes,
      commissionBasisPoints: organisations.commissionBasisPoints,
      updatedAt: organisations.updatedAt,
    })
    .from(organisations)
    .where(eq(organisations.id, id));
  if (!row) return undefined;
  const {
    about,
    logoUrl,
    contactPhone,
    state,
    address,
    pan,
    gstin,
    platformNotes,
    commissionBasisPoints,
    updatedAt,
    ...summary
  } = row;
  const admins = await db
    .select({ fullName: staffUsers.fullName, email: staffUsers.email })
    .from(memberships)
    .innerJoin(staffUsers, eq(staffUsers.id, memberships.staffUserId))
    .where(and(eq(memberships.organisationId, id), eq(memberships.role, 'admin')))
    .orderBy(asc(staffUsers.id));
  return {
    ...toSummary(summary),
    about,
    logoUrl,
    contactPhone,
    state,
    address,
    commissionPercent: commissionBasisPoints === null ? null : commissionBasisPoints / 100,
    pan,
    gstin,
    platformNotes,
    updatedAt,
    admins,
  };
}

/** The organisation's status and trusted flag (publishing and checkout ask it); undefined when there is none. */
export async function organisationStanding(db: Db, id: number) {
  const [row] = await db
    .select({ status: organisations.status, trusted: organisations.trusted })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row;
}

/**
 * An approved organisation and its first admin (the platform's own sign-up on an organiser's
 * behalf). SlugTakenError for a slug in use, StaffConflictError (services/staff.ts) for the
 * admin's e-mail. The password is hashed by the caller, before the transaction.
 */
export async function createOrganisation(
  tx: Db,
  profile: OrganisationProfile,
  admin: { fullName: string; email: string; passwordHash: string },
  now = new Date(),
): Promise<{ id: number; adminId: number }> {
  const [taken] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, profile.slug));
  if (taken) throw new SlugTakenError();
  const at = now.toISOString();
  let id: number;
  try {
    [{ id }] = (await tx
      .insert(organisations)
      .values({
        slug: profile.slug,
        displayName: profile.displayName,
        legalName: profile.legalName,
        about: profile.about ?? '',
        contactEmail: profile.contactEmail,
        contactPhone: profile.contactPhone,
        state: profile.state,
        address: profile.address ?? '',
        pan: profile.pan,
        gstin: profile.gstin || null,
        status: 'approved',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: organisations.id })) as [{ id: number }];
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTakenError();
    throw error;
  }
  const account = await createStaffAccount(tx, id, { ...admin, role: 'admin' });
  return { id, adminId: account.id };
}

async function organisationForUpdate(tx: Db, id: number) {
  const [row] = await forUpdate(tx.select().from(organisations).where(eq(organisations.id, id)));
  return row;
}

/**
 * The public answers are cached until the database changes (http/db-cache.ts); on PostgreSQL the
 * change counter moves with events, not organisations, so a change to whether an organisation's
 * events are public rewrites one of them unchanged (the counter's trigger fires on any update).
 */
async function touchOrganisationEvents(tx: Db, organisationId: number) {
  await tx
    .update(events)
    .set({ updatedAt: sql`${events.updatedAt}` })
    .where(eq(events.id, sql`(select min(e.id) from events e where e.organisation_id = ${organisationId})`));
}

async function setStatus(tx: Db, id: number, status: OrganisationStatus, reason: string, now: Date) {
  const [after] = await tx
    .update(organisations)
    .set({ status, statusReason: reason, updatedAt: now.toISOString() })
    .where(eq(organisations.id, id))
    .returning();
  await touchOrganisationEvents(tx, id);
  return after!;
}

/** An applied (or suspended) organisation approved: it publishes and sells. */
export async function approveOrganisation(tx: Db, id: number, now = new Date()) {
  const before = await organisationForUpdate(tx, id);
  if (!before) return undefined;
  if (before.status === 'approved') throw new OrganisationStateError(PLATFORM_MESSAGES.alreadyApproved);
  return { before, after: await setStatus(tx, id, 'approved', '', now) };
}

/** An approved organisation suspended: its events leave the public lists and stop selling. */
export async function suspendOrganisation(tx: Db, id: number, reason: string, now = new Date()) {
  const before = await organisationForUpdate(tx, id);
  if (!before) return undefined;
  if (before.status === 'suspended') throw new OrganisationStateError(PLATFORM_MESSAGES.alreadySuspended);
  if (before.status === 'applied') throw new OrganisationStateError(PLATFORM_MESSAGES.appliedCannotBeSuspended);
  return { before, after: await setStatus(tx, id, 'suspended', reason, now) };
}

/** A suspended organisation approved again. */
export async function reinstateOrganisation(tx: Db, id: number, now = new Date()) {
  const before = await organisationForUpdate(tx, id);
  if (!before) return undefined;
  if (before.status !== 'suspended') throw new OrganisationStateError(PLATFORM_MESSAGES.notSuspended);
  return { before, after: await setStatus(tx, id, 'approved', '', now) };
}

/** The platform's notes, the trusted exception and the organisation's commission override (decision 060). */
export async function updateOrganisation(tx: Db, id: number, change: UpdateOrganisationInput, now = new Date()) {
  const before = await organisationForUpdate(tx, id);
  if (!before) return undefined;
  const [after] = await tx
    .update(organisations)
    .set({
      ...(change.platformNotes !== undefined ? { platformNotes: change.platformNotes } : {}),
      ...(change.trusted !== undefined ? { trusted: change.trusted } : {}),
      ...(change.commissionPercent !== undefined
        ? { commissionBasisPoints: change.commissionPercent === null ? null : Math.round(change.commissionPercent * 100) }
        : {}),
      updatedAt: now.toISOString(),
    })
    .where(eq(organisations.id, id))
    .returning();
  return { before, after: after! };
}

/** The organisation's admins told of a decision about it or its event (in the decision's transaction). */
export async function noticeToOrganisation(
  tx: Db,
  organisationId: number,
  kind: 'organisationDecision' | 'eventReview',
  notice: { subject: string; title: string; intro: string; items: [string, string][] },
  now = new Date(),
): Promise<number | null> {
  const { platformName } = await readSettings(tx);
  return enqueueStaffEmail(
    tx,
    EMAIL_KINDS[kind],
    await administratorAddresses(tx, organisationId),
    staffNotice(notice, platformName),
    now,
  );
}

// The review queue: an event Event Approval Required held is Draft with the status its organiser
// asked for in pending_status; the platform's answers call it Submitted.

/** Events waiting for review, the longest waiting first, each as buyers would see it with its tickets. */
export async function listSubmittedEvents(db: Db, now = new Date()): Promise<EventForReview[]> {
  const rows = await db
    .select({
      event: eventWithAggregates,
      organisation: {
        id: organisations.id,
        slug: organisations.slug,
        displayName: organisations.displayName,
        status: organisations.status,
        trusted: organisations.trusted,
      },
    })
    .from(events)
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(and(eq(events.status, 'Draft'), isNotNull(events.pendingStatus)))
    .orderBy(asc(events.updatedAt), asc(events.id));
  return Promise.all(
    rows.map(async ({ event, organisation }) => ({
      ...toSportEvent(event),
      status: 'Submitted' as const,
      pendingStatus: event.pendingStatus!,
      organisation,
      tickets: await listActiveTicketsForEvent(db, event.id, now),
    })),
  );
}

async function submittedForUpdate(tx: Db, id: number) {
  const [row] = await forUpdate(tx.select().from(events).where(eq(events.id, id)));
  if (!row) return undefined;
  if (row.status !== 'Draft' || !row.pendingStatus) throw new NotSubmittedError();
  return row;
}

/**
 * Platform staff approve a submitted event: it takes the status its organiser asked for. An
 * organisation that is not approved cannot publish (OrganisationStateError).
 */
export async function approveSubmittedEvent(tx: Db, id: number, now = new Date()) {
  const before = await submittedForUpdate(tx, id);
  if (!before) return undefined;
  const standing = await organisationStanding(tx, before.organisationId);
  if (standing?.status === 'applied') throw new OrganisationStateError(ORGANISATION_MESSAGES.notApproved);
  if (standing?.status === 'suspended') throw new OrganisationStateError(ORGANISATION_MESSAGES.suspended);
  await tx
    .update(events)
    .set({ status: before.pendingStatus!, pendingStatus: null, reviewNote: null, updatedAt: now.toISOString() })
    .where(eq(events.id, id));
  // Approved: published now (decision 074).
  await recordWebhookEvent(tx, before.organisationId, 'event.published', id, now);
  return { before, after: (await getAdminEvent(tx, id))! };
}

/** Platform staff send a submitted event back: Draft, nothing pending, the reason kept for its organiser (and e-mailed). */
export async function rejectSubmittedEvent(tx: Db, id: number, reason: string, now = new Date()) {
  const before = await submittedForUpdate(tx, id);
  if (!before) return undefined;
  await tx.update(events).set({ pendingStatus: null, reviewNote: reason, updatedAt: now.toISOString() }).where(eq(events.id, id));
  return { before, after: (await getAdminEvent(tx, id))! };
}

/** What the review e-mails name of an event. */
export const eventNoticeItems = (event: { title: string; date: string; time: string; venue: string }): [string, string][] => [
  ['Event', event.title],
  ['Date', formatEventDate(event.date)],
  ['Time', formatEventTime(event.time)],
  ['Venue', event.venue],
];
