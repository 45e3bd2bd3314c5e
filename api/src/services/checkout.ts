// Checkout (DESIGN.md section 5): POST /api/cashfree/create-order validates the order against the
// database, holds its seats, writes the order, its lines and one position per ticket (decision 040)
// in one transaction, then opens the order at the payment provider (payments/provider.ts; Cashfree
// behind it). The server never trusts the browser: the amount comes from the database. What the
// provider later says of the payment is services/payment-events.ts's.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  bookingOpensMessage,
  answerProblems,
  eligibilityProblem,
  fieldModesOf,
  participantFieldProblems,
  teamProblems,
  isBookingOpen,
  isChildOn,
  type CreateOrderResponse,
  type createOrderBodySchema,
  type IssuedTicket,
  promoMessage,
} from '../contract';
import type { z } from 'zod';
import type { Database, Db } from '../db/client';
import { emailOutbox, events, orderLines, orders, organisations, registrations, ticketTypes } from '../db/schema';
import { ORGANISATION_MESSAGES } from '../contract/organisations';
import { flag } from '../db/functions';
import type { Env } from '../env';
import { describeProviderError, type PaymentProvider } from '../payments/provider';
import { storeAttendees, withoutUnasked } from './attendees';
import { heldPositions, holdPositions } from './order-positions';
import { anyLapsedOfferColumn, expireOffers, holdSeats, lockEventSeats, takeOverOffer } from './inventory';
import {
  countWrongPromo,
  findPromoCode,
  promoProblem,
  promoTermsOf,
  promoTriesWait,
  takeFromBlock,
  type BuyerPromoProblem,
} from './promo-codes';
import { OFFER_MESSAGES, offerForOrder, offerLinesProblem, reclaimOwnOffer } from './waiting-list';
import { anyLapsedHoldColumn, HOLD_MS, releaseExpiredHolds, releaseHold } from './holds';
import { OPEN_HOLDS_PER_BUYER, seatLimitMessage, takeSeats } from './checkout-limits';
import { checkQueuedOrder, type QueuedOrderInput } from './waiting-room';
import { perOrderProblem, saleWindowProblem } from './sale-rules';
import { isHolder } from './hold-ownership';
import { requestEmailConfirmation } from './email-confirmation';
import { toPaise, toRupees } from '../contract/money';
import { ticketLinkPath } from '../signing/ticket-links';
import { EMAIL_KINDS } from '../mail/outbox';
import { indiaDay } from './india-time';
import { readSettings } from './settings';
import { priceOrder, type Supplier } from './pricing';
import { activeGroupDiscounts } from './group-discounts';
import { feeColumns, feeTermsOf, pricingEventOf } from './order-pricing';
import { supplierColumns, supplierOf } from './organisation-profile';

export const PAYMENT_MESSAGES = {
  createFailed: 'Failed to create order',
  noSession: 'No payment session ID received from the payment provider',
  verifyFailed: 'Failed to verify payment',
} as const;

/** Why checkout refused; routes/cashfree.ts maps each reason to its HTTP status and error code. */
export type CheckoutRefusalReason =
  | 'not_found'
  | 'invalid'
  | 'amount_mismatch'
  | 'sold_out'
  | 'conflict'
  | 'too_many_holds'
  | 'provider_failed'
  | 'offer'
  // A promo code (decision 033): one that does not apply to this order now, or one whose uses are taken.
  | 'promo_invalid'
  | 'promo_used_up';

