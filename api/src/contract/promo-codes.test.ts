import { describe, expect, it } from 'vitest';
import { indiaDateTimeToIso, isoToIndiaDateTime, promoCodeInputSchema, promoCodeKey, promoMessage } from './promo-codes';

describe('promo code input', () => {
  it('takes a code of 3 to 32 letters, digits, - or _, and keys it in upper case', () => {
    const parsed = promoCodeInputSchema.parse({ code: ' early_Bird-26 ', kind: 'percent', value: 15 });
    expect(parsed).toEqual({
      code: 'early_Bird-26',
      kind: 'percent',
      value: 15,
      ticketTypeIds: [],
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerEmail: null,
      reservedSeats: null,
      active: true,
    });
    expect(promoCodeKey(parsed.code)).toBe('EARLY_BIRD-26');
    for (const code of ['AB', 'A'.repeat(33), 'TEN OFF', 'ÜBER10']) {
      expect(promoCodeInputSchema.safeParse({ code, kind: 'percent', value: 10 }).success).toBe(false);
    }
  });

  it('reads the value as a whole percentage, or rupees with at most two decimals', () => {
    const value = (kind: string, v: number) =>
      promoCodeInputSchema.safeParse({ code: 'CODE', kind, value: v }).error?.issues.map((i) => i.message) ?? [];
    expect(value('percent', 100)).toEqual([]);
    expect(value('percent', 12.5)).toEqual(['Discount must be a whole percentage between 1 and 100 %']);
    expect(value('percent', 0)).toEqual(['Discount must be a whole percentage between 1 and 100 %']);
    expect(value('amount', 99.5)).toEqual([]);
    expect(value('amount', 0)).toEqual(['Amount off must be more than ₹0']);
    expect(value('amount', 10.005)).toEqual(['Value must be in rupees and paise (at most 2 decimals)']);
    expect(value('price', 0)).toEqual([]);
  });

  it('keeps the limits consistent: per e-mail and a block within the total, a block of one ticket type', () => {
    const issues = promoCodeInputSchema.safeParse({
      code: 'CODE',
      kind: 'percent',
      value: 10,
      maxUses: 5,
      maxUsesPerEmail: 6,
      reservedSeats: 6,
      ticketTypeIds: [],
    }).error?.issues;
    expect(Object.fromEntries(issues!.map((i) => [i.path.join('.'), i.message]))).toEqual({
      maxUsesPerEmail: 'Uses per buyer e-mail cannot be more than the total uses',
      reservedSeats: 'Reserved seats cannot be more than the total uses',
    });
  });
});

describe('India date-times', () => {
  it('are IST wall-clock times: 00:00 on 1 April in India is 18:30 UTC the day before', () => {
    expect(indiaDateTimeToIso('2027-04-01T00:00')).toBe('2027-03-31T18:30:00.000Z');
    expect(isoToIndiaDateTime('2027-03-31T18:30:00.000Z')).toBe('2027-04-01T00:00');
    expect(indiaDateTimeToIso('2027-02-30T10:00')).toBeNull();
    expect(indiaDateTimeToIso('2027-02-03 10:00')).toBeNull();
  });
});

it('a refusal is a validation key with its values', () => {
  expect(promoMessage('usesLeft', { count: 2 })).toBe('validation.promoUsesLeft?count=2');
  expect(promoMessage('unknown')).toBe('validation.promoUnknown');
});
