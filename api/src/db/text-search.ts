import { sql, type SQLWrapper } from 'drizzle-orm';

/** Case-insensitive "contains", for the lists' search boxes (no index helps a substring anyway). */
export const containsInsensitive = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), lower(${needle})) > 0`;

/**
 * Text as one FTS5 string ("…", quotes doubled): with the trigram tokenizer it matches that text
 * anywhere, any case, and nothing typed is read as query syntax (AND, *, column filters).
 */
export const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;
