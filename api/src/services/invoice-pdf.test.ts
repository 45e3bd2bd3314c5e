// Issue 40: the invoice PDF did not wrap a long recipient name; it ran past the page's edge. Names,
// addresses and e-mails in the supplier and recipient columns (and the receipt's) now wrap within
// their column, a word longer than the column broken too. Read from the PDF's own text operations.
import { describe, expect, it } from 'vitest';
import { jsPDF } from 'jspdf';
import type { InvoiceRow, Receipt } from './invoices';
import { invoicePdf, receiptPdf } from './invoice-pdf';

const LONG_NAME =
  'Maharashtra State Amateur Long Distance Running and Athletics Promotion Association of Pune District Private Limited';
const LONG_WORD = 'Shreesiddhivinayakamahaganapatisportsandfitnessenterprisescooperativesociety';

const invoice = {
  id: 1,
  number: 'INV/3940/000001',
  kind: 'invoice',
  series: 'INV/3940',
  sequence: 1,
  orderId: 'TDK_1',
  invoiceId: null,
  refundId: null,
  eventId: 1,
  issuedAt: '2039-06-01T05:00:00.000Z',
  buyerName: 'Asha Rao',
  buyerEmail: 'asha@example.com',
  buyerGstin: '27AAPFU0939F1ZV',
  buyerBusinessName: LONG_NAME,
  buyerAddress: '12 FC Road, Shivajinagar, Pune 411005',
  taxMode: 'intra',
  placeOfSupply: '27',
  supplier: { legalName: LONG_WORD, address: '1 MG Road, Pune 411001', gstin: '27AAPFU0939F1ZV', state: '27' },
  lines: [
    {
      description: 'Admission: Pune Hill Run (10K)',
      sac: '9996',
      quantity: 1,
      grossPaise: 150_000,
      discountPaise: 0,
      taxablePaise: 127_118,
      gstRate: 18,
      exemptQuantity: 0,
      cgstPaise: 11_441,
      sgstPaise: 11_441,
      igstPaise: 0,
      totalPaise: 150_000,
    },
  ],
  taxablePaise: 127_118,
  cgstPaise: 11_441,
  sgstPaise: 11_441,
  igstPaise: 0,
  totalPaise: 150_000,
} as unknown as InvoiceRow;

/** The strings the PDF draws, with their x position in points. */
function drawn(pdf: ArrayBuffer): { x: number; text: string }[] {
  const source = Buffer.from(pdf).toString('latin1');
  return [...source.matchAll(/([\d.]+) [\d.]+ Td\s*\((.*?)\) Tj/g)].map((m) => ({ x: Number(m[1]), text: m[2]! }));
}

/** A column is half the printable width (182 mm) less 4 mm; a name is set in Helvetica bold at 9 pt. */
const COLUMN_MM = 182 / 2 - 4;
const measure = new jsPDF({ unit: 'mm', format: 'a4' });
measure.setFont('helvetica', 'bold');
measure.setFontSize(9);
const widthMm = (text: string) => measure.getTextWidth(text);

describe('the invoice PDF (issue 40)', () => {
  it('wraps a long recipient name within its column, and breaks a supplier name longer than the column', async () => {
    const texts = drawn(await invoicePdf(invoice));
    const nameParts = texts.filter((t) => LONG_NAME.includes(t.text) && t.text.length > 3);
    expect(nameParts.length).toBeGreaterThan(1);
    expect(nameParts.map((t) => t.text).join(' ')).toBe(LONG_NAME);
    for (const part of nameParts) expect(widthMm(part.text)).toBeLessThanOrEqual(COLUMN_MM);
    const wordParts = texts.filter((t) => LONG_WORD.includes(t.text) && t.text.length > 3);
    expect(wordParts.length).toBeGreaterThan(1);
    expect(wordParts.map((t) => t.text).join('')).toBe(LONG_WORD);
    for (const part of wordParts) expect(widthMm(part.text)).toBeLessThanOrEqual(COLUMN_MM);
  });

  it('wraps a long buyer name on a receipt too', async () => {
    const receipt: Receipt = {
      bookingReference: 'REGMI3X9ABCD',
      paidAt: '2039-06-01T05:00:00.000Z',
      organiser: { name: 'TDK Sports', email: 'help@tdksports.in' },
      buyerName: LONG_NAME,
      buyerEmail: 'asha@example.com',
      paymentMethod: 'upi',
      transactionId: 'cf_1',
      lines: [
        { description: 'Admission: Pune Hill Run (10K)', quantity: 1, grossPaise: 50_000, discountPaise: 0, totalPaise: 50_000 },
      ],
      totalPaise: 50_000,
      untaxed: true,
    };
    const parts = drawn(await receiptPdf(receipt)).filter((t) => LONG_NAME.includes(t.text) && t.text.length > 3);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((t) => t.text).join(' ')).toBe(LONG_NAME);
  });
});
