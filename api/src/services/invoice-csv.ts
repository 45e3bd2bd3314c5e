// The accountant's export of invoices and credit notes (decision 031): one row each, credit notes
// negative, in rupees with two decimals, as GSTR-1 preparation tools read them.
import { stringify } from 'csv-stringify/sync';
import { stateName } from '../contract';
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

const amount = (paise: number, sign: number) => ((sign * paise) / 100).toFixed(2);
/** A cell a spreadsheet would run as a formula is kept as text. */
const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export function invoicesCsv(rows: InvoiceRow[], originals: Map<number, string>): string {
  return (
    '\uFEFF' +
    stringify(
      [
        HEADER,
        ...rows.map((row) => {
          const sign = row.kind === 'credit_note' ? -1 : 1;
          return [
            row.kind === 'credit_note' ? 'Credit note' : 'Tax invoice',
            row.number,
            invoiceDate(row.issuedAt),
            row.invoiceId ? (originals.get(row.invoiceId) ?? '') : '',
            row.orderId,
            safe(row.buyerBusinessName ?? row.buyerName),
            row.buyerGstin ?? '',
            `${row.placeOfSupply}-${stateName(row.placeOfSupply)}`,
            amount(row.taxablePaise, sign),
            amount(row.cgstPaise, sign),
            amount(row.sgstPaise, sign),
            amount(row.igstPaise, sign),
            amount(row.totalPaise, sign),
          ];
        }),
      ],
      { record_delimiter: 'windows' },
    )
  );
}
