// The platform's own tax documents for its convenience fee (issue 42, decision 067): the fee and its
// 18 percent GST are the platform's supply to the buyer, not the organiser's, so the platform
// invoices them in its own series (PF/2627/000001) under its own GSTIN, in the paying transaction,
// and issues a credit note (PFC/...) in the refunding one when the fee is given back. Both read the
// fee as it was frozen on the order's lines and attendees at the sale (decision 060), never
// recomputed. Without a platform GSTIN (Settings → Platform tax registration) none is issued: the
// fee then appears on the order's receipt only.
import { and, eq } from 'drizzle-orm';
import { FEE_SAC, type InvoiceLine, type InvoiceSupplier } from '../contract/invoices';
import { CONVENIENCE_FEE_GST_RATE } from '../contract/constants';
import { gstinState, type TaxMode } from '../contract/gst';
import type { PlatformSettings } from '../contract';
import type { Db } from '../db/client';
import { invoices, type orders } from '../db/schema';
import { insertCreditNote, invoiceAmounts, nextPlatformNumber, type InvoiceRow } from './invoices';
import { readSettings } from './settings';

/** The platform as its fee invoice names it, from its registration in the settings; null when it has no GSTIN. */
export function platformSupplierOf(
  settings: Pick<PlatformSettings, 'platformLegalName' | 'platformAddress' | 'platformGstin'>,
): InvoiceSupplier | null {
  const gstin = settings.platformGstin.trim();
  if (!gstin) return null;
  return { legalName: settings.platformLegalName, address: settings.platformAddress, gstin, state: gstinState(gstin) };
}

/**
 * Where the fee is supplied (IGST Act section 12(2)): a buyer registered for GST receives it in
 * their GSTIN's state; anyone else at the supplier's location, since the platform keeps no address
 * of an unregistered buyer. CGST and SGST when that is the platform's state, IGST otherwise.
 */
export function feePlaceOfSupply(supplier: InvoiceSupplier, buyerGstin: string | null): { placeOfSupply: string; mode: TaxMode } {
  const placeOfSupply = buyerGstin ? gstinState(buyerGstin) : supplier.state;
  return { placeOfSupply, mode: placeOfSupply === supplier.state ? 'intra' : 'inter' };
}

/**
 * GST already computed (frozen at the sale) as the invoice's columns: all IGST across states; within
 * the state CGST and SGST as halves, the odd paisa on CGST, so the two add up to what was charged.
 */
function splitGst(gstPaise: number, mode: TaxMode) {
  if (mode === 'inter') return { cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise };
  const sgstPaise = Math.floor(gstPaise / 2);
  return { cgstPaise: gstPaise - sgstPaise, sgstPaise, igstPaise: 0 };
}

const feeLine = (description: string, quantity: number, feePaise: number, gstPaise: number, mode: TaxMode): InvoiceLine => ({
  description,
  sac: FEE_SAC,
  quantity,
  grossPaise: feePaise + gstPaise,
  discountPaise: 0,
  taxablePaise: feePaise,
  gstRate: CONVENIENCE_FEE_GST_RATE,
  exemptQuantity: 0,
  ...splitGst(gstPaise, mode),
  totalPaise: feePaise + gstPaise,
});

/** What a fee invoice needs, read before any counter is locked; null when none is due. */
export interface FeeInvoiceDraft {
  order: typeof orders.$inferSelect;
  /** The organisation whose sale the fee rode on: its console and exports find the order's documents by it. */
  organisationId: number;
  supplier: InvoiceSupplier;
  placeOfSupply: string;
  mode: TaxMode;
  lines: InvoiceLine[];
}

/** An order line as the paying transaction has read it, with its ticket type's name. */
export interface FeeLineSource {
  quantity: number;
  feePaise: number;
  feeGstPaise: number;
  ticketName: string;
}

