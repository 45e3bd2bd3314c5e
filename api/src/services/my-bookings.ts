// My bookings (issue 24, decision 023): a buyer signs in with a one-time link mailed to them, sees
// the orders bought with that e-mail, and changes or transfers an attendee as the event allows.
// Every function takes the caller's transaction and throws SelfServiceRefusal (the route decides
// the HTTP status); a change writes its audit entry and queues its e-mails in that transaction.
import { invoicesOfOrder } from './invoices';
import { feeLinesOfOrders } from './order-fees';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  answerProblems,
  BOOKINGS_LINK_MINUTES,
  cancellationFeePaise,
  deferralCreditPaise,
  raceSwapTerms,
  refundWindowEnd,
  eligibilityProblem,
  fieldModesOf,
  KIT_LIST_ID,
  MY_BOOKINGS_MESSAGES,
  participantFieldProblems,
  selfServiceOf,
  type AttendeeDetails,
  type AnswerValue,
  type KitAuthorisationView,
  type Language,
  type MyAttendee,
  type MyBooking,
  type MyBookingsResponse,
  type MyCredit,
  type MyRaceChange,
  type RaceChangePolicy,
  type SelfServiceAction,
} from '../contract';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { announceOutbox } from '../db/notify';
import {
  buyerCredits,
  buyerSignInLinks,
  checkIns,
  emailOutbox,
  events,
  orders,
  organisations,
  registrations,
  replacedTicketNumbers,
  ticketTypes,
} from '../db/schema';
import type { Env } from '../env';
import {
  bookingsLinkEmail,
  detailsChangedEmail,
  transferredAttendeeEmail,
  transferredBuyerEmail,
  type SelfServiceMailFacts,
} from '../mail/bookings-templates';
import type { RenderedEmail } from '../mail/templates';
import { selfBaseUrl } from '../urls';
import { enqueueRefundEmail } from '../mail/outbox';
import { changedFields, recordAudit } from './audit';
import { recordAttendeeWebhookEvents, recordAttendeesCancelled } from './webhook-outbox';
import { participantColumns } from './attendees';
import { indiaDay, instantOfIndiaTime } from './india-time';
import { toRupees } from '../contract/money';
import { waveOf } from '../contract/waves';
import { lockedAttendees, selectAttendees, type AttendeeRow as RegistrationRow, isAttendee } from '../db/attendee-rows';
import { ticketCode } from './registrations';
import { refundOrder } from './refunds';
import { releaseSoldSeat, seatCapacity } from './inventory';
import { readSettings } from './settings';
import { ticketLinkPath, ticketLinkUrl } from '../signing/ticket-links';
import { issueKitAuthorisation, kitAuthorisationsOf, withdrawLiveAuthorisation } from './kit-authorisations';
import { publishedResultsOf } from './results';

type BookingsEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port'>;
type CancelEnv = BookingsEnv & Pick<Env, 'mail'>;

export const BOOKINGS_LINK_MS = BOOKINGS_LINK_MINUTES * 60_000;
export const EMAIL_KIND_BOOKINGS_LINK = 'bookings_link';
export const EMAIL_KIND_DETAILS_CHANGED = 'attendee_details_changed';
export const EMAIL_KIND_TRANSFERRED = 'ticket_transferred';
/** The reason a replaced ticket number is kept (the gate names it). */
export const REPLACED_BY_TRANSFER = 'transferred';

export type SelfServiceRefusalReason =
  | 'link_used'
  | 'link_expired'
  | 'link_invalid'
  | 'not_found'
  | 'not_allowed'
  | 'closed'
  | 'invalid'
  // Race swaps (decision 071): the race is full; the move costs money My bookings cannot take yet.
  | 'sold_out'
  | 'payment_needed';

/** A refusal of My bookings; never an HTTP status (routes/my-bookings.ts maps each reason). */
export class SelfServiceRefusal extends Error {
  override name = 'SelfServiceRefusal';
  constructor(
    readonly reason: SelfServiceRefusalReason,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const normalEmail = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The buyer's orders that hold attendees (paid or once paid). */
const buyerOrderIds = (db: Db, email: string) =>
  db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(registrations, and(eq(registrations.orderId, orders.id), isAttendee))
    .where(sql`lower(${orders.customerEmail}) = ${normalEmail(email)}`);

/**
 * A transferred attendee (issue 40) belongs to its holder alone: the person it was transferred to,
 * whose e-mail the row carries. The orders holding attendees transferred to `email`.
 */
const heldOrderIds = async (db: Db, email: string): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: registrations.orderId })
      .from(registrations)
      .innerJoin(replacedTicketNumbers, eq(replacedTicketNumbers.registrationId, registrations.id))
      .where(
        and(eq(replacedTicketNumbers.reason, REPLACED_BY_TRANSFER), sql`lower(${registrations.email}) = ${normalEmail(email)}`),
      )
  ).flatMap((r) => (r.id ? [r.id] : []));

