// Signed links to an order's tax documents, for the buyer's e-mails (decision 031): the buyer
// reading their mail has no session, so the link carries a token, made as the ticket links' are
// (signing/purpose-keys.ts `linkToken`) under a purpose of its own, 'tdk:invoice-link:v1':
//   /api/invoices/{id}/pdf?t=…          a tax invoice or a credit note (the token signs its id and number)
//   /api/receipts/{booking reference}/pdf?t=…   the payment receipt of an order without a tax invoice
// A ticket link's token never opens an invoice, nor one document's token another's.
import type { Env } from '../env';
import { selfBaseUrl } from '../urls';
import { linkToken, verifyLinkToken, type KeyEnv } from './purpose-keys';

type LinkEnv = KeyEnv & Pick<Env, 'publicUrl' | 'port'>;
type Document = { id: number; number: string };

const invoiceSubject = (invoice: Document) => `invoice:${invoice.id}:${invoice.number}`;
const receiptSubject = (bookingReference: string) => `receipt:${bookingReference}`;

/** The absolute URL of an invoice's or credit note's PDF, on PUBLIC_URL or the local address. */
export const invoiceLinkUrl = (env: LinkEnv, invoice: Document) =>
  `${selfBaseUrl(env)}/api/invoices/${invoice.id}/pdf?t=${linkToken(env, 'tdk:invoice-link:v1', invoiceSubject(invoice))}`;

/** Whether a link's token was made for this invoice or credit note. */
export const verifyInvoiceLinkToken = (env: KeyEnv, invoice: Document, token: string | undefined) =>
  verifyLinkToken(env, 'tdk:invoice-link:v1', invoiceSubject(invoice), token);

/** The absolute URL of the payment receipt of an order (by its booking reference). */
export const receiptLinkUrl = (env: LinkEnv, bookingReference: string) =>
  `${selfBaseUrl(env)}/api/receipts/${encodeURIComponent(bookingReference)}/pdf?t=${linkToken(
    env,
    'tdk:invoice-link:v1',
    receiptSubject(bookingReference),
  )}`;

/** Whether a link's token was made for this order's receipt. */
export const verifyReceiptLinkToken = (env: KeyEnv, bookingReference: string, token: string | undefined) =>
  verifyLinkToken(env, 'tdk:invoice-link:v1', receiptSubject(bookingReference), token);