/** A refusal of checkout, with the fields to mark; never an HTTP status (the route decides). */
export class CheckoutRefusal extends Error {
  override name = 'CheckoutRefusal';
  constructor(
    readonly reason: CheckoutRefusalReason,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds after which the same order may succeed (a limit's window). */
    readonly retryAfter?: number,
    /** The buyer typed a code the event does not have: counted against their address's wrong tries. */
    readonly wrongPromoCode = false,
  ) {
    super(message);
  }
}

export interface CheckoutDeps {
  db: Database;
  env: Env;
  /** The payment provider (the app's, deps.ts): orders are opened and asked about through it. */
  provider: PaymentProvider;
}

type CreateOrderInput = z.output<typeof createOrderBodySchema> & Pick<QueuedOrderInput, 'queueVisitor'>;

/**
 * Where an order comes from (decision 027): the client's address (TRUST_PROXY decides which) and the
 * hash of the browser's checkout cookie (services/hold-ownership.ts); null when it sent none.
 */
export interface CheckoutClient {
  address: string;
  holderHash: string | null;
}
type OrderRow = typeof orders.$inferSelect;

/** Order ids the provider takes: letters, digits, '_' and '-', at most 45 characters. */
export const newOrderId = (now = new Date()) =>
  `TDK_${now.getTime().toString(36).toUpperCase()}_${randomBytes(6).toString('hex')}`;

/**
 * Whether a confirmation e-mail went to the buyer's outbox for the order in the same query (Settings'
 * Email Notifications decided it when the order was paid): one of its attendees has a participant
 * e-mail queued. Selected beside the order's own read (verify-payment), or asked alone.
 */
export const confirmationQueuedColumn = () =>
  flag(
    sql`exists (select 1 from ${emailOutbox} inner join ${registrations} on ${registrations.id} = ${emailOutbox.registrationId} where ${registrations.orderId} = ${orders.id} and ${emailOutbox.kind} = ${EMAIL_KINDS.participant})`,
  );

/**
 * A paid order as checkout may show it: the booking reference, the signed link to every attendee's
 * ticket, and whether a confirmation e-mail went to the buyer's outbox, so the storefront never
 * promises one unsent. `queued` when the caller read it with the order (`confirmationQueuedColumn`).
 */
export async function issuedTicket(
  db: Db,
  env: Env,
  orderId: string,
  bookingReference: string,
  queued?: number,
): Promise<IssuedTicket> {
  const confirmation =
    queued ?? (await db.select({ queued: confirmationQueuedColumn() }).from(orders).where(eq(orders.id, orderId)))[0]?.queued;
  return {
    registrationNumber: bookingReference,
    ticketUrl: ticketLinkPath(env, bookingReference),
    confirmationEmail: confirmation === 1,
  };
}

async function createdBody(
  deps: Pick<CheckoutDeps, 'db' | 'env'>,
  order: Pick<OrderRow, 'id' | 'amountPaise' | 'providerSessionId' | 'status'> & {
    bookingReference?: string | null;
    holderHash?: string | null;
    emailConfirmHash?: string | null;
    holdExpiresAt?: string;
    customerEmail?: string;
  },
  holderHash: string | null,
): Promise<CreateOrderResponse> {
  // The ticket link only to the browser that made the order (a replayed Idempotency-Key from another is told the rest).
  const reference = order.status === 'PAID' && isHolder(order.holderHash, holderHash) ? order.bookingReference : null;
  const pending =
    order.status === 'CREATED' && order.emailConfirmHash && order.holdExpiresAt && order.customerEmail
      ? { confirmationPending: { email: order.customerEmail, holdExpiresAt: order.holdExpiresAt } }
      : {};
  return {
    orderId: order.id,
    orderAmount: toRupees(order.amountPaise),
    payment_session_id: order.providerSessionId,
    ...(reference ? { registration: await deps.db.query((db) => issuedTicket(db, deps.env, order.id, reference)) } : {}),
    ...pending,
  };
}

type HeldOrder = Pick<
  OrderRow,
  'id' | 'amountPaise' | 'providerSessionId' | 'status' | 'holdExpiresAt' | 'orderNote' | 'customerEmail'
> & {
  bookingReference?: string | null;
  holderHash: string | null;
  emailConfirmHash?: string | null;
};

interface Held {
  order: HeldOrder;
  replay: boolean;
}

/** The order an Idempotency-Key already made, if any; the same key for another purchase is refused. */
async function replayedOrder(tx: Db, input: CreateOrderInput, idempotencyKey: string | undefined) {
  if (!idempotencyKey) return undefined;
  const [existing] = await tx.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey)).limit(1);
  // A key names one purchase; the same key with another buyer or event is a client bug (or a guess).
  if (
    existing &&
    (existing.eventId !== input.eventId || existing.customerEmail.toLowerCase() !== input.buyer.email.toLowerCase())
  ) {
    throw new CheckoutRefusal('conflict', 'This Idempotency-Key was already used for a different order');
  }
  return existing;
}

/**
 * The event, open for this order now, with the platform's settings. Lapsed holds and waiting-list
 * offers go back on sale before anyone is told a ticket is gone; whether there are any is asked
 * with the event's read (usually there are none).
 */