/** Which of these attendees were transferred (their ticket, QR and cancellation are their holder's). */
export async function transferredAttendeeIds(db: Db, registrationIds: number[]): Promise<Set<number>> {
  if (registrationIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: replacedTicketNumbers.registrationId })
    .from(replacedTicketNumbers)
    .where(
      and(eq(replacedTicketNumbers.reason, REPLACED_BY_TRANSFER), inArray(replacedTicketNumbers.registrationId, registrationIds)),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Mails a one-time sign-in link to `email` when it has bookings; nothing otherwise. The caller
 * answers the same either way. Only the token's hash is stored; links long past their end are
 * forgotten here.
 */
export async function requestBookingsLink(
  tx: Db,
  env: BookingsEnv,
  input: { email: string; language?: Language },
  now = new Date(),
): Promise<void> {
  const email = normalEmail(input.email);
  await tx.delete(buyerSignInLinks).where(lt(buyerSignInLinks.expiresAt, new Date(now.getTime() - 86_400_000).toISOString()));
  const [has] = await buyerOrderIds(tx, email).limit(1);
  if (!has && (await heldOrderIds(tx, email)).length === 0) return;
  const token = randomBytes(32).toString('base64url');
  await tx.insert(buyerSignInLinks).values({
    tokenHash: hashToken(token),
    email,
    expiresAt: new Date(now.getTime() + BOOKINGS_LINK_MS).toISOString(),
    createdAt: now.toISOString(),
  });
  // The buyer's language: the one they ask in, else their latest order's.
  const [latest] = await tx
    .select({ language: orders.language })
    .from(orders)
    .where(sql`lower(${orders.customerEmail}) = ${email}`)
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(1);
  const language = (input.language ?? latest?.language ?? 'en') as Language;
  const langQuery = language === 'en' ? '' : `?lang=${language}`;
  const url = `${selfBaseUrl(env)}/bookings/open${langQuery}#${token}`;
  const { platformName } = await readSettings(tx);
  await queueEmail(
    tx,
    EMAIL_KIND_BOOKINGS_LINK,
    email,
    bookingsLinkEmail({ url, minutes: BOOKINGS_LINK_MINUTES, platformName, language }),
    null,
    // The sign-in link is the platform's: it opens the bookings of every organiser.
    null,
    now,
  );
  await announceOutbox(tx);
}

/** Spends a sign-in link: the e-mail it was sent to, once, within its 30 minutes. */
export async function redeemBookingsLink(tx: Db, token: string, now = new Date()): Promise<string> {
  const [link] = await forUpdate(
    tx
      .select()
      .from(buyerSignInLinks)
      .where(eq(buyerSignInLinks.tokenHash, hashToken(token)))
      .limit(1),
  );
  if (!link) throw new SelfServiceRefusal('link_invalid', MY_BOOKINGS_MESSAGES.linkInvalid);
  if (link.usedAt) throw new SelfServiceRefusal('link_used', MY_BOOKINGS_MESSAGES.linkUsed);
  if (link.expiresAt <= now.toISOString()) throw new SelfServiceRefusal('link_expired', MY_BOOKINGS_MESSAGES.linkExpired);
  // Conditional: of two requests with one link, only one starts a session.
  const spent = await tx
    .update(buyerSignInLinks)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(buyerSignInLinks.id, link.id), sql`${buyerSignInLinks.usedAt} is null`))
    .returning({ id: buyerSignInLinks.id });
  if (spent.length === 0) throw new SelfServiceRefusal('link_used', MY_BOOKINGS_MESSAGES.linkUsed);
  return link.email;
}

type EventRow = Pick<
  typeof events.$inferSelect,
  'id' | 'organisationId' | 'date' | 'time' | 'selfService' | 'postponement' | 'questions' | 'participantFields'
>;

/** A deadline: hours before the event's start, or an instant of its own (the cancel terms'). */
type ActionRule = { hoursBefore: number } | { until: Date };
/** Cancelling's terms in force, with the instant they end; `postponed`: a postponed event's full refund. */
type CancelTerms = { daysBefore: number; feePercent: number; until: Date; postponed: boolean };

/**
 * The cancel terms in force now: while a postponed event's refund window is open, a full refund
 * (no fee) until the end of its last day, whatever the event's own policy (decision 025); otherwise
 * the policy's, until its whole days before the start.
 */
export function cancelTermsOf(
  event: Pick<EventRow, 'date' | 'time' | 'selfService' | 'postponement'>,
  now: Date,
): CancelTerms | null {
  const postponement = event.postponement;
  if (postponement && indiaDay(now) <= postponement.refundUntil) {
    return { daysBefore: 0, feePercent: 0, until: refundWindowEnd(postponement), postponed: true };
  }
  const cancel = selfServiceOf(event.selfService).cancel;
  return cancel && { ...cancel, until: new Date(eventStart(event).getTime() - cancel.daysBefore * 86_400_000), postponed: false };
}

const eventStart = (event: Pick<EventRow, 'date' | 'time'>) => instantOfIndiaTime(event.date, event.time || '00:00');

/** Whether an action is open for this attendee now, and until when. */
export function actionState(
  rule: ActionRule | null,
  event: Pick<EventRow, 'date' | 'time'>,
  attendee: Pick<RegistrationRow, 'status' | 'checkInTime'>,
  now: Date,
): SelfServiceAction {
  if (!rule) return { open: false, reason: 'not_allowed' };
  if (attendee.status === 'Cancelled') return { open: false, reason: 'cancelled' };
  if (attendee.checkInTime || attendee.status === 'Checked-In') return { open: false, reason: 'checked_in' };
  const until = 'until' in rule ? rule.until : new Date(eventStart(event).getTime() - rule.hoursBefore * 3_600_000);
  return now < until ? { open: true, until: until.toISOString() } : { open: false, reason: 'closed' };
}

/** The cancel terms' deadline as an action's rule. */
const cancelRule = (cancel: CancelTerms | null): ActionRule | null => cancel && { until: cancel.until };

