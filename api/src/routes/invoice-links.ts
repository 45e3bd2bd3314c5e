// The tax documents behind the buyer's e-mailed links (public; the token is the permission;
// decision 031, signing/invoice-links.ts), fetched by the storefront's /invoice/:id and
// /receipt/:bookingReference pages with the link's token in X-Document-Token (decision 048):
//   GET /api/invoices/:id/pdf                 → a tax invoice or credit note, as a PDF
//   GET /api/receipts/:bookingReference/pdf   → the payment receipt of an order without one
// `?t=token` is still read when the header is absent: the links mailed before decision 048 point
// here directly, and a storefront deployed before it sends the token there.
// A wrong, missing or another document's token answers 404 'This invoice link is not valid', exactly
// as an unknown document does: the answer tells nothing of which invoices or orders exist.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { INVALID_DOCUMENT_LINK_MESSAGE } from '../contract';
import type { RouteDeps } from '../deps';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { invoiceWithOriginal, receiptOfOrder } from '../services/invoices';
import { DOCUMENT_TOKEN_HEADER, verifyInvoiceLinkToken, verifyReceiptLinkToken } from '../signing/invoice-links';
import { invoicePdf, receiptPdf } from '../services/invoice-pdf';
import { pdfResponse } from '../http/pdf-response';

const invoiceParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, INVALID_DOCUMENT_LINK_MESSAGE)
    .transform(Number),
});
const receiptParam = z.object({ bookingReference: z.string().regex(/^[A-Z0-9_]{4,48}$/, INVALID_DOCUMENT_LINK_MESSAGE) });
const tokenQuery = z.object({ t: z.string().max(100).optional() });
/** The link's token: the header the storefront's page sends (decision 048), else an old link's `?t=`. */
const linkTokenOf = (c: Context) => c.req.header(DOCUMENT_TOKEN_HEADER) ?? c.req.query('t');
const invalidLink = () => new ApiError(404, 'not_found', INVALID_DOCUMENT_LINK_MESSAGE);

/** Personal data: never in a shared cache (pdfResponse), never indexed. */
const unindexed = (response: Response) => {
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
};

// Mounted at /api itself (no middleware of its own here: it would run for every later /api route).
export const invoiceLinkRoutes = ({ db, env }: RouteDeps) =>
  new Hono()
    .get('/invoices/:id/pdf', validate('param', invoiceParam), validate('query', tokenQuery), async (c) => {
      const found = await db.query((q) => invoiceWithOriginal(q, c.req.valid('param').id));
      if (!found || !verifyInvoiceLinkToken(env, found.invoice, linkTokenOf(c))) throw invalidLink();
      return unindexed(pdfResponse(await invoicePdf(found.invoice, found.original), found.invoice.number));
    })
    .get('/receipts/:bookingReference/pdf', validate('param', receiptParam), validate('query', tokenQuery), async (c) => {
      const { bookingReference } = c.req.valid('param');
      // The token is checked before anything is read: a guess costs no query.
      if (!verifyReceiptLinkToken(env, bookingReference, linkTokenOf(c))) throw invalidLink();
      const receipt = await db.query((q) => receiptOfOrder(q, bookingReference));
      if (!receipt) throw invalidLink();
      return unindexed(pdfResponse(await receiptPdf(receipt), `receipt-${bookingReference}`));
    });
