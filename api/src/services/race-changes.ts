// Race swaps and deferrals from My bookings (issue 43, decision 071): under the event's race-change
// policy (a deadline in India time, a fee per change), a participant moves a paid attendee to
// another race (ticket type) of the same event, or defers them to the organiser's next edition as a
// credit. Each function takes the caller's transaction, locks the attendee before judging it (two
// tabs: the second waits, then finds the change made), throws SelfServiceRefusal, and writes its
// audit entry in that transaction. Seats move through inventory (the one owner of seat counts).
import { and, eq } from 'drizzle-orm';
import { deferralCreditPaise, eligibilityProblem, MY_BOOKINGS_MESSAGES, raceSwapTerms, selfServiceOf } from '../contract';
import type { Db } from '../db/client';
import { buyerCredits, organisations, registrations, ticketTypes } from '../db/schema';
import type { Env } from '../env';
import { recordAudit } from './audit';
import { recordAttendeesCancelled } from './webhook-outbox';
import { nextBibs } from './bibs';
import { moveSoldSeat, releaseSoldSeat } from './inventory';
import { announceOutbox } from '../db/notify';
import { selectAttendees } from '../db/attendee-rows';
import { EMAIL_KINDS } from '../mail/kinds';
import { deferredEmail, raceSwappedEmail } from '../mail/bookings-templates';
import { rupeesIn } from '../mail/templates';
import { toRupees } from '../contract/money';
import {
  mailFacts,
  ownedAttendee,
  paidFor,
  queueEmail,
  raceChangeState,
  requireOpen,
  SelfServiceRefusal,
  type Owned,
} from './my-bookings';
import { refundOrder } from './refunds';

type SwapEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;
type Buyer = { email: string; ip?: string };

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The attendee, locked, with the race-change part of the policy open for them now. */
async function openFor(tx: Db, buyer: Buyer, ticketNumber: string, part: 'swap' | 'defer', now: Date) {
  const owned = await ownedAttendee(tx, buyer.email, ticketNumber);
  const policy = selfServiceOf(owned.event.selfService).raceChange ?? null;
  const state = raceChangeState(policy, part, owned.row, now);
  if (!state.open && state.reason === 'not_allowed' && policy?.[part] && owned.row.paymentStatus !== 'Paid') {
    throw new SelfServiceRefusal('closed', MY_BOOKINGS_MESSAGES.notPaid);
  }
  requireOpen(state);
  return { owned, feePaise: policy!.feePaise };
}

/**
 * Moves the attendee to the race `ticketTypeId` of the same event. A cheaper race: at once, and the
 * difference less the fee goes back through refundOrder (one refund row, the attendee kept); an
 * equal one without a fee: at once. One that costs money (dearer, or the fee on an equal one) is
 * refused for now (decision 071: no payment path for a swap yet). The old race's seat goes back on
 * sale, the new one is taken (inventory), and the bib is taken from the new race's range (or none).
 * Returns the refund to send after the commit, or null.
 */
