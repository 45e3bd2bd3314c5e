// The one pricing function (issue 25, decision 031): what an order costs, step by step, in paise.
// create-order, the Booking Summary's quote, the invoice and the credit note all read it, so the
// browser never computes money and an invoice or refund is rebuilt from the order alone.
//
// 1. Listed prices: each attendee's ticket (a team's price shared among its members, contract/teams).
// 2. Discounts: the best automatic group discount the order qualifies for, then the promo code on
//    what is left. A discount never takes a price below zero.
// 3. Tax: prices include GST. Admission to a recognised sporting event at ₹500 or less a person is
//    exempt; otherwise the ticket type's rate. The place of supply is the event's state: CGST + SGST
//    when the organiser is registered there, IGST otherwise. An organiser without a GSTIN charges
//    no GST (a plain receipt).
// 4. Fees (issue 42, decision 060): the event's convenience fee per attendee with a price to pay
//    (a percentage of what the ticket costs after its discounts, or a fixed amount), capped by the
//    platform, with 18 percent GST added on top (the platform's service, so always charged); and the
//    platform's commission, a percentage of the ticket's value after discounts, taken from the
//    organiser's share (the buyer never sees it). The buyer pays the ticket plus the fee plus its GST.
import { CONVENIENCE_FEE_GST_RATE } from '../contract/constants';
import {
  attendeePricesPaise,
  SPORTING_EVENT_EXEMPTION_PAISE,
  splitTax,
  type TaxMode,
  type TaxSplit,
  type TeamRule,
} from '../contract';

export interface PricedTicketType extends TeamRule {
  id: number;
  /** Percent: 0, 5, 18 or 40. */
  gstRate: number;
}

export interface PricingEvent {
  recognisedSport: boolean;
  /** The GST state code of the event's place; null: the organiser's own state. */
  gstState: string | null;
}

/** The organiser's GST registration; null when it has none (no GST charged). */
export interface Supplier {
  gstin: string;
  stateCode: string;
}

export type PromoKind = 'percent' | 'amount' | 'price';

export interface PromoTerms {
  id: number;
  code: string;
  kind: PromoKind;
  /** Percent (1 to 100) for 'percent'; paise off each ticket for 'amount'; the ticket's price in paise for 'price'. */
  value: number;
  /** The ticket types it applies to; empty: all of the event's. */
  ticketTypeIds: readonly number[];
}

export interface GroupDiscountTerms {
  id: number;
  /** At least this many tickets of the chosen types in one order. */
  minQuantity: number;
  percent: number;
  /** The ticket types counted and discounted; empty: all of the event's. */
  ticketTypeIds: readonly number[];
}

/** An event's convenience fee per ticket (DESIGN.md §3 "money"): percent of the ticket, or rupees. */
export interface ConvenienceFee {
  kind: 'percent' | 'amount';
  /** Percent (0 to 100) for 'percent'; paise per ticket for 'amount'. */
  value: number;
}

export { CONVENIENCE_FEE_GST_RATE };

/** The fee on one ticket that costs `netPaise` after discounts: none on a free ticket; never above the cap. */
export function convenienceFeeOf(fee: ConvenienceFee | null | undefined, netPaise: number, capPaise: number | null): number {
  if (!fee || netPaise <= 0) return 0;
  const raw = fee.kind === 'percent' ? percentOf(netPaise, fee.value) : fee.value;
  return Math.max(0, capPaise === null ? raw : Math.min(raw, capPaise));
}

export interface PricingInput {
  attendees: readonly { ticketId: number; team?: string }[];
  ticketTypes: Map<number, PricedTicketType>;
  event: PricingEvent;
  supplier: Supplier | null;
  promo?: PromoTerms | null;
  groupDiscounts?: readonly GroupDiscountTerms[];
  /** The event's convenience fee (decision 060); none when absent. */
  convenienceFee?: ConvenienceFee | null;
  /** The platform's cap on the fee per ticket, in paise; null: no cap. */
  convenienceFeeCapPaise?: number | null;
  /** The platform's commission on this organiser's tickets, percent (0 when absent). */
  commissionPercent?: number;
}

export interface PricedAttendee extends TaxSplit {
  ticketId: number;
  listPaise: number;
  groupDiscountPaise: number;
  promoDiscountPaise: number;
  /** What this attendee pays, GST included: registrations.amount_paise. */
  netPaise: number;
  /** The rate applied: 0 when exempt or when no GST is charged. */
  gstRate: number;
  exempt: boolean;
  /** The promo code applied to this attendee's ticket (one use of it, decision 033), even when it took nothing off. */
  promoApplied: boolean;
  /** The convenience fee on this ticket and its 18 percent GST, paid by the buyer on top of netPaise (decision 060). */
  feePaise: number;
  feeGstPaise: number;
  /** The platform's commission on this ticket, taken from the organiser's share of netPaise. */
  commissionPaise: number;
}

