import { sql, type SQLWrapper } from 'drizzle-orm';

/** Case-insensitive "contains", for the lists' search boxes (no index helps a substring anyway). */
export const containsInsensitive = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), lower(${needle})) > 0`;
