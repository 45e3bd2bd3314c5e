// Checkout (DESIGN.md section 5): create-order holds seats and opens an order at the payment
// provider (payments/provider.ts; Cashfree behind it); verify and the webhook confirm payment through
// fulfilment.ts. The server never trusts the browser: the
// amount comes from the database, and only the provider's word (a verify call or a signed
// webhook) turns an order PAID.
import { isDatabaseUnavailable, isStorageFull } from '../db/errors';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  bookingOpensMessage,
  answerProblems,
  eligibilityProblem,
  fieldModesOf,
  participantFieldProblems,
  teamProblems,
  isBookingOpen,
  isChildOn,
  type AdminOrderResponse,
  type ConfirmEmailResponse,
  type CreateOrderResponse,
  type createOrderBodySchema,
  type IssuedTicket,
  type VerifyPaymentResponse,
  promoMessage,
} from '../contract';
import type { z } from 'zod';
import { selectAttendees } from '../db/attendee-rows';
import type { Database, Db } from '../db/client';
import { emailOutbox, events, orderLines, orders, registrations, ticketTypes } from '../db/schema';
import { toRegistration } from './registrations';
import { flag } from '../db/functions';
import type { Env } from '../env';
import { describeProviderError, type PaymentEvent, type PaymentProvider, type ProviderPayment } from '../payments/provider';
import { failOrder, fulfilOrder, type FulfilOutcome } from './fulfilment';
import { storeAttendees, withoutUnasked } from './attendees';
import { anyLapsedOfferColumn, expireOffers, holdSeats, lockEventSeats, takeOverOffer } from './inventory';
import {
  countWrongPromo,
  findPromoCode,
  promoProblem,
  promoTermsOf,
  promoCodeName,
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
import { confirmFreeOrder, requestEmailConfirmation } from './email-confirmation';
import { toPaise, toRupees } from '../contract/money';
import { ticketLinkPath } from '../signing/ticket-links';
import { EMAIL_KINDS } from '../mail/outbox';
import { indiaDay } from './india-time';
import { readSettings } from './settings';
import { priceOrder } from './pricing';
import { activeGroupDiscounts } from './group-discounts';
import { pricingEventOf, supplierOf } from './order-pricing';
import {
  applyProviderRefund,
  moneyView,
  orderPaymentsAndRefunds,
  paymentView,
  pendingRefundIds,
  refundView,
  sendRefund,
} from './refunds';

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
 * A paid order as checkout may show it: the booking reference, the signed link to every attendee's
 * ticket, and whether a confirmation e-mail went to the buyer's outbox (Settings' Email
 * Notifications decided it when the order was paid), so the storefront never promises one unsent.
 */