/** Cancelling for a refund: as actionState, and only for a paid attendee (a refunded one is cancelled already). */
export function cancelState(
  cancel: CancelTerms | null,
  event: Pick<EventRow, 'date' | 'time'>,
  attendee: Pick<RegistrationRow, 'status' | 'checkInTime' | 'paymentStatus'>,
  now: Date,
): SelfServiceAction {
  const state = actionState(cancelRule(cancel), event, attendee, now);
  if (state.open && attendee.paymentStatus === 'Refunded') return { open: false, reason: 'cancelled' };
  return state;
}

const REFUSAL_OF_STATE = {
  not_allowed: ['not_allowed', MY_BOOKINGS_MESSAGES.notAllowed],
  closed: ['closed', MY_BOOKINGS_MESSAGES.closed],
  checked_in: ['closed', MY_BOOKINGS_MESSAGES.checkedIn],
  cancelled: ['closed', MY_BOOKINGS_MESSAGES.cancelled],
} as const satisfies Record<Extract<SelfServiceAction, { open: false }>['reason'], readonly [SelfServiceRefusalReason, string]>;

const EMPTY_DETAILS: MyAttendee['details'] = {
  fullName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  gender: '',
  emergencyContact: '',
  emergencyPhone: '',
  tshirtSize: '',
  bloodGroup: '',
  medicalConditions: '',
  experience: '',
};

const detailsOf = (row: RegistrationRow): MyAttendee['details'] => ({
  fullName: `${row.firstName} ${row.lastName}`.trim(),
  email: row.email,
  phone: row.phone,
  dateOfBirth: row.dateOfBirth ?? '',
  gender: row.gender,
  emergencyContact: row.emergencyContactName,
  emergencyPhone: row.emergencyContactPhone,
  tshirtSize: row.shirtSize,
  bloodGroup: row.bloodGroup,
  medicalConditions: row.medicalConditions,
  experience: row.previousExperience,
});

