import { sql, type SQLWrapper } from 'drizzle-orm';

/** Case-insensitive "contains" on a column without a trigram index (the public list's filters). */
export const containsInsensitive = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), lower(${needle})) > 0`;

/**
 * Text as one FTS5 string ("…", quotes doubled): with the trigram tokenizer it matches that text
 * anywhere, any case, and nothing typed is read as query syntax (AND, *, column filters).
 */
export const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The trigram-indexed tables beside their base tables (migration 0003_admin_list_indexes). */
export type SearchTable = 'events_search' | 'ticket_types_search' | 'registrations_search';

/** `id` is the rowid of a row whose text the FTS5 query `match` finds in `table`. */
export const matchedBy = (id: SQLWrapper, table: SearchTable, match: string) =>
  sql`${id} in (select rowid from ${sql.identifier(table)} where ${sql.identifier(table)} match ${match})`;