async function issuedTicket(db: Db, env: Env, orderId: string, bookingReference: string): Promise<IssuedTicket> {
  const [queued] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .innerJoin(registrations, eq(registrations.id, emailOutbox.registrationId))
    .where(and(eq(registrations.orderId, orderId), eq(emailOutbox.kind, EMAIL_KINDS.participant)))
    .limit(1);
  return {
    registrationNumber: bookingReference,
    ticketUrl: ticketLinkPath(env, bookingReference),
    confirmationEmail: Boolean(queued),
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

interface Held {
  order: Pick<
    OrderRow,
    'id' | 'amountPaise' | 'providerSessionId' | 'status' | 'holdExpiresAt' | 'orderNote' | 'customerEmail'
  > & {
    bookingReference?: string | null;
    holderHash: string | null;
    emailConfirmHash?: string | null;
  };
  replay: boolean;
}

/** Validates against the database, holds every line and writes the order, in one transaction. */
async function holdAndRecord(
  tx: Db,
  env: Env,
  input: CreateOrderInput,
  idempotencyKey: string | undefined,
  now: Date,
  client: CheckoutClient,
): Promise<Held> {
  if (idempotencyKey) {
    const [existing] = await tx.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey)).limit(1);
    if (existing) {
      // A key names one purchase; the same key with another buyer or event is a client bug (or a guess).
      if (existing.eventId !== input.eventId || existing.customerEmail.toLowerCase() !== input.buyer.email.toLowerCase()) {
        throw new CheckoutRefusal('conflict', 'This Idempotency-Key was already used for a different order');
      }
      return { order: existing, replay: true };
    }
  }
  // Lapsed holds and waiting-list offers go back on sale before anyone is told a ticket is gone.
  // Whether there are any is asked with the event's read: usually there are none.
  const [event] = await tx
    .select({
      id: events.id,
      status: events.status,
      date: events.date,
      questions: events.questions,
      participantFields: events.participantFields,
      recognisedSport: events.recognisedSport,
      gstState: events.gstState,
      lapsedHold: anyLapsedHoldColumn(tx, now),
      lapsedOffer: anyLapsedOfferColumn(tx, now),
    })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (event?.lapsedHold) await releaseExpiredHolds(tx, now);
  if (event?.lapsedOffer) await expireOffers(tx, now);
  if (!event || event.status === 'Draft') {
    throw new CheckoutRefusal('not_found', 'Event not found', { eventId: 'Event not found' });
  }
  if (event.status !== 'Active') {
    const message = 'Registration is not open for this event';
    throw new CheckoutRefusal('invalid', message, { eventId: message });
  }
  // Platform Management's booking window: an event too far ahead is not on sale yet.
  const settings = await readSettings(tx);
  const { bookingWindowDays, privacyNoticeVersion } = settings;
  // Consent to the notice as it is now (decision 030): a notice changed since the form was opened
  // must be read again.
  if (input.privacyNoticeVersion !== privacyNoticeVersion) {
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

  // A new order for this event replaces the unpaid one this browser made (a changed mind, a new
  // tab): the browser's checkout cookie says so, never the e-mail typed (decision 027). A buyer's
  // holds elsewhere count against a small cap, so nobody holds seats across the site.
  // One read of the live holds of this browser or this e-mail (a few rows, by the status index).
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
  const ownHere = client.holderHash ? liveHolds.filter((o) => o.holderHash === client.holderHash && o.eventId === event.id) : [];
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
  for (const open of ownHere) await releaseHold(tx, open.id, 'EXPIRED', now);
  if (openHolds.filter((o) => o.eventId !== event.id).length >= OPEN_HOLDS_PER_BUYER) {
    throw new CheckoutRefusal(
      'too_many_holds',
      `You already have ${OPEN_HOLDS_PER_BUYER} unpaid orders. Complete one, or wait for it to expire, before starting another.`,
    );
  }

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
  // The lines are counted from the attendees: one seat of their ticket type each, in the order the
  // buyer listed them (a refusal names the first attendee of that type).
  const lines = new Map<number, { quantity: number; first: number }>();
  for (const [i, attendee] of input.attendees.entries()) {
    const line = lines.get(attendee.ticketId);
    if (line) line.quantity++;
    else lines.set(attendee.ticketId, { quantity: 1, first: i });
  }
  const types = await tx
    .select(ticketColumns)
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...lines.keys()]));
  const typeById = new Map(types.map((t) => [t.id, t]));
  for (const [ticketId, line] of lines) {
    const field = `attendees.${line.first}.ticketId`;
    const ticket = typeById.get(ticketId);
    if (!ticket) throw new CheckoutRefusal('not_found', 'Ticket not found', { [field]: 'Ticket not found' });
    if (ticket.eventId !== event.id) {
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
  // Each attendee against the event's form (its required built-in fields), their category (age on
  // the event day, gender) and the event's questions; then the teams. Every problem is named on its
  // attendee's field, and nothing is held.
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
  const rules = new Map(types.map((t) => [t.id, t]));
  for (const [path, message] of Object.entries(teamProblems(input.attendees, rules))) fields[`attendees.${path}`] = message;
  const firstField = Object.values(fields)[0];
  if (firstField) throw new CheckoutRefusal('invalid', firstField, fields);
  // A waiting-list offer: only its own e-mail may use it, once, within its time, for its ticket type.
  let offer: Extract<Awaited<ReturnType<typeof offerForOrder>>, { entry: unknown }>['entry'] | undefined;
  if (input.offerToken) {
    const found = await offerForOrder(tx, input.offerToken, event.id, input.buyer.email, now);
    if ('problem' in found) {
      const message = OFFER_MESSAGES[found.problem];
      throw new CheckoutRefusal(
        'offer',
        message,
        found.problem === 'foreign' ? { 'buyer.email': message } : { offerToken: message },
      );
    }
    offer = found.entry;
    const message = await offerLinesProblem(tx, offer, lines);
    if (message) throw new CheckoutRefusal('offer', message, { offerToken: message });
  }
  // A promo code (decision 033): the event's, matched case-insensitively, usable now for these tickets.
  const promo = input.promoCode ? await findPromoCode(tx, event.id, input.promoCode) : undefined;
  if (input.promoCode && !promo) {
    throw new CheckoutRefusal('promo_invalid', promoMessage('unknown'), { promoCode: promoMessage('unknown') }, undefined, true);
  }
  if (promo) {
    const problem = await promoProblem(tx, promo, { ...input, email: input.buyer.email, ownOrderWritten: false }, now);
    if (problem) throw promoRefusal(problem);
  }
  // What each attendee's ticket costs, and so the order: the one pricing function (decision 031).
  const priced = priceOrder({
    attendees: input.attendees,
    ticketTypes: rules,
    event: pricingEventOf(event),
    supplier: supplierOf(settings),
    groupDiscounts: await activeGroupDiscounts(tx, event.id),
    promo: promo ? promoTermsOf(promo) : null,
  });
  const promoUses = priced.attendees.filter((a) => a.promoApplied).length;
  const amountPaise = priced.totals.netPaise;
  if (input.orderAmount !== undefined && toPaise(input.orderAmount) !== amountPaise) {
    const message = 'The order amount does not match the current ticket prices. Please review your order and try again.';
    throw new CheckoutRefusal('amount_mismatch', message, { orderAmount: message });
  }

  // What one client may hold, by seats, per address, e-mail and phone (decision 027): counted in
  // this transaction, so a refusal below takes the count back with the order.
  const overLimit = await takeSeats(
    tx,
    env.checkoutSeats,
    { address: client.address, email: input.buyer.email, phone: input.buyer.phone },
    input.attendees.length,
    now,
  );
  if (overLimit) throw new CheckoutRefusal('too_many_holds', seatLimitMessage(overLimit), undefined, overLimit.retryAfter);

  const buyer = input.buyer;
  const nowIso = now.toISOString();
  const order: Held['order'] = {
    id: newOrderId(now),
    amountPaise,
    providerSessionId: null,
    status: 'CREATED',
    holdExpiresAt: new Date(now.getTime() + HOLD_MS).toISOString(),
    orderNote: input.orderNote ?? '',
    customerEmail: buyer.email,
    holderHash: client.holderHash,
  };
  await tx.insert(orders).values({
    id: order.id,
    eventId: event.id,
    amountPaise,
    status: 'CREATED',
    idempotencyKey: idempotencyKey ?? null,
    holdExpiresAt: order.holdExpiresAt,
    customerName: buyer.fullName,
    customerEmail: buyer.email,
    customerPhone: buyer.phone,
    orderNote: order.orderNote,
    // The attendees wait here until the order is paid; fulfilment writes one row for each.
    participant: storeAttendees(withoutUnasked(input.attendees, modes, event.date), priced.attendees, {
      noticeVersion: privacyNoticeVersion,
      at: nowIso,
    }) as unknown as Record<string, unknown>,
    // The buyer's language (decision 019): their e-mails, ticket link and calendar file use it.
    language: input.language ?? 'en',
    holderHash: client.holderHash,
    // How it was priced and taxed (decision 031), so its invoice and refunds are rebuilt from it alone.
    discountPaise: priced.totals.discountPaise,
    taxMode: priced.taxMode,
    placeOfSupply: priced.placeOfSupply,
    supplierState: supplierOf(settings)?.stateCode ?? null,
    buyerGstin: input.business?.gstin ?? null,
    buyerBusinessName: input.business?.name ?? null,
    buyerAddress: input.business?.address || null,
    // Its promo code (decision 033): while this order holds its seats, its uses count against the code.
    promoCodeId: promo?.id ?? null,
    promoUses,
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
    })),
  );

  // A queued sale (decision 032): this browser's entry token, and the sale's caps with this order.
  await checkQueuedOrder(tx, env, order.id, input, now);

  // The seats last, so that the ticket rows stay locked until the commit and no longer (the
  // inventory service counts them). A refusal undoes the order written above with the rest of the
  // transaction.
  // An offer's seats are held already: the order takes them over and holds only the rest.
  const fromOffer = offer ? Math.min(lines.get(offer.ticketTypeId)!.quantity, offer.quantity) : 0;
  if (offer && !(await takeOverOffer(tx, offer, order.id, fromOffer, now))) {
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
    const problem = await promoProblem(tx, promo, { ...input, email: input.buyer.email, ownOrderWritten: true }, now);
    if (problem) throw promoRefusal(problem);
    let fromBlock = 0;
    for (const line of toHold) {
      fromBlock += await takeFromBlock(tx, promo.id, line.ticketTypeId, Math.min(line.quantity, promoUses - fromBlock));
    }
  }
  const refused = await holdSeats(tx, event.id, toHold);
  if (refused) {
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

  if (amountPaise === 0) {
    // The provider cannot take a zero amount: a free order holds its seats until the buyer confirms
    // their e-mail address by the link sent to it (decision 027), then counts.
    const emailConfirmHash = await requestEmailConfirmation(
      tx,
      env,
      { ...order, eventId: event.id, customerName: buyer.fullName, language: input.language ?? 'en' },
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
  return createdBody(deps, { ...order, providerSessionId: sessionId }, client.holderHash);
}

async function outcomeResponse(
  deps: Pick<CheckoutDeps, 'db' | 'env'>,
  orderId: string,
  outcome: FulfilOutcome,
): Promise<VerifyPaymentResponse> {
  if (outcome.kind === 'paid') {
    const reference = outcome.order.bookingReference;
    return { orderId, status: 'PAID', registration: await deps.db.query((db) => issuedTicket(db, deps.env, orderId, reference)) };
  }
  return {
    orderId,
    status: 'FAILED',
    refundRequired: true,
    message: 'Your payment was received after the tickets sold out. It will be refunded.',
  };
}

/**
 * Fulfils from a payment the provider reports taken. A payment that could not be fulfilled
 * (or a second payment of a paid order) left a pending refund: it is sent once the fulfilment has
 * committed (the refunds worker sends it otherwise).
 */
export async function fulfilFromPayment(
  deps: Pick<CheckoutDeps, 'db' | 'env'> & { provider?: PaymentProvider },
  orderId: string,
  payment: Pick<ProviderPayment, 'id' | 'method' | 'amountPaise'>,
) {
  const outcome = await deps.db.transaction((tx) =>
    fulfilOrder(tx, deps.env, orderId, {
      providerPaymentId: payment.id,
      paymentMethod: payment.method,
      amountPaise: payment.amountPaise,
    }),
  );
  const provider = deps.provider;
  // A payment fulfilled just now left no refund to send; one that could not be fulfilled, or a
  // second payment of a paid order, did.
  const freshlyPaid = outcome.kind === 'paid' && outcome.created;
  if (provider && !freshlyPaid) {
    for (const id of await deps.db.query((db) => pendingRefundIds(db, orderId))) {
      await sendRefund({ db: deps.db, provider }, id).catch((error: unknown) =>
        console.warn(`[payments] refund ${id} of order ${orderId} left for the worker:`, error),
      );
    }
  }
  return outcome;
}

/**
 * GET /api/cashfree/verify-payment/:orderId. The order id travels in return URLs, so the signed
 * ticket link goes only to the browser that made the order (its checkout cookie's hash, decision
 * 027); anyone else learns the status alone. Reconciliation passes no holder: it needs the status.
 */
export async function verifyCheckoutPayment(
  deps: CheckoutDeps,
  orderId: string,
  holderHash: string | null = null,
): Promise<VerifyPaymentResponse> {
  const { answer, order } = await verifyForAnyone(deps, orderId);
  if (!answer.registration || isHolder(order.holderHash, holderHash)) return answer;
  const { registration: _withheld, ...statusOnly } = answer;
  return statusOnly;
}

/**
 * POST /api/cashfree/confirm-email/:orderId: the link e-mailed for a free order (decision 027).
 * Whoever follows it proved they read the buyer's mail, where the tickets go anyway: they get them.
 */
export async function confirmFreeRegistration(
  deps: Pick<CheckoutDeps, 'db' | 'env'>,
  orderId: string,
  token: string,
  now = new Date(),
): Promise<ConfirmEmailResponse> {
  const outcome = await deps.db.transaction((tx) => confirmFreeOrder(tx, deps.env, orderId, token, now));
  switch (outcome.kind) {
    case 'not_found':
      throw new CheckoutRefusal('not_found', 'Registration not found');
    case 'invalid':
      throw new CheckoutRefusal('invalid', 'This confirmation link is not valid', {
        token: 'This confirmation link is not valid',
      });
    case 'lapsed':
      throw new CheckoutRefusal(
        'conflict',
        'This registration was not confirmed in time and its places were released. Please register again.',
      );
    case 'confirmed':
      return {
        orderId,
        status: 'PAID',
        registration: await deps.db.query((db) => issuedTicket(db, deps.env, orderId, outcome.bookingReference)),
        email: outcome.email,
      };
  }
}

/** The order's status (and ticket, once paid), with the order as it was read before any provider call. */
async function verifyForAnyone(deps: CheckoutDeps, orderId: string): Promise<{ answer: VerifyPaymentResponse; order: OrderRow }> {
  const [local] = await deps.db.query((q) => q.select().from(orders).where(eq(orders.id, orderId)));
  if (!local) throw new CheckoutRefusal('not_found', 'Order not found');
  return { answer: await statusOf(deps, local), order: local };
}

async function statusOf(deps: CheckoutDeps, local: OrderRow): Promise<VerifyPaymentResponse> {
  const { db } = deps;
  const orderId = local.id;
  if (local.status === 'PAID') {
    return {
      orderId,
      status: 'PAID',
      ...(local.bookingReference
        ? { registration: await db.query((q) => issuedTicket(q, deps.env, orderId, local.bookingReference!)) }
        : {}),
    };
  }
  if (local.status === 'REFUND_REQUIRED') return outcomeResponse(deps, orderId, { kind: 'refund_required', reason: '' });
  if (!local.providerSessionId) {
    return { orderId, status: local.status === 'CREATED' ? 'PENDING' : local.status === 'EXPIRED' ? 'EXPIRED' : 'FAILED' };
  }

  try {
    const remote = await deps.provider.getOrder(orderId);
    if (remote.status === 'paid') {
      const success = remote.payments.find((p) => p.status === 'succeeded');
      if (!success) return { orderId, status: 'PENDING' };
      return outcomeResponse(deps, orderId, await fulfilFromPayment(deps, orderId, success));
    }
    if (remote.status === 'closed') {
      await db.transaction((tx) => releaseHold(tx, orderId, 'EXPIRED'));
      return { orderId, status: local.status === 'FAILED' ? 'FAILED' : 'EXPIRED' };
    }
    // Open: unpaid. What did the last attempt say?
    if (local.status === 'FAILED') return { orderId, status: 'FAILED' };
    if (local.status === 'EXPIRED') return { orderId, status: 'EXPIRED' };
    if (remote.payments.at(-1)?.status === 'failed') {
      await db.transaction((tx) => failOrder(tx, orderId));
      return { orderId, status: 'FAILED' };
    }
    return { orderId, status: 'PENDING' };
  } catch (error) {
    // Our own storage failing (a full disk, the database down) is not the provider's: 503, not 502.
    if (error instanceof CheckoutRefusal || isStorageFull(error) || isDatabaseUnavailable(error)) throw error;
    console.error(`[payments] verify ${orderId} failed:`, describeProviderError(error));
    throw new CheckoutRefusal('provider_failed', PAYMENT_MESSAGES.verifyFailed);
  }
}

/** How far back reconciliation looks: the provider's own order expiry (the hold and two minutes) is far shorter. */
export const RECONCILE_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Asks the provider about every order it was sent that is not settled here (still CREATED, or
 * EXPIRED while a payment may have landed), and fulfils what it reports paid. Run at startup, so
 * that a crash between the provider's PAID and the fulfilment commit is repaired, and then every few
 * minutes in case a webhook never arrives. Fulfilment is idempotent: never twice.
 */
export async function reconcileOpenOrders(deps: CheckoutDeps, now = new Date()): Promise<{ checked: number; fulfilled: number }> {
  const since = new Date(now.getTime() - RECONCILE_LOOKBACK_MS).toISOString();
  const open = await deps.db.query((db) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(inArray(orders.status, ['CREATED', 'EXPIRED']), isNotNull(orders.providerSessionId), gte(orders.createdAt, since)),
      ),
  );
  let fulfilled = 0;
  for (const { id } of open) {
    try {
      const answer = await verifyCheckoutPayment(deps, id);
      if (answer.status === 'PAID') fulfilled++;
    } catch (error) {
      // One unreachable order must not stop the others; the next run tries it again.
      console.warn(`[payments] reconcile ${id} failed:`, error instanceof Error ? error.message : error);
    }
  }
  if (fulfilled > 0) console.log(`[payments] reconciled ${fulfilled} paid order(s) that had no registration`);
  return { checked: open.length, fulfilled };
}

/** A refund webhook for a refund we never asked for: the route answers 404 and nothing changes. */
export class UnknownRefund extends Error {
  override name = 'UnknownRefund';
}

/**
 * A provider's webhook, verified by the route and read by the provider (payments/provider.ts): a
 * payment taken is fulfilled, a failed or abandoned one fails its order, a refund's news is
 * recorded; anything else is acknowledged.
 */
export async function handlePaymentWebhook(
  deps: Pick<CheckoutDeps, 'db' | 'env'> & { provider?: PaymentProvider },
  event: PaymentEvent,
): Promise<{ handled: string }> {
  switch (event.kind) {
    case 'refund': {
      const { refund } = event;
      const applied = await deps.db.transaction((tx) => applyProviderRefund(tx, refund));
      if (!applied) throw new UnknownRefund(`No refund ${refund.refundId} on order ${refund.orderId}`);
      return { handled: `refund_${applied.refund.status}` };
    }
    case 'payment_succeeded':
      return { handled: (await fulfilFromPayment(deps, event.orderId, event.payment)).kind };
    case 'payment_failed':
      return { handled: (await deps.db.transaction((tx) => failOrder(tx, event.orderId))) ? 'failed' : 'unchanged' };
    case 'ignored':
      return { handled: 'ignored' };
  }
}

/** GET /api/admin/orders?status= */
export async function listOrders(db: Db, status?: OrderRow['status'], limit = 200) {
  const rows = await db
    .select()
    .from(orders)
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(limit);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderLines.orderId,
            ticketId: orderLines.ticketTypeId,
            quantity: orderLines.quantity,
            unitPricePaise: orderLines.unitPricePaise,
            ticketName: ticketTypes.name,
          })
          .from(orderLines)
          .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
          .where(
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          );
  return rows.map((o) => ({
    orderId: o.id,
    eventId: o.eventId,
    amount: toRupees(o.amountPaise),
    status: o.status,
    // The console's wire name, kept (the admin screens show it as Cashfree's payment id).
    cfPaymentId: o.providerPaymentId,
    paymentMethod: o.paymentMethod,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    holdExpiresAt: o.holdExpiresAt,
    holdReleasedAt: o.holdReleasedAt,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    tickets: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        ticketId: l.ticketId,
        ticketName: l.ticketName ?? 'Deleted ticket',
        quantity: l.quantity,
        unitPrice: toRupees(l.unitPricePaise),
      })),
  }));
}

