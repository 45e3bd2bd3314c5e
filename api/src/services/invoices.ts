// Tax invoices and credit notes (issue 25, decision 031). An invoice is issued in the transaction
// that marks an order paid, a credit note in the one that records its refund, each numbered from
// its series' counter row (invoice_counters): that row's lock orders concurrent payments on every
// instance, and a payment rolled back gives its number back, so a series has no gap and no double.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { financialYearOf, invoiceNumber, invoiceSeries, TICKET_SAC, type InvoiceKind, type InvoiceLine } from '../contract';
import type { Db } from '../db/client';
import { invoiceCounters, invoices, orderLines, orders, organisations, platformInvoiceCounters, ticketTypes } from '../db/schema';
import { readSettings } from './settings';
import { orderFeeLines } from './order-fees';
import { paymentOfOrder } from './order-payment';
import { invoiceSupplierOf, sellerOf } from './organisation-profile';
import { refundShares } from './refund-shares';
import { taxOfPart, type TaxMode } from '../contract/gst';
import { eventTitleAndOwner, type OrganisationId } from '../db/tenancy';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The next number of a kind's series for the financial year of `now` (Asia/Kolkata): the counter
 * row is created once, then moved by one UPDATE whose row lock holds every other payment of the
 * platform until this transaction ends. Call it last in the transaction.
 */