export interface PricedLine extends TaxSplit {
  ticketTypeId: number;
  quantity: number;
  /** The type's listed price (per member, or per team). */
  unitPricePaise: number;
  grossPaise: number;
  groupDiscountPaise: number;
  promoDiscountPaise: number;
  netPaise: number;
  /** The type's rate at the sale (0 when no GST is charged). */
  gstRate: number;
  exemptQuantity: number;
  feePaise: number;
  feeGstPaise: number;
  commissionPaise: number;
}

export interface PricedOrder {
  attendees: PricedAttendee[];
  lines: PricedLine[];
  taxMode: TaxMode;
  /** The event's state (or the organiser's); null without GST. */
  placeOfSupply: string | null;
  /** The group discounts applied, with what each took off. */
  groupDiscounts: { id: number; percent: number; minQuantity: number; discountPaise: number }[];
  /** The promo code as it applied; null without one. `applied` is false when it matched no ticket of the order. */
  promo: { id: number; code: string; applied: boolean; discountPaise: number } | null;
  totals: TaxSplit & {
    grossPaise: number;
    groupDiscountPaise: number;
    promoDiscountPaise: number;
    discountPaise: number;
    /** What the tickets cost (the organiser's sale, its GST included). */
    netPaise: number;
    taxPaise: number;
    /** The convenience fee and its GST (the platform's), and the commission (from the organiser's share). */
    feePaise: number;
    feeGstPaise: number;
    commissionPaise: number;
    /** What the buyer pays: netPaise + feePaise + feeGstPaise (sent to the payment provider). */
    chargePaise: number;
  };
}

const appliesTo = (ids: readonly number[], ticketId: number) => ids.length === 0 || ids.includes(ticketId);

/** A percentage of an amount in paise, to the nearest paisa (half up). */
export const percentOf = (paise: number, percent: number) => Math.round((paise * percent) / 100);

/** Whether an attendee's admission is exempt: a recognised sporting event, at ₹500 or less a person. */
export const isExempt = (event: Pick<PricingEvent, 'recognisedSport'>, netPaise: number) =>
  event.recognisedSport && netPaise <= SPORTING_EVENT_EXEMPTION_PAISE;

export function taxModeOf(event: PricingEvent, supplier: Supplier | null): { taxMode: TaxMode; placeOfSupply: string | null } {
  if (!supplier) return { taxMode: 'none', placeOfSupply: null };
  const placeOfSupply = event.gstState ?? supplier.stateCode;
  return { taxMode: placeOfSupply === supplier.stateCode ? 'intra' : 'inter', placeOfSupply };
}