/** Every order bought with `email`, newest event last, each with its attendees and what the event allows now. */
export async function listMyBookings(db: Db, env: BookingsEnv, email: string, now = new Date()): Promise<MyBookingsResponse> {
  const bought = (await buyerOrderIds(db, email)).map((o) => o.id);
  const ids = [...new Set([...bought, ...(await heldOrderIds(db, email))])];
  const credits = await creditsOf(db, email);
  if (ids.length === 0) return { email: normalEmail(email), bookings: [], credits };
  const buyers = new Map(
    (
      await db
        .select({
          id: orders.id,
          fullName: orders.customerName,
          email: orders.customerEmail,
          phone: orders.customerPhone,
          amountPaise: orders.amountPaise,
        })
        .from(orders)
        .where(inArray(orders.id, ids))
    ).map(({ id, amountPaise, ...buyer }) => [id, { buyer, amountPaise }]),
  );
  const feeLines = await feeLinesOfOrders(db, bought);
  const rows = await selectAttendees(db)
    .where(inArray(registrations.orderId, ids))
    .orderBy(asc(events.date), asc(registrations.orderId), asc(registrations.position));
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const eventRows = await db
    .select({
      id: events.id,
      organisationId: events.organisationId,
      date: events.date,
      time: events.time,
      selfService: events.selfService,
      postponement: events.postponement,
      questions: events.questions,
      participantFields: events.participantFields,
    })
    .from(events)
    .where(inArray(events.id, eventIds));
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  const typeRows = await db
    .select({
      id: ticketTypes.id,
      eventId: ticketTypes.eventId,
      name: ticketTypes.name,
      pricePaise: ticketTypes.pricePaise,
      minAge: ticketTypes.minAge,
      maxAge: ticketTypes.maxAge,
      gender: ticketTypes.gender,
      status: ticketTypes.status,
      quantity: ticketTypes.quantity,
      sold: ticketTypes.sold,
      held: ticketTypes.held,
      bibFrom: ticketTypes.bibFrom,
      bibTo: ticketTypes.bibTo,
    })
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, eventIds));
  const issued = await invoicesOfOrder(db, ids);
  const transferred = await transferredAttendeeIds(
    db,
    rows.map((r) => r.id),
  );
  const me = normalEmail(email);
  const kitKept = await kitCollectionsOf(
    db,
    env,
    rows.filter((r) => r.bib !== null).map((r) => r.id),
  );
  const published = await publishedResultsOf(
    db,
    rows.filter((r) => r.bib !== null).map((r) => r.id),
  );
  /** Decision 060: the order's charge split into its tickets and its frozen fee lines. */
  const paymentOf = (orderId: string): NonNullable<MyBooking['payment']> => {
    const fees = feeLines.get(orderId) ?? [];
    const totalPaise = buyers.get(orderId)!.amountPaise;
    const feesPaise = fees.reduce((sum, f) => sum + f.totalPaise, 0);
    return { tickets: toRupees(totalPaise - feesPaise), fees, total: toRupees(totalPaise) };
  };
  const bookings = new Map<string, MyBooking>();
  for (const row of rows) {
    // The buyer keeps a transferred attendee as a line saying to whom it went; its holder alone has
    // it whole (link, QR, actions), and sees nothing else of the order.
    const buyerOwn = normalEmail(buyers.get(row.orderId ?? '')?.buyer.email ?? '') === me;
    const given = transferred.has(row.id) && normalEmail(row.email) !== me;
    const held = transferred.has(row.id) && !given;
    if (!buyerOwn && !held) continue;
    const holderOnly = !buyerOwn;
    const event = eventById.get(row.eventId);
    const policy = selfServiceOf(event?.selfService);
    const cancelTerms = event ? cancelTermsOf(event, now) : null;
    const reference = row.bookingReference || row.registrationNumber;
    let booking = bookings.get(row.orderId ?? reference);
    if (!booking) {
      booking = {
        bookingReference: reference,
        eventId: row.eventId,
        eventName: row.eventName,
        eventDate: row.eventDate,
        eventTime: row.eventTime,
        eventVenue: row.eventVenue,
        ticketUrl: ticketLinkPath(env, holderOnly ? row.registrationNumber : reference),
        buyer: holderOnly
          ? { fullName: `${row.firstName} ${row.lastName}`.trim(), email: me, phone: '' }
          : (buyers.get(row.orderId ?? '')?.buyer ?? { fullName: '', email: me, phone: '' }),
        ...(!holderOnly && row.orderId && buyers.has(row.orderId) ? { payment: paymentOf(row.orderId) } : {}),
        invoices: issued
          .filter((i) => !holderOnly && i.orderId === row.orderId)
          .map((i) => ({ id: i.id, kind: i.kind, issuer: i.issuer, number: i.number, issuedAt: i.issuedAt })),
        cancellation: cancelTerms && {
          daysBefore: cancelTerms.daysBefore,
          feePercent: cancelTerms.feePercent,
          until: cancelTerms.until.toISOString(),
        },
        questions: event?.questions ?? [],
        participantFields: fieldModesOf(event?.participantFields),
        tickets: typeRows
          .filter((t) => t.eventId === row.eventId)
          .map((t) => ({
            id: t.id,
            name: t.name,
            price: toRupees(t.pricePaise),
            minAge: t.minAge,
            maxAge: t.maxAge,
            gender: t.gender,
          })),
        attendees: [],
      };
      bookings.set(row.orderId ?? reference, booking);
    }
    const when = { date: row.eventDate, time: row.eventTime };
    if (given) {
      const name = `${row.firstName} ${row.lastName}`.trim();
      const closed: SelfServiceAction = { open: false, reason: 'not_allowed' };
      booking.attendees.push({
        ticketNumber: row.registrationNumber,
        position: Math.max(1, row.position),
        ticketId: row.ticketId,
        ticketName: row.ticketName,
        name,
        status: row.status,
        bib: null,
        ticketUrl: '',
        details: { ...EMPTY_DETAILS, fullName: name, email: row.email },
        answers: {},
        team: row.teamName,
        transferredTo: { name, email: row.email },
        changeDetails: closed,
        transfer: closed,
        cancel: closed,
        cancelTerms: null,
        refunded: toRupees(row.refundedPaise),
        paymentStatus: row.paymentStatus,
      });
      continue;
    }
    booking.attendees.push({
      ticketNumber: row.registrationNumber,
      position: Math.max(1, row.position),
      ticketId: row.ticketId,
      ticketName: row.ticketName,
      name: `${row.firstName} ${row.lastName}`.trim(),
      status: row.status,
      bib: row.bib,
      wave: waveOf(row, { waves: row.raceWaves, waveQuestionId: row.raceWaveQuestionId }) ?? null,
      ticketUrl: ticketLinkPath(env, row.registrationNumber),
      details: detailsOf(row),
      answers: row.answers,
      team: row.teamName,
      changeDetails: actionState(policy.changeDetails, when, row, now),
      transfer: actionState(policy.transfer, when, row, now),
      ...cancelView(cancelTerms, when, row, now),
      raceChange: raceChangeView(
        policy.raceChange ?? null,
        row,
        typeRows.filter((t) => t.eventId === row.eventId),
        now,
      ),
      // A race entry (one with a bib) has a kit to collect at the expo.
      ...(row.bib !== null && { kitCollection: kitCollectionView(row, kitKept.get(row.id), now) }),
      ...(published.has(row.id) && { result: published.get(row.id) }),
    });
  }
  // An order whose every ticket was transferred has no ticket of the buyer's to show: no order link.
  for (const booking of bookings.values()) {
    if (booking.attendees.every((a) => a.transferredTo)) booking.ticketUrl = '';
  }
  return { email: normalEmail(email), bookings: [...bookings.values()], credits };
}

/** The buyer's unused credits with organisers (decision 071), oldest first. */
async function creditsOf(db: Db, email: string): Promise<MyCredit[]> {
  const rows = await db
    .select({
      organisationId: buyerCredits.organisationId,
      organiserName: organisations.displayName,
      amountPaise: buyerCredits.amountPaise,
      createdAt: buyerCredits.createdAt,
    })
    .from(buyerCredits)
    .innerJoin(organisations, eq(organisations.id, buyerCredits.organisationId))
    .where(and(eq(buyerCredits.email, normalEmail(email)), isNull(buyerCredits.usedAt), gt(buyerCredits.amountPaise, 0)))
    .orderBy(asc(buyerCredits.id));
  return rows.map(({ amountPaise, ...r }) => ({ ...r, amount: toRupees(amountPaise) }));
}

/** The race-change policy's deadline as an action's rule (its date and time in India). */
export const raceChangeRule = (policy: RaceChangePolicy | null, part: 'swap' | 'defer'): ActionRule | null =>
  policy?.[part] ? { until: instantOfIndiaTime(policy.until.slice(0, 10), policy.until.slice(11, 16)) } : null;

/** Whether a race change is open for this attendee now: as actionState, and only for a paid one. */
export function raceChangeState(
  policy: RaceChangePolicy | null,
  part: 'swap' | 'defer',
  attendee: Pick<RegistrationRow, 'status' | 'checkInTime' | 'paymentStatus'>,
  now: Date,
): SelfServiceAction {
  const state = actionState(raceChangeRule(policy, part), { date: '', time: '' }, attendee, now);
  if (state.open && attendee.paymentStatus === 'Refunded') return { open: false, reason: 'cancelled' };
  if (state.open && attendee.paymentStatus !== 'Paid') return { open: false, reason: 'not_allowed' };
  return state;
}

