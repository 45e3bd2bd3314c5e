import { describe, expect, it } from 'vitest';
import type { OrderQuoteResponse, PricedLineView } from '@tdk/api/contract';
import { aTicket } from '@tdk/shared-ui/testing';
import { attendeeSlots } from './attendee-slots';
import { orderSummary } from './order-summary';
import { quotedSummary } from './quote-summary';

const line = (over: Partial<PricedLineView>): PricedLineView => ({
  ticketId: 1,
  ticketName: '',
  quantity: 1,
  unitPricePaise: 0,
  grossPaise: 0,
  groupDiscountPaise: 0,
  promoDiscountPaise: 0,
  netPaise: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  gstRate: 0,
  exemptQuantity: 0,
  ...over,
});

const totals = {
  grossPaise: 0,
  discountPaise: 0,
  netPaise: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  taxPaise: 0,
};

describe('the Booking Summary from the quote', () => {
  const half = aTicket({ id: 3, name: 'Half Marathon', price: 799 });
  const lines = [{ ticket: half, quantity: 4, subtotal: 3196 }];
  const { rows } = orderSummary(lines, attendeeSlots(lines));

  it('shows the group discount, the total charged and the GST split inside it, as answered', () => {
    // 4 × ₹799 with 10% off, 18% GST intra-state: each figure is the server's.
    const quote: OrderQuoteResponse = {
      lines: [line({ ticketId: 3, quantity: 4, grossPaise: 319600, groupDiscountPaise: 31960, netPaise: 287640 })],
      taxMode: 'intra',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      localTaxLabel: 'SGST',
      groupDiscounts: [{ id: 5, percent: 10, minQuantity: 4, discountPaise: 31960 }],
      promo: null,
      totals: {
        ...totals,
        grossPaise: 319600,
        discountPaise: 31960,
        netPaise: 287640,
        taxablePaise: 243763,
        cgstPaise: 21939,
        sgstPaise: 21938,
        taxPaise: 43877,
      },
      orderAmount: 2876.4,
    };
    const shown = quotedSummary(rows, quote);
    expect(shown.rows.map((row) => [row.key, row.amount])).toEqual([['t3', 3196]]);
    expect(shown.discounts).toEqual([{ key: 'g5', percent: 10, minQuantity: 4, amount: 319.6 }]);
    expect(shown.total).toBe(2876.4);
    expect(shown.tax).toEqual({
      tax: 438.77,
      taxable: 2437.63,
      cgst: 219.39,
      sgst: 219.38,
      igst: 0,
      mode: 'intra',
      localLabel: 'SGST',
    });
  });

  it('shows no tax when the organiser charges no GST, and no rule that took nothing off', () => {
    const quote: OrderQuoteResponse = {
      lines: [line({ ticketId: 3, quantity: 4, grossPaise: 319600, netPaise: 319600, taxablePaise: 319600 })],
      taxMode: 'none',
      placeOfSupply: null,
      localTaxLabel: 'SGST',
      groupDiscounts: [{ id: 5, percent: 10, minQuantity: 4, discountPaise: 0 }],
      promo: null,
      totals: { ...totals, grossPaise: 319600, netPaise: 319600, taxablePaise: 319600 },
      orderAmount: 3196,
    };
    const shown = quotedSummary(rows, quote);
    expect(shown.discounts).toEqual([]);
    expect(shown.tax).toBeUndefined();
    expect(shown.total).toBe(3196);
  });

  it('shows a promo code the quote applied as its own line, and none the quote refused', () => {
    // 4 × ₹799, EARLY10 (10 % off) on them, 18 % GST between states: the total and the tax are the server's.
    const applied: OrderQuoteResponse = {
      lines: [line({ ticketId: 3, quantity: 4, grossPaise: 319600, promoDiscountPaise: 31960, netPaise: 287640 })],
      taxMode: 'inter',
      placeOfSupply: { code: '29', name: 'Karnataka' },
      localTaxLabel: 'SGST',
      groupDiscounts: [],
      promo: { code: 'EARLY10', applied: true, discountPaise: 31960 },
      totals: {
        ...totals,
        grossPaise: 319600,
        discountPaise: 31960,
        netPaise: 287640,
        taxablePaise: 243763,
        igstPaise: 43877,
        taxPaise: 43877,
      },
      orderAmount: 2876.4,
    };
    const shown = quotedSummary(rows, applied);
    expect(shown.promo).toEqual({ code: 'EARLY10', amount: 319.6 });
    expect(shown.discounts).toEqual([]);
    expect(shown.total).toBe(2876.4);
    expect(shown.tax).toMatchObject({ tax: 438.77, taxable: 2437.63, igst: 438.77, mode: 'inter' });

    const refused: OrderQuoteResponse = {
      ...applied,
      lines: [line({ ticketId: 3, quantity: 4, grossPaise: 319600, netPaise: 319600 })],
      taxMode: 'none',
      promo: { code: 'OLD', applied: false, reason: 'expired', message: 'validation.promoExpired', discountPaise: 0 },
      totals: { ...totals, grossPaise: 319600, netPaise: 319600, taxablePaise: 319600 },
      orderAmount: 3196,
    };
    expect(quotedSummary(rows, refused).promo).toBeUndefined();
    expect(quotedSummary(rows, refused).total).toBe(3196);
  });

  it('shows the convenience fee and its GST as their own lines, inside the total (decision 060)', () => {
    // 1 × ₹799 with a ₹30 fee: GST 18 % = ₹5.40; the buyer pays ₹834.40.
    const one = [{ ticket: half, quantity: 1, subtotal: 799 }];
    const quote: OrderQuoteResponse = {
      lines: [line({ ticketId: 3, quantity: 1, grossPaise: 79900, netPaise: 79900 })],
      taxMode: 'none',
      placeOfSupply: null,
      localTaxLabel: 'SGST',
      groupDiscounts: [],
      promo: null,
      totals: { ...totals, grossPaise: 79900, netPaise: 79900, feesPaise: 3540, payablePaise: 83440 },
      fees: [{ kind: 'convenience', quantity: 1, feePaise: 3000, gstRate: 18, gstPaise: 540, totalPaise: 3540 }],
      orderAmount: 834.4,
    };
    const summary = quotedSummary(orderSummary(one, attendeeSlots(one)).rows, quote);
    expect(summary.fee).toEqual({ quantity: 1, fee: 30, gst: 5.4, gstRate: 18 });
    expect(summary.total).toBe(834.4);
    // Without fees, no fee line.
    expect(
      quotedSummary(orderSummary(one, attendeeSlots(one)).rows, { ...quote, fees: [], orderAmount: 799 }).fee,
    ).toBeUndefined();
  });
});