async function eventOnSale(tx: Db, input: CreateOrderInput, now: Date) {
  const [event] = await tx
    .select({
      id: events.id,
      status: events.status,
      date: events.date,
      questions: events.questions,
      participantFields: events.participantFields,
      recognisedSport: events.recognisedSport,
      gstState: events.gstState,
      ...feeColumns,
      organiserStatus: organisations.status,
      organiserNoticeVersion: organisations.noticeVersion,
      organisationId: events.organisationId,
      // The seller is the event's organisation (decision 055): its GST registration prices the order.
      seller: supplierColumns,
      lapsedHold: anyLapsedHoldColumn(tx, now),
      lapsedOffer: anyLapsedOfferColumn(tx, now),
    })
    .from(events)
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(eq(events.id, input.eventId));
  if (event?.lapsedHold) await releaseExpiredHolds(tx, now);
  if (event?.lapsedOffer) await expireOffers(tx, now);
  if (!event || event.status === 'Draft') {
    throw new CheckoutRefusal('not_found', 'Event not found', { eventId: 'Event not found' });
  }
  // A suspended organiser sells nothing new (decision 052); its paid orders and tickets stay valid.
  if (event.organiserStatus === 'suspended') {
    const message = ORGANISATION_MESSAGES.organiserSuspended;
    throw new CheckoutRefusal('conflict', message, { eventId: message });
  }
  if (event.status !== 'Active') {
    const message = 'Registration is not open for this event';
    throw new CheckoutRefusal('invalid', message, { eventId: message });
  }
  // Platform Management's booking window: an event too far ahead is not on sale yet.
  const settings = await readSettings(tx);
  const { bookingWindowDays, privacyNoticeVersion } = settings;
  // Consent to the notice as it is now (decision 030): a notice changed since the form was opened
  // must be read again. Its version is the platform's part and the event's organisation's part
  // (decision 061); a change of either is a changed notice.
  if (input.privacyNoticeVersion !== privacyNoticeVersion || input.organiserNoticeVersion !== event.organiserNoticeVersion) {
    const message = 'validation.privacyNoticeChanged';
    throw new CheckoutRefusal('invalid', message, { privacyNoticeVersion: message });
  }
  if (!isBookingOpen(event.date, bookingWindowDays, indiaDay(now))) {
    const message = bookingOpensMessage(event.date, bookingWindowDays);
    throw new CheckoutRefusal('invalid', message, { eventId: message });
  }
  // An Active event whose day is over in India takes no more orders (decision 027).
  if (event.date < indiaDay(now)) {
    const message = 'This event has already taken place: registration is closed';
    throw new CheckoutRefusal('invalid', message, { eventId: message });
  }
  return { event, settings, supplier: supplierOf(event.seller) };
}

type OpenEvent = Awaited<ReturnType<typeof eventOnSale>>['event'];

/**
 * A new order for this event replaces the unpaid one this browser made (a changed mind, a new
 * tab): the browser's checkout cookie says so, never the e-mail typed (decision 027). A buyer's
 * holds elsewhere count against a small cap, so nobody holds seats across the site. One read of
 * the live holds of this browser or this e-mail (a few rows, by the status index).
 */
async function replaceOwnHolds(tx: Db, input: CreateOrderInput, eventId: number, client: CheckoutClient, now: Date) {
  const sameEmail = sql`lower(${orders.customerEmail}) = lower(${input.buyer.email})`;
  const liveHolds = await tx
    .select({
      id: orders.id,
      eventId: orders.eventId,
      holderHash: orders.holderHash,
      sameEmail: flag(sameEmail),
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'CREATED'),
        isNull(orders.holdReleasedAt),
        gt(orders.holdExpiresAt, now.toISOString()),
        or(sameEmail, client.holderHash ? eq(orders.holderHash, client.holderHash) : undefined),
      ),
    );
  const ownHere = client.holderHash ? liveHolds.filter((o) => o.holderHash === client.holderHash && o.eventId === eventId) : [];
  const openHolds = liveHolds.filter((o) => o.sameEmail === 1);
  if (input.offerToken && ownHere.length > 0) {
    await reclaimOwnOffer(
      tx,
      input.offerToken,
      input.buyer.email,
      ownHere.map((o) => o.id),
      now,
    );
  }
  // The replaced order's positions stay on hold with it (decision 040): its status says it lapsed.
  for (const open of ownHere) await releaseHold(tx, open.id, 'EXPIRED', now);
  if (openHolds.filter((o) => o.eventId !== eventId).length >= OPEN_HOLDS_PER_BUYER) {
    throw new CheckoutRefusal(
      'too_many_holds',
      `You already have ${OPEN_HOLDS_PER_BUYER} unpaid orders. Complete one, or wait for it to expire, before starting another.`,
    );
  }
}

