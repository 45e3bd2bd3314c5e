// What both engines' schemas share beyond the columns themselves: the value lists their CHECK
// constraints name.
export const ORDER_STATUSES = ['CREATED', 'PAID', 'FAILED', 'EXPIRED', 'REFUND_REQUIRED'] as const;
/** Orders whose money was taken: paid, or paid late and owed back (decision 022). */
export const PAID_ORDER_STATUSES = ['PAID', 'REFUND_REQUIRED'] as const;
/** How an order is taxed (decision 031): no GSTIN, CGST + SGST within the state, IGST across states. */
export const TAX_MODES = ['none', 'intra', 'inter'] as const;
/** A tax invoice, or a credit note that reverses part of one (decision 031). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
/** Who issued a document (decision 067): the organisation selling the tickets, or the platform for its fee. */
export const INVOICE_ISSUERS = ['organiser', 'platform'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
/** A payment the provider reported (decision 022): only successful ones are recorded. */
export const PAYMENT_RECORD_STATUSES = ['SUCCESS'] as const;
/**
 * A refund (decision 022): `pending` until the provider accepts it (a worker sends it, and again
 * after a failure), `processing` while the provider works on it, then `succeeded`, `failed` or
 * `cancelled` (the provider's final word).
 */
export const REFUND_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'cancelled'] as const;
/** A paid order of a cancelled event (decision 025): waiting for its refund, or decided. */
export const CANCELLATION_ORDER_STATUSES = ['to_refund', 'refunded', 'nothing_to_refund'] as const;
/** A buyer's request about their personal data (decision 030): waiting for staff, then done or declined. */
export const DATA_REQUEST_STATUSES = ['pending', 'completed', 'declined'] as const;
export const DATA_REQUEST_KINDS = ['erasure'] as const;
/**
 * How an admission reached the server (decision 036): a scan or typed code answered at the gate,
 * an offline device's queue synced later, or a check-in recorded before check-ins were rows.
 */
export const CHECK_IN_VIAS = ['online', 'synced', 'earlier'] as const;
/** The check-in list every event has: entry at the gate. The race-day issue adds kit collection and the organiser's own. */
export const ENTRY_LIST = 'entry';
/** The settings row listing the upgrades of the data applied (services/data-upgrades.ts): bookkeeping, not a platform setting. */
export const DATA_UPGRADES_SETTING = 'dataUpgrades';
/** Refunds that count against what may still be refunded. */
export const LIVE_REFUND_STATUSES = ['pending', 'processing', 'succeeded'] as const;

/** `column IN ('a', 'b')` for a CHECK constraint: the same text on SQLite and PostgreSQL. */
export const inList = (column: string, values: readonly string[]) =>
  `${column} IN (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`;
