// Hand-worked fees (issue 42, decision 060): every figure below was worked out on paper, not by the code.
import { describe, expect, it } from 'vitest';
import { convenienceFeeOf, priceOrder, type PricedTicketType, type PricingInput } from './pricing';
import { ticketRefund } from './fee-refunds';

const type = (id: number, pricePaise: number, gstRate = 18): PricedTicketType => ({
  id,
  name: `Type ${id}`,
  pricePaise,
  gstRate,
  teamMin: null,
  teamMax: null,
  teamPricing: 'member',
});
const types = new Map([type(1, 49_900), type(2, 79_900), type(3, 0)].map((t) => [t.id, t]));
const base = (over: Partial<PricingInput>): PricingInput => ({
  attendees: [{ ticketId: 2 }],
  ticketTypes: types,
  event: { recognisedSport: true, gstState: '27' },
  supplier: { gstin: '27AAPFU0939F1ZV', stateCode: '27' },
  commissionPercent: 5,
  convenienceFeeCapPaise: 10_000,
  ...over,
});

describe('fees in the one pricing function', () => {
  it('₹799 with a 5 % commission and a ₹30 convenience fee: the buyer pays ₹834.40, the organiser keeps ₹759.05', () => {
    const priced = priceOrder(base({ convenienceFee: { kind: 'amount', value: 3_000 } }));
    // Fee ₹30.00; GST 18 % of ₹30 = ₹5.40; the buyer pays ₹799 + ₹30 + ₹5.40 = ₹834.40.
    // Commission 5 % of ₹799 = ₹39.95, from the organiser's ₹799: they keep ₹759.05.
    expect(priced.attendees[0]).toMatchObject({ netPaise: 79_900, feePaise: 3_000, feeGstPaise: 540, commissionPaise: 3_995 });
    expect(priced.lines[0]).toMatchObject({ netPaise: 79_900, feePaise: 3_000, feeGstPaise: 540, commissionPaise: 3_995 });
    expect(priced.totals).toMatchObject({
      netPaise: 79_900,
      feePaise: 3_000,
      feeGstPaise: 540,
      commissionPaise: 3_995,
      chargePaise: 83_440,
    });
    // The ticket's own GST is unchanged by the fee: ₹799 at 18 % → taxable ₹677.12, tax ₹121.88.
    expect(priced.totals).toMatchObject({ taxablePaise: 67_712, taxPaise: 12_188 });
    expect(priced.totals.netPaise - priced.totals.commissionPaise).toBe(75_905);
  });

  it('a promo code and a group discount together: the percent fee and the commission are on the price after both discounts', () => {
    const priced = priceOrder(
      base({
        attendees: [{ ticketId: 2 }, { ticketId: 2 }, { ticketId: 2 }, { ticketId: 2 }, { ticketId: 1 }],
        groupDiscounts: [{ id: 7, minQuantity: 4, percent: 10, ticketTypeIds: [2] }],
        promo: { id: 3, code: 'EARLY10', kind: 'percent', value: 10, ticketTypeIds: [] },
        convenienceFee: { kind: 'percent', value: 4 },
      }),
    );
    // ₹799 → group 10 % → ₹719.10 → code 10 % → ₹647.19. Fee 4 % = ₹25.8876 → ₹25.89; GST 18 % = ₹4.6602 → ₹4.66.
    // Commission 5 % of ₹647.19 = ₹32.3595 → ₹32.36.
    for (const a of priced.attendees.slice(0, 4))
      expect(a).toMatchObject({ netPaise: 64_719, feePaise: 2_589, feeGstPaise: 466, commissionPaise: 3_236 });
    // ₹499 → code 10 % → ₹449.10. Fee 4 % = ₹17.964 → ₹17.96; GST ₹3.2328 → ₹3.23. Commission ₹22.455 → ₹22.46.
    expect(priced.attendees[4]).toMatchObject({ netPaise: 44_910, feePaise: 1_796, feeGstPaise: 323, commissionPaise: 2_246 });
    // Tickets ₹3,037.86; fees ₹121.52 + GST ₹21.87; the buyer pays ₹3,181.25; commission ₹151.90.
    expect(priced.totals).toMatchObject({
      netPaise: 303_786,
      feePaise: 12_152,
      feeGstPaise: 2_187,
      chargePaise: 318_125,
      commissionPaise: 15_190,
    });
  });

  it('a percent fee above the platform’s cap is the cap; a free ticket and a ticket a code makes free pay no fee', () => {
    // 10 % of ₹799 = ₹79.90, capped at ₹50: GST ₹9.
    const capped = priceOrder(base({ convenienceFee: { kind: 'percent', value: 10 }, convenienceFeeCapPaise: 5_000 }));
    expect(capped.totals).toMatchObject({ feePaise: 5_000, feeGstPaise: 900, chargePaise: 85_800 });
    const free = priceOrder(base({ attendees: [{ ticketId: 3 }], convenienceFee: { kind: 'amount', value: 3_000 } }));
    expect(free.totals).toMatchObject({ netPaise: 0, feePaise: 0, feeGstPaise: 0, commissionPaise: 0, chargePaise: 0 });
    const madeFree = priceOrder(
      base({
        convenienceFee: { kind: 'amount', value: 3_000 },
        promo: { id: 1, code: 'COMP', kind: 'price', value: 0, ticketTypeIds: [] },
      }),
    );
    expect(madeFree.totals).toMatchObject({ netPaise: 0, feePaise: 0, chargePaise: 0 });
    expect(convenienceFeeOf(null, 79_900, null)).toBe(0);
  });

  it('an event without a convenience fee prices exactly as before: the charge is the tickets', () => {
    const priced = priceOrder(base({ attendees: [{ ticketId: 1 }, { ticketId: 2 }] }));
    expect(priced.totals).toMatchObject({ netPaise: 129_800, feePaise: 0, feeGstPaise: 0, chargePaise: 129_800 });
  });
});

