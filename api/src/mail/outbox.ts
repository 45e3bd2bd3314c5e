// The e-mail outbox (DESIGN.md section 5): rows are queued in the same transaction as the
// registration, and a worker sends them with retries and backoff. A failed send is logged and
// retried; it never blocks or undoes a registration.
import { localTaxLabel, taxOfPart, type TaxSplit } from '../contract/gst';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  EMAIL_PATTERN,
  eventNoteFieldsOf,
  eventNotesFor,
  parseLanguage,
  type EventNoteFields,
  type Language,
} from '../contract';
import type { Database, Db } from '../db/client';
import { forUpdateSkipLocked } from '../db/functions';
import { selectAttendees, type AttendeeRow as RegistrationRow } from '../db/attendee-rows';
import { announceOutbox } from '../db/notify';
import { emailOutbox, events, invoices, orders, registrations, staffUsers } from '../db/schema';
import type { Env } from '../env';
import { toRupees } from '../contract/money';
import { readSettings } from '../db/settings';
import { eventNotesOfRows } from '../db/event-notes';
import { ticketLinkUrl } from '../signing/ticket-links';
import { invoiceLinkUrl, receiptLinkUrl } from '../signing/invoice-links';
import { selfBaseUrl } from '../urls';
import {
  adminNotification,
  attendeeTicketEmail,
  eventPostponedEmail,
  participantConfirmation,
  refundNotice,
  type OrderDocument,
  type RegistrationEmailPayload,
  type RenderedEmail,
} from './templates';
import type { MailTransport } from './transport';

export const EMAIL_KINDS = {
  participant: 'participant_confirmation',
  /** An attendee's own ticket, when they gave an e-mail other than the buyer's. */
  attendee: 'attendee_ticket',
  admin: 'admin_notification',
  newEvent: 'new_event_alert',
  login: 'login_notification',
  /** A staff member's forgotten-password link (issue 27). */
  passwordReset: 'password_reset',
  weeklyReport: 'weekly_report',
  /** The waiting list (decision 024): the entry's place, its offer, its end with the event. */
  waitingListJoined: 'waiting_list_joined',
  waitingListOffer: 'waiting_list_offer',
  waitingListEnded: 'waiting_list_ended',
  /** The buyer's notice of a refund (decision 022). */
  refund: 'refund_notice',
  /** The buyer's notice that the event is cancelled, with its refund (decision 025). */
  eventCancelled: 'event_cancelled',
  /** The buyer's notice that they cancelled a ticket themselves, with its refund or none (decision 023). */
  ticketCancelled: 'ticket_cancelled',
  /** The buyer's notice that the event has a new date, with the full-refund deadline (decision 025). */
  eventPostponed: 'event_postponed',
  /** The link a free registration's buyer follows to confirm their e-mail address (decision 027). */
  emailConfirmation: 'registration_email_confirmation',
} as const;
export type EmailKind = (typeof EMAIL_KINDS)[keyof typeof EMAIL_KINDS];

export const MAX_EMAIL_ATTEMPTS = 5;
/** Delay after the n-th failed attempt: 30 s, 2 min, 8 min, 32 min. */
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);
/** A claimed row is invisible to other workers for this long; a crashed worker's rows come back. */
const CLAIM_LEASE_MS = 5 * 60_000;

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

/** Active admins and managers; the platform contact address when there are none. */
export async function adminRecipients(db: Db): Promise<string[]> {
  const staff = (
    await db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(and(inArray(staffUsers.role, ['admin', 'manager']), eq(staffUsers.disabled, false)))
      .orderBy(asc(staffUsers.id))
  ).map((r) => r.email);
  if (staff.length > 0) return staff;
  const contact = (await readSettings(db)).contactEmail;
  return contact ? [contact] : [];
}

type Buyer = Pick<typeof orders.$inferSelect, 'customerName' | 'customerEmail' | 'customerPhone' | 'language'> &
  Partial<Pick<typeof orders.$inferSelect, 'taxMode' | 'placeOfSupply'>>;

/**
 * The discount and the GST inside what the attendees paid (decision 031), split per attendee at the
 * rate they were charged, as the invoice splits it. None for an order priced without GST.
 */
