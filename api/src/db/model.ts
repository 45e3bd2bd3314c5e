// What both engines' schemas share beyond the columns themselves: the value lists their CHECK
// constraints name.
export const ORDER_STATUSES = ['CREATED', 'PAID', 'FAILED', 'EXPIRED', 'REFUND_REQUIRED'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/** `column IN ('a', 'b')` for a CHECK constraint: the same text on SQLite and PostgreSQL. */
export const inList = (column: string, values: readonly string[]) =>
  `${column} IN (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`;