/** What the attendee paid and still holds: their price less what was refunded for them. */
export const paidFor = (row: Pick<RegistrationRow, 'amountPaise' | 'refundedPaise'>) =>
  Math.max(0, row.amountPaise - row.refundedPaise);

type RaceRow = {
  id: number;
  name: string;
  pricePaise: number;
  status: string;
  quantity: number;
  sold: number;
  held: number;
  bibFrom: number | null;
  bibTo: number | null;
};

function raceChangeView(policy: RaceChangePolicy | null, row: RegistrationRow, races: RaceRow[], now: Date): MyRaceChange {
  const swap = raceChangeState(policy, 'swap', row, now);
  const defer = raceChangeState(policy, 'defer', row, now);
  const feePaise = policy?.feePaise ?? 0;
  const paid = paidFor(row);
  return {
    swap,
    defer,
    fee: toRupees(feePaise),
    options: swap.open
      ? races
          .filter((t) => t.id !== row.ticketId && t.status === 'Active' && seatCapacity(t) - t.sold - t.held > 0)
          .map((t) => {
            const terms = raceSwapTerms(paid, t.pricePaise, feePaise);
            return {
              ticketTypeId: t.id,
              name: t.name,
              price: toRupees(t.pricePaise),
              pay: toRupees(terms.payPaise),
              refund: toRupees(terms.refundPaise),
            };
          })
      : [],
    credit: defer.open ? toRupees(deferralCreditPaise(paid, feePaise)) : null,
  };
}

type KitKept = { authorisation: KitAuthorisationView | null; collectedAt: string | null };

/** Each race entry's kit: its authorisation in force or used, and when the kit desk handed it over. */
async function kitCollectionsOf(db: Db, env: BookingsEnv, ids: number[]): Promise<Map<number, KitKept>> {
  if (ids.length === 0) return new Map();
  const authorisations = await kitAuthorisationsOf(db, env, ids);
  const collected = new Map(
    (
      await db
        .select({ registrationId: checkIns.registrationId, at: checkIns.checkedInAt })
        .from(checkIns)
        .where(and(inArray(checkIns.registrationId, ids), eq(checkIns.list, KIT_LIST_ID)))
    ).map((r) => [r.registrationId, r.at]),
  );
  return new Map(
    ids.map((id) => [id, { authorisation: authorisations.get(id) ?? null, collectedAt: collected.get(id) ?? null }]),
  );
}

/** Why someone else may not collect this kit now, or undefined when they may. */
function kitRefusal(row: RegistrationRow, collectedAt: string | null, now: Date): string | undefined {
  if (row.status === 'Cancelled' || row.paymentStatus === 'Refunded') return MY_BOOKINGS_MESSAGES.cancelled;
  if (row.paymentStatus !== 'Paid') return MY_BOOKINGS_MESSAGES.kitNotPaid;
  if (collectedAt) return MY_BOOKINGS_MESSAGES.kitCollected;
  // Kits are handed out up to the event's day (decision 065).
  if (indiaDay(now) > row.eventDate) return MY_BOOKINGS_MESSAGES.kitClosed;
  return undefined;
}

const kitCollectionView = (
  row: RegistrationRow,
  kept: KitKept | undefined,
  now: Date,
): NonNullable<MyAttendee['kitCollection']> => ({
  canAuthorise: !kitRefusal(row, kept?.collectedAt ?? null, now),
  authorisation: kept?.authorisation ?? null,
  collectedAt: kept?.collectedAt ?? null,
});

/**
 * The buyer (or a transferred ticket's holder) authorises `collectorName` to collect the kit of
 * their race entry `ticketNumber` (decision 069); an earlier authorisation stops working.
 */
export async function authoriseKitCollection(
  tx: Db,
  env: BookingsEnv,
  buyer: { email: string; ip?: string },
  ticketNumber: string,
  collectorName: string,
  now = new Date(),
): Promise<void> {
  const owned = await ownedAttendee(tx, buyer.email, ticketNumber);
  if (owned.row.bib === null) throw new SelfServiceRefusal('not_allowed', MY_BOOKINGS_MESSAGES.notAllowed);
  const kept = (await kitCollectionsOf(tx, env, [owned.row.id])).get(owned.row.id);
  const refusal = kitRefusal(owned.row, kept?.collectedAt ?? null, now);
  if (refusal) throw new SelfServiceRefusal('closed', refusal);
  const issued = await issueKitAuthorisation(tx, owned.row.id, collectorName, now);
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: normalEmail(buyer.email),
    action: 'authorise_kit_collection',
    entity: 'registration',
    entityId: owned.row.id,
    detail: { ticketNumber, authorisation: issued.id },
    ip: buyer.ip ?? null,
  });
}

/** The buyer withdraws the live kit authorisation of `ticketNumber`; refused when none is live. */
export async function withdrawKitAuthorisation(
  tx: Db,
  buyer: { email: string; ip?: string },
  ticketNumber: string,
  now = new Date(),
): Promise<void> {
  const owned = await ownedAttendee(tx, buyer.email, ticketNumber);
  if (!(await withdrawLiveAuthorisation(tx, owned.row.id, now)))
    throw new SelfServiceRefusal('not_found', MY_BOOKINGS_MESSAGES.kitNoAuthorisation);
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: normalEmail(buyer.email),
    action: 'withdraw_kit_authorisation',
    entity: 'registration',
    entityId: owned.row.id,
    detail: { ticketNumber },
    ip: buyer.ip ?? null,
  });
}

