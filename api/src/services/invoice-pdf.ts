// The tax invoice and credit note as a PDF (decision 031), drawn with jsPDF as the tickets are
// (shared-ui/src/ticket/ticket-pdf.ts): one A4 page for up to 20 lines, with everything CGST Rule
// 46 asks: the supplier's name, address and GSTIN; the number and date; the buyer's name, and GSTIN
// and address when given; SAC 9996 and the description of each line; quantity, taxable value,
// discount, rate and amount of each tax; the place of supply with its state; the total in figures
// and words. Text is Helvetica (the document is in English, as GST documents are filed).
import { jsPDF } from 'jspdf';
import { localTaxLabel, rupeesInWords, stateName } from '../contract';
import type { InvoiceRow } from './invoices';

const INK: [number, number, number] = [17, 24, 39];
const MUTED: [number, number, number] = [100, 116, 139];
const RULE: [number, number, number] = [203, 213, 225];
const MARGIN = 14;
const WIDTH = 210 - 2 * MARGIN;

/** '15-08-2035': the day in India, as invoices are dated. */
export const invoiceDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(iso))
    .replaceAll('/', '-');

/** Rupees with Indian grouping and two decimals: 1,27,119.00. */
export const rupees = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The invoice's words on the page, in order: also what a test reads back. */
export function invoicePdf(invoice: InvoiceRow, original?: Pick<InvoiceRow, 'number' | 'issuedAt'> | null): ArrayBuffer {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false });
  const credit = invoice.kind === 'credit_note';
  const title = credit ? 'Credit Note' : 'Tax Invoice';
  doc.setProperties({ title: `${title} ${invoice.number}`, subject: title, creator: invoice.supplier.legalName });
  let y = MARGIN + 4;
  const text = (
    value: string,
    x: number,
    at: number,
    size = 9,
    options: { bold?: boolean; muted?: boolean; align?: 'left' | 'right' } = {},
  ) => {
    doc.setFont('helvetica', options.bold ? 'bold' : 'normal');
    doc.setFontSize(size);
    doc.setTextColor(...(options.muted ? MUTED : INK));
    doc.text(value, x, at, { align: options.align ?? 'left' });
  };
  const rule = (at: number) => {
    doc.setDrawColor(...RULE);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, at, MARGIN + WIDTH, at);
  };

  text(title, MARGIN, y, 16, { bold: true });
  text(`No. ${invoice.number}`, MARGIN + WIDTH, y, 11, { bold: true, align: 'right' });
  y += 6;
  text(`Date: ${invoiceDate(invoice.issuedAt)}`, MARGIN + WIDTH, y, 9, { align: 'right' });
  if (credit && original) {
    y += 5;
    text(`Against tax invoice ${original.number} of ${invoiceDate(original.issuedAt)}`, MARGIN + WIDTH, y, 9, {
      align: 'right',
    });
  }
  y += 8;

  // Supplier and recipient side by side.
  const half = WIDTH / 2;
  text('Supplier', MARGIN, y, 8, { muted: true });
  text('Recipient', MARGIN + half, y, 8, { muted: true });
  y += 5;
  const supplierLines = [
    invoice.supplier.legalName,
    ...doc.splitTextToSize(invoice.supplier.address, half - 4),
    `State: ${stateName(invoice.supplier.state)} (${invoice.supplier.state})`,
    `GSTIN: ${invoice.supplier.gstin}`,
  ];
  const buyerLines = [
    invoice.buyerBusinessName ?? invoice.buyerName,
    ...(invoice.buyerAddress ? (doc.splitTextToSize(invoice.buyerAddress, half - 4) as string[]) : []),
    invoice.buyerEmail,
    ...(invoice.buyerGstin ? [`GSTIN: ${invoice.buyerGstin}`] : ['Unregistered buyer']),
  ];
  const rows = Math.max(supplierLines.length, buyerLines.length);
  for (let i = 0; i < rows; i++) {
    if (supplierLines[i]) text(String(supplierLines[i]), MARGIN, y, 9, { bold: i === 0 });
    if (buyerLines[i]) text(String(buyerLines[i]), MARGIN + half, y, 9, { bold: i === 0 });
    y += 4.5;
  }
  y += 2;
  text(
    `Place of supply: ${stateName(invoice.placeOfSupply)} (${invoice.placeOfSupply})  ·  ${
      invoice.taxMode === 'inter'
        ? 'Inter-state supply: IGST'
        : `Intra-state supply: CGST + ${localTaxLabel(invoice.placeOfSupply)}`
    }`,
    MARGIN,
    y,
    9,
  );
  y += 4.5;
  text('Tax is not payable on reverse charge.', MARGIN, y, 8, { muted: true });
  y += 6;

  // The lines.
  const local = localTaxLabel(invoice.placeOfSupply);
  const columns =
    invoice.taxMode === 'inter'
      ? ([
          ['Description', MARGIN, 'left'],
          ['Qty', 102, 'right'],
          ['Value', 122, 'right'],
          ['Discount', 140, 'right'],
          ['Taxable', 160, 'right'],
          ['Rate', 170, 'right'],
          ['IGST', 196, 'right'],
        ] as const)
      : ([
          ['Description', MARGIN, 'left'],
          ['Qty', 96, 'right'],
          ['Value', 114, 'right'],
          ['Discount', 130, 'right'],
          ['Taxable', 149, 'right'],
          ['Rate', 159, 'right'],
          ['CGST', 177, 'right'],
          [local, 196, 'right'],
        ] as const);
  rule(y - 3.5);
  for (const [label, x, align] of columns) text(label, x, y, 8, { bold: true, align });
  y += 2;
  rule(y);
  y += 4.5;
  for (const line of invoice.lines) {
    const description = [...(doc.splitTextToSize(line.description, columns[1][1] - MARGIN - 12) as string[]), `SAC ${line.sac}`];
    const rate = line.gstRate === 0 ? (line.exemptQuantity > 0 ? 'Exempt' : '0%') : `${line.gstRate}%`;
    const figures =
      invoice.taxMode === 'inter'
        ? [
            String(line.quantity),
            rupees(line.grossPaise),
            rupees(line.discountPaise),
            rupees(line.taxablePaise),
            rate,
            rupees(line.igstPaise),
          ]
        : [
            String(line.quantity),
            rupees(line.grossPaise),
            rupees(line.discountPaise),
            rupees(line.taxablePaise),
            rate,
            rupees(line.cgstPaise),
            rupees(line.sgstPaise),
          ];
    description.forEach((part, i) => text(part, MARGIN, y + i * 4, 8.5));
    figures.forEach((figure, i) => text(figure, columns[i + 1]![1], y, 8.5, { align: 'right' }));
    y += Math.max(1, description.length) * 4 + 1.5;
  }
  rule(y - 2);
  y += 3;

  // Totals.
  const total = (label: string, paise: number, bold = false) => {
    text(label, 150, y, 9, { bold, align: 'right' });
    text(`Rs. ${rupees(paise)}`, MARGIN + WIDTH, y, 9, { bold, align: 'right' });
    y += 5;
  };
  total('Taxable value', invoice.taxablePaise);
  if (invoice.taxMode === 'inter') total('IGST', invoice.igstPaise);
  else {
    total('CGST', invoice.cgstPaise);
    total(local, invoice.sgstPaise);
  }
  total(credit ? 'Total credited' : 'Total (GST included)', invoice.totalPaise, true);
  y += 2;
  text(`Amount in words: ${rupeesInWords(invoice.totalPaise)}`, MARGIN, y, 9, { bold: true });
  y += 10;
  text(`For ${invoice.supplier.legalName}`, MARGIN + WIDTH, y, 9, { align: 'right' });
  y += 5;
  text(
    'This is a computer-generated document and needs no signature (Rule 46, proviso on electronic invoices).',
    MARGIN,
    y + 8,
    7.5,
    {
      muted: true,
    },
  );
  return doc.output('arraybuffer');
}