/**
 * The fee invoice a paid order is due, from its lines' frozen fee and GST (as the paying
 * transaction read them, so an order without a fee costs no statement): null when no line carries
 * a fee or the platform has no GSTIN. The order is being paid under its row's lock, so it has none
 * yet. Reads only; the number is given by `issueFeeInvoice`, last in the paying transaction.
 */
export async function draftFeeInvoice(
  tx: Db,
  order: typeof orders.$inferSelect,
  event: { title: string; organisationId: number },
  lines: FeeLineSource[],
): Promise<FeeInvoiceDraft | null> {
  const charged = lines.filter((line) => line.feePaise > 0);
  if (charged.length === 0) return null;
  const supplier = platformSupplierOf(await readSettings(tx));
  if (!supplier) return null;
  const { placeOfSupply, mode } = feePlaceOfSupply(supplier, order.buyerGstin);
  return {
    order,
    organisationId: event.organisationId,
    supplier,
    placeOfSupply,
    mode,
    lines: charged.map((line) =>
      feeLine(`Convenience fee: ${event.title} (${line.ticketName})`, line.quantity, line.feePaise, line.feeGstPaise, mode),
    ),
  };
}

/** Numbers and records a drafted fee invoice in the platform's series; call it last in the transaction. */
export async function issueFeeInvoice(tx: Db, draft: FeeInvoiceDraft, now: Date): Promise<InvoiceRow> {
  const { order } = draft;
  const number = await nextPlatformNumber(tx, 'invoice', now);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      organisationId: draft.organisationId,
      ...number,
      kind: 'invoice',
      issuer: 'platform',
      orderId: order.id,
      eventId: order.eventId,
      issuedAt: now.toISOString(),
      buyerName: order.buyerBusinessName ?? order.customerName,
      buyerEmail: order.customerEmail,
      buyerGstin: order.buyerGstin,
      buyerBusinessName: order.buyerBusinessName,
      buyerAddress: order.buyerAddress,
      taxMode: draft.mode,
      placeOfSupply: draft.placeOfSupply,
      supplier: draft.supplier,
      lines: draft.lines,
      ...invoiceAmounts(draft.lines),
    })
    .returning();
  return invoice!;
}

/**
 * The platform's credit note for the fee a refund gives back (`fee_share_paise`: fee and GST
 * together, per attendee), against the order's fee invoice: an attendee's whole fee reverses the
 * frozen fee and GST exactly; a part of it is split at 18 percent. None when nothing of the fee is
 * given back or the order has no fee invoice. Call it after the organisation's credit note.
 */
export async function issueFeeCreditNote(
  tx: Db,
  refund: { id: number; orderId: string },
  given: { ticketName: string; feePaise: number; feeGstPaise: number; feeSharePaise: number }[],
  now: Date,
): Promise<InvoiceRow | null> {
  const back = given.filter((a) => a.feeSharePaise > 0);
  if (back.length === 0) return null;
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, 'invoice'), eq(invoices.issuer, 'platform')));
  if (!invoice) return null;
  const mode = invoice.taxMode as TaxMode;
  const grouped = new Map<string, { quantity: number; feePaise: number; gstPaise: number }>();
  for (const attendee of back) {
    const whole = attendee.feeSharePaise === attendee.feePaise + attendee.feeGstPaise;
    const feePaise = whole ? attendee.feePaise : Math.round((attendee.feeSharePaise * 100) / (100 + CONVENIENCE_FEE_GST_RATE));
    const sum = grouped.get(attendee.ticketName) ?? { quantity: 0, feePaise: 0, gstPaise: 0 };
    sum.quantity++;
    sum.feePaise += feePaise;
    sum.gstPaise += attendee.feeSharePaise - feePaise;
    grouped.set(attendee.ticketName, sum);
  }
  const lines = [...grouped].map(([ticket, sum]) =>
    feeLine(`Refund of convenience fee (${ticket})`, sum.quantity, sum.feePaise, sum.gstPaise, mode),
  );
  const number = await nextPlatformNumber(tx, 'credit_note', now);
  return insertCreditNote(tx, invoice, refund, number, lines, now);
}