/** One seat of their ticket type per attendee, by type, in the order the buyer listed them (a refusal names the first attendee of that type). */
type Lines = Map<number, { quantity: number; first: number }>;

function linesOf(input: CreateOrderInput): Lines {
  const lines: Lines = new Map();
  for (const [i, attendee] of input.attendees.entries()) {
    const line = lines.get(attendee.ticketId);
    if (line) line.quantity++;
    else lines.set(attendee.ticketId, { quantity: 1, first: i });
  }
  return lines;
}

/** The order's ticket types, each of this event, on sale today and within its per-order limit. */
async function ticketTypesOnSale(tx: Db, eventId: number, lines: Lines, now: Date) {
  const ticketColumns = {
    id: ticketTypes.id,
    eventId: ticketTypes.eventId,
    name: ticketTypes.name,
    pricePaise: ticketTypes.pricePaise,
    gstRate: ticketTypes.gstRate,
    status: ticketTypes.status,
    quantity: ticketTypes.quantity,
    sold: ticketTypes.sold,
    held: ticketTypes.held,
    minAge: ticketTypes.minAge,
    maxAge: ticketTypes.maxAge,
    gender: ticketTypes.gender,
    teamMin: ticketTypes.teamMin,
    teamMax: ticketTypes.teamMax,
    teamPricing: ticketTypes.teamPricing,
    bibFrom: ticketTypes.bibFrom,
    bibTo: ticketTypes.bibTo,
    validFrom: ticketTypes.validFrom,
    validUntil: ticketTypes.validUntil,
    maxPerOrder: ticketTypes.maxPerOrder,
  };
  const types = await tx
    .select(ticketColumns)
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...lines.keys()]));
  const typeById = new Map(types.map((t) => [t.id, t]));
  for (const [ticketId, line] of lines) {
    const field = `attendees.${line.first}.ticketId`;
    const ticket = typeById.get(ticketId);
    if (!ticket) throw new CheckoutRefusal('not_found', 'Ticket not found', { [field]: 'Ticket not found' });
    if (ticket.eventId !== eventId) {
      const message = `"${ticket.name}" is not a ticket for this event`;
      throw new CheckoutRefusal('invalid', message, { [field]: message });
    }
    if (ticket.status !== 'Active') {
      const message = `"${ticket.name}" is not on sale`;
      throw new CheckoutRefusal('invalid', message, { [field]: message });
    }
    const outside = saleWindowProblem(ticket, indiaDay(now)) ?? perOrderProblem(ticket, line.quantity);
    if (outside) throw new CheckoutRefusal('invalid', outside, { [field]: outside });
  }
  return typeById;
}

type TypeById = Awaited<ReturnType<typeof ticketTypesOnSale>>;

/**
 * Each attendee against the event's form (its required built-in fields), their category (age on
 * the event day, gender) and the event's questions; then the teams. Every problem is named on its
 * attendee's field, and nothing is held.
 */
function checkAttendees(input: CreateOrderInput, event: OpenEvent, typeById: TypeById) {
  const fields: Record<string, string> = {};
  const modes = fieldModesOf(event.participantFields);
  for (const [i, attendee] of input.attendees.entries()) {
    const at = `attendees.${i}`;
    for (const [field, message] of Object.entries(participantFieldProblems(modes, attendee.participant))) {
      fields[`${at}.participant.${field}`] = message;
    }
    const problem = eligibilityProblem(typeById.get(attendee.ticketId)!, attendee.participant, event.date);
    if (problem) fields[`${at}.participant.${problem.field}`] ??= problem.message;
    for (const [id, message] of Object.entries(answerProblems(event.questions, attendee.ticketId, attendee.answers))) {
      fields[`${at}.answers.${id}`] = message;
    }
    // A child on the event day comes with a parent or guardian's consent (decision 030).
    const dobProblem = fields[`${at}.participant.dateOfBirth`];
    if (!dobProblem && isChildOn(attendee.participant.dateOfBirth, event.date) && !attendee.guardian) {
      fields[`${at}.guardian.name`] = 'validation.guardianRequired';
    }
  }
  for (const [path, message] of Object.entries(teamProblems(input.attendees, typeById))) fields[`attendees.${path}`] = message;
  const firstField = Object.values(fields)[0];
  if (firstField) throw new CheckoutRefusal('invalid', firstField, fields);
  return modes;
}