/** Prices an order: see the top of this file. Pure: the caller reads the ticket types, event, organiser and discounts. */
export function priceOrder(input: PricingInput): PricedOrder {
  const { attendees, ticketTypes, event, supplier } = input;
  const list = attendeePricesPaise([...attendees], ticketTypes);

  // Group discounts: each rule counts the order's tickets of its types; an attendee gets the best
  // percentage among the rules the order qualifies for that cover their ticket.
  const qualifying = (input.groupDiscounts ?? []).filter(
    (rule) => attendees.filter((a) => appliesTo(rule.ticketTypeIds, a.ticketId)).length >= rule.minQuantity,
  );
  const groupTaken = new Map<number, number>();
  const afterGroup = attendees.map((attendee, i) => {
    const best = qualifying
      .filter((rule) => appliesTo(rule.ticketTypeIds, attendee.ticketId))
      .reduce<GroupDiscountTerms | undefined>((a, b) => (!a || b.percent > a.percent ? b : a), undefined);
    const off = best ? Math.min(list[i]!, percentOf(list[i]!, best.percent)) : 0;
    if (best) groupTaken.set(best.id, (groupTaken.get(best.id) ?? 0) + off);
    return off;
  });

  // The promo code on what is left of each of its tickets.
  const promo = input.promo ?? null;
  let promoApplied = false;
  const afterPromo = attendees.map((attendee, i) => {
    if (!promo || !appliesTo(promo.ticketTypeIds, attendee.ticketId)) return 0;
    promoApplied = true;
    const left = list[i]! - afterGroup[i]!;
    const off =
      promo.kind === 'percent'
        ? percentOf(left, promo.value)
        : promo.kind === 'amount'
          ? promo.value
          : Math.max(0, left - promo.value);
    return Math.max(0, Math.min(left, off));
  });

  const { taxMode, placeOfSupply } = taxModeOf(event, supplier);
  const feesOf = (netPaise: number) => {
    const feePaise = convenienceFeeOf(input.convenienceFee, netPaise, input.convenienceFeeCapPaise ?? null);
    return {
      feePaise,
      feeGstPaise: percentOf(feePaise, CONVENIENCE_FEE_GST_RATE),
      commissionPaise: percentOf(netPaise, input.commissionPercent ?? 0),
    };
  };
  const priced: PricedAttendee[] = attendees.map((attendee, i) => {
    const netPaise = list[i]! - afterGroup[i]! - afterPromo[i]!;
    const exempt = isExempt(event, netPaise);
    const gstRate = taxMode === 'none' || exempt ? 0 : ticketTypes.get(attendee.ticketId)!.gstRate;
    return {
      ticketId: attendee.ticketId,
      listPaise: list[i]!,
      groupDiscountPaise: afterGroup[i]!,
      promoDiscountPaise: afterPromo[i]!,
      netPaise,
      gstRate,
      exempt,
      promoApplied: promo !== null && appliesTo(promo.ticketTypeIds, attendee.ticketId),
      ...splitTax(netPaise, gstRate, taxMode),
      ...feesOf(netPaise),
    };
  });

  // The lines: one per ticket type, in the order the buyer listed them, each step summed.
  const lines = new Map<number, PricedLine>();
  for (const a of priced) {
    const type = ticketTypes.get(a.ticketId)!;
    const line = lines.get(a.ticketId) ?? {
      ticketTypeId: a.ticketId,
      quantity: 0,
      unitPricePaise: type.pricePaise,
      grossPaise: 0,
      groupDiscountPaise: 0,
      promoDiscountPaise: 0,
      netPaise: 0,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      gstRate: taxMode === 'none' ? 0 : type.gstRate,
      exemptQuantity: 0,
      feePaise: 0,
      feeGstPaise: 0,
      commissionPaise: 0,
    };
    line.quantity++;
    line.feePaise += a.feePaise;
    line.feeGstPaise += a.feeGstPaise;
    line.commissionPaise += a.commissionPaise;
    line.grossPaise += a.listPaise;
    line.groupDiscountPaise += a.groupDiscountPaise;
    line.promoDiscountPaise += a.promoDiscountPaise;
    line.netPaise += a.netPaise;
    line.taxablePaise += a.taxablePaise;
    line.cgstPaise += a.cgstPaise;
    line.sgstPaise += a.sgstPaise;
    line.igstPaise += a.igstPaise;
    if (a.exempt && taxMode !== 'none') line.exemptQuantity++;
    lines.set(a.ticketId, line);
  }

  const sum = (pick: (a: PricedAttendee) => number) => priced.reduce((total, a) => total + pick(a), 0);
  const totals = {
    grossPaise: sum((a) => a.listPaise),
    groupDiscountPaise: sum((a) => a.groupDiscountPaise),
    promoDiscountPaise: sum((a) => a.promoDiscountPaise),
    discountPaise: sum((a) => a.groupDiscountPaise + a.promoDiscountPaise),
    netPaise: sum((a) => a.netPaise),
    taxablePaise: sum((a) => a.taxablePaise),
    cgstPaise: sum((a) => a.cgstPaise),
    sgstPaise: sum((a) => a.sgstPaise),
    igstPaise: sum((a) => a.igstPaise),
    taxPaise: sum((a) => a.cgstPaise + a.sgstPaise + a.igstPaise),
    feePaise: sum((a) => a.feePaise),
    feeGstPaise: sum((a) => a.feeGstPaise),
    commissionPaise: sum((a) => a.commissionPaise),
    chargePaise: sum((a) => a.netPaise + a.feePaise + a.feeGstPaise),
  };
  return {
    attendees: priced,
    lines: [...lines.values()],
    taxMode,
    placeOfSupply,
    groupDiscounts: qualifying
      .filter((rule) => groupTaken.has(rule.id))
      .map((rule) => ({
        id: rule.id,
        percent: rule.percent,
        minQuantity: rule.minQuantity,
        discountPaise: groupTaken.get(rule.id)!,
      })),
    promo: promo ? { id: promo.id, code: promo.code, applied: promoApplied, discountPaise: totals.promoDiscountPaise } : null,
    totals,
  };
}
