// Personal data (decision 030, DPDP Act 2023 and Rules 2025): a buyer's copy of everything held
// about their orders, their erasure requests and staff's answer to them, the retention period's
// erasure after an event, and keeping children off marketing lists. Erasure replaces names,
// contacts, dates of birth, answers, medical, emergency and guardian details with a tombstone and
// keeps the money (amounts, payments, refunds, booking references, dates), which tax and payment
// law require. Every export and erasure is audited in the transaction that does it.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ERASED, type DataRequestView, type ExportedAttendee, type PersonalDataExport } from '../contract';
import { selectAttendees, type AttendeeRow, isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { dataRequests, emailOutbox, events, newsletterSubscribers, orders, payments, refunds, registrations } from '../db/schema';
import { recordAudit, type AuditEntryInput } from './audit';
import { indiaDay } from './india-time';

export type DataRequestRefusalReason = 'not_found' | 'already_handled' | 'nothing_held';

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
  consent: { noticeVersion: r.consentNoticeVersion, at: r.consentAt },
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
export async function eraseOrders(tx: Db, orderIds: string[], now: Date, extraAttendeeIds: number[] = []): Promise<number> {
  const at = now.toISOString();
  if (orderIds.length > 0) {
    await tx
      .update(orders)
      .set({
        customerName: ERASED,
        customerEmail: '',
        customerPhone: '',
        orderNote: '',
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
  if (orderIds.length === 0 && extraAttendeeIds.length === 0) return 0;
  const erased = await tx
    .update(registrations)
    .set({ ...ERASED_ATTENDEE, erasedAt: at, updatedAt: at })
    .where(condition)
    .returning({ id: registrations.id, onHold: registrations.onHold });
  const ids = erased.map((r) => r.id);
  if (ids.length > 0) {
    await tx
      .update(emailOutbox)
      .set({ to: '', html: '', text: '' })
      .where(and(inArray(emailOutbox.registrationId, ids), sql`${emailOutbox.status} <> 'pending'`));
  }
  // The positions of unpaid orders are erased with their order, but they were never attendees (decision 040).
  return erased.filter((r) => !r.onHold).length;
}

/** A buyer's erasure request (from My bookings): one pending request per e-mail, covering all their orders. */
export async function requestErasure(tx: Db, email: string, ip: string | null, now = new Date()): Promise<DataRequestView> {
  const address = lower(email);
  const [pending] = await tx
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.email, address), eq(dataRequests.status, 'pending')));
  if (pending) return requestView(pending);
  const held = await tx
    .select({ id: orders.id, ref: orders.bookingReference })
    .from(orders)
    .where(and(ofEmail(address), isNull(orders.erasedAt)));
  if (held.length === 0) throw new DataRequestRefusal('nothing_held', 'No personal data is held about bookings of this e-mail');
  const [row] = await tx
    .insert(dataRequests)
    .values({
      kind: 'erasure',
      email: address,
      bookingReferences: held.flatMap((o) => (o.ref ? [o.ref] : [])).join(','),
      requestedAt: now.toISOString(),
    })
    .returning();
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: address,
    action: 'erasure_requested',
    entity: 'data_request',
    entityId: row!.id,
    detail: { orders: held.length },
    ip,
  });
  return requestView(row!);
}

/** The buyer's latest erasure request (pending, or done and kept as the e-mail's digest), or null. */
export async function latestErasureRequest(db: Db, email: string): Promise<DataRequestView | null> {
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(inArray(dataRequests.email, [lower(email), emailDigest(email)]))
    .orderBy(desc(dataRequests.requestedAt), desc(dataRequests.id))
    .limit(1);
  return row ? requestView(row) : null;
}

export async function listDataRequests(db: Db): Promise<DataRequestView[]> {
  const rows = await db
    .select()
    .from(dataRequests)
    .orderBy(sql`case when ${dataRequests.status} = 'pending' then 0 else 1 end`, desc(dataRequests.requestedAt))
    .limit(500);
  return rows.map(requestView);
}

async function pendingRequest(tx: Db, id: number): Promise<RequestRow> {
  const [row] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id));
  if (!row) throw new DataRequestRefusal('not_found', 'Request not found');
  if (row.status !== 'pending') throw new DataRequestRefusal('already_handled', `This request is already ${row.status}`);
  return row;
}

/**
 * Staff carry out an erasure request: every order of its e-mail (and their attendees) erased, the
 * e-mail off the newsletter, the request done and keeping only the e-mail's digest. Audited.
 */
export async function completeErasure(tx: Db, id: number, actor: Actor, now = new Date()): Promise<DataRequestView> {
  const request = await pendingRequest(tx, id);
  const held = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(ofEmail(request.email), isNull(orders.erasedAt)));
  const attendees = await eraseOrders(
    tx,
    held.map((o) => o.id),
    now,
  );
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, request.email));
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
    action: 'erase',
    entity: 'data_request',
    entityId: id,
    detail: { by: 'request', orders: held.length, attendees, bookingReferences: request.bookingReferences },
  });
  return requestView(done!);
}

/** Staff decline a request, saying why (an event still to come, a dispute, a legal hold). Audited. */
export async function declineErasure(tx: Db, id: number, note: string, actor: Actor, now = new Date()): Promise<DataRequestView> {
  await pendingRequest(tx, id);
  const [done] = await tx
    .update(dataRequests)
    .set({ status: 'declined', note, handledAt: now.toISOString(), handledByEmail: actor.actorEmail })
    .where(eq(dataRequests.id, id))
    .returning();
  await recordAudit(tx, { ...actor, action: 'erasure_declined', entity: 'data_request', entityId: id, detail: { note } });
  return requestView(done!);
}

/** Orders erased per turn of the retention job, so one turn's transaction stays short. */
const RETENTION_BATCH = 500;

/**
 * The retention period's erasure (Settings, Privacy): the orders (paid or not: an unpaid order keeps
 * its attendees' details too) and attendees of events held more than `retentionDays` days ago (India
 * dates) lose their personal details. One bounded batch; returns how many orders and attendees it
 * erased, audited as the system's.
 */
export async function eraseAfterRetention(
  tx: Db,
  retentionDays: number,
  now = new Date(),
): Promise<{ orders: number; attendees: number }> {
  const cutoff = new Date(Date.parse(`${indiaDay(now)}T00:00:00Z`) - retentionDays * 86_400_000).toISOString().slice(0, 10);
  const dueOrders = await tx
    .select({ id: orders.id, eventId: orders.eventId })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(isNull(orders.erasedAt), lt(events.date, cutoff)))
    .limit(RETENTION_BATCH);
  // Attendees from before orders (no order), or whose order is gone.
  const loose = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(isNull(registrations.erasedAt), isNull(registrations.orderId), lt(events.date, cutoff)))
    .limit(RETENTION_BATCH);
  if (dueOrders.length === 0 && loose.length === 0) return { orders: 0, attendees: 0 };
  const attendees = await eraseOrders(
    tx,
    dueOrders.map((o) => o.id),
    now,
    loose.map((r) => r.id),
  );
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: 'system',
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
  return { orders: dueOrders.length, attendees };
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