type Offer = Extract<Awaited<ReturnType<typeof offerForOrder>>, { entry: unknown }>['entry'];

/** A waiting-list offer: only its own e-mail may use it, once, within its time, for its ticket type. */
async function usableOffer(
  tx: Db,
  input: CreateOrderInput,
  eventId: number,
  lines: Lines,
  now: Date,
): Promise<Offer | undefined> {
  if (!input.offerToken) return undefined;
  const found = await offerForOrder(tx, input.offerToken, eventId, input.buyer.email, now);
  if ('problem' in found) {
    const message = OFFER_MESSAGES[found.problem];
    throw new CheckoutRefusal(
      'offer',
      message,
      found.problem === 'foreign' ? { 'buyer.email': message } : { offerToken: message },
    );
  }
  const message = await offerLinesProblem(tx, found.entry, lines);
  if (message) throw new CheckoutRefusal('offer', message, { offerToken: message });
  return found.entry;
}

/** A promo code (decision 033): the event's, matched case-insensitively, usable now for these tickets. */
async function usablePromo(tx: Db, input: CreateOrderInput, eventId: number, now: Date) {
  if (!input.promoCode) return undefined;
  const promo = await findPromoCode(tx, eventId, input.promoCode);
  if (!promo) {
    throw new CheckoutRefusal('promo_invalid', promoMessage('unknown'), { promoCode: promoMessage('unknown') }, undefined, true);
  }
  const problem = await promoProblem(tx, promo, { ...input, email: input.buyer.email, ownOrderWritten: false }, now);
  if (problem) throw promoRefusal(problem);
  return promo;
}

type Promo = NonNullable<Awaited<ReturnType<typeof usablePromo>>>;

/** What each attendee's ticket costs, and so the order: the one pricing function (decision 031). */
async function priceCheckout(
  tx: Db,
  input: CreateOrderInput,
  event: OpenEvent,
  supplier: Supplier | null,
  typeById: TypeById,
  promo: Promo | undefined,
  settings: Awaited<ReturnType<typeof readSettings>>,
) {
  const priced = priceOrder({
    attendees: input.attendees,
    ticketTypes: typeById,
    event: pricingEventOf(event),
    supplier,
    groupDiscounts: await activeGroupDiscounts(tx, event.id),
    promo: promo ? promoTermsOf(promo) : null,
    // The convenience fee, its GST and the commission (decision 060), frozen on the order's rows below.
    ...feeTermsOf(event, settings),
  });
  // The amount the Booking Summary showed: what the buyer pays, the fee and its GST included.
  if (input.orderAmount !== undefined && toPaise(input.orderAmount) !== priced.totals.chargePaise) {
    const message = 'The order amount does not match the current ticket prices. Please review your order and try again.';
    throw new CheckoutRefusal('amount_mismatch', message, { orderAmount: message });
  }
  return priced;
}

type Priced = Awaited<ReturnType<typeof priceCheckout>>;

/**
 * What one client may hold, by seats, per address, e-mail and phone (decision 027): counted in this
 * transaction, so a refusal later takes the count back with the order.
 */
async function withinClientLimits(tx: Db, env: Env, input: CreateOrderInput, client: CheckoutClient, now: Date) {
  const overLimit = await takeSeats(
    tx,
    env.checkoutSeats,
    { address: client.address, email: input.buyer.email, phone: input.buyer.phone },
    input.attendees.length,
    now,
  );
  if (overLimit) throw new CheckoutRefusal('too_many_holds', seatLimitMessage(overLimit), undefined, overLimit.retryAfter);
}