function taxOfOrder(buyer: Buyer | undefined, attendees: RegistrationRow[]): Pick<RegistrationEmailPayload, 'tax'> {
  const discountPaise = attendees.reduce((sum, a) => sum + a.discountPaise, 0);
  const mode = buyer?.taxMode ?? 'none';
  if (mode === 'none' && discountPaise === 0) return {};
  const split = attendees.map((a) => taxOfPart(a.amountPaise, a.gstRate, mode));
  const sum = (pick: (s: TaxSplit) => number) => toRupees(split.reduce((n, s) => n + pick(s), 0));
  return {
    tax: {
      discount: toRupees(discountPaise),
      charged: mode !== 'none',
      taxable: sum((s) => s.taxablePaise),
      cgst: sum((s) => s.cgstPaise),
      sgst: sum((s) => s.sgstPaise),
      igst: sum((s) => s.igstPaise),
      localLabel: localTaxLabel(buyer?.placeOfSupply),
    },
  };
}

/**
 * The document a paid order's confirmation links (decision 031): its tax invoice, or else its payment
 * receipt when something was paid (an organiser without a GSTIN); nothing for a free order.
 */
export function orderDocument(
  env: MailEnv,
  invoice: { id: number; number: string } | null | undefined,
  bookingReference: string,
  amountPaise: number,
): OrderDocument | undefined {
  if (invoice) return { kind: 'invoice', number: invoice.number, url: invoiceLinkUrl(env, invoice) };
  return amountPaise > 0 ? { kind: 'receipt', url: receiptLinkUrl(env, bookingReference) } : undefined;
}

/** The e-mails of an order: its buyer, its attendees (each with their own link) and the totals. */
function orderPayload(
  env: MailEnv,
  buyer: Buyer | undefined,
  attendees: RegistrationRow[],
  platformName: string,
  notes: EventNoteFields | undefined,
  document?: OrderDocument,
): RegistrationEmailPayload {
  const first = attendees[0]!;
  const reference = first.bookingReference || first.registrationNumber;
  const language = parseLanguage(buyer?.language);
  return {
    language,
    // The event's own notes, as its page and the ticket show them, in the buyer's language.
    notes: eventNotesFor(notes ?? { arrivalNote: null, idNote: null, online: false }, language),
    registrationNumber: reference,
    eventName: first.eventName,
    eventDate: first.eventDate,
    eventTime: first.eventTime,
    eventVenue: first.eventVenue,
    customerName: buyer?.customerName ?? `${first.firstName} ${first.lastName}`.trim(),
    customerEmail: buyer?.customerEmail ?? first.email,
    customerPhone: buyer?.customerPhone ?? first.phone,
    attendees: attendees.map((a) => ({
      name: `${a.firstName} ${a.lastName}`.trim(),
      ticketName: a.ticketName,
      ticketPrice: toRupees(a.ticketPricePaise),
      ticketNumber: a.registrationNumber,
      bib: a.bib,
      ticketUrl: ticketLinkUrl(env, a.registrationNumber),
      detailsMissing: a.detailsMissing,
    })),
    amount: toRupees(attendees.reduce((sum, a) => sum + a.amountPaise, 0)),
    ...taxOfOrder(buyer, attendees),
    transactionId: first.transactionId,
    paymentMethod: first.paymentMethod,
    ticketUrl: ticketLinkUrl(env, reference),
    bookingsUrl: `${selfBaseUrl(env)}/bookings`,
    platformName,
    ...(document ? { document } : {}),
  };
}

/** The buyer of an attendee's order and all the order's attendees (an attendee from before orders stands alone). */
async function orderOfAttendee(
  db: Db,
  row: RegistrationRow,
): Promise<{ buyer: Buyer | undefined; attendees: RegistrationRow[] }> {
  const [buyer] = row.orderId
    ? await db
        .select({
          customerName: orders.customerName,
          customerEmail: orders.customerEmail,
          customerPhone: orders.customerPhone,
          language: orders.language,
          taxMode: orders.taxMode,
          placeOfSupply: orders.placeOfSupply,
        })
        .from(orders)
        .where(eq(orders.id, row.orderId))
    : [];
  const attendees = row.orderId
    ? await selectAttendees(db).where(eq(registrations.orderId, row.orderId)).orderBy(asc(registrations.position))
    : [row];
  return { buyer, attendees: attendees.length > 0 ? attendees : [row] };
}

