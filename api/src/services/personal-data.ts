// Personal data (decision 030, DPDP Act 2023 and Rules 2025): a buyer's copy of everything held
// about their orders, their erasure requests and staff's answer to them, the retention period's
// erasure after an event, and keeping children off marketing lists. Erasure replaces names,
// contacts, dates of birth, answers, medical, emergency and guardian details with a tombstone and
// keeps the money (amounts, payments, refunds, booking references, dates), which tax and payment
// law require. Every export and erasure is audited in the transaction that does it.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { ERASED, type DataRequestView, type ExportedAttendee, type PersonalDataExport } from '../contract';
import { selectAttendees, type AttendeeRow, isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import {
  auditLog,
  buyerSignInLinks,
  checkIns,
  dataRequests,
  emailOutbox,
  events,
  kitAuthorisations,
  newsletterSubscribers,
  orders,
  organisations,
  payments,
  rateLimits,
  refunds,
  registrations,
  waitingListEntries,
} from '../db/schema';
import { recordAudit, type AuditEntryInput } from './audit';
import { releaseHold } from './holds';
import { endOffer } from './inventory';
import { transferredAttendeeIds } from './my-bookings';
import { indiaDay } from './india-time';
import { inOwnEvents, ownRegistrations } from '../db/tenancy';

export type DataRequestRefusalReason = 'not_found' | 'already_handled' | 'nothing_held';

/** What an erasure did, with the e-mails whose words it erased: their .eml files go after the commit (removeMailFiles). */
export interface ErasureOutcome {
  orders: number;
  attendees: number;
  mailIds: number[];
}

/** What a mail keeps once erased: its kind and dates; a mail not yet sent never goes (issue 40). */
const ERASED_MAIL = { to: '', subject: ERASED, html: '', text: '' } as const;
const ERASED_BEFORE_SENDING = 'Not sent: the personal data it held was erased';

/** Erases the words of these e-mails (sent or not; a pending one is never sent). Returns their ids. */
async function eraseMails(tx: Db, where: ReturnType<typeof and>): Promise<number[]> {
  const pending = await tx
    .update(emailOutbox)
    .set({ ...ERASED_MAIL, status: 'failed', lastError: ERASED_BEFORE_SENDING })
    .where(and(where, eq(emailOutbox.status, 'pending')))
    .returning({ id: emailOutbox.id });
  const done = await tx
    .update(emailOutbox)
    .set(ERASED_MAIL)
    .where(and(where, sql`${emailOutbox.status} <> 'pending'`))
    .returning({ id: emailOutbox.id });
  return [...pending, ...done].map((m) => m.id);
}

/** A JSON value with every string that names the person (their e-mail) blanked. */
function withoutEmail(value: unknown, email: string): unknown {
  if (typeof value === 'string') return value.toLowerCase().includes(email) ? '' : value;
  if (Array.isArray(value)) return value.map((v) => withoutEmail(v, email));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutEmail(v, email)]));
  }
  return value;
}

/**
 * The audit log keeps what happened, not who it was (issue 40): entries the person made name the
 * e-mail's digest and no address; entries about their attendees keep which fields changed, not the
 * values; any text naming the e-mail is blanked.
 */
async function eraseAuditText(tx: Db, email: string | null, attendeeIds: number[]): Promise<void> {
  const about = [
    ...(email ? [sql`lower(${auditLog.actorEmail}) = ${email}`] : []),
    ...(attendeeIds.length > 0
      ? [and(eq(auditLog.entity, 'registration'), inArray(auditLog.entityId, attendeeIds.map(String)))]
      : []),
    ...(email ? [sql`lower(cast(${auditLog.detail} as text)) like ${`%${email.replace(/[%_\\]/g, '')}%`}`] : []),
  ];
  if (about.length === 0) return;
  const rows = await tx
    .select()
    .from(auditLog)
    .where(or(...about));
  for (const row of rows) {
    let detail: Record<string, unknown> | null = row.detail ?? null;
    if (detail && typeof detail.changes === 'object' && detail.changes !== null && row.entity === 'registration') {
      detail = { ...detail, changes: Object.keys(detail.changes as object) };
    }
    if (detail && email) detail = withoutEmail(detail, email) as Record<string, unknown>;
    const byThem = email !== null && row.actorEmail.toLowerCase() === email;
    await tx
      .update(auditLog)
      .set({ detail, ...(byThem && { actorEmail: emailDigest(email), ip: null }) })
      .where(eq(auditLog.id, row.id));
  }
}