function cancelView(
  cancel: CancelTerms | null,
  when: Pick<EventRow, 'date' | 'time'>,
  row: RegistrationRow,
  now: Date,
): Pick<MyAttendee, 'cancel' | 'cancelTerms' | 'refunded' | 'paymentStatus'> {
  const state = cancelState(cancel, when, row, now);
  const terms =
    state.open && cancel && row.paymentStatus === 'Paid' ? cancellationFeePaise(paidFor(row), cancel.feePercent) : null;
  return {
    cancel: state.open && !terms ? { open: false, reason: 'not_allowed' } : state,
    cancelTerms: terms && {
      price: toRupees(paidFor(row)),
      fee: toRupees(terms.feePaise),
      refund: toRupees(terms.refundPaise),
    },
    refunded: toRupees(row.refundedPaise),
    paymentStatus: row.paymentStatus,
  };
}

export interface Owned {
  row: RegistrationRow;
  order: typeof orders.$inferSelect;
  event: EventRow;
}

/**
 * The attendee `ticketNumber` of one of `email`'s orders, locked; refused alike when unknown or
 * another's. A transferred attendee is its holder's alone (issue 40): the buyer who gave it away no
 * longer owns it.
 */
export async function ownedAttendee(tx: Db, email: string, ticketNumber: string): Promise<Owned> {
  const unknown = () => new SelfServiceRefusal('not_found', MY_BOOKINGS_MESSAGES.ticketUnknown);
  const [row] = await lockedAttendees(selectAttendees(tx).where(eq(registrations.registrationNumber, ticketNumber)).limit(1));
  if (!row?.orderId) throw unknown();
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) throw unknown();
  const owner = (await transferredAttendeeIds(tx, [row.id])).has(row.id) ? row.email : order.customerEmail;
  if (normalEmail(owner) !== normalEmail(email)) throw unknown();
  return { row, order, event: await ownedEvent(tx, row.eventId) };
}

async function ownedEvent(tx: Db, eventId: number): Promise<EventRow> {
  const [event] = await tx
    .select({
      id: events.id,
      organisationId: events.organisationId,
      date: events.date,
      time: events.time,
      selfService: events.selfService,
      postponement: events.postponement,
      questions: events.questions,
      participantFields: events.participantFields,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new SelfServiceRefusal('not_found', MY_BOOKINGS_MESSAGES.ticketUnknown);
  return event;
}

/** An attendee of an online order, by id, locked (support cancelling for a caller, decision 047). */
async function attendeeOfOrder(tx: Db, registrationId: number): Promise<Owned> {
  const [row] = await lockedAttendees(selectAttendees(tx).where(eq(registrations.id, registrationId)).limit(1));
  if (!row) throw new SelfServiceRefusal('not_found', MY_BOOKINGS_MESSAGES.ticketUnknown);
  if (!row.orderId) throw new SelfServiceRefusal('closed', NO_ONLINE_ORDER_MESSAGE);
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) throw new SelfServiceRefusal('closed', NO_ONLINE_ORDER_MESSAGE);
  return { row, order, event: await ownedEvent(tx, row.eventId) };
}

export const NO_ONLINE_ORDER_MESSAGE =
  'This attendee has no online booking to cancel under its rules: a manager records an offline refund or edits the registration.';

export function requireOpen(state: SelfServiceAction): void {
  if (state.open) return;
  const [reason, message] = REFUSAL_OF_STATE[state.reason];
  throw new SelfServiceRefusal(reason, message);
}

/** The attendee's details and answers judged as checkout judges them (the event's form, the ticket type's category, the questions). */
async function judgeAttendee(
  tx: Db,
  owned: Owned,
  participant: AttendeeDetails,
  answers: Record<string, AnswerValue> | undefined,
): Promise<void> {
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(
    participantFieldProblems(fieldModesOf(owned.event.participantFields), participant),
  )) {
    fields[`participant.${field}`] = message;
  }
  if (owned.row.ticketId !== null) {
    const [type] = await tx
      .select({ name: ticketTypes.name, minAge: ticketTypes.minAge, maxAge: ticketTypes.maxAge, gender: ticketTypes.gender })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, owned.row.ticketId));
    const problem = type && eligibilityProblem(type, participant, owned.event.date);
    if (problem) fields[`participant.${problem.field}`] ??= problem.message;
  }
  for (const [id, message] of Object.entries(answerProblems(owned.event.questions, owned.row.ticketId ?? 0, answers))) {
    fields[`answers.${id}`] = message;
  }
  const first = Object.values(fields)[0];
  if (first) throw new SelfServiceRefusal('invalid', first, fields);
}

/** Queues a self-service notice, sent for the event's organisation (its sender name and reply-to, decision 056). */
export async function queueEmail(
  tx: Db,
  kind: string,
  to: string,
  email: RenderedEmail,
  registrationId: number | null,
  organisationId: number | null,
  now: Date,
) {
  await tx.insert(emailOutbox).values({
    kind,
    to,
    ...email,
    registrationId,
    organisationId,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
  });
}

export async function mailFacts(tx: Db, env: BookingsEnv, owned: Owned, after: RegistrationRow): Promise<SelfServiceMailFacts> {
  const { platformName } = await readSettings(tx);
  return {
    language: (owned.order.language || 'en') as Language,
    platformName,
    buyerName: owned.order.customerName,
    eventName: after.eventName,
    eventDate: owned.event.date,
    bookingReference: after.bookingReference || after.registrationNumber,
    ticketName: after.ticketName,
    ticketNumber: after.registrationNumber,
    attendeeName: `${after.firstName} ${after.lastName}`.trim(),
    ticketUrl: ticketLinkUrl(env, after.registrationNumber),
    bookingsUrl: `${selfBaseUrl(env)}/bookings`,
  };
}

