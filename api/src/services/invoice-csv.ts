// The accountant's export of invoices and credit notes (decision 031): one row each, credit notes
// negative, in rupees with two decimals, as GSTR-1 preparation tools read them; written by the
// platform's one CSV writer (contract/csv.ts), whose formula guard keeps every text cell text.
import { csvDocument, csvFigure, stateName } from '../contract';
import type { InvoiceRow } from './invoices';
import { invoiceDate } from './invoice-pdf';

const HEADER = [
  'Type',
  'Number',
  'Date',
  'Against invoice',
  'Order',
  'Buyer',
  'Buyer GSTIN',
  'Place of supply',
  'Taxable value',
  'CGST',
  'SGST/UTGST',
  'IGST',
  'Total',
];

const amount = (paise: number, sign: number) => csvFigure(((sign * paise) / 100).toFixed(2));

export function invoicesCsv(rows: InvoiceRow[], originals: Map<number, string>): string {
  return csvDocument([
    HEADER,
    ...rows.map((row) => {
      const sign = row.kind === 'credit_note' ? -1 : 1;
      return [
        row.kind === 'credit_note' ? 'Credit note' : 'Tax invoice',
        row.number,
        invoiceDate(row.issuedAt),
        row.invoiceId ? (originals.get(row.invoiceId) ?? '') : '',
        row.orderId,
        row.buyerBusinessName ?? row.buyerName,
        row.buyerGstin ?? '',
        `${row.placeOfSupply}-${stateName(row.placeOfSupply)}`,
        amount(row.taxablePaise, sign),
        amount(row.cgstPaise, sign),
        amount(row.sgstPaise, sign),
        amount(row.igstPaise, sign),
        amount(row.totalPaise, sign),
      ];
    }),
  ]);
}
