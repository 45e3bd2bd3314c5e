import { describe, expect, it } from 'vitest';
import { financialYearOf, indianNumberInWords, invoiceNumber, invoiceSeries, rupeesInWords } from './invoices';

describe('invoice numbers', () => {
  it('change financial year at midnight of 1 April in India, not in UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe(2026); // 31 March 23:59:59 IST
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe(2027); // 1 April 00:00 IST
    expect(financialYearOf(new Date('2027-01-15T06:00:00Z'))).toBe(2026);
  });

  it('name their series and year and stay within 16 characters', () => {
    expect(invoiceSeries('invoice', 2026)).toBe('INV/2627');
    expect(invoiceSeries('credit_note', 2099)).toBe('CRN/9900');
    expect(invoiceNumber('INV/2627', 42)).toBe('INV/2627/000042');
    expect(invoiceNumber('INV/2627', 9_999_999)).toHaveLength(16);
    expect(() => invoiceNumber('INV/2627', 10_000_000)).toThrow(/full/);
  });
});

describe('amounts in words', () => {
  it('use Indian numbering: thousand, lakh, crore', () => {
    expect(indianNumberInWords(0)).toBe('Zero');
    expect(indianNumberInWords(799)).toBe('Seven Hundred Ninety Nine');
    expect(indianNumberInWords(1_00_000)).toBe('One Lakh');
    expect(indianNumberInWords(12_34_567)).toBe('Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven');
    expect(indianNumberInWords(1_23_45_678)).toBe('One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight');
    expect(indianNumberInWords(1_05_00_00_011)).toBe('One Hundred Five Crore Eleven');
  });

  it('state an invoice total in rupees and paise', () => {
    expect(rupeesInWords(199_950)).toBe('Rupees One Thousand Nine Hundred Ninety Nine and Fifty Paise Only');
    expect(rupeesInWords(50_000)).toBe('Rupees Five Hundred Only');
  });
});