export class DataRequestRefusal extends Error {
  override name = 'DataRequestRefusal';
  constructor(
    readonly reason: DataRequestRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

const lower = (email: string) => email.trim().toLowerCase();
/** What a done request keeps of the e-mail: proof of who asked, not the address. */
export const emailDigest = (email: string) => `sha256:${createHash('sha256').update(lower(email)).digest('hex')}`;

const ofEmail = (email: string) => sql`lower(${orders.customerEmail}) = ${lower(email)}`;

type RequestRow = typeof dataRequests.$inferSelect;
const requestView = (row: RequestRow): DataRequestView => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  email: row.email.startsWith('sha256:') ? '' : row.email,
  bookingReferences: row.bookingReferences ? row.bookingReferences.split(',') : [],
  requestedAt: row.requestedAt,
  handledAt: row.handledAt,
  handledByEmail: row.handledByEmail,
  note: row.note,
});

const exportedAttendee = (r: AttendeeRow): ExportedAttendee => ({
  ticketNumber: r.registrationNumber,
  status: r.status,
  fullName: `${r.firstName} ${r.lastName}`.trim(),
  email: r.email,
  phone: r.phone,
  dateOfBirth: r.dateOfBirth,
  gender: r.gender,
  emergencyContact: r.emergencyContactName,
  emergencyPhone: r.emergencyContactPhone,
  bloodGroup: r.bloodGroup,
  medicalConditions: r.medicalConditions,
  experience: r.previousExperience,
  tshirtSize: r.shirtSize,
  dietaryRestrictions: r.dietaryRestrictions,
  teamName: r.teamName,
  bib: r.bib,
  answers: r.answers,
  guardian: r.guardianConsentAt
    ? { name: r.guardianName, relation: r.guardianRelation, phone: r.guardianPhone, consentAt: r.guardianConsentAt }
    : null,
  consent: { noticeVersion: r.consentNoticeVersion, organiserNoticeVersion: r.consentOrganiserNoticeVersion, at: r.consentAt },
  checkIn: { at: r.checkInTime, gate: r.checkInGate },
  pricePaise: r.amountPaise,
  refundedPaise: r.refundedPaise,
  erasedAt: r.erasedAt,
});

/**
 * Everything held about the orders of `email` (the buyer's session's): the orders, their attendees
 * with every detail, payments, refunds, e-mails sent, the newsletter and their requests. Audited
 * as the buyer's export.
 */
