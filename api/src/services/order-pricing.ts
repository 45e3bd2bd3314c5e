// What the pricing function (services/pricing.ts) needs from the database, read once for
// create-order and the Booking Summary's quote alike (decision 031).
import { eq, inArray, sql } from 'drizzle-orm';
import { localTaxLabel, promoMessage, stateName, type OrderQuoteResponse, type QuoteFeeLine, type QuotePromo } from '../contract';
import {
  countWrongPromo,
  findPromoCode,
  promoProblem,
  promoTermsOf,
  promoTriesWait,
  type BuyerPromoProblem,
  type PromoRow,
} from './promo-codes';
import type { Db } from '../db/client';
import { events, organisations, ticketTypes } from '../db/schema';
import {
  CONVENIENCE_FEE_GST_RATE,
  priceOrder,
  type PricedOrder,
  type PricedTicketType,
  type PricingEvent,
  type PricingInput,
} from './pricing';
import { readSettings } from './settings';
import { sellerOfEvent, supplierOf } from './organisation-profile';
import { activeGroupDiscounts } from './group-discounts';
import { toPaise, toRupees } from '../contract/money';
import type { PlatformSettings } from '../contract';

// The seller is the event's organisation (decision 055): its GST registration prices the order.
export { supplierOf } from './organisation-profile';

/** The columns of a ticket type that price it. */
export const pricedTicketColumns = {
  id: ticketTypes.id,
  name: ticketTypes.name,
  pricePaise: ticketTypes.pricePaise,
  gstRate: ticketTypes.gstRate,
  teamMin: ticketTypes.teamMin,
  teamMax: ticketTypes.teamMax,
  teamPricing: ticketTypes.teamPricing,
};