const AUDITED = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'gender',
  'emergencyContactName',
  'emergencyContactPhone',
  'medicalConditions',
  'previousExperience',
  'shirtSize',
  'bloodGroup',
  'answers',
] as const satisfies readonly (keyof RegistrationRow)[];

/** The buyer changes an attendee's details and answers, while the event allows it. */
export async function changeAttendeeDetails(
  tx: Db,
  env: BookingsEnv,
  buyer: { email: string; ip?: string },
  ticketNumber: string,
  input: { participant: AttendeeDetails; answers?: Record<string, AnswerValue> },
  now = new Date(),
): Promise<RegistrationRow> {
  const owned = await ownedAttendee(tx, buyer.email, ticketNumber);
  requireOpen(actionState(selfServiceOf(owned.event.selfService).changeDetails, owned.event, owned.row, now));
  await judgeAttendee(tx, owned, input.participant, input.answers);
  const [written] = await tx
    .update(registrations)
    .set({ ...participantColumns(input.participant), answers: input.answers ?? {}, updatedAt: now.toISOString() })
    .where(eq(registrations.id, owned.row.id))
    .returning();
  const after = { ...owned.row, ...written! };
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: normalEmail(buyer.email),
    action: 'buyer_update',
    entity: 'registration',
    entityId: owned.row.id,
    detail: { ticketNumber, changes: changedFields(owned.row, after, AUDITED) },
    ip: buyer.ip ?? null,
  });
  const facts = await mailFacts(tx, env, owned, after);
  await queueEmail(
    tx,
    EMAIL_KIND_DETAILS_CHANGED,
    normalEmail(buyer.email),
    detailsChangedEmail(facts),
    after.id,
    owned.event.organisationId,
    now,
  );
  await announceOutbox(tx);
  return after;
}

/**
 * The buyer gives an attendee's ticket to another person, while the event allows it: the row takes
 * the new person's details and a new ticket number (so a new QR and link); the old number is kept
 * as replaced, so the gate refuses it with its reason at once.
 */
export async function transferAttendee(
  tx: Db,
  env: BookingsEnv,
  buyer: { email: string; ip?: string },
  ticketNumber: string,
  input: { participant: AttendeeDetails & { email: string }; answers?: Record<string, AnswerValue> },
  now = new Date(),
): Promise<RegistrationRow> {
  const owned = await ownedAttendee(tx, buyer.email, ticketNumber);
  requireOpen(actionState(selfServiceOf(owned.event.selfService).transfer, owned.event, owned.row, now));
  await judgeAttendee(tx, owned, input.participant, input.answers);
  const [{ transfers }] = (await tx
    .select({ transfers: count() })
    .from(replacedTicketNumbers)
    .where(eq(replacedTicketNumbers.registrationId, owned.row.id))) as [{ transfers: number }];
  // The number as first issued, then T and the transfer's count. Only a suffix this code added is
  // taken off: a booking reference may itself end in T (its ticket numbers then end in T01, T02…).
  const done = Number(transfers);
  const current = owned.row.registrationNumber;
  const base = done > 0 && current.endsWith(`T${done}`) ? current.slice(0, -`T${done}`.length) : current;
  const newNumber = `${base}T${done + 1}`;
  await tx.insert(replacedTicketNumbers).values({
    number: owned.row.registrationNumber,
    registrationId: owned.row.id,
    reason: REPLACED_BY_TRANSFER,
    replacedAt: now.toISOString(),
  });
  const [written] = await tx
    .update(registrations)
    .set({
      ...participantColumns(input.participant),
      answers: input.answers ?? {},
      registrationNumber: newNumber,
      qrCode: ticketCode(newNumber, owned.row.eventId),
      ticketDownloaded: false,
      emailSent: false,
      updatedAt: now.toISOString(),
    })
    .where(eq(registrations.id, owned.row.id))
    .returning();
  const after = { ...owned.row, ...written! };
  // The organisation's webhooks (decision 074): the ticket has a new holder.
  await recordAttendeeWebhookEvents(tx, [owned.row.id], 'attendee.transferred', now);
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: normalEmail(buyer.email),
    action: 'buyer_transfer',
    entity: 'registration',
    entityId: owned.row.id,
    detail: {
      fromTicketNumber: ticketNumber,
      toTicketNumber: newNumber,
      changes: changedFields(owned.row, after, AUDITED),
    },
    ip: buyer.ip ?? null,
  });
  const facts = await mailFacts(tx, env, owned, after);
  // The one who gave it (the buyer, or a holder passing it on) and the one who has it now.
  await queueEmail(
    tx,
    EMAIL_KIND_TRANSFERRED,
    normalEmail(buyer.email),
    transferredBuyerEmail(facts),
    after.id,
    owned.event.organisationId,
    now,
  );
  await queueEmail(
    tx,
    EMAIL_KIND_TRANSFERRED,
    input.participant.email,
    transferredAttendeeEmail(facts),
    after.id,
    owned.event.organisationId,
    now,
  );
  await announceOutbox(tx);
  return after;
}