export async function exportPersonalData(
  tx: Db,
  email: string,
  ip: string | null,
  now = new Date(),
): Promise<PersonalDataExport> {
  const orderRows = await tx.select().from(orders).where(ofEmail(email)).orderBy(asc(orders.createdAt));
  const ids = orderRows.map((o) => o.id);
  const none = ids.length === 0;
  const [attendeeRows, paymentRows, refundRows, eventRows] = await Promise.all([
    none ? [] : selectAttendees(tx).where(inArray(registrations.orderId, ids)).orderBy(asc(registrations.position)),
    none ? [] : tx.select().from(payments).where(inArray(payments.orderId, ids)),
    none ? [] : tx.select().from(refunds).where(inArray(refunds.orderId, ids)),
    none
      ? []
      : tx
          .select({ id: events.id, title: events.title, date: events.date })
          .from(events)
          .where(
            inArray(
              events.id,
              orderRows.flatMap((o) => (o.eventId === null ? [] : [o.eventId])),
            ),
          ),
  ]);
  const attendeeIds = attendeeRows.map((r) => r.id);
  const mail = await tx
    .select({
      kind: emailOutbox.kind,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(
      attendeeIds.length > 0
        ? or(sql`lower(${emailOutbox.to}) = ${lower(email)}`, inArray(emailOutbox.registrationId, attendeeIds))
        : sql`lower(${emailOutbox.to}) = ${lower(email)}`,
    )
    .orderBy(asc(emailOutbox.createdAt));
  const [subscribed] = await tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, lower(email)));
  const requests = await tx
    .select()
    .from(dataRequests)
    .where(inArray(dataRequests.email, [lower(email), emailDigest(email)]))
    .orderBy(desc(dataRequests.requestedAt));
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: lower(email),
    action: 'export',
    entity: 'personal_data',
    entityId: null,
    detail: { by: 'buyer', orders: orderRows.map((o) => o.bookingReference ?? o.id) },
    ip,
  });
  return {
    exportedAt: now.toISOString(),
    email: lower(email),
    orders: orderRows.map((o) => ({
      orderId: o.id,
      bookingReference: o.bookingReference,
      event: o.eventId === null ? null : (eventById.get(o.eventId) ?? null),
      status: o.status,
      buyer: { fullName: o.customerName, email: o.customerEmail, phone: o.customerPhone },
      language: o.language,
      amountPaise: o.amountPaise,
      createdAt: o.createdAt,
      erasedAt: o.erasedAt,
      payments: paymentRows
        .filter((p) => p.orderId === o.id)
        .map((p) => ({ amountPaise: p.amountPaise, method: p.method, paidAt: p.paidAt })),
      refunds: refundRows
        .filter((r) => r.orderId === o.id)
        .map((r) => ({ amountPaise: r.amountPaise, status: r.status, reason: r.reason, createdAt: r.createdAt })),
      attendees: attendeeRows.filter((r) => r.orderId === o.id).map(exportedAttendee),
    })),
    newsletter: { subscribed: Boolean(subscribed) },
    emails: mail,
    dataRequests: requests.map(requestView),
  };
}

/** The attendee columns an erasure replaces; what is left is the money and the event's facts. */
const ERASED_ATTENDEE = {
  firstName: ERASED,
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: null,
  gender: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  medicalConditions: '',
  dietaryRestrictions: '',
  previousExperience: '',
  teamName: '',
  shirtSize: '',
  bloodGroup: '',
  notes: '',
  answers: {},
  guardianName: '',
  guardianRelation: '',
  guardianPhone: '',
} as const;

/**
 * Erases the personal details of orders `orderIds` and their attendees (and of attendees `extra`
 * with no order, from before orders): the tombstone replaces them, the money stays. The e-mails
 * sent about them keep their kind and date, not their words. Returns how many attendees it erased.
 */
export async function eraseOrders(
  tx: Db,
  orderIds: string[],
  now: Date,
  extraAttendeeIds: number[] = [],
  keepAttendeeIds: number[] = [],
): Promise<{ attendees: number[]; mailIds: number[] }> {
  const at = now.toISOString();
  if (orderIds.length > 0) {
    await tx
      .update(orders)
      .set({
        customerName: ERASED,
        customerEmail: '',
        customerPhone: '',
        orderNote: '',
        buyerBusinessName: null,
        buyerAddress: null,
        buyerGstin: null,
        participant: { erased: true },
        erasedAt: at,
        updatedAt: at,
      })
      .where(inArray(orders.id, orderIds));
  }
  const condition =
    orderIds.length > 0 && extraAttendeeIds.length > 0
      ? or(inArray(registrations.orderId, orderIds), inArray(registrations.id, extraAttendeeIds))
      : orderIds.length > 0
        ? inArray(registrations.orderId, orderIds)
        : inArray(registrations.id, extraAttendeeIds);
  if (orderIds.length === 0 && extraAttendeeIds.length === 0) return { attendees: [], mailIds: [] };
  const erased = await tx
    .update(registrations)
    .set({ ...ERASED_ATTENDEE, erasedAt: at, updatedAt: at })
    .where(keepAttendeeIds.length > 0 ? and(condition, notInArray(registrations.id, keepAttendeeIds)) : condition)
    .returning({ id: registrations.id, onHold: registrations.onHold });
  const ids = erased.map((r) => r.id);
  if (ids.length > 0) {
    // Who collected their kit, and whom they authorised to (decision 069), is theirs to erase too.
    await tx.delete(kitAuthorisations).where(inArray(kitAuthorisations.registrationId, ids));
    await tx.update(checkIns).set({ collectorName: null }).where(inArray(checkIns.registrationId, ids));
  }
  const mailIds = ids.length > 0 ? await eraseMails(tx, and(inArray(emailOutbox.registrationId, ids))) : [];
  // The positions of unpaid orders are erased with their order, but they were never attendees (decision 040).
  return { attendees: erased.filter((r) => !r.onHold).map((r) => r.id), mailIds };
}