/** Why a quote was refused; the route maps it to its status. Never an HTTP status here. */
export class QuoteRefusal extends Error {
  override name = 'QuoteRefusal';
  constructor(
    readonly reason: 'not_found' | 'invalid' | 'rate_limited',
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds to wait (too many wrong promo codes from this address, decision 033). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A priced order as the Booking Summary, the e-mail and the console show it. */
export function quoteView(priced: PricedOrder, names: Map<number, string>): OrderQuoteResponse {
  const { totals } = priced;
  return {
    lines: priced.lines.map((line) => ({
      ticketId: line.ticketTypeId,
      ticketName: names.get(line.ticketTypeId) ?? '',
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
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
    taxMode: priced.taxMode,
    placeOfSupply: priced.placeOfSupply ? { code: priced.placeOfSupply, name: stateName(priced.placeOfSupply) } : null,
    localTaxLabel: localTaxLabel(priced.placeOfSupply),
    groupDiscounts: priced.groupDiscounts,
    promo: priced.promo?.applied ? { code: priced.promo.code, applied: true, discountPaise: priced.promo.discountPaise } : null,
    totals: {
      grossPaise: totals.grossPaise,
      discountPaise: totals.discountPaise,
      netPaise: totals.netPaise,
      taxablePaise: totals.taxablePaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      igstPaise: totals.igstPaise,
      taxPaise: totals.taxPaise,
      feesPaise: totals.feePaise + totals.feeGstPaise,
      payablePaise: totals.chargePaise,
    },
    fees: feeLinesOf(priced),
    // What create-order charges: the tickets plus the convenience fee and its GST (decision 060).
    orderAmount: toRupees(totals.chargePaise),
  };
}

/** The order's fee lines (decision 060): one convenience-fee line when any ticket pays one. The commission is never the buyer's to see. */
export function feeLinesOf(priced: Pick<PricedOrder, 'attendees' | 'totals'>): QuoteFeeLine[] {
  const quantity = priced.attendees.filter((a) => a.feePaise > 0).length;
  if (quantity === 0) return [];
  return [
    {
      kind: 'convenience',
      quantity,
      feePaise: priced.totals.feePaise,
      gstRate: CONVENIENCE_FEE_GST_RATE,
      gstPaise: priced.totals.feeGstPaise,
      totalPaise: priced.totals.feePaise + priced.totals.feeGstPaise,
    },
  ];
}

/**
 * POST /api/orders/quote: the order priced as create-order will price it, for an event on sale and
 * its ticket types on sale. Seats, buyers and answers are create-order's to judge.
 */
export async function quoteOrder(
  db: Db,
  input: { eventId: number; attendees: { ticketId: number; team?: string }[]; promoCode?: string; buyerEmail?: string },
  client: { address: string } = { address: 'unknown' },
  now = new Date(),
): Promise<OrderQuoteResponse> {
  const [event] = await db
    .select({
      id: events.id,
      status: events.status,
      recognisedSport: events.recognisedSport,
      gstState: events.gstState,
      ...feeColumns,
    })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (!event || event.status === 'Draft') throw new QuoteRefusal('not_found', 'Event not found', { eventId: 'Event not found' });
  const ids = [...new Set(input.attendees.map((a) => a.ticketId))];
  const types = await db
    .select({ ...pricedTicketColumns, eventId: ticketTypes.eventId, status: ticketTypes.status })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, ids));
  const byId = new Map(types.map((t) => [t.id, t]));
  for (const id of ids) {
    const field = `attendees.${input.attendees.findIndex((a) => a.ticketId === id)}.ticketId`;
    const type = byId.get(id);
    if (!type || type.eventId !== event.id)
      throw new QuoteRefusal('not_found', 'Ticket not found', { [field]: 'Ticket not found' });
    if (type.status !== 'Active') {
      const message = `"${type.name}" is not on sale`;
      throw new QuoteRefusal('invalid', message, { [field]: message });
    }
  }
  // A promo code (decision 033): priced with it when it applies; otherwise without, saying why.
  let refusal: QuotePromo | null = null;
  let promo: PromoRow | undefined;
  if (input.promoCode) {
    const refused = (problem: BuyerPromoProblem): QuotePromo => ({
      code: input.promoCode!,
      applied: false,
      reason: problem.reason,
      message: promoMessage(problem.reason, problem.values),
      discountPaise: 0,
    });
    const wait = await promoTriesWait(db, client.address, now);
    if (wait > 0) throw tooManyTries(wait);
    promo = await findPromoCode(db, event.id, input.promoCode);
    if (!promo) {
      const over = await countWrongPromo(db, client.address, now);
      if (over > 0) throw tooManyTries(over);
      refusal = refused({ reason: 'unknown' });
    } else {
      const problem = await promoProblem(
        db,
        promo,
        // Never the e-mail's own uses (issue 40): the quote answers anyone, so it would tell a stranger
        // whether an address used a per-e-mail code. Create-order judges them, for the buyer's own order.
        { attendees: input.attendees, ownOrderWritten: false },
        now,
      );
      if (problem) {
        refusal = refused(problem);
        promo = undefined;
      }
    }
  }
  const priced = priceOrder({
    attendees: input.attendees,
    ticketTypes: new Map<number, PricedTicketType>(types.map((t) => [t.id, t])),
    event: pricingEventOf(event),
    supplier: supplierOf(await sellerOfEvent(db, event.id)),
    groupDiscounts: await activeGroupDiscounts(db, event.id),
    promo: promo ? promoTermsOf(promo) : null,
    ...feeTermsOf(event, await readSettings(db)),
  });
  const view = quoteView(priced, new Map(types.map((t) => [t.id, t.name])));
  return refusal ? { ...view, promo: refusal } : view;
}

const tooManyTries = (wait: number) =>
  new QuoteRefusal('rate_limited', promoMessage('tooManyTries', { minutes: Math.ceil(wait / 60) }), undefined, wait);

/** The columns of an event its fees are priced from (decision 060). */
export const feeColumns = {
  convenienceFeeKind: events.convenienceFeeKind,
  convenienceFeeValue: events.convenienceFeeValue,
  // The event's organisation's commission override (hundredths of a percent; null: the platform's).
  commissionBasisPoints: sql<
    number | null
  >`(select ${organisations.commissionBasisPoints} from ${organisations} where ${organisations.id} = ${events.organisationId})`,
};

/** The commission percent that applies to an organisation: its override, or else the platform's setting. */
export const effectiveCommissionPercent = (
  commissionBasisPoints: number | null | undefined,
  settings: Pick<PlatformSettings, 'platformCommissionPercent'>,
): number =>
  commissionBasisPoints === null || commissionBasisPoints === undefined
    ? settings.platformCommissionPercent
    : Number(commissionBasisPoints) / 100;

/** An organisation's effective commission percent (its override, or the platform's setting). */
export async function commissionPercentOf(db: Db, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ basisPoints: organisations.commissionBasisPoints })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return effectiveCommissionPercent(row?.basisPoints, await readSettings(db));
}

/**
 * The fee terms of a sale (decision 060): the event's convenience fee (stored in paise or in
 * hundredths of a percent), the platform's cap per ticket and its commission (the event's
 * organisation's override, or else Settings').
 */
export function feeTermsOf(
  event: { convenienceFeeKind: 'percent' | 'amount' | null; convenienceFeeValue: number; commissionBasisPoints?: number | null },
  settings: Pick<PlatformSettings, 'maxConvenienceFeeRupees' | 'platformCommissionPercent'>,
): Pick<PricingInput, 'convenienceFee' | 'convenienceFeeCapPaise' | 'commissionPercent'> {
  return {
    convenienceFee: event.convenienceFeeKind
      ? {
          kind: event.convenienceFeeKind,
          value: event.convenienceFeeKind === 'percent' ? event.convenienceFeeValue / 100 : event.convenienceFeeValue,
        }
      : null,
    convenienceFeeCapPaise: toPaise(settings.maxConvenienceFeeRupees),
    commissionPercent: effectiveCommissionPercent(event.commissionBasisPoints, settings),
  };
}

export const pricingEventOf = (event: { recognisedSport: boolean; gstState: string | null }): PricingEvent => ({
  recognisedSport: event.recognisedSport,
  gstState: event.gstState,
});
