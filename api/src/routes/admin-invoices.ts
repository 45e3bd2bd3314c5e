// /api/admin/invoices (guards declared in routes/admin.ts): the Invoices view's list, one invoice or
// credit note as a PDF, and the accountant's CSV export (decision 031).
import { Hono } from 'hono';
import { z } from 'zod';
import { INVOICE_KINDS } from '../db/model';
import type { RouteDeps } from '../deps';
import { notFound } from '../http/errors';
import { pdfResponse } from '../http/pdf-response';
import { validate, validateQuery } from '../http/validate';
import { invoiceWithOriginal, listInvoices, type InvoiceRow } from '../services/invoices';
import { invoicesCsv } from '../services/invoice-csv';
import { invoicePdf } from '../services/invoice-pdf';
import { auditRead } from '../http/audit-read';
import { organisationOf } from '../http/auth';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be like 2026-04-01');
const invoiceQuery = z.object({
  q: z.string().max(100, 'Search must be at most 100 characters').optional(),
  eventId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Event not found')
    .transform(Number)
    .optional(),
  kind: z.enum(INVOICE_KINDS, { error: 'Kind must be invoice or credit_note' }).optional(),
  from: day.optional(),
  to: day.optional(),
});
const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Invoice not found')
    .transform(Number),
});

/** What the console lists of an invoice (no lines: the PDF has them). */
export const invoiceSummary = (row: InvoiceRow, originals: Map<number, string>) => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  issuedAt: row.issuedAt,
  orderId: row.orderId,
  eventId: row.eventId,
  againstInvoice: row.invoiceId ? (originals.get(row.invoiceId) ?? null) : null,
  buyerName: row.buyerBusinessName ?? row.buyerName,
  buyerEmail: row.buyerEmail,
  buyerGstin: row.buyerGstin,
  placeOfSupply: row.placeOfSupply,
  taxablePaise: row.taxablePaise,
  cgstPaise: row.cgstPaise,
  sgstPaise: row.sgstPaise,
  igstPaise: row.igstPaise,
  totalPaise: row.totalPaise,
});

/** The numbers of the invoices the credit notes among these rows reverse. */
async function originalNumbers(deps: RouteDeps, rows: InvoiceRow[]) {
  const ids = [...new Set(rows.map((r) => r.invoiceId).filter((id): id is number => id !== null))];
  const found = new Map<number, string>();
  for (const id of ids) {
    const hit = rows.find((r) => r.id === id) ?? (await deps.db.query((db) => invoiceWithOriginal(db, id)))?.invoice;
    if (hit) found.set(id, hit.number);
  }
  return found;
}

export const adminInvoiceRoutes = (deps: RouteDeps) =>
  new Hono()
    .get('/', validateQuery(invoiceQuery), async (c) => {
      const filters = c.req.valid('query');
      const rows = await deps.db.query((db) => listInvoices(db, organisationOf(c), filters));
      // Buyers' names, e-mails and GSTINs in bulk (issue 40): audited as every such read is.
      await auditRead(deps, c, { action: 'list', entity: 'invoice', entityId: null, detail: { filters, count: rows.length } });
      const originals = await originalNumbers(deps, rows);
      return c.json({ invoices: rows.map((row) => invoiceSummary(row, originals)) });
    })
    .get('/export.csv', validateQuery(invoiceQuery), async (c) => {
      const filters = c.req.valid('query');
      const rows = await deps.db.query((db) => listInvoices(db, organisationOf(c), filters, 100_000));
      await auditRead(deps, c, { action: 'export', entity: 'invoice', entityId: null, detail: { filters, count: rows.length } });
      const csv = invoicesCsv(rows, await originalNumbers(deps, rows));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="invoices-${new Date().toISOString().slice(0, 10)}.csv"`);
      return c.body(csv);
    })
    .get('/:id/pdf', validate('param', idParam), async (c) => {
      const found = await deps.db.query((db) => invoiceWithOriginal(db, c.req.valid('param').id));
      if (!found) throw notFound('Invoice not found');
      await auditRead(deps, c, {
        action: 'view',
        entity: 'invoice',
        entityId: found.invoice.id,
        detail: { number: found.invoice.number },
      });
      return pdfResponse(await invoicePdf(found.invoice, found.original), found.invoice.number);
    });