/**
 * A buyer's erasure request (from My bookings) goes to the organisers that hold their bookings
 * (decision 055): one pending request per organisation whose events hold an order of the e-mail,
 * each covering that organisation's orders. Asking again adds a request only for an organisation
 * without a pending one. Returns the first pending request.
 */
export async function requestErasure(tx: Db, email: string, ip: string | null, now = new Date()): Promise<DataRequestView> {
  const address = lower(email);
  const pending = await tx
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.email, address), eq(dataRequests.status, 'pending')))
    .orderBy(asc(dataRequests.id));
  const held = await tx
    .select({ id: orders.id, ref: orders.bookingReference, organisationId: events.organisationId })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(ofEmail(address), isNull(orders.erasedAt)));
  const asked = new Set(pending.map((r) => r.organisationId));
  const byOrganisation = new Map<number, typeof held>();
  for (const order of held) {
    if (asked.has(order.organisationId)) continue;
    byOrganisation.set(order.organisationId, [...(byOrganisation.get(order.organisationId) ?? []), order]);
  }
  if (byOrganisation.size === 0) {
    if (pending[0]) return requestView(pending[0]);
    throw new DataRequestRefusal('nothing_held', 'No personal data is held about bookings of this e-mail');
  }
  const made: RequestRow[] = [];
  for (const [organisationId, theirs] of [...byOrganisation].sort(([a], [b]) => a - b)) {
    const [row] = await tx
      .insert(dataRequests)
      .values({
        organisationId,
        kind: 'erasure',
        email: address,
        bookingReferences: theirs.flatMap((o) => (o.ref ? [o.ref] : [])).join(','),
        requestedAt: now.toISOString(),
      })
      .returning();
    made.push(row!);
    await recordAudit(tx, {
      actorUserId: null,
      actorEmail: address,
      organisationId,
      action: 'erasure_requested',
      entity: 'data_request',
      entityId: row!.id,
      detail: { orders: theirs.length },
      ip,
    });
  }
  return requestView(pending[0] ?? made[0]!);
}

/**
 * The buyer's latest erasure request (pending, or done and kept as the e-mail's digest), or null;
 * with requests to several organisers, a pending one first (the buyer is still waiting on it).
 */
export async function latestErasureRequest(db: Db, email: string): Promise<DataRequestView | null> {
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(inArray(dataRequests.email, [lower(email), emailDigest(email)]))
    .orderBy(
      sql`case when ${dataRequests.status} = 'pending' then 0 else 1 end`,
      desc(dataRequests.requestedAt),
      desc(dataRequests.id),
    )
    .limit(1);
  return row ? requestView(row) : null;
}

/** The organisation's own requests (decision 055), pending first. */
export async function listDataRequests(db: Db, organisationId: number): Promise<DataRequestView[]> {
  const rows = await db
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.organisationId, organisationId))
    .orderBy(sql`case when ${dataRequests.status} = 'pending' then 0 else 1 end`, desc(dataRequests.requestedAt))
    .limit(500);
  return rows.map(requestView);
}

/** The organisation's pending request; another organisation's is not found (as one that does not exist). */
async function pendingRequest(tx: Db, organisationId: number, id: number): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.id, id), eq(dataRequests.organisationId, organisationId)));
  if (!row) throw new DataRequestRefusal('not_found', 'Request not found');
  if (row.status !== 'pending') throw new DataRequestRefusal('already_handled', `This request is already ${row.status}`);
  return row;
}

