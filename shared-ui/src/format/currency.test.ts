import { describe, expect, it } from 'vitest';
import { formatCompactRupees, formatNumber, formatPrice, formatRupees, formatStartingPrice } from './currency';

describe('formatRupees', () => {
  it.each([
    [0, '₹0'],
    [5, '₹5'],
    [499, '₹499'],
    [1000, '₹1,000'],
    [99999, '₹99,999'],
    [125000, '₹1,25,000'],
    [1250000, '₹12,50,000'],
    [10000000, '₹1,00,00,000'],
    [1234.5, '₹1,234.50'],
    [1234.56, '₹1,234.56'],
    [0.5, '₹0.50'],
    [1234.999, '₹1,235'],
    [-1500, '-₹1,500'],
    [-1234.5, '-₹1,234.50'],
  ])('%s → %s', (amount, expected) => {
    expect(formatRupees(amount)).toBe(expected);
  });

  it('accepts numeric strings, as form fields hold them', () => {
    expect(formatRupees('125000')).toBe('₹1,25,000');
    expect(formatRupees(' 99.9 ')).toBe('₹99.90');
  });

  it.each([null, undefined, '', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY])('gives "" for %s', (input) => {
    expect(formatRupees(input as never)).toBe('');
  });

  it('matches Intl en-IN grouping for whole rupees', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    for (const n of [7, 850, 12500, 345678, 9876543, 123456789]) {
      expect(formatRupees(n)).toBe(intl.format(n));
    }
  });
});

describe('formatNumber', () => {
  it('groups the Indian way without a symbol', () => {
    expect(formatNumber(1250000)).toBe('12,50,000');
    expect(formatNumber(10000)).toBe('10,000');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234.567, 1)).toBe('1,234.6');
    expect(formatNumber(-45000)).toBe('-45,000');
    expect(formatNumber(null)).toBe('');
  });
});

describe('formatPrice', () => {
  it('shows Free for 0 and rupees otherwise', () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(1499)).toBe('₹1,499');
    expect(formatPrice(99.5)).toBe('₹99.50');
    expect(formatPrice(undefined)).toBe('');
  });
});

describe('formatStartingPrice', () => {
  it('is the event card price of SPEC.md section 2', () => {
    expect(formatStartingPrice(0)).toBe('Free');
    expect(formatStartingPrice(499)).toBe('₹499 onwards');
    expect(formatStartingPrice(125000)).toBe('₹1,25,000 onwards');
    expect(formatStartingPrice('0')).toBe('Free');
    expect(formatStartingPrice(null)).toBe('');
    expect(formatStartingPrice('free')).toBe('');
  });
});

describe('formatCompactRupees', () => {
  it('uses thousand, lakh and crore', () => {
    expect(formatCompactRupees(950)).toBe('₹950');
    expect(formatCompactRupees(12500)).toBe('₹12.5K');
    expect(formatCompactRupees(420000)).toBe('₹4.2L');
    expect(formatCompactRupees(99999)).toBe('₹1L');
    expect(formatCompactRupees(13000000)).toBe('₹1.3Cr');
    expect(formatCompactRupees(-250000)).toBe('-₹2.5L');
    expect(formatCompactRupees(undefined)).toBe('');
  });
});