describe('refunds of a ticket with a fee', () => {
  // ₹799, ₹30 fee + ₹5.40 GST, ₹39.95 commission: paid ₹834.40.
  const paid = {
    netPaise: 79_900,
    feePaise: 3_000,
    feeGstPaise: 540,
    commissionPaise: 3_995,
    refundedPaise: 0,
    feeRefundedPaise: 0,
  };

  it('the buyer cancels: the ticket’s ₹799 goes back, the ₹35.40 fee stays with the platform, the commission is reversed', () => {
    expect(ticketRefund(paid, null, 'buyer')).toEqual({
      ticketPaise: 79_900,
      feePaise: 0,
      feeGstPaise: 0,
      commissionReversedPaise: 3_995,
      totalPaise: 79_900,
    });
  });

  it('the organiser cancels the event: the buyer gets all ₹834.40 back', () => {
    expect(ticketRefund(paid, null, 'event')).toEqual({
      ticketPaise: 79_900,
      feePaise: 3_000,
      feeGstPaise: 540,
      commissionReversedPaise: 3_995,
      totalPaise: 83_440,
    });
  });

  it('a partial refund of ₹300 then the rest: never more than was paid, the commission reversed in proportion', () => {
    // ₹300 of ₹799: commission 3,995 × 30,000 / 79,900 = 1,499.99 → ₹15.00.
    const first = ticketRefund(paid, 30_000, 'buyer');
    expect(first).toEqual({
      ticketPaise: 30_000,
      feePaise: 0,
      feeGstPaise: 0,
      commissionReversedPaise: 1_500,
      totalPaise: 30_000,
    });
    // Then the event is cancelled: ₹499 of the ticket is left (asked ₹799, given ₹499), and the fee in full.
    const after = { ...paid, refundedPaise: 30_000 };
    const second = ticketRefund(after, 79_900, 'event');
    expect(second).toEqual({
      ticketPaise: 49_900,
      feePaise: 3_000,
      feeGstPaise: 540,
      commissionReversedPaise: 2_495,
      totalPaise: 53_440,
    });
    expect(first.totalPaise + second.totalPaise).toBe(83_440);
    expect(first.commissionReversedPaise + second.commissionReversedPaise).toBe(3_995);
    // Nothing is left to refund.
    const done = { ...after, refundedPaise: 79_900, feeRefundedPaise: 3_540 };
    expect(ticketRefund(done, 10_000, 'event').totalPaise).toBe(0);
  });
});
