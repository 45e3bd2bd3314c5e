// What the Booking Summary shows of the server's quote (decision 031): its lines, the group
// discount each applied rule took off, the promo code's discount, the total charged and, when the
// order is taxed, the GST inside it. Every figure is the server's; nothing here computes a price or
// a tax.
import type { OrderQuoteResponse } from '@tdk/api/contract';
import type { SummaryRow } from './order-summary';

export interface QuotedDiscount {
  key: string;
  percent: number;
  minQuantity: number;
  /** Rupees. */
  amount: number;
}

export interface QuotedTax {
  /** Rupees, each as the quote answered. */
  tax: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  mode: 'intra' | 'inter';
  localLabel: 'SGST' | 'UTGST';
}

/** A promo code the quote applied (issue 25): its own line. */
export interface QuotedPromo {
  /** As the server spells it. */
  code: string;
  /** Rupees taken off. */
  amount: number;
}

/** The convenience fee (issue 42, decision 060): its own lines, the fee and the GST on top of it. */
export interface QuotedFee {
  /** Tickets it is charged on. */
  quantity: number;
  /** Rupees. */
  fee: number;
  gst: number;
  gstRate: number;
}

export interface QuotedSummary {
  rows: SummaryRow[];
  discounts: QuotedDiscount[];
  /** Absent when no code was sent or the quote refused it. */
  promo?: QuotedPromo;
  /** Absent when the event charges no convenience fee. */
  fee?: QuotedFee;
  /** Rupees: what the order charges, any fee and its GST included. */
  total: number;
  /** Absent when no GST is charged on the order. */
  tax?: QuotedTax;
}

const rupees = (paise: number) => paise / 100;

/**
 * The page's rows priced by the quote: a ticket type's row takes its line's listed amount (a
 * team's row keeps its own, the same rule's share of that line), then the group discounts, the
 * promo code (only when the quote applied it), the total and the tax as answered.
 */
export function quotedSummary(rows: readonly SummaryRow[], quote: OrderQuoteResponse): QuotedSummary {
  const lines = new Map(quote.lines.map((line) => [line.ticketId, line]));
  const { totals, promo } = quote;
  return {
    rows: rows.map((row) => {
      const line = lines.get(row.ticket.id);
      return !row.team && line ? { ...row, amount: rupees(line.grossPaise) } : row;
    }),
    discounts: quote.groupDiscounts
      .filter((discount) => discount.discountPaise > 0)
      .map((discount) => ({
        key: `g${discount.id}`,
        percent: discount.percent,
        minQuantity: discount.minQuantity,
        amount: rupees(discount.discountPaise),
      })),
    ...(promo?.applied ? { promo: { code: promo.code, amount: rupees(promo.discountPaise) } } : {}),
    ...feeOf(quote),
    total: quote.orderAmount,
    ...(quote.taxMode !== 'none' && totals.taxPaise > 0
      ? {
          tax: {
            tax: rupees(totals.taxPaise),
            taxable: rupees(totals.taxablePaise),
            cgst: rupees(totals.cgstPaise),
            sgst: rupees(totals.sgstPaise),
            igst: rupees(totals.igstPaise),
            mode: quote.taxMode,
            localLabel: quote.localTaxLabel,
          },
        }
      : {}),
  };
}

function feeOf(quote: OrderQuoteResponse): { fee?: QuotedFee } {
  const line = quote.fees?.find((f) => f.kind === 'convenience');
  return line && line.totalPaise > 0
    ? { fee: { quantity: line.quantity, fee: rupees(line.feePaise), gst: rupees(line.gstPaise), gstRate: line.gstRate } }
    : {};
}
