// Tax invoices and credit notes (issue 25, decision 031): what CGST Rule 46 asks of them, their
// numbers, and the total in words with Indian numbering (lakh, crore).

/** The organiser as the invoice names it. */
export interface InvoiceSupplier {
  legalName: string;
  address: string;
  gstin: string;
  /** GST state code. */
  state: string;
}

/** One line of an invoice: a ticket type of the order (SAC 9996), each step in paise. */
export interface InvoiceLine {
  description: string;
  sac: string;
  quantity: number;
  /** Before discounts, GST included. */
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  /** Percent; 0 for an exempt or untaxed line. */
  gstRate: number;
  /** Attendees whose admission was exempt (a recognised sporting event, ₹500 or less). */
  exemptQuantity: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export type InvoiceKind = 'invoice' | 'credit_note';
/** Who issued a document (decision 067): the organisation for the tickets, the platform for its convenience fee. */
export type InvoiceIssuer = 'organiser' | 'platform';

/** Invoices' and credit notes' series prefixes: an organisation's, and the platform's own for its fee. */
export const INVOICE_PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CRN' };
export const PLATFORM_INVOICE_PREFIX: Record<InvoiceKind, string> = { invoice: 'PF', credit_note: 'PFC' };

/** SAC 998554: reservation services for event tickets (sporting events among them): the convenience fee. */
export const FEE_SAC = '998554';

/** The invoice number's longest allowed length (CGST Rule 46(b)). */
export const INVOICE_NUMBER_MAX_LENGTH = 16;

/**
 * The financial year (April to March, in India) a moment falls in, as its first year: 1 April 2026
 * 00:00 IST to 31 March 2027 23:59:59 IST is 2026.
 */
export function financialYearOf(at: Date): number {
  const india = new Date(at.getTime() + 330 * 60_000);
  const year = india.getUTCFullYear();
  return india.getUTCMonth() >= 3 ? year : year - 1;
}

/** A series: the kind's prefix and the financial year, 'INV/2627' for 2026-27 ('PF/2627' the platform's). */
export const invoiceSeries = (kind: InvoiceKind, financialYear: number, issuer: InvoiceIssuer = 'organiser') =>
  `${(issuer === 'platform' ? PLATFORM_INVOICE_PREFIX : INVOICE_PREFIX)[kind]}/${String(financialYear % 100).padStart(2, '0')}${String((financialYear + 1) % 100).padStart(2, '0')}`;

/** 'INV/2627/000042': six digits at least, never more than 16 characters. */
export function invoiceNumber(series: string, sequence: number): string {
  const number = `${series}/${String(sequence).padStart(6, '0')}`;
  if (number.length > INVOICE_NUMBER_MAX_LENGTH) throw new RangeError(`Invoice series ${series} is full`);
  return number;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping: 1,23,45,678 is 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'. */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 1_00_00_000);
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianNumberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise in words, as an invoice states its total: 'Rupees One Thousand Nine Hundred Ninety Nine and Fifty Paise Only'. */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianNumberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}