export async function nextInvoiceNumber(tx: Db, organisationId: number, kind: InvoiceKind, now: Date) {
  // Each organisation numbers its own documents, consecutively per financial year (decision 051).
  const series = invoiceSeries(kind, financialYearOf(now));
  await tx.insert(invoiceCounters).values({ organisationId, series, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(invoiceCounters)
    .set({ lastNumber: sql`${invoiceCounters.lastNumber} + 1` })
    .where(and(eq(invoiceCounters.organisationId, organisationId), eq(invoiceCounters.series, series)))
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { series, sequence, number: invoiceNumber(series, sequence) };
}

/**
 * The next number of one of the platform's own series (decision 067), as nextInvoiceNumber does for
 * an organisation's: its counter row's lock holds every other fee-paying payment of the platform
 * until this transaction ends, so take it last, after the organisation's.
 */
export async function nextPlatformNumber(tx: Db, kind: InvoiceKind, now: Date) {
  const series = invoiceSeries(kind, financialYearOf(now), 'platform');
  await tx.insert(platformInvoiceCounters).values({ series, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(platformInvoiceCounters)
    .set({ lastNumber: sql`${platformInvoiceCounters.lastNumber} + 1` })
    .where(eq(platformInvoiceCounters.series, series))
    .returning({ lastNumber: platformInvoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { series, sequence, number: invoiceNumber(series, sequence) };
}

const sumOf = (lines: InvoiceLine[], pick: (line: InvoiceLine) => number) => lines.reduce((n, line) => n + pick(line), 0);
export const invoiceAmounts = (lines: InvoiceLine[]) => ({
  taxablePaise: sumOf(lines, (l) => l.taxablePaise),
  cgstPaise: sumOf(lines, (l) => l.cgstPaise),
  sgstPaise: sumOf(lines, (l) => l.sgstPaise),
  igstPaise: sumOf(lines, (l) => l.igstPaise),
  totalPaise: sumOf(lines, (l) => l.totalPaise),
});

/**
 * Issues the tax invoice of a paid order, in the paying transaction (fulfilment), from the order's
 * own lines as create-order priced them. None when the order was priced without GST (the organiser
 * had no GSTIN: the buyer's receipt is the order itself), when nothing was charged, or when the
 * organiser's registration was removed since. Idempotent: an order has one invoice.
 */
export async function issueInvoice(tx: Db, order: typeof orders.$inferSelect, now: Date): Promise<InvoiceRow | null> {
  if (order.taxMode === 'none' || order.amountPaise === 0 || !order.placeOfSupply) return null;
  const orderId = order.id;
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'), eq(invoices.issuer, 'organiser')));
  if (existing) return existing;
  const event = await eventTitleAndOwner(tx, order.eventId);
  // The organisation that sells issues it (decisions 051, 055): its legal name, address and GSTIN
  // as they are now. An order whose event is gone, or whose organiser is no longer registered, has none.
  if (!event) return null;
  const supplier = invoiceSupplierOf(await sellerOf(tx, event.organisationId));
  if (!supplier) return null;
  const rows = await tx
    .select({ line: orderLines, name: ticketTypes.name })
    .from(orderLines)
    .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const lines: InvoiceLine[] = rows.map(({ line, name }) => ({
    description: `Admission: ${event?.title ?? 'Event'} (${name ?? 'Ticket'})`,
    sac: TICKET_SAC,
    quantity: line.quantity,
    grossPaise: line.grossPaise,
    discountPaise: line.groupDiscountPaise + line.promoDiscountPaise,
    taxablePaise: line.taxablePaise,
    gstRate: line.exemptQuantity === line.quantity ? 0 : line.gstRate,
    exemptQuantity: line.exemptQuantity,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
    totalPaise: line.netPaise,
  }));
  const number = await nextInvoiceNumber(tx, event.organisationId, 'invoice', now);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      organisationId: event.organisationId,
      ...number,
      kind: 'invoice',
      orderId,
      eventId: order.eventId,
      issuedAt: now.toISOString(),
      buyerName: order.buyerBusinessName ?? order.customerName,
      buyerEmail: order.customerEmail,
      buyerGstin: order.buyerGstin,
      buyerBusinessName: order.buyerBusinessName,
      buyerAddress: order.buyerAddress,
      taxMode: order.taxMode,
      placeOfSupply: order.placeOfSupply,
      supplier,
      lines,
      ...invoiceAmounts(lines),
    })
    .returning();
  return invoice!;
}

/** A credit note that would give back more than its invoice charged (issue 40): it is not issued. */
export class CreditNoteRefusal extends Error {
  override name = 'CreditNoteRefusal';
}

const CREDIT_LINE_PREFIX = 'Refund of admission (';

/**
 * Every credit note of an invoice together (`credited`: their lines, the new one's included) stays
 * within what the invoice charged: in all, and for each ticket type, against the invoice lines
 * that name it. Throws CreditNoteRefusal otherwise.
 */
function creditWithinInvoice(charged: InvoiceLine[], credited: InvoiceLine[]) {
  const total = (lines: InvoiceLine[]) => sumOf(lines, (l) => l.totalPaise);
  if (total(credited) > total(charged)) {
    throw new CreditNoteRefusal(
      `Credit notes would give back ₹${total(credited) / 100} of an invoice of ₹${total(charged) / 100}`,
    );
  }
  const byTicket = new Map<string, number>();
  for (const line of credited) {
    if (!line.description.startsWith(CREDIT_LINE_PREFIX)) continue;
    const ticket = line.description.slice(CREDIT_LINE_PREFIX.length, -1);
    byTicket.set(ticket, (byTicket.get(ticket) ?? 0) + line.totalPaise);
  }
  for (const [ticket, creditedPaise] of byTicket) {
    const lines = charged.filter((line) => line.description.endsWith(`(${ticket})`));
    // A ticket type renamed between its hold and its payment matches no line: the total above holds.
    if (lines.length > 0 && creditedPaise > total(lines)) {
      throw new CreditNoteRefusal(
        `Credit notes would give back ₹${creditedPaise / 100} for ${ticket}, whose invoice lines charged ₹${total(lines) / 100}`,
      );
    }
  }
}

/**
 * Issues the credit note of a refund, in the refunding transaction, when the order has a tax
 * invoice: the refund's share of each attendee's price, split at the rate they were charged, so a
 * whole refund reverses exactly what the invoice charged. Its own series; it names its invoice.
 */
export async function issueCreditNote(
  tx: Db,
  refund: { id: number; orderId: string; amountPaise: number },
  covered: { id: number; amountPaise: number; gstRate: number; ticketName: string; position: number }[],
  now: Date,
): Promise<InvoiceRow | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, 'invoice'), eq(invoices.issuer, 'organiser')));
  if (!invoice) return null;
  const mode = invoice.taxMode as TaxMode;
  // Each attendee's share of the refund (as the refund counts them), at their own rate.
  const shares = refundShares(refund.amountPaise, covered);
  const grouped = new Map<string, InvoiceLine>();
  for (const attendee of covered) {
    const share = shares.get(attendee.id) ?? 0;
    if (share === 0) continue;
    const split = taxOfPart(share, attendee.gstRate, mode);
    const key = `${attendee.ticketName}\u0000${attendee.gstRate}`;
    const line = grouped.get(key) ?? {
      description: `${CREDIT_LINE_PREFIX}${attendee.ticketName})`,
      sac: TICKET_SAC,
      quantity: 0,
      grossPaise: 0,
      discountPaise: 0,
      taxablePaise: 0,
      gstRate: attendee.gstRate,
      exemptQuantity: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 0,
    };
    line.quantity++;
    line.grossPaise += share;
    line.taxablePaise += split.taxablePaise;
    line.cgstPaise += split.cgstPaise;
    line.sgstPaise += split.sgstPaise;
    line.igstPaise += split.igstPaise;
    line.totalPaise += share;
    grouped.set(key, line);
  }
  const lines = [...grouped.values()];
  if (lines.length === 0) return null;
  const earlier = await tx
    .select({ lines: invoices.lines })
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, 'credit_note')));
  creditWithinInvoice(invoice.lines, [...earlier.flatMap((note) => note.lines), ...lines]);
  const number = await nextInvoiceNumber(tx, invoice.organisationId, 'credit_note', now);
  return insertCreditNote(tx, invoice, refund, number, lines, now);
}