/** GET /api/admin/orders/:orderId: the order, its attendees in order, and the e-mails sent about it; undefined when none. */
export async function orderDetail(db: Db, env: Env, orderId: string): Promise<AdminOrderResponse | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await db
    .select({
      ticketId: orderLines.ticketTypeId,
      quantity: orderLines.quantity,
      unitPricePaise: orderLines.unitPricePaise,
      ticketName: ticketTypes.name,
    })
    .from(orderLines)
    .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  const attendees = await selectAttendees(db).where(eq(registrations.orderId, orderId)).orderBy(registrations.position);
  const messages =
    attendees.length === 0
      ? []
      : await db
          .select({
            id: emailOutbox.id,
            kind: emailOutbox.kind,
            to: emailOutbox.to,
            subject: emailOutbox.subject,
            status: emailOutbox.status,
            attempts: emailOutbox.attempts,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(
            inArray(
              emailOutbox.registrationId,
              attendees.map((a) => a.id),
            ),
          )
          .orderBy(emailOutbox.id);
  return {
    order: {
      orderId: order.id,
      bookingReference: order.bookingReference,
      status: order.status,
      amount: toRupees(order.amountPaise),
      paymentMethod: order.paymentMethod,
      // The console's wire name, kept (AdminOrderResponse; the order dialog labels it Cashfree's).
      cfPaymentId: order.providerPaymentId,
      buyer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
      language: order.language,
      createdAt: order.createdAt,
      lines: lines.map((l) => ({
        ticketId: l.ticketId,
        ticketName: l.ticketName ?? 'Deleted ticket',
        quantity: l.quantity,
        unitPrice: toRupees(l.unitPricePaise),
      })),
      promoCode: await promoCodeName(db, order.promoCodeId),
    },
    attendees: attendees.map((row) => toRegistration(row, env, attendees.length)),
    messages,
    ...(await orderMoneyDetail(db, orderId)),
  };
}

/** An order's payments and refunds as the console shows them, with the figures derived from them. */
export async function orderMoneyDetail(db: Db, orderId: string) {
  const found = await orderPaymentsAndRefunds(db, orderId);
  return {
    payments: found.payments.map(paymentView),
    refunds: found.refunds.map(refundView),
    money: moneyView(found.money),
  };
}