interface OrderToRecord {
  input: CreateOrderInput;
  idempotencyKey: string | undefined;
  client: CheckoutClient;
  event: OpenEvent;
  settings: Awaited<ReturnType<typeof readSettings>>;
  supplier: Supplier | null;
  modes: ReturnType<typeof fieldModesOf>;
  typeById: TypeById;
  priced: Priced;
  promo: Promo | undefined;
  now: Date;
}

/**
 * The order, its lines and one position per ticket (decision 040), sealed where personal as every
 * attendee row is: on hold, so no list, count or gate shows it until fulfilment makes it an attendee.
 */
async function recordOrder(tx: Db, o: OrderToRecord): Promise<HeldOrder> {
  const { input, priced, event, now } = o;
  const buyer = input.buyer;
  const nowIso = now.toISOString();
  // What the payment provider is asked for: the tickets plus the convenience fee and its GST (decision 060).
  const amountPaise = priced.totals.chargePaise;
  const order: HeldOrder = {
    id: newOrderId(now),
    amountPaise,
    providerSessionId: null,
    status: 'CREATED',
    holdExpiresAt: new Date(now.getTime() + HOLD_MS).toISOString(),
    orderNote: input.orderNote ?? '',
    customerEmail: buyer.email,
    holderHash: o.client.holderHash,
  };
  await tx.insert(orders).values({
    id: order.id,
    eventId: event.id,
    amountPaise,
    status: 'CREATED',
    idempotencyKey: o.idempotencyKey ?? null,
    holdExpiresAt: order.holdExpiresAt,
    customerName: buyer.fullName,
    customerEmail: buyer.email,
    customerPhone: buyer.phone,
    orderNote: order.orderNote,
    // The attendees are rows from the first hold (their positions, below): the JSON stays empty.
    participant: {},
    // The buyer's language (decision 019): their e-mails, ticket link and calendar file use it.
    language: input.language ?? 'en',
    holderHash: o.client.holderHash,
    // How it was priced and taxed (decision 031), so its invoice and refunds are rebuilt from it alone.
    discountPaise: priced.totals.discountPaise,
    taxMode: priced.taxMode,
    placeOfSupply: priced.placeOfSupply,
    supplierState: o.supplier?.stateCode ?? null,
    buyerGstin: input.business?.gstin ?? null,
    buyerBusinessName: input.business?.name ?? null,
    buyerAddress: input.business?.address || null,
    // Its promo code (decision 033): while this order holds its seats, its uses count against the code.
    promoCodeId: o.promo?.id ?? null,
    promoUses: priced.attendees.filter((a) => a.promoApplied).length,
    createdAt: nowIso,
    updatedAt: nowIso,
  });
  await tx.insert(orderLines).values(
    priced.lines.map((line) => ({
      orderId: order.id,
      ticketTypeId: line.ticketTypeId,
      quantity: line.quantity,
      // The type's listed price (per member, or per team): each attendee row holds what theirs cost.
      unitPricePaise: line.unitPricePaise,
      // Each step of the price, summed over the line's attendees (decision 031).
      grossPaise: line.grossPaise,
      groupDiscountPaise: line.groupDiscountPaise,
      promoDiscountPaise: line.promoDiscountPaise,
      netPaise: line.netPaise,
      taxablePaise: line.taxablePaise,
      cgstPaise: line.cgstPaise,
      sgstPaise: line.sgstPaise,
      igstPaise: line.igstPaise,
      gstRate: line.gstRate,
      exemptQuantity: line.exemptQuantity,
      feePaise: line.feePaise,
      feeGstPaise: line.feeGstPaise,
      commissionPaise: line.commissionPaise,
    })),
  );
  const stored = storeAttendees(withoutUnasked(input.attendees, o.modes, event.date), priced.attendees, {
    noticeVersion: o.settings.privacyNoticeVersion,
    organiserNoticeVersion: event.organiserNoticeVersion,
    at: nowIso,
  });
  await holdPositions(
    tx,
    heldPositions(
      {
        id: order.id,
        orderNote: order.orderNote,
        promoCodeId: o.promo?.id ?? null,
        eventId: event.id,
        organisationId: event.organisationId,
      },
      stored.attendees,
      new Map([...o.typeById.values()].map((t) => [t.id, t.name])),
      nowIso,
    ),
  );
  return order;
}