/**
 * Records a credit note against its invoice, in the invoice's issuer's series (`number` already
 * taken): the invoice's buyer, tax mode, place of supply and supplier, the note's own lines.
 */
export async function insertCreditNote(
  tx: Db,
  invoice: InvoiceRow,
  refund: { id: number; orderId: string },
  number: { series: string; sequence: number; number: string },
  lines: InvoiceLine[],
  now: Date,
): Promise<InvoiceRow> {
  const [note] = await tx
    .insert(invoices)
    .values({
      organisationId: invoice.organisationId,
      ...number,
      kind: 'credit_note',
      issuer: invoice.issuer,
      orderId: refund.orderId,
      invoiceId: invoice.id,
      refundId: refund.id,
      eventId: invoice.eventId,
      issuedAt: now.toISOString(),
      buyerName: invoice.buyerName,
      buyerEmail: invoice.buyerEmail,
      buyerGstin: invoice.buyerGstin,
      buyerBusinessName: invoice.buyerBusinessName,
      buyerAddress: invoice.buyerAddress,
      taxMode: invoice.taxMode,
      placeOfSupply: invoice.placeOfSupply,
      supplier: invoice.supplier,
      lines,
      ...invoiceAmounts(lines),
    })
    .returning();
  return note!;
}

/** An order's invoice and credit notes, oldest first. */
export const invoicesOfOrder = (db: Db, orderIds: string[]) =>
  orderIds.length === 0
    ? Promise.resolve([] as InvoiceRow[])
    : db.select().from(invoices).where(inArray(invoices.orderId, orderIds)).orderBy(asc(invoices.id));

export interface InvoiceFilter {
  /** A number, a buyer's name, e-mail or GSTIN, or an order id (part of one). */
  q?: string;
  eventId?: number;
  kind?: InvoiceKind;
  /** India dates, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

/** The UTC instant of an India date's midnight. */
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();

/** Invoices and credit notes for the console and the accountant's export, newest first. */
export async function listInvoices(
  db: Db,
  organisationId: OrganisationId,
  filter: InvoiceFilter,
  limit = 500,
): Promise<InvoiceRow[]> {
  const q = filter.q?.trim().toLowerCase();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select()
    .from(invoices)
    .where(
      and(
        // The organisation's own documents (decision 051), not the platform's fee invoices on its orders (067).
        eq(invoices.organisationId, organisationId),
        eq(invoices.issuer, 'organiser'),
        filter.eventId ? eq(invoices.eventId, filter.eventId) : undefined,
        filter.kind ? eq(invoices.kind, filter.kind) : undefined,
        filter.from ? sql`${invoices.issuedAt} >= ${indiaMidnight(filter.from)}` : undefined,
        filter.to
          ? sql`${invoices.issuedAt} < ${new Date(Date.parse(indiaMidnight(filter.to)) + 86_400_000).toISOString()}`
          : undefined,
        like
          ? sql`(lower(${invoices.number}) like ${like} escape '\\' or lower(${invoices.buyerName}) like ${like} escape '\\' or lower(${invoices.buyerEmail}) like ${like} escape '\\' or lower(coalesce(${invoices.buyerGstin}, '')) like ${like} escape '\\' or lower(${invoices.orderId}) like ${like} escape '\\')`
          : undefined,
      ),
    )
    .orderBy(sql`${invoices.issuedAt} desc`, sql`${invoices.id} desc`)
    .limit(limit);
}

/** One invoice, with the invoice a credit note reverses. */
export async function invoiceWithOriginal(db: Db, id: number) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) return undefined;
  const [original] = invoice.invoiceId ? await db.select().from(invoices).where(eq(invoices.id, invoice.invoiceId)) : [];
  return { invoice, original: original ?? null };
}

