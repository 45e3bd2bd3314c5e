// Signed links to an order's tax documents, for the buyer's e-mails (decision 031): the buyer
// reading their mail has no session, so the link carries a token, made as the ticket links' are
// (signing/purpose-keys.ts `linkToken`) under a purpose of its own, 'tdk:invoice-link:v1'. The link
// opens a storefront page with the token in the fragment (decision 048, as 043 did for tickets: no
// server or proxy logs it), and the page fetches the PDF with the token in `X-Document-Token`:
//   /invoice/{id}#t=…                  → GET /api/invoices/{id}/pdf   a tax invoice (the token signs its id and number)
//   /credit-note/{id}#t=…              → GET /api/invoices/{id}/pdf   a credit note (the same token, a page that names it so)
//   /receipt/{booking reference}#t=…   → GET /api/receipts/{booking reference}/pdf   the payment receipt of an order without a tax invoice
// A link mailed before (`/api/invoices/{id}/pdf?t=…`) still opens: the API reads `?t=` when the
// header is absent. A ticket link's token never opens an invoice, nor one document's token another's.
import type { Env } from '../env';
import { selfBaseUrl } from '../urls';
import { linkToken, verifyLinkToken, type KeyEnv } from './purpose-keys';

type LinkEnv = KeyEnv & Pick<Env, 'publicUrl' | 'port'>;
type Document = { id: number; number: string };

const invoiceSubject = (invoice: Document) => `invoice:${invoice.id}:${invoice.number}`;
const receiptSubject = (bookingReference: string) => `receipt:${bookingReference}`;

/** The header the storefront's document page sends its link's token in (decision 048), never the query. */
export const DOCUMENT_TOKEN_HEADER = 'X-Document-Token';

/** The token of an invoice's or credit note's link. */
export const invoiceLinkToken = (env: KeyEnv, invoice: Document) =>
  linkToken(env, 'tdk:invoice-link:v1', invoiceSubject(invoice));

/** The token of an order's receipt link. */
export const receiptLinkToken = (env: KeyEnv, bookingReference: string) =>
  linkToken(env, 'tdk:invoice-link:v1', receiptSubject(bookingReference));

/** The absolute URL of the storefront page that downloads a tax invoice, on PUBLIC_URL or the local address. */
export const invoiceLinkUrl = (env: LinkEnv, invoice: Document) =>
  `${selfBaseUrl(env)}/invoice/${invoice.id}#t=${invoiceLinkToken(env, invoice)}`;

/** The absolute URL of the storefront page that downloads a credit note (decision 048). */
export const creditNoteLinkUrl = (env: LinkEnv, creditNote: Document) =>
  `${selfBaseUrl(env)}/credit-note/${creditNote.id}#t=${invoiceLinkToken(env, creditNote)}`;

/** Whether a link's token was made for this invoice or credit note. */
export const verifyInvoiceLinkToken = (env: KeyEnv, invoice: Document, token: string | undefined) =>
  verifyLinkToken(env, 'tdk:invoice-link:v1', invoiceSubject(invoice), token);

/** The absolute URL of the storefront page that downloads an order's payment receipt (by its booking reference). */
export const receiptLinkUrl = (env: LinkEnv, bookingReference: string) =>
  `${selfBaseUrl(env)}/receipt/${encodeURIComponent(bookingReference)}#t=${receiptLinkToken(env, bookingReference)}`;

/** Whether a link's token was made for this order's receipt. */
export const verifyReceiptLinkToken = (env: KeyEnv, bookingReference: string, token: string | undefined) =>
  verifyLinkToken(env, 'tdk:invoice-link:v1', receiptSubject(bookingReference), token);