/**
 * Staff of an organisation carry out an erasure request made to it (decision 055): the orders of
 * its e-mail in that organisation's events (and their attendees, and tickets transferred to the
 * e-mail there) erased, its waiting-list places there too; the request done, keeping only the
 * e-mail's digest. Other organisers' orders of the same e-mail stay: they answer their own
 * request. What the platform holds of the person for every organiser (the newsletter, sign-in
 * links, rate-limit keys, e-mails sent to the address, audit text naming it, orders whose event is
 * gone) goes with the last of the e-mail's pending requests: when no other organisation's request
 * for it is still pending. Audited as the organisation's.
 */
export async function completeErasure(
  tx: Db,
  organisationId: number,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<{ request: DataRequestView; mailIds: number[] }> {
  const request = await pendingRequest(tx, organisationId, id);
  const email = lower(request.email);
  const [otherPending] = await tx
    .select({ id: dataRequests.id })
    .from(dataRequests)
    .where(and(eq(dataRequests.email, email), eq(dataRequests.status, 'pending'), sql`${dataRequests.id} <> ${id}`))
    .limit(1);
  const last = !otherPending;
  const held = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        ofEmail(email),
        isNull(orders.erasedAt),
        // The organisation's own events; with the last request, orders whose event is gone too.
        last
          ? or(inOwnEvents(orders.eventId, organisationId), isNull(orders.eventId))
          : inOwnEvents(orders.eventId, organisationId),
      ),
    );
  // An open order is cancelled first (issue 40): its seats go back, and a payment landing after
  // the erasure is refunded (fulfilment refuses an erased order), never a paid order with no buyer.
  for (const order of held) if (order.status === 'CREATED') await releaseHold(tx, order.id, 'FAILED', now);
  // A ticket the buyer transferred is its holder's (their erasure, not the buyer's); one
  // transferred to this e-mail is theirs.
  const theirs = await tx
    .select({ id: registrations.id, orderId: registrations.orderId, email: registrations.email })
    .from(registrations)
    .where(
      or(
        held.length > 0
          ? inArray(
              registrations.orderId,
              held.map((o) => o.id),
            )
          : sql`false`,
        and(sql`lower(${registrations.email}) = ${email}`, ownRegistrations(organisationId)),
      ),
    );
  const transferred = await transferredAttendeeIds(
    tx,
    theirs.map((r) => r.id),
  );
  const heldIds = new Set(held.map((o) => o.id));
  const givenAway = theirs.filter((r) => transferred.has(r.id) && lower(r.email) !== email).map((r) => r.id);
  const received = theirs
    .filter((r) => transferred.has(r.id) && lower(r.email) === email && !heldIds.has(r.orderId ?? ''))
    .map((r) => r.id);
  const erased = await eraseOrders(
    tx,
    held.map((o) => o.id),
    now,
    received,
    givenAway,
  );
  const attendees = erased.attendees.length;
  const mailIds = [...erased.mailIds];
  // The organisation's waiting-list places of the person (an offer's seats passed on).
  const places = await tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.email, email), inOwnEvents(waitingListEntries.eventId, organisationId)));
  for (const place of places) if (place.status === 'offered') await endOffer(tx, place, 'removed', now);
  if (places.length > 0) {
    await tx
      .update(waitingListEntries)
      .set({
        name: ERASED,
        email: '',
        phone: '',
        status: sql`case when ${waitingListEntries.status} = 'waiting' then 'removed' else ${waitingListEntries.status} end`,
        updatedAt: now.toISOString(),
      })
      .where(
        inArray(
          waitingListEntries.id,
          places.map((p) => p.id),
        ),
      );
  }
  if (last) {
    // The platform's copies of the person, for every organiser: e-mails to the address, sign-in
    // links, rate-limit counters keyed by it (sign-in links, waiting-list confirmations, checkout's
    // counts), the newsletter.
    mailIds.push(...(await eraseMails(tx, and(sql`lower(${emailOutbox.to}) = ${email}`))));
    await tx.delete(buyerSignInLinks).where(eq(buyerSignInLinks.email, email));
    await tx.delete(rateLimits).where(sql`${rateLimits.key} like ${`%:${email.replace(/[%_\\]/g, '')}`}`);
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, request.email));
  }
  await eraseAuditText(tx, last ? email : null, erased.attendees);
  const [done] = await tx
    .update(dataRequests)
    .set({
      status: 'completed',
      email: emailDigest(request.email),
      handledAt: now.toISOString(),
      handledByEmail: actor.actorEmail,
    })
    .where(eq(dataRequests.id, id))
    .returning();
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'erase',
    entity: 'data_request',
    entityId: id,
    detail: { by: 'request', orders: held.length, attendees, bookingReferences: request.bookingReferences, platformCopies: last },
  });
  return { request: requestView(done!), mailIds: [...new Set(mailIds)] };
}

