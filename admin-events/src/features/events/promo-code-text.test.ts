import { describe, expect, it } from 'vitest';
import { discountText, promoCodesExportHref, reservedText, usesText, validityText } from './promo-code-text';

describe('how the console words a promo code', () => {
  it('says each kind of discount', () => {
    expect(discountText({ kind: 'percent', value: 10 })).toBe('10 % off');
    expect(discountText({ kind: 'amount', value: 150.5 })).toBe('₹150.50 off each ticket');
    expect(discountText({ kind: 'price', value: 499 })).toBe('Each ticket at ₹499');
    expect(discountText({ kind: 'price', value: 0 })).toBe('Each ticket free');
  });

  it('says when a code is valid, in India time', () => {
    expect(validityText({ validFrom: null, validUntil: null })).toBe('Always');
    expect(validityText({ validFrom: '2026-12-01T18:30', validUntil: null })).toBe('From 1 Dec 2026, 6:30 pm');
    expect(validityText({ validFrom: null, validUntil: '2026-12-31T23:59' })).toBe('Until 31 Dec 2026, 11:59 pm');
    expect(validityText({ validFrom: '2026-12-01T00:00', validUntil: '2027-01-15T09:05' })).toBe(
      'From 1 Dec 2026, 12:00 am until 15 Jan 2027, 9:05 am',
    );
  });

  it('says uses against the limit, and the per-e-mail limit when there is one', () => {
    expect(usesText({ uses: 3, maxUses: 100, maxUsesPerEmail: null })).toBe('3 / 100');
    expect(usesText({ uses: 1250, maxUses: null, maxUsesPerEmail: 2 })).toBe('1,250 / no limit (at most 2 per e-mail)');
  });

  it('says the reserved seats still free, or none', () => {
    expect(reservedText({ reservedSeats: null, reservedLeft: null })).toBe('—');
    expect(reservedText({ reservedSeats: 20, reservedLeft: 12 })).toBe('12 of 20');
  });

  it("links the event's CSV", () => {
    expect(promoCodesExportHref(7)).toBe('/api/admin/events/7/promo-codes/export.csv');
  });
});