/**
 * The seats, last, so that the ticket rows stay locked until the commit and no longer (the inventory
 * service counts them). A refusal undoes the order written before with the rest of the transaction.
 * An offer's seats are held already: the order takes them over and holds only the rest.
 */
async function holdOrderSeats(
  tx: Db,
  o: Pick<OrderToRecord, 'input' | 'event' | 'promo' | 'priced' | 'now'> & { orderId: string; lines: Lines; offer?: Offer },
) {
  const { lines, offer, promo, event, now } = o;
  const fromOffer = offer ? Math.min(lines.get(offer.ticketTypeId)!.quantity, offer.quantity) : 0;
  if (offer && !(await takeOverOffer(tx, offer, o.orderId, fromOffer, now))) {
    throw new CheckoutRefusal('offer', OFFER_MESSAGES.used, { offerToken: OFFER_MESSAGES.used });
  }
  const toHold = [...lines]
    .map(([ticketTypeId, line]) => ({
      ticketTypeId,
      quantity: line.quantity - (ticketTypeId === offer?.ticketTypeId ? fromOffer : 0),
    }))
    .filter((line) => line.quantity > 0);
  if (promo) {
    // The code's limits again under the event's seat lock (every hold of the event waits on it), now
    // that this order's uses are written: two buyers never both take its last use. Then the seats
    // of its block this order takes are handed from the block to the order's hold.
    await lockEventSeats(tx, event.id);
    const problem = await promoProblem(tx, promo, { ...o.input, email: o.input.buyer.email, ownOrderWritten: true }, now);
    if (problem) throw promoRefusal(problem);
    const promoUses = o.priced.attendees.filter((a) => a.promoApplied).length;
    let fromBlock = 0;
    for (const line of toHold) {
      fromBlock += await takeFromBlock(tx, promo.id, line.ticketTypeId, Math.min(line.quantity, promoUses - fromBlock));
    }
  }
  const refused = await holdSeats(tx, event.id, toHold);
  if (!refused) return;
  if (refused.kind === 'event') {
    const message =
      refused.left === 0
        ? 'This event is sold out'
        : `This event has only ${refused.left} ${refused.left === 1 ? 'place' : 'places'} left`;
    throw new CheckoutRefusal('sold_out', message, { eventId: message });
  }
  const message = refused.left === 0 ? `"${refused.name}" is sold out` : `"${refused.name}" has only ${refused.left} left`;
  throw new CheckoutRefusal('sold_out', message, { [`attendees.${lines.get(refused.ticketTypeId)!.first}.ticketId`]: message });
}

/** Validates against the database, holds every line and writes the order and its positions, in one transaction. */
async function holdAndRecord(
  tx: Db,
  env: Env,
  input: CreateOrderInput,
  idempotencyKey: string | undefined,
  now: Date,
  client: CheckoutClient,
): Promise<Held> {
  const existing = await replayedOrder(tx, input, idempotencyKey);
  if (existing) return { order: existing, replay: true };
  const { event, settings, supplier } = await eventOnSale(tx, input, now);
  await replaceOwnHolds(tx, input, event.id, client, now);
  const lines = linesOf(input);
  const typeById = await ticketTypesOnSale(tx, event.id, lines, now);
  const modes = checkAttendees(input, event, typeById);
  const offer = await usableOffer(tx, input, event.id, lines, now);
  const promo = await usablePromo(tx, input, event.id, now);
  const priced = await priceCheckout(tx, input, event, supplier, typeById, promo, settings);
  await withinClientLimits(tx, env, input, client, now);
  const order = await recordOrder(tx, {
    input,
    idempotencyKey,
    client,
    event,
    settings,
    supplier,
    modes,
    typeById,
    priced,
    promo,
    now,
  });
  // A queued sale (decision 032): this browser's entry token, and the sale's caps with this order.
  await checkQueuedOrder(tx, env, order.id, input, now);
  await holdOrderSeats(tx, { input, event, promo, priced, now, orderId: order.id, lines, offer });
  if (order.amountPaise === 0) {
    // The provider cannot take a zero amount: a free order holds its seats until the buyer confirms
    // their e-mail address by the link sent to it (decision 027), then counts.
    const emailConfirmHash = await requestEmailConfirmation(
      tx,
      env,
      { ...order, eventId: event.id, customerName: input.buyer.fullName, language: input.language ?? 'en' },
      input.attendees.length,
      now,
    );
    return { order: { ...order, emailConfirmHash }, replay: false };
  }
  return { order, replay: false };
}