/**
 * The buyer cancels an attendee while the event's cancel policy allows it: refunded their price
 * less the fee (cancellationFeePaise) through refundOrder, which cancels them (check-in refuses them
 * at once), gives the seat back through inventory (the waiting list is offered it) and writes the
 * refund row `pending` (the caller sends it after the commit). A 100% fee refunds nothing: the
 * attendee is cancelled the same way with no refund row, the money kept. Either way the buyer is
 * mailed (ticket_cancelled) and the buyer_cancel audit entry written, all in `tx`. Returns the
 * refund's id to send, or null.
 */
export async function cancelAttendee(
  tx: Db,
  env: CancelEnv,
  buyer: { email: string; ip?: string },
  ticketNumber: string,
  now = new Date(),
): Promise<{ refundId: number | null; feePaise: number; refundPaise: number }> {
  const owned = await ownedAttendee(tx, buyer.email, ticketNumber);
  return cancelUnderTheRules(tx, env, owned, { kind: 'buyer', email: buyer.email, ip: buyer.ip }, now);
}

/** Support, answering a caller (decision 047): the staff member who cancels on the buyer's behalf. */
export interface CallerCancelActor {
  userId: number;
  email: string;
  ip?: string | null;
}

/**
 * Cancels one attendee for a caller (decision 047), in the caller's transaction, under the rules the
 * buyer's own cancellation follows (the event's window and fee, the refund less the fee, the credit
 * note and the refund e-mail), audited as the staff member's. A refusal is a SelfServiceRefusal
 * ('not_found', 'closed'); an attendee without an online order is a manager's (an offline refund).
 */
export async function cancelAttendeeForCaller(
  tx: Db,
  env: CancelEnv,
  registrationId: number,
  actor: CallerCancelActor,
  now = new Date(),
): Promise<{ refundId: number | null; feePaise: number; refundPaise: number; ticketNumber: string }> {
  const owned = await attendeeOfOrder(tx, registrationId);
  const done = await cancelUnderTheRules(tx, env, owned, { kind: 'staff', ...actor }, now);
  return { ...done, ticketNumber: owned.row.registrationNumber };
}

async function cancelUnderTheRules(
  tx: Db,
  env: CancelEnv,
  owned: Owned,
  by: { kind: 'buyer'; email: string; ip?: string } | ({ kind: 'staff' } & CallerCancelActor),
  now: Date,
): Promise<{ refundId: number | null; feePaise: number; refundPaise: number }> {
  const ticketNumber = owned.row.registrationNumber;
  const byStaff = by.kind === 'staff';
  const policy = cancelTermsOf(owned.event, now);
  requireOpen(cancelState(policy, owned.event, owned.row, now));
  if (owned.row.paymentStatus !== 'Paid') throw new SelfServiceRefusal('closed', MY_BOOKINGS_MESSAGES.notPaid);
  // What the attendee still holds of their price (a race swap may have given part of it back, decision 071).
  const { feePaise, refundPaise } = cancellationFeePaise(paidFor(owned.row), policy!.feePercent);
  const at = now.toISOString();
  let refundId: number | null = null;
  let creditNote: { id: number; number: string } | null = null;
  if (refundPaise > 0) {
    const refunded = await refundOrder(
      tx,
      env,
      {
        orderId: owned.order.id,
        attendeeIds: [owned.row.id],
        amountPaise: refundPaise,
        reason: `${byStaff ? 'Cancelled for the buyer by staff' : 'Cancelled by the buyer'}${
          policy!.postponed ? ' after the event was postponed (full refund)' : ` (${policy!.feePercent}% fee)`
        }`,
        actor: byStaff ? { kind: 'staff', userId: by.userId, email: by.email, ip: by.ip } : { kind: 'buyer' },
        notify: false,
        // Decision 060: the convenience fee goes back only when the organiser postponed the event;
        // a buyer's own cancellation leaves it with the platform, whose service was given.
        returnConvenienceFee: policy!.postponed,
      },
      now,
    );
    refundId = refunded.refund.id;
    creditNote = refunded.creditNote;
  } else {
    // Nothing to give back (a 100% fee, or a free ticket): refundOrder refuses a zero refund, so
    // the attendee is cancelled here the way it cancels them, and keeps its Paid status (the money
    // was kept, and revenue counts it).
    if (owned.row.ticketId !== null) {
      await releaseSoldSeat(tx, { ticketTypeId: owned.row.ticketId, quantity: owned.row.quantity }, at);
    }
    await tx.update(registrations).set({ status: 'Cancelled', updatedAt: at }).where(eq(registrations.id, owned.row.id));
    await recordAttendeesCancelled(tx, [owned.row.id], now);
  }
  await recordAudit(tx, {
    actorUserId: byStaff ? by.userId : null,
    actorEmail: normalEmail(by.email),
    action: byStaff ? 'cancel_for_caller' : 'buyer_cancel',
    entity: 'registration',
    entityId: owned.row.id,
    detail: { ticketNumber, pricePaise: owned.row.amountPaise, feePercent: policy!.feePercent, feePaise, refundPaise, refundId },
    ip: by.ip ?? null,
  });
  const [after] = await selectAttendees(tx).where(eq(registrations.id, owned.row.id));
  await enqueueRefundEmail(tx, env, owned.order, [after!], refundPaise, now, undefined, { feePaise }, creditNote);
  return { refundId, feePaise, refundPaise };
}

/** Whether a ticket number was replaced by a transfer (the gate says so rather than 'unknown'). */
export async function replacedNumber(db: Db, number: string): Promise<string | undefined> {
  const [row] = await db
    .select({ reason: replacedTicketNumbers.reason })
    .from(replacedTicketNumbers)
    .where(eq(replacedTicketNumbers.number, number))
    .limit(1);
  return row?.reason;
}
