// The tax invoice and credit note as a PDF (decision 031), drawn with jsPDF as the tickets are
// (shared-ui/src/ticket/ticket-pdf.ts): one A4 page for up to 20 lines, with everything CGST Rule
// 46 asks: the supplier's name, address and GSTIN; the number and date; the buyer's name, and GSTIN
// and address when given; SAC 9996 and the description of each line; quantity, taxable value,
// discount, rate and amount of each tax; the place of supply with its state; the total in figures
// and words. The document's own words are English (GST documents are filed in English) in
// Helvetica; what the organiser and the buyer wrote (names, addresses, the event's title) keeps its
// script: Devanagari is shaped and drawn in the Noto Sans Devanagari face (services/pdf-writer.ts,
// decision 070), embedded only in a document that has Devanagari. The
// payment receipt of an order without a tax invoice is drawn here too.
import { gstinState, localTaxLabel, rupeesInWords, stateName } from '../contract';
import type { InvoiceRow, Receipt } from './invoices';
import { writerFor, type Style } from './pdf-writer';

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

/** The invoice or credit note as a PDF. */
export async function invoicePdf(
  invoice: InvoiceRow,
  original?: Pick<InvoiceRow, 'number' | 'issuedAt'> | null,
): Promise<ArrayBuffer> {
  const w = await writerFor([
    invoice.supplier.legalName,
    invoice.supplier.address,
    invoice.buyerName,
    invoice.buyerBusinessName,
    invoice.buyerAddress,
    ...invoice.lines.map((line) => line.description),
  ]);
  const doc = w.doc;
  const credit = invoice.kind === 'credit_note';
  const title = credit ? 'Credit Note' : 'Tax Invoice';
  // The PDF's properties are Latin-1 only: the Devanagari stays on the page.
  doc.setProperties({ title: `${title} ${invoice.number}`, subject: title });
  let y = MARGIN + 4;
  const text = (value: string, x: number, at: number, size = 9, options: Omit<Style, 'size'> = {}) =>
    w.text(value, x, at, { ...options, size });
  const rule = (at: number) => w.rule(MARGIN, MARGIN + WIDTH, at);

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
  // Each column wraps within itself, a long name included (issue 40).
  const supplierLines = w.party(
    invoice.supplier.legalName,
    [
      invoice.supplier.address,
      `State: ${stateName(invoice.supplier.state)} (${invoice.supplier.state})`,
      `GSTIN: ${invoice.supplier.gstin}`,
    ],
    half - 4,
  );
  const buyerLines = w.party(
    invoice.buyerBusinessName ?? invoice.buyerName,
    [
      invoice.buyerAddress,
      // A registered recipient's state is its GSTIN's first two digits (Rule 46: name, address, state
      // and GSTIN of the recipient); the place of supply, below, is the event's.
      invoice.buyerGstin ? `State: ${stateName(gstinState(invoice.buyerGstin))} (${gstinState(invoice.buyerGstin)})` : null,
      invoice.buyerEmail,
      invoice.buyerGstin ? `GSTIN: ${invoice.buyerGstin}` : 'Unregistered buyer',
    ],
    half - 4,
  );
  const rows = Math.max(supplierLines.length, buyerLines.length);
  for (let i = 0; i < rows; i++) {
    const [left, right] = [supplierLines[i], buyerLines[i]];
    if (left) text(left.text, MARGIN, y, 9, { bold: left.bold });
    if (right) text(right.text, MARGIN + half, y, 9, { bold: right.bold });
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
    const description = [...w.wrap(line.description, columns[1][1] - MARGIN - 12, { size: 8.5 }), `SAC ${line.sac}`];
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
    // 'Exempt' is the widest word of the Rate column: a size smaller, it keeps clear of Taxable.
    figures.forEach((figure, i) => text(figure, columns[i + 1]![1], y, figure === 'Exempt' ? 7 : 8.5, { align: 'right' }));
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

/**
 * The payment receipt of an order without a tax invoice: the organiser, the booking reference, the
 * date paid, the buyer, each ticket type's line and the total in figures and words. It says that it
 * is not a tax invoice (and, when the order was priced without GST, why).
 */
export async function receiptPdf(receipt: Receipt): Promise<ArrayBuffer> {
  const w = await writerFor([receipt.organiser.name, receipt.buyerName, ...receipt.lines.map((line) => line.description)]);
  w.doc.setProperties({ title: `Receipt ${receipt.bookingReference}`, subject: 'Receipt' });
  let y = MARGIN + 4;
  w.text('Receipt', MARGIN, y, { size: 16, bold: true });
  w.text(`Booking reference ${receipt.bookingReference}`, MARGIN + WIDTH, y, { size: 11, bold: true, align: 'right' });
  y += 6;
  w.text(`Date: ${invoiceDate(receipt.paidAt)}`, MARGIN + WIDTH, y, { align: 'right' });
  y += 8;
  const half = WIDTH / 2;
  w.text('Organiser', MARGIN, y, { size: 8, muted: true });
  w.text('Received from', MARGIN + half, y, { size: 8, muted: true });
  y += 5;
  const left = w.party(receipt.organiser.name, [receipt.organiser.email], half - 4);
  const right = w.party(receipt.buyerName, [receipt.buyerEmail], half - 4);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i]) w.text(left[i]!.text, MARGIN, y, { bold: left[i]!.bold });
    if (right[i]) w.text(right[i]!.text, MARGIN + half, y, { bold: right[i]!.bold });
    y += 4.5;
  }
  y += 4;
  const columns = [
    ['Description', MARGIN, 'left'],
    ['Qty', 120, 'right'],
    ['Value', 145, 'right'],
    ['Discount', 170, 'right'],
    ['Amount', 196, 'right'],
  ] as const;
  w.rule(MARGIN, MARGIN + WIDTH, y - 3.5);
  for (const [label, x, align] of columns) w.text(label, x, y, { size: 8, bold: true, align });
  y += 2;
  w.rule(MARGIN, MARGIN + WIDTH, y);
  y += 4.5;
  for (const line of receipt.lines) {
    const description = w.wrap(line.description, columns[1][1] - MARGIN - 14, { size: 8.5 });
    description.forEach((part, i) => w.text(part, MARGIN, y + i * 4, { size: 8.5 }));
    [String(line.quantity), rupees(line.grossPaise), rupees(line.discountPaise), rupees(line.totalPaise)].forEach((figure, i) =>
      w.text(figure, columns[i + 1]![1], y, { size: 8.5, align: 'right' }),
    );
    y += Math.max(1, description.length) * 4 + 1.5;
  }
  w.rule(MARGIN, MARGIN + WIDTH, y - 2);
  y += 3;
  w.text('Total paid', 150, y, { bold: true, align: 'right' });
  w.text(`Rs. ${rupees(receipt.totalPaise)}`, MARGIN + WIDTH, y, { bold: true, align: 'right' });
  y += 7;
  w.text(`Amount in words: ${rupeesInWords(receipt.totalPaise)}`, MARGIN, y, { bold: true });
  y += 6;
  w.text(`Paid by ${receipt.paymentMethod || 'online payment'}, transaction ${receipt.transactionId}`, MARGIN, y);
  y += 10;
  w.text(
    receipt.untaxed
      ? 'No GST is charged: the organiser is not registered under GST. This receipt is not a tax invoice.'
      : 'This receipt is not a tax invoice.',
    MARGIN,
    y,
    { size: 8, muted: true },
  );
  return w.doc.output('arraybuffer');
}