/** Too many wrong codes from one address: 429 with how long to wait. */
const tooManyPromoTries = (wait: number) =>
  new CheckoutRefusal('too_many_holds', promoMessage('tooManyTries', { minutes: Math.ceil(wait / 60) }), undefined, wait);

/** A code that does not apply to the order: named on its field in the buyer's language (a validation key). */
function promoRefusal(problem: BuyerPromoProblem): CheckoutRefusal {
  const message = promoMessage(problem.reason, problem.values);
  const usedUp = problem.reason === 'usedUp' || problem.reason === 'usesLeft' || problem.reason === 'perEmail';
  return new CheckoutRefusal(usedUp ? 'promo_used_up' : 'promo_invalid', message, { promoCode: message });
}

/** Opens the held order at the provider; a failure releases the hold (the positions stay on hold with the FAILED order). */
async function openAtProvider(deps: CheckoutDeps, input: CreateOrderInput, order: HeldOrder): Promise<string> {
  let sessionId: string | null;
  try {
    const buyer = input.buyer;
    ({ sessionId } = await deps.provider.createOrder({
      orderId: order.id,
      amountPaise: order.amountPaise,
      buyer: { name: buyer.fullName, email: buyer.email, phone: buyer.phone },
      returnPath: `/event/${input.eventId}`,
      // A payment after the hold lapses is handled anyway (fulfilled while seats remain, else refunded).
      expiresAt: new Date(Date.parse(order.holdExpiresAt) + 2 * 60_000).toISOString(),
      note: order.orderNote || undefined,
      tags: { eventId: String(input.eventId) },
      idempotencyKey: order.id,
    }));
  } catch (error) {
    await deps.db.transaction((tx) => releaseHold(tx, order.id, 'FAILED', new Date(), { clearIdempotencyKey: true }));
    console.error(`[payments] create order ${order.id} failed:`, describeProviderError(error));
    throw new CheckoutRefusal('provider_failed', PAYMENT_MESSAGES.createFailed);
  }
  if (!sessionId) {
    await deps.db.transaction((tx) => releaseHold(tx, order.id, 'FAILED', new Date(), { clearIdempotencyKey: true }));
    console.error(`[payments] create order ${order.id}: no payment session in the provider's answer`);
    throw new CheckoutRefusal('provider_failed', PAYMENT_MESSAGES.noSession);
  }
  await deps.db.query((db) =>
    db.update(orders).set({ providerSessionId: sessionId, updatedAt: new Date().toISOString() }).where(eq(orders.id, order.id)),
  );
  return sessionId;
}

/** POST /api/cashfree/create-order */
export async function createCheckoutOrder(
  deps: CheckoutDeps,
  input: CreateOrderInput,
  idempotencyKey?: string,
  now = new Date(),
  client: CheckoutClient = { address: 'unknown', holderHash: null },
): Promise<CreateOrderResponse> {
  // Guessing codes (decision 033): an address that tried too many wrong ones may try none for a while.
  if (input.promoCode) {
    const wait = await deps.db.query((db) => promoTriesWait(db, client.address, now));
    if (wait > 0) throw tooManyPromoTries(wait);
  }
  let held: Held;
  try {
    held = await deps.db.transaction((tx) => holdAndRecord(tx, deps.env, input, idempotencyKey, now, client));
  } catch (error) {
    if (error instanceof CheckoutRefusal && error.wrongPromoCode) {
      const wait = await deps.db.query((db) => countWrongPromo(db, client.address, now));
      if (wait > 0) throw tooManyPromoTries(wait);
    }
    throw error;
  }
  const { order } = held;
  if (held.replay) {
    if (order.status === 'CREATED' && !order.providerSessionId && !order.emailConfirmHash) {
      throw new CheckoutRefusal(
        'conflict',
        'A request with this Idempotency-Key is still being processed. Please retry shortly.',
      );
    }
    return createdBody(deps, order, client.holderHash);
  }
  if (order.status === 'PAID' || order.emailConfirmHash) return createdBody(deps, order, client.holderHash);
  const sessionId = await openAtProvider(deps, input, order);
  return createdBody(deps, { ...order, providerSessionId: sessionId }, client.holderHash);
}