/** The order confirmation an attendee belongs to, as a staff resend sends it again (with its invoice or receipt). */
export async function emailPayload(db: Db, env: MailEnv, row: RegistrationRow): Promise<RegistrationEmailPayload> {
  const { buyer, attendees } = await orderOfAttendee(db, row);
  const notes = await eventNotesOfRows(db, [row]);
  const [invoice] = row.orderId
    ? await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.orderId, row.orderId), eq(invoices.kind, 'invoice')))
    : [];
  const [order] = row.orderId ? await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId)) : [];
  const reference = attendees[0]!.bookingReference || row.registrationNumber;
  const paid = attendees.reduce((sum, a) => sum + a.amountPaise, 0);
  // A receipt only for a paid order: a legacy registration without one has no receipt to open.
  const document = order?.status === 'PAID' ? orderDocument(env, invoice, reference, paid) : undefined;
  return orderPayload(env, buyer, attendees, (await readSettings(db)).platformName, notes.get(row.eventId), document);
}

async function insert(tx: Db, kind: EmailKind, to: string, email: RenderedEmail, registrationId: number | null, now: Date) {
  const [row] = await tx
    .insert(emailOutbox)
    .values({ kind, to, ...email, registrationId, nextAttemptAt: now.toISOString(), createdAt: now.toISOString() })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/** Queues one of the two e-mails of a registration, in the caller's transaction. */
export async function enqueueRegistrationEmail(
  tx: Db,
  env: MailEnv,
  row: RegistrationRow,
  kind: EmailKind,
  now = new Date(),
  payload?: RegistrationEmailPayload,
): Promise<number | null> {
  const content = payload ?? (await emailPayload(tx, env, row));
  if (kind === EMAIL_KINDS.participant) {
    // The order's confirmation goes to its buyer, who holds every attendee's ticket.
    if (!content.customerEmail) return null;
    return insert(tx, kind, content.customerEmail, participantConfirmation(content), row.id, now);
  }
  const to = await adminRecipients(tx);
  if (to.length === 0) return null;
  return insert(tx, kind, to.join(', '), adminNotification(content), row.id, now);
}

/** Queues a notice to staff (no registration) and wakes the workers; null when there is nobody to tell. */
export async function enqueueStaffEmail(
  tx: Db,
  kind: EmailKind,
  to: string[],
  email: RenderedEmail,
  now = new Date(),
): Promise<number | null> {
  if (to.length === 0) return null;
  const id = await insert(tx, kind, to.join(', '), email, null, now);
  await announceOutbox(tx);
  return id;
}

/** Queues one e-mail again (a staff resend) and wakes the workers. */
export async function requeueRegistrationEmail(
  tx: Db,
  env: MailEnv,
  row: RegistrationRow,
  kind: EmailKind,
): Promise<number | null> {
  const id = await enqueueRegistrationEmail(tx, env, row, kind);
  if (id !== null) await announceOutbox(tx);
  return id;
}

/**
 * The e-mails of a paid order, as the Notifications settings allow: the buyer's confirmation
 * listing every attendee, each attendee's own ticket when they gave an e-mail of their own (Email
 * Notifications), and the administrators' notice (User Registration Alerts). A staff resend
 * (requeueRegistrationEmail) is an explicit action and ignores both.
 */
export async function enqueueOrderEmails(
  tx: Db,
  env: MailEnv,
  buyer: Buyer,
  paid: { attendees: RegistrationRow[] },
  now = new Date(),
  plan?: RegistrationEmailPlan,
  document?: OrderDocument,
) {
  const first = paid.attendees[0];
  if (!first) return;
  const { settings, adminTo, notes } = plan ?? {
    ...(await planRegistrationEmails(tx, first.orderId)),
    notes: (await eventNotesOfRows(tx, [first])).get(first.eventId),
  };
  const payload = orderPayload(env, buyer, paid.attendees, settings.platformName, notes, document);
  const at = now.toISOString();
  const rows: (typeof emailOutbox.$inferInsert)[] = [];
  if (settings.emailNotifications) {
    if (buyer.customerEmail) {
      rows.push({
        kind: EMAIL_KINDS.participant,
        to: buyer.customerEmail,
        ...participantConfirmation(payload),
        registrationId: first.id,
      });
    }
    const buyerEmail = buyer.customerEmail.toLowerCase();
    paid.attendees.forEach((attendee, i) => {
      if (!attendee.email || attendee.email.toLowerCase() === buyerEmail) return;
      rows.push({
        kind: EMAIL_KINDS.attendee,
        to: attendee.email,
        ...attendeeTicketEmail(payload, payload.attendees[i]!),
        registrationId: attendee.id,
      });
    });
  }
  if (settings.userRegistrationAlerts && adminTo.length > 0) {
    rows.push({ kind: EMAIL_KINDS.admin, to: adminTo.join(', '), ...adminNotification(payload), registrationId: first.id });
  }
  if (rows.length === 0) return;
  // One statement for them all: this often runs while the transaction holds a sold-out-prone row.
  await tx.insert(emailOutbox).values(rows.map((row) => ({ ...row, nextAttemptAt: at, createdAt: at })));
  await announceOutbox(tx);
}

/**
 * The buyer's refund notice, in their language, queued in the refund's transaction (decision 022):
 * the booking reference, the amount and the attendees whose tickets are cancelled. Always sent: it
 * is about the buyer's money, not a notification staff may turn off.
 */
export async function enqueueRefundEmail(
  tx: Db,
  env: MailEnv,
  order: Pick<typeof orders.$inferSelect, 'id' | 'bookingReference' | 'customerName' | 'customerEmail' | 'language' | 'eventId'>,
  attendees: Pick<RegistrationRow, 'id' | 'eventId' | 'firstName' | 'lastName' | 'ticketName' | 'registrationNumber'>[],
  amountPaise: number,
  now = new Date(),
  cancellation?: { feePaise: number; reason: string },
  selfCancelled?: { feePaise: number },
  creditNote?: { id: number; number: string } | null,
): Promise<number | null> {
  if (!order.customerEmail) return null;
  // The event's title as it is now, read where it lives (decision 036).
  const eventId = attendees[0]?.eventId ?? order.eventId;
  const [event] = eventId === null ? [] : await tx.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  const settings = await readSettings(tx);
  const email = refundNotice({
    reference: order.bookingReference ?? order.id,
    eventName: event?.title ?? '',
    customerName: order.customerName,
    amount: toRupees(amountPaise),
    attendees: attendees.map((a) => ({
      name: `${a.firstName} ${a.lastName}`.trim(),
      ticketName: a.ticketName,
      ticketNumber: a.registrationNumber,
    })),
    platformName: settings.platformName,
    language: parseLanguage(order.language),
    ...(cancellation ? { cancellation: { feeRupees: toRupees(cancellation.feePaise), reason: cancellation.reason } } : {}),
    ...(selfCancelled ? { selfCancelled: { feeRupees: toRupees(selfCancelled.feePaise) } } : {}),
    ...(creditNote ? { creditNote: { number: creditNote.number, url: invoiceLinkUrl(env, creditNote) } } : {}),
  });
  const kind = cancellation ? EMAIL_KINDS.eventCancelled : selfCancelled ? EMAIL_KINDS.ticketCancelled : EMAIL_KINDS.refund;
  const id = await insert(tx, kind, order.customerEmail, email, attendees[0]?.id ?? null, now);
  await announceOutbox(tx);
  return id;
}

/** What a new registration's e-mails need to know from the database. */
export interface RegistrationEmailPlan {
  settings: Awaited<ReturnType<typeof readSettings>>;
  adminTo: string[];
  /** The buyer's, for their confirmation; the administrators' notice stays English. */
  language: Language | undefined;
  /** The event's arrival and ID notes, as the confirmation lists them. */
  notes: EventNoteFields | undefined;
}

/**
 * Reads what the e-mails of a registration need (the Notifications settings, the administrators'
 * addresses) ahead of time: fulfilment reads it before it takes the seats, so that the seats' row
 * stays locked for as short a time as can be.
 */
export async function planRegistrationEmails(tx: Db, orderId: string | null): Promise<RegistrationEmailPlan> {
  const [order] = orderId
    ? await tx.select({ eventId: orders.eventId, language: orders.language }).from(orders).where(eq(orders.id, orderId))
    : [];
  const [event] =
    order?.eventId == null
      ? []
      : await tx
          .select({ arrivalNote: events.arrivalNote, idNote: events.idNote, location: events.location })
          .from(events)
          .where(eq(events.id, order.eventId));
  return planOrderEmails(tx, order, event);
}

/**
 * planRegistrationEmails for an order and its event already read (fulfilment reads both first). The
 * buyer's language is their order's (decision 019); a registration without one is English.
 */
export async function planOrderEmails(
  tx: Db,
  order: Pick<typeof orders.$inferSelect, 'language'> | undefined,
  event: Pick<typeof events.$inferSelect, 'arrivalNote' | 'idNote' | 'location'> | undefined,
): Promise<RegistrationEmailPlan> {
  const settings = await readSettings(tx);
  return {
    settings,
    adminTo: settings.userRegistrationAlerts ? await adminRecipients(tx) : [],
    language: parseLanguage(order?.language),
    notes: event && eventNoteFieldsOf(event),
  };
}

export interface OutboxDeps {
  db: Database;
  env: MailEnv;
  transport: MailTransport;
}

export interface OutboxRun {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends every due row once (up to `limit`); safe to run from several workers or instances. */
export async function processOutbox(deps: OutboxDeps, options: { now?: Date; limit?: number } = {}): Promise<OutboxRun> {
  const { db, env, transport } = deps;
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0 };
  // Claimed in one statement: the due rows are locked, skipping any another worker (or instance)
  // is claiming at this moment, and leased for CLAIM_LEASE_MS; a crashed worker's rows come back.
  const due = await db.query((q) =>
    q
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
      .where(
        inArray(
          emailOutbox.id,
          forUpdateSkipLocked(
            q
              .select({ id: emailOutbox.id })
              .from(emailOutbox)
              .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, nowIso)))
              .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
              .limit(options.limit ?? 25),
          ),
        ),
      )
      .returning(),
  );
  due.sort((a, b) => a.id - b.id);
  if (due.length === 0) return run;
  // Replies reach the platform's contact address (Settings, General), whoever sends.
  const replyTo = (await db.query(readSettings)).contactEmail || undefined;

  for (const row of due) {
    const attempts = row.attempts + 1;
    // Addresses were checked on the way in; this is the last check before one becomes a header.
    const recipients = row.to.split(',').map((address) => address.trim());
    if (!recipients.every((address) => EMAIL_PATTERN.test(address))) {
      await db.query((q) =>
        q
          .update(emailOutbox)
          .set({ attempts, status: 'failed', lastError: 'Refused: the recipient is not a plain e-mail address' })
          .where(eq(emailOutbox.id, row.id)),
      );
      run.failed++;
      console.error(`[mail] ${row.kind} #${row.id} refused: recipient ${JSON.stringify(row.to)} is not a plain e-mail address`);
      continue;
    }
    try {
      await transport.send({
        from: env.mail.from,
        replyTo,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId: `<outbox-${row.id}-${Date.parse(row.createdAt) || 0}@tdk.local>`,
      });
      await db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({ status: 'sent', attempts, sentAt: new Date().toISOString(), lastError: null })
          .where(eq(emailOutbox.id, row.id));
        if (row.kind === EMAIL_KINDS.participant && row.registrationId) {
          // A flag the worker sets, not an edit: updated_at (the version an open edit form holds,
          // services/stale-edit.ts) stays, so staff editing meanwhile are not told someone saved.
          await tx.update(registrations).set({ emailSent: true }).where(eq(registrations.id, row.registrationId));
        }
      });
      run.sent++;
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      const givingUp = attempts >= MAX_EMAIL_ATTEMPTS;
      await db.query((q) =>
        q
          .update(emailOutbox)
          .set({
            attempts,
            lastError: message.slice(0, 1000),
            status: givingUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
          })
          .where(eq(emailOutbox.id, row.id)),
      );
      if (givingUp) {
        run.failed++;
        console.error(`[mail] ${row.kind} #${row.id} to ${row.to} failed for good after ${attempts} attempts: ${message}`);
      } else {
        run.retrying++;
        console.warn(
          `[mail] ${row.kind} #${row.id} to ${row.to} failed (attempt ${attempts}/${MAX_EMAIL_ATTEMPTS}), will retry: ${message}`,
        );
      }
    }
  }
  return run;
}

/** Pending rows, for health and tests. */
export const pendingEmailCount = async (db: Db) => db.$count(emailOutbox, eq(emailOutbox.status, 'pending'));

/** The buyer's notice that the event has a new date, in their language (decision 025). */
export async function enqueuePostponedEmail(
  tx: Db,
  env: MailEnv,
  order: Pick<typeof orders.$inferSelect, 'id' | 'bookingReference' | 'customerName' | 'customerEmail' | 'language'>,
  notice: { eventName: string; previousDate: string; date: string; time: string; refundUntil: string; reason: string },
  platformName: string,
  now = new Date(),
): Promise<number | null> {
  if (!order.customerEmail) return null;
  const email = eventPostponedEmail({
    ...notice,
    name: order.customerName,
    reference: order.bookingReference ?? order.id,
    bookingsUrl: `${selfBaseUrl(env)}/bookings`,
    platformName,
    language: parseLanguage(order.language) ?? DEFAULT_LANGUAGE,
  });
  const id = await insert(tx, EMAIL_KINDS.eventPostponed, order.customerEmail, email, null, now);
  await announceOutbox(tx);
  return id;
}