/** Staff decline a request made to their organisation, saying why (an event still to come, a dispute, a legal hold). Audited. */
export async function declineErasure(
  tx: Db,
  organisationId: number,
  id: number,
  note: string,
  actor: Actor,
  now = new Date(),
): Promise<DataRequestView> {
  await pendingRequest(tx, organisationId, id);
  const [done] = await tx
    .update(dataRequests)
    .set({ status: 'declined', note, handledAt: now.toISOString(), handledByEmail: actor.actorEmail })
    .where(eq(dataRequests.id, id))
    .returning();
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'erasure_declined',
    entity: 'data_request',
    entityId: id,
    detail: { note },
  });
  return requestView(done!);
}

/** Every organisation's retention period (decision 056), for the retention job. */
export const retentionPeriods = (db: Db) =>
  db
    .select({ organisationId: organisations.id, retentionDays: organisations.retentionDays })
    .from(organisations)
    .orderBy(organisations.id);

/** Orders erased per turn of the retention job, so one turn's transaction stays short. */
const RETENTION_BATCH = 500;

/**
 * One organisation's retention period's erasure (its Settings, Data retention: decision 056): the
 * orders (paid or not: an unpaid order keeps its attendees' details too) and attendees of its events
 * held more than `retentionDays` days ago (India dates) lose their personal details. One bounded
 * batch; returns how many orders and attendees it erased, audited as the system's, under the
 * organisation.
 */
export async function eraseAfterRetention(
  tx: Db,
  organisationId: number,
  retentionDays: number,
  now = new Date(),
): Promise<ErasureOutcome> {
  const cutoff = new Date(Date.parse(`${indiaDay(now)}T00:00:00Z`) - retentionDays * 86_400_000).toISOString().slice(0, 10);
  const dueOrders = await tx
    .select({ id: orders.id, eventId: orders.eventId })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(isNull(orders.erasedAt), eq(events.organisationId, organisationId), lt(events.date, cutoff)))
    .limit(RETENTION_BATCH);
  // Attendees from before orders (no order), or whose order is gone.
  const loose = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        isNull(registrations.erasedAt),
        isNull(registrations.orderId),
        eq(events.organisationId, organisationId),
        lt(events.date, cutoff),
      ),
    )
    .limit(RETENTION_BATCH);
  if (dueOrders.length === 0 && loose.length === 0) return { orders: 0, attendees: 0, mailIds: [] };
  const erased = await eraseOrders(
    tx,
    dueOrders.map((o) => o.id),
    now,
    loose.map((r) => r.id),
  );
  const attendees = erased.attendees.length;
  await eraseAuditText(tx, null, erased.attendees);
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: 'system',
    organisationId,
    action: 'erase',
    entity: 'personal_data',
    entityId: null,
    detail: {
      by: 'retention',
      retentionDays,
      before: cutoff,
      events: [...new Set(dueOrders.map((o) => o.eventId))],
      orders: dueOrders.length,
      attendees,
    },
  });
  return { orders: dueOrders.length, attendees, mailIds: erased.mailIds };
}

/** Whether `email` is a child attendee's own address (a guardian consented for them): kept off marketing lists. */
export async function isChildAttendeeEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(isAttendee, sql`lower(${registrations.email}) = ${lower(email)}`, sql`${registrations.guardianConsentAt} is not null`),
    )
    .limit(1);
  return Boolean(row);
}

/** Takes the children among `attendees` off the newsletter (their own address, if they gave one). */
export async function keepChildrenOffLists(tx: Db, attendees: { email: string; guardianConsentAt: string | null }[]) {
  const emails = attendees.filter((a) => a.guardianConsentAt && a.email).map((a) => lower(a.email));
  if (emails.length > 0) await tx.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.email, emails));
}
