// The e-mails of an order, composed from its rows (DESIGN.md section 5): the buyer's confirmation
// listing every attendee, each attendee's own ticket, the administrators' notice, the refund notice
// and the postponement notice. This module reads what they say (the order, its attendees, the
// event's notes, the settings, the invoice) and renders it with templates.ts; it queues nothing:
// outbox.ts puts what it composes in the queue, sends it and retries it.
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  eventNoteFieldsOf,
  eventNotesFor,
  parseLanguage,
  type EventNoteFields,
  type Language,
} from '../contract';
import { localTaxLabel, taxOfPart, type TaxSplit } from '../contract/gst';
import { toRupees } from '../contract/money';
import { CONVENIENCE_FEE_GST_RATE } from '../contract/constants';
import { eventTitleAndOwner } from '../db/tenancy';
import type { Db } from '../db/client';
import { selectAttendees, type AttendeeRow as RegistrationRow } from '../db/attendee-rows';
import { eventNotesOfRows } from '../db/event-notes';
import { events, invoices, memberships, orders, organisations, registrations, staffUsers } from '../db/schema';
import { readSettings } from '../db/settings';
import type { Env } from '../env';
import { creditNoteLinkUrl, invoiceLinkUrl, receiptLinkUrl } from '../signing/invoice-links';
import { ticketLinkUrl } from '../signing/ticket-links';
import { selfBaseUrl } from '../urls';
import { EMAIL_KINDS, type EmailKind } from './kinds';
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

export type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

/**
 * One e-mail composed for the outbox: its kind, its recipients (comma-separated), its content, the
 * attendee it is about, and the organisation it is sent for (its sender name and reply-to, decision
 * 056; absent or null for the platform's own).
 */
export type Letter = RenderedEmail & {
  kind: EmailKind;
  to: string;
  registrationId: number | null;
  organisationId?: number | null;
};

/** An organisation's e-mail switches (decision 056), as an order's e-mails are planned with them. */
export type OrganisationSwitches = Pick<
  typeof organisations.$inferSelect,
  'id' | 'emailNotifications' | 'userRegistrationAlerts' | 'newEventAlerts' | 'weeklyReports'
>;

const switchColumns = {
  id: organisations.id,
  emailNotifications: organisations.emailNotifications,
  userRegistrationAlerts: organisations.userRegistrationAlerts,
  newEventAlerts: organisations.newEventAlerts,
  weeklyReports: organisations.weeklyReports,
};

/**
 * An organisation's e-mail switches and its active admins' and managers' addresses (decision 051), in
 * one read: the organisation's row left-joined to its memberships, one row per such member.
 */
async function switchesAndAdmins(
  db: Db,
  organisationId: number,
): Promise<{ organisation: OrganisationSwitches | undefined; staff: string[] }> {
  const rows = await db
    .select({ ...switchColumns, email: staffUsers.email })
    .from(organisations)
    .leftJoin(
      memberships,
      and(
        eq(memberships.organisationId, organisations.id),
        inArray(memberships.role, ['admin', 'manager']),
        eq(memberships.disabled, false),
      ),
    )
    .leftJoin(staffUsers, and(eq(staffUsers.id, memberships.staffUserId), eq(staffUsers.disabled, false)))
    .where(eq(organisations.id, organisationId))
    .orderBy(asc(staffUsers.id));
  const [first] = rows;
  const organisation = first && {
    id: first.id,
    emailNotifications: first.emailNotifications,
    userRegistrationAlerts: first.userRegistrationAlerts,
    newEventAlerts: first.newEventAlerts,
    weeklyReports: first.weeklyReports,
  };
  return { organisation, staff: rows.flatMap((r) => (r.email ? [r.email] : [])) };
}

/** The platform's contact address when an organisation has no admin to tell. */
const contactOf = (settings: { contactEmail: string }) => (settings.contactEmail ? [settings.contactEmail] : []);

/** The organisation's active admins and managers (decision 051); the platform contact address when there are none. */
export async function adminRecipients(db: Db, organisationId: number | null | undefined): Promise<string[]> {
  const { staff } = organisationId == null ? { staff: [] } : await switchesAndAdmins(db, organisationId);
  return staff.length > 0 ? staff : contactOf(await readSettings(db));
}

export type Buyer = Pick<typeof orders.$inferSelect, 'customerName' | 'customerEmail' | 'customerPhone' | 'language'> &
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