/** A paid order's payment receipt, when it has no tax invoice (an organiser without a GSTIN). */
export interface Receipt {
  bookingReference: string;
  /** When it was paid (the successful payment's time). */
  paidAt: string;
  /** The organiser: the platform's name and contact address (Settings), as it has no GST registration. */
  organiser: { name: string; email: string };
  buyerName: string;
  buyerEmail: string;
  paymentMethod: string;
  transactionId: string;
  lines: { description: string; quantity: number; grossPaise: number; discountPaise: number; totalPaise: number }[];
  totalPaise: number;
  /** Whether GST was left out because the organiser is not registered (the order was priced without GST). */
  untaxed: boolean;
}

/**
 * The receipt of a paid order by its booking reference: undefined when no such paid order exists,
 * nothing was paid, or the order has a tax invoice (which is then its document).
 */
export async function receiptOfOrder(db: Db, bookingReference: string): Promise<Receipt | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.bookingReference, bookingReference));
  if (!order || order.status !== 'PAID' || order.amountPaise === 0) return undefined;
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice'), eq(invoices.issuer, 'organiser')));
  if (invoice) return undefined;
  const event = await eventTitleAndOwner(db, order.eventId);
  const rows = await db
    .select({ line: orderLines, name: ticketTypes.name })
    .from(orderLines)
    .leftJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const payment = await paymentOfOrder(db, order.id);
  const settings = await readSettings(db);
  // The receipt is the organiser's (decision 055): the event's organisation, the platform's name for an order whose event is gone.
  const [seller] = event
    ? await db
        .select({ name: organisations.displayName, email: organisations.contactEmail })
        .from(organisations)
        .where(eq(organisations.id, event.organisationId))
    : [];
  const lines = rows.map(({ line, name }) => {
    // Orders from before decision 031 recorded only the unit price.
    const grossPaise = line.grossPaise || line.unitPricePaise * line.quantity;
    const discountPaise = line.groupDiscountPaise + line.promoDiscountPaise;
    return {
      description: `Admission: ${event?.title ?? 'Event'} (${name ?? 'Ticket'})`,
      quantity: line.quantity,
      grossPaise,
      discountPaise,
      totalPaise: grossPaise - discountPaise,
    };
  });
  return {
    bookingReference,
    paidAt: payment?.paidAt ?? order.updatedAt,
    organiser: seller ?? { name: settings.platformName, email: settings.contactEmail },
    buyerName: order.customerName,
    buyerEmail: order.customerEmail,
    paymentMethod: payment?.method ?? '',
    transactionId: payment?.providerPaymentId ?? order.id,
    // Decision 060: the convenience fee and its GST, as frozen on the order's lines, each its own
    // line, so the lines add up to the total paid.
    lines: [
      ...lines,
      ...(await orderFeeLines(db, order.id)).flatMap((fee) => [
        {
          description: `Convenience fee (${fee.quantity === 1 ? '1 ticket' : `${fee.quantity} tickets`})`,
          quantity: fee.quantity,
          grossPaise: fee.feePaise,
          discountPaise: 0,
          totalPaise: fee.feePaise,
        },
        {
          description: `GST on convenience fee (${fee.gstRate}%)`,
          quantity: 1,
          grossPaise: fee.gstPaise,
          discountPaise: 0,
          totalPaise: fee.gstPaise,
        },
      ]),
    ],
    totalPaise: order.amountPaise,
    untaxed: order.taxMode === 'none',
  };
}