export async function swapRace(
  tx: Db,
  env: SwapEnv,
  buyer: Buyer,
  ticketNumber: string,
  ticketTypeId: number,
  now = new Date(),
): Promise<{ refundId: number | null }> {
  const { owned, feePaise } = await openFor(tx, buyer, ticketNumber, 'swap', now);
  const { row } = owned;
  if (row.ticketId === ticketTypeId) throw new SelfServiceRefusal('closed', MY_BOOKINGS_MESSAGES.raceSwapSame);
  const [race] = await tx
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, row.eventId)));
  if (!race || race.status !== 'Active') {
    throw new SelfServiceRefusal('invalid', MY_BOOKINGS_MESSAGES.raceSwapUnknown, {
      ticketTypeId: MY_BOOKINGS_MESSAGES.raceSwapUnknown,
    });
  }
  const problem = eligibilityProblem(race, { dateOfBirth: row.dateOfBirth ?? '', gender: row.gender }, owned.event.date);
  if (problem) throw new SelfServiceRefusal('invalid', problem.message, { [`participant.${problem.field}`]: problem.message });
  const paid = paidFor(row);
  const { payPaise, refundPaise } = raceSwapTerms(paid, race.pricePaise, feePaise);
  if (payPaise > 0) throw new SelfServiceRefusal('payment_needed', MY_BOOKINGS_MESSAGES.raceSwapNeedsPayment);
  const at = now.toISOString();
  const from = { ticketTypeId: row.ticketId ?? 0, quantity: row.quantity };
  if (row.ticketId === null || !(await moveSoldSeat(tx, row.eventId, from, { ticketTypeId, quantity: row.quantity }, at))) {
    throw new SelfServiceRefusal('sold_out', MY_BOOKINGS_MESSAGES.raceSwapSoldOut);
  }
  // The old bib is let go first, so the new race's range may hand out the lowest free number.
  await tx.update(registrations).set({ bib: null }).where(eq(registrations.id, row.id));
  const [bib] = await nextBibs(tx, row.eventId, [{ ticketId: race.id, bibFrom: race.bibFrom, bibTo: race.bibTo }]);
  await tx
    .update(registrations)
    // The ticket's name and listed price are the new race's; amount_paise stays what was paid, and
    // what goes back is the refund's (refunded_paise), so paid less refunded is what the race cost.
    // A wave staff set by hand was one of the old race's waves (decision 068): the new race's rule decides.
    .set({
      ticketId: race.id,
      ticketName: race.name,
      ticketPricePaise: race.pricePaise,
      bib: bib ?? null,
      waveOverride: null,
      updatedAt: at,
    })
    .where(eq(registrations.id, row.id));
  let refundId: number | null = null;
  if (refundPaise > 0) {
    const refunded = await refundOrder(
      tx,
      env,
      {
        orderId: owned.order.id,
        attendeeIds: [row.id],
        amountPaise: refundPaise,
        reason: `Moved by the buyer from ${row.ticketName} to ${race.name} (the difference less a fee of ${feePaise / 100} rupees)`,
        actor: { kind: 'buyer' },
        notify: false,
        keepAttendees: true,
      },
      now,
    );
    refundId = refunded.refund.id;
  }
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: normalEmail(buyer.email),
    action: 'buyer_race_swap',
    entity: 'registration',
    entityId: row.id,
    detail: {
      ticketNumber,
      from: { ticketTypeId: row.ticketId, name: row.ticketName, bib: row.bib },
      to: { ticketTypeId: race.id, name: race.name, bib: bib ?? null },
      paidPaise: paid,
      pricePaise: race.pricePaise,
      feePaise,
      refundPaise,
      refundId,
    },
    ip: buyer.ip ?? null,
  });
  const facts = await factsAfter(tx, env, owned);
  const refund = refundPaise > 0 ? rupeesIn(facts.language ?? 'en', toRupees(refundPaise)) : null;
  await queueEmail(
    tx,
    EMAIL_KINDS.raceSwapped,
    normalEmail(buyer.email),
    raceSwappedEmail(facts, row.ticketName, refund),
    row.id,
    owned.event.organisationId,
    now,
  );
  await announceOutbox(tx);
  return { refundId };
}

/** The mail's facts with the attendee as the change left them. */
async function factsAfter(tx: Db, env: SwapEnv, owned: Owned) {
  const [after] = await selectAttendees(tx).where(eq(registrations.id, owned.row.id));
  return mailFacts(tx, env, owned, after!);
}

/**
 * Defers the attendee to the organiser's next edition: the attendee is cancelled (the seat back on
 * sale, the waiting list offered it; the payment status stays Paid, as the organiser keeps the
 * money) and a credit of what was paid for them less the fee is recorded for the buyer's e-mail
 * with the event's organisation.
 */
export async function deferAttendee(
  tx: Db,
  env: SwapEnv,
  buyer: Buyer,
  ticketNumber: string,
  now = new Date(),
): Promise<{ creditPaise: number }> {
  const { owned, feePaise } = await openFor(tx, buyer, ticketNumber, 'defer', now);
  const { row } = owned;
  const at = now.toISOString();
  if (row.ticketId !== null) await releaseSoldSeat(tx, { ticketTypeId: row.ticketId, quantity: row.quantity }, at);
  await tx.update(registrations).set({ status: 'Cancelled', updatedAt: at }).where(eq(registrations.id, row.id));
  // Deferred: cancelled from this edition (decision 074's attendee.cancelled, and order.cancelled when it was the last).
  await recordAttendeesCancelled(tx, [row.id], now);
  const creditPaise = deferralCreditPaise(paidFor(row), feePaise);
  const [credit] = await tx
    .insert(buyerCredits)
    .values({
      organisationId: owned.event.organisationId,
      // Whoever owns the attendee in My bookings: the buyer, or a transfer's holder.
      email: normalEmail(buyer.email),
      amountPaise: creditPaise,
      registrationId: row.id,
      eventId: row.eventId,
      createdAt: at,
    })
    .returning({ id: buyerCredits.id });
  await recordAudit(tx, {
    actorUserId: null,
    actorEmail: normalEmail(buyer.email),
    action: 'buyer_defer',
    entity: 'registration',
    entityId: row.id,
    detail: { ticketNumber, paidPaise: paidFor(row), feePaise, creditPaise, creditId: credit!.id },
    ip: buyer.ip ?? null,
  });
  const [organiser] = await tx
    .select({ name: organisations.displayName })
    .from(organisations)
    .where(eq(organisations.id, owned.event.organisationId));
  const facts = await factsAfter(tx, env, owned);
  await queueEmail(
    tx,
    EMAIL_KINDS.ticketDeferred,
    normalEmail(buyer.email),
    deferredEmail(facts, rupeesIn(facts.language ?? 'en', toRupees(creditPaise)), organiser?.name ?? ''),
    row.id,
    owned.event.organisationId,
    now,
  );
  await announceOutbox(tx);
  return { creditPaise };
}
