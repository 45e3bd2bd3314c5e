// Hand-worked orders (issue 25): every figure below was worked out on paper, not by the code.
import { describe, expect, it } from 'vitest';
import { splitTax } from '../contract/gst';
import { priceOrder, type PricedTicketType, type PricingInput } from './pricing';

const type = (id: number, pricePaise: number, gstRate = 18, extra: Partial<PricedTicketType> = {}): PricedTicketType => ({
  id,
  name: `Type ${id}`,
  pricePaise,
  gstRate,
  teamMin: null,
  teamMax: null,
  teamPricing: 'member',
  ...extra,
});
const FIVE_K = type(1, 49_900); // ₹499
const TEN_K = type(2, 79_900); // ₹799
const types = new Map([FIVE_K, TEN_K].map((t) => [t.id, t]));
const MAHARASHTRA = { gstin: '27AAPFU0939F1ZV', stateCode: '27' };
const recognisedInPune = { recognisedSport: true, gstState: '27' };
const base = (over: Partial<PricingInput>): PricingInput => ({
  attendees: [{ ticketId: 1 }, { ticketId: 2 }],
  ticketTypes: types,
  event: recognisedInPune,
  supplier: MAHARASHTRA,
  ...over,
});

describe('priceOrder', () => {
  it('a ₹499 and a ₹799 ticket at a recognised sporting event in the organiser’s state: the ₹499 is exempt, the ₹799 pays CGST + SGST', () => {
    const priced = priceOrder(base({}));
    expect(priced.taxMode).toBe('intra');
    expect(priced.placeOfSupply).toBe('27');
    // ₹499 ≤ ₹500: exempt, taxable value ₹499.00, no tax.
    expect(priced.attendees[0]).toMatchObject({
      netPaise: 49_900,
      exempt: true,
      gstRate: 0,
      taxablePaise: 49_900,
      cgstPaise: 0,
      sgstPaise: 0,
    });
    // ₹799 at 18 %: 799 × 100 / 118 = 677.118… → ₹677.12 taxable; tax ₹121.88 = CGST ₹60.94 + SGST ₹60.94.
    expect(priced.attendees[1]).toMatchObject({
      netPaise: 79_900,
      exempt: false,
      gstRate: 18,
      taxablePaise: 67_712,
      cgstPaise: 6_094,
      sgstPaise: 6_094,
      igstPaise: 0,
    });
    expect(priced.totals).toEqual({
      grossPaise: 129_800,
      groupDiscountPaise: 0,
      promoDiscountPaise: 0,
      discountPaise: 0,
      netPaise: 129_800,
      taxablePaise: 117_612,
      cgstPaise: 6_094,
      sgstPaise: 6_094,
      igstPaise: 0,
      taxPaise: 12_188,
      // No convenience fee and no commission given: the order prices exactly as before issue 42.
      feePaise: 0,
      feeGstPaise: 0,
      commissionPaise: 0,
      chargePaise: 129_800,
    });
  });

  it('the same order for an event in another state is charged IGST (place of supply: the event’s state)', () => {
    const priced = priceOrder(base({ event: { recognisedSport: true, gstState: '29' } }));
    expect(priced.taxMode).toBe('inter');
    expect(priced.placeOfSupply).toBe('29');
    expect(priced.attendees[1]).toMatchObject({ taxablePaise: 67_712, cgstPaise: 0, sgstPaise: 0, igstPaise: 12_188 });
    expect(priced.totals).toMatchObject({ netPaise: 129_800, taxablePaise: 117_612, igstPaise: 12_188, taxPaise: 12_188 });
  });

  it('an event that is not a recognised sporting event taxes the ₹499 ticket too', () => {
    const priced = priceOrder(base({ event: { recognisedSport: false, gstState: null } }));
    // 499 × 100 / 118 = 422.881… → ₹422.88; tax ₹76.12 = CGST ₹38.06 + SGST ₹38.06.
    expect(priced.attendees[0]).toMatchObject({ exempt: false, taxablePaise: 42_288, cgstPaise: 3_806, sgstPaise: 3_806 });
    expect(priced.placeOfSupply).toBe('27');
  });

  it('a 10 % code and a group discount together: the group’s 10 % first, the code on what is left, and a ₹799 brought to ₹500 or less becomes exempt', () => {
    const priced = priceOrder(
      base({
        attendees: [{ ticketId: 2 }, { ticketId: 2 }, { ticketId: 2 }, { ticketId: 2 }, { ticketId: 1 }],
        groupDiscounts: [{ id: 7, minQuantity: 4, percent: 10, ticketTypeIds: [2] }],
        promo: { id: 3, code: 'EARLY10', kind: 'percent', value: 10, ticketTypeIds: [] },
      }),
    );
    // ₹799: group 10 % = ₹79.90 → ₹719.10; code 10 % of ₹719.10 = ₹71.91 → ₹647.19.
    // Taxable 647.19 × 100 / 118 = 548.466… → ₹548.47; tax ₹98.72 = CGST ₹49.36 + SGST ₹49.36.
    for (const a of priced.attendees.slice(0, 4)) {
      expect(a).toMatchObject({ listPaise: 79_900, groupDiscountPaise: 7_990, promoDiscountPaise: 7_191, netPaise: 64_719 });
      expect(a).toMatchObject({ taxablePaise: 54_847, cgstPaise: 4_936, sgstPaise: 4_936 });
    }
    // ₹499 is not in the group's types; the code takes ₹49.90 → ₹449.10, exempt.
    expect(priced.attendees[4]).toMatchObject({
      groupDiscountPaise: 0,
      promoDiscountPaise: 4_990,
      netPaise: 44_910,
      exempt: true,
    });
    expect(priced.groupDiscounts).toEqual([{ id: 7, percent: 10, minQuantity: 4, discountPaise: 31_960 }]);
    expect(priced.promo).toEqual({ id: 3, code: 'EARLY10', applied: true, discountPaise: 4 * 7_191 + 4_990 });
    const [tenK, fiveK] = priced.lines;
    expect(tenK).toMatchObject({
      ticketTypeId: 2,
      quantity: 4,
      grossPaise: 319_600,
      groupDiscountPaise: 31_960,
      promoDiscountPaise: 28_764,
      netPaise: 258_876,
    });
    expect(tenK).toMatchObject({ taxablePaise: 219_388, cgstPaise: 19_744, sgstPaise: 19_744, gstRate: 18, exemptQuantity: 0 });
    expect(fiveK).toMatchObject({ ticketTypeId: 1, quantity: 1, netPaise: 44_910, taxablePaise: 44_910, exemptQuantity: 1 });
    // The invoice's total: its lines' taxable values and taxes add up to exactly what was charged.
    const { totals } = priced;
    expect(totals.netPaise).toBe(258_876 + 44_910);
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.netPaise);
    expect(totals.discountPaise).toBe(totals.grossPaise - totals.netPaise);
  });

  it('a group discount below its minimum does not apply; of two that do, each ticket takes the better', () => {
    const rules = [
      { id: 1, minQuantity: 3, percent: 5, ticketTypeIds: [] },
      { id: 2, minQuantity: 10, percent: 20, ticketTypeIds: [] },
      { id: 3, minQuantity: 2, percent: 8, ticketTypeIds: [2] },
    ];
    const priced = priceOrder(
      base({ attendees: [{ ticketId: 1 }, { ticketId: 2 }, { ticketId: 2 }], groupDiscounts: rules, supplier: null }),
    );
    // ₹499 × 5 % = ₹24.95; ₹799 × 8 % = ₹63.92.
    expect(priced.attendees.map((a) => a.groupDiscountPaise)).toEqual([2_495, 6_392, 6_392]);
    expect(priced.groupDiscounts.map((g) => g.id)).toEqual([1, 3]);
  });

  it('an amount off larger than the price makes it free, never negative; a set price never raises one', () => {
    const amount = priceOrder(base({ promo: { id: 1, code: 'SPONSOR', kind: 'amount', value: 60_000, ticketTypeIds: [] } }));
    expect(amount.attendees.map((a) => a.netPaise)).toEqual([0, 19_900]);
    const setPrice = priceOrder(base({ promo: { id: 1, code: 'CLUB', kind: 'price', value: 59_900, ticketTypeIds: [] } }));
    expect(setPrice.attendees.map((a) => a.netPaise)).toEqual([49_900, 59_900]);
    // ₹599 is above ₹500: taxed. 599 × 100 / 118 = 507.627… → ₹507.63; 9 % of it is ₹45.69 each for
    // CGST and SGST, and the taxable value is what is left: ₹599 − ₹91.38 = ₹507.62 (issue 40).
    expect(setPrice.attendees[1]).toMatchObject({ exempt: false, taxablePaise: 50_762 });
  });

  it('a code for a ticket type the order does not hold changes nothing and says so', () => {
    const priced = priceOrder(
      base({ attendees: [{ ticketId: 1 }], promo: { id: 1, code: 'TENK', kind: 'percent', value: 50, ticketTypeIds: [2] } }),
    );
    expect(priced.promo).toEqual({ id: 1, code: 'TENK', applied: false, discountPaise: 0 });
    expect(priced.totals.netPaise).toBe(49_900);
  });

  it('an organiser without a GSTIN charges no GST: the taxable value is the price', () => {
    const priced = priceOrder(base({ supplier: null }));
    expect(priced.taxMode).toBe('none');
    expect(priced.placeOfSupply).toBeNull();
    expect(priced.totals).toMatchObject({ netPaise: 129_800, taxablePaise: 129_800, taxPaise: 0 });
    expect(priced.lines.map((l) => l.gstRate)).toEqual([0, 0]);
  });

  it('a team-priced ticket is shared among its members first, and each share is judged for the exemption', () => {
    const relay = type(5, 180_000, 18, { teamMin: 4, teamMax: 4, teamPricing: 'team' });
    const priced = priceOrder({
      attendees: Array.from({ length: 4 }, () => ({ ticketId: 5, team: 'Pune Pacers' })),
      ticketTypes: new Map([[5, relay]]),
      event: recognisedInPune,
      supplier: MAHARASHTRA,
    });
    // ₹1,800 for a team of four: ₹450 each, at most ₹500 a person: exempt.
    expect(priced.attendees.map((a) => [a.netPaise, a.exempt])).toEqual(Array(4).fill([45_000, true]));
    expect(priced.lines[0]).toMatchObject({
      quantity: 4,
      unitPricePaise: 180_000,
      netPaise: 180_000,
      exemptQuantity: 4,
      taxablePaise: 180_000,
    });
  });
});

describe('splitTax', () => {
  it('halves the tax within the state in equal halves, the taxable value taking the odd paisa, and the parts add up to the amount', () => {
    // ₹100 at 5 %: 100 × 100 / 105 = 95.238… → ₹95.24; tax ₹4.76 = ₹2.38 + ₹2.38.
    expect(splitTax(10_000, 5, 'intra')).toEqual({ taxablePaise: 9_524, cgstPaise: 238, sgstPaise: 238, igstPaise: 0 });
    // ₹1 at 40 %: 0.714… → ₹0.71; 20 % of it is 14 paise each; the taxable value is the rest, 72 paise (issue 40).
    expect(splitTax(100, 40, 'intra')).toEqual({ taxablePaise: 72, cgstPaise: 14, sgstPaise: 14, igstPaise: 0 });
    expect(splitTax(100, 40, 'inter')).toEqual({ taxablePaise: 71, cgstPaise: 0, sgstPaise: 0, igstPaise: 29 });
  });
});