/** Decision 060: the convenience fee and its GST the attendees paid, as frozen on their rows; none without one. */
function feesOfOrder(attendees: RegistrationRow[]): Pick<RegistrationEmailPayload, 'fees'> {
  const paying = attendees.filter((a) => a.feePaise > 0);
  if (paying.length === 0) return {};
  return {
    fees: {
      quantity: paying.length,
      fee: toRupees(paying.reduce((sum, a) => sum + a.feePaise, 0)),
      gstRate: CONVENIENCE_FEE_GST_RATE,
      gst: toRupees(paying.reduce((sum, a) => sum + a.feeGstPaise, 0)),
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

/** The platform's invoice for the convenience fee (decision 067) as a confirmation links it, behind the same signed link. */
export const feeDocumentOf = (env: MailEnv, invoice: { id: number; number: string } | null | undefined) =>
  invoice ? { number: invoice.number, url: invoiceLinkUrl(env, invoice) } : undefined;

/** The e-mails of an order: its buyer, its attendees (each with their own link) and the totals. */
function orderPayload(
  env: MailEnv,
  buyer: Buyer | undefined,
  attendees: RegistrationRow[],
  platformName: string,
  notes: EventNoteFields | undefined,
  document?: OrderDocument,
  feeDocument?: RegistrationEmailPayload['feeDocument'],
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
    ...feesOfOrder(attendees),
    ...taxOfOrder(buyer, attendees),
    transactionId: first.transactionId,
    paymentMethod: first.paymentMethod,
    ticketUrl: ticketLinkUrl(env, reference),
    bookingsUrl: `${selfBaseUrl(env)}/bookings`,
    platformName,
    ...(document ? { document } : {}),
    ...(feeDocument ? { feeDocument } : {}),
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
  // The order's invoices: the organiser's for the tickets, the platform's for the fee (decision 067).
  const issued = row.orderId
    ? await db
        .select({ id: invoices.id, number: invoices.number, issuer: invoices.issuer })
        .from(invoices)
        .where(and(eq(invoices.orderId, row.orderId), eq(invoices.kind, 'invoice')))
    : [];
  const invoice = issued.find((i) => i.issuer === 'organiser');
  const feeInvoice = issued.find((i) => i.issuer === 'platform');
  const [order] = row.orderId ? await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId)) : [];
  const reference = attendees[0]!.bookingReference || row.registrationNumber;
  const paid = attendees.reduce((sum, a) => sum + a.amountPaise, 0);
  // A receipt only for a paid order: a legacy registration without one has no receipt to open.
  const document = order?.status === 'PAID' ? orderDocument(env, invoice, reference, paid) : undefined;
  return orderPayload(
    env,
    buyer,
    attendees,
    (await readSettings(db)).platformName,
    notes.get(row.eventId),
    document,
    order?.status === 'PAID' ? feeDocumentOf(env, feeInvoice) : undefined,
  );
}

/**
 * One of the two e-mails of a registration (a staff resend ignores the Notifications settings): the
 * buyer's confirmation, or the administrators' notice. Null when there is nobody to send it to.
 */
export async function registrationLetter(
  db: Db,
  env: MailEnv,
  row: RegistrationRow,
  kind: EmailKind,
  payload?: RegistrationEmailPayload,
): Promise<Letter | null> {
  const content = payload ?? (await emailPayload(db, env, row));
  const [event] =
    row.eventId == null
      ? []
      : await db.select({ organisationId: events.organisationId }).from(events).where(eq(events.id, row.eventId));
  const organisationId = event?.organisationId ?? null;
  if (kind === EMAIL_KINDS.participant) {
    // The order's confirmation goes to its buyer, who holds every attendee's ticket.
    if (!content.customerEmail) return null;
    return { kind, to: content.customerEmail, ...participantConfirmation(content), registrationId: row.id, organisationId };
  }
  const to = await adminRecipients(db, organisationId);
  if (to.length === 0) return null;
  return { kind, to: to.join(', '), ...adminNotification(content), registrationId: row.id, organisationId };
}

/** What a new registration's e-mails need to know from the database. */
export interface RegistrationEmailPlan {
  settings: Awaited<ReturnType<typeof readSettings>>;
  /** The event's organisation: its Email Notifications and User Registration Alerts (decision 056). */
  organisation: OrganisationSwitches | undefined;
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
          .select({
            arrivalNote: events.arrivalNote,
            idNote: events.idNote,
            location: events.location,
            organisationId: events.organisationId,
          })
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
  event: Pick<typeof events.$inferSelect, 'arrivalNote' | 'idNote' | 'location' | 'organisationId'> | undefined,
): Promise<RegistrationEmailPlan> {
  const settings = await readSettings(tx);
  const { organisation, staff } =
    event?.organisationId == null ? { organisation: undefined, staff: [] } : await switchesAndAdmins(tx, event.organisationId);
  return {
    settings,
    organisation,
    adminTo: (organisation?.userRegistrationAlerts ?? true) ? (staff.length > 0 ? staff : contactOf(settings)) : [],
    language: parseLanguage(order?.language),
    notes: event && eventNoteFieldsOf(event),
  };
}

/**
 * The e-mails of a paid order, as the Notifications settings allow: the buyer's confirmation
 * listing every attendee, each attendee's own ticket when they gave an e-mail of their own (Email
 * Notifications), and the administrators' notice (User Registration Alerts).
 */
export async function orderLetters(
  tx: Db,
  env: MailEnv,
  buyer: Buyer,
  paid: { attendees: RegistrationRow[] },
  plan?: RegistrationEmailPlan,
  document?: OrderDocument,
  feeDocument?: RegistrationEmailPayload['feeDocument'],
): Promise<Letter[]> {
  const first = paid.attendees[0];
  if (!first) return [];
  const { settings, organisation, adminTo, notes } = plan ?? {
    ...(await planRegistrationEmails(tx, first.orderId)),
    notes: (await eventNotesOfRows(tx, [first])).get(first.eventId),
  };
  const payload = orderPayload(env, buyer, paid.attendees, settings.platformName, notes, document, feeDocument);
  const letters: Letter[] = [];
  const organisationId = organisation?.id ?? null;
  // The event's organisation's switches (decision 056); an attendee without an event is sent as before.
  if (organisation?.emailNotifications ?? true) {
    if (buyer.customerEmail) {
      letters.push({
        kind: EMAIL_KINDS.participant,
        to: buyer.customerEmail,
        ...participantConfirmation(payload),
        registrationId: first.id,
        organisationId,
      });
    }
    const buyerEmail = buyer.customerEmail.toLowerCase();
    paid.attendees.forEach((attendee, i) => {
      if (!attendee.email || attendee.email.toLowerCase() === buyerEmail) return;
      letters.push({
        kind: EMAIL_KINDS.attendee,
        to: attendee.email,
        ...attendeeTicketEmail(payload, payload.attendees[i]!),
        registrationId: attendee.id,
        organisationId,
      });
    });
  }
  if ((organisation?.userRegistrationAlerts ?? true) && adminTo.length > 0) {
    letters.push({
      kind: EMAIL_KINDS.admin,
      to: adminTo.join(', '),
      ...adminNotification(payload),
      registrationId: first.id,
      organisationId,
    });
  }
  return letters;
}

/**
 * The buyer's refund notice, in their language (decision 022): the booking reference, the amount and
 * the attendees whose tickets are cancelled; the event's cancellation or the buyer's own
 * cancellation when that is why. Null when the order has no buyer's address.
 */
export async function refundLetter(
  tx: Db,
  env: MailEnv,
  order: Pick<typeof orders.$inferSelect, 'id' | 'bookingReference' | 'customerName' | 'customerEmail' | 'language' | 'eventId'>,
  attendees: Pick<RegistrationRow, 'id' | 'eventId' | 'firstName' | 'lastName' | 'ticketName' | 'registrationNumber'>[],
  amountPaise: number,
  cancellation?: { feePaise: number; reason: string },
  selfCancelled?: { feePaise: number },
  creditNote?: { id: number; number: string } | null,
): Promise<Letter | null> {
  if (!order.customerEmail) return null;
  // The event's title as it is now, read where it lives (decision 036).
  const eventId = attendees[0]?.eventId ?? order.eventId;
  const event = await eventTitleAndOwner(tx, eventId);
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
    ...(creditNote ? { creditNote: { number: creditNote.number, url: creditNoteLinkUrl(env, creditNote) } } : {}),
  });
  const kind = cancellation ? EMAIL_KINDS.eventCancelled : selfCancelled ? EMAIL_KINDS.ticketCancelled : EMAIL_KINDS.refund;
  return {
    kind,
    to: order.customerEmail,
    ...email,
    registrationId: attendees[0]?.id ?? null,
    organisationId: event?.organisationId ?? null,
  };
}

/** The buyer's notice that the event has a new date, in their language (decision 025); null without an address. */
export function postponedLetter(
  env: MailEnv,
  order: Pick<typeof orders.$inferSelect, 'id' | 'bookingReference' | 'customerName' | 'customerEmail' | 'language'>,
  notice: { eventName: string; previousDate: string; date: string; time: string; refundUntil: string; reason: string },
  platformName: string,
  organisationId: number | null = null,
): Letter | null {
  if (!order.customerEmail) return null;
  const email = eventPostponedEmail({
    ...notice,
    name: order.customerName,
    reference: order.bookingReference ?? order.id,
    bookingsUrl: `${selfBaseUrl(env)}/bookings`,
    platformName,
    language: parseLanguage(order.language) ?? DEFAULT_LANGUAGE,
  });
  return { kind: EMAIL_KINDS.eventPostponed, to: order.customerEmail, ...email, registrationId: null, organisationId };
}
