// The consoles' text search, "contains, any case", from a trigram index: SQLite's FTS5 trigram
// tables (drizzle/0003) or PostgreSQL's pg_trgm GIN indexes (drizzle-postgres/0001). The contract
// refuses search text shorter than 3 characters, which neither index can find.
import type { SQL } from 'drizzle-orm';
import { PROCESS_DATABASE_ENGINE } from '../env';
import type { Db } from './client';
import { postgresTextSearch } from './text-search.pg';
import { sqliteTextSearch } from './text-search.sqlite';

/** One page of a search: the page's ids in the list's order, and how many match in all. */
export type SearchPage = { total: number; totalIsAtLeast?: true; page: number; ids: number[] };

export interface TextSearch {
  /** Events whose title, city or category contains the text. */
  eventMatches(text: string): SQL;
  /** Ticket types whose name or category, or whose event's title, contains the text. */
  ticketTypeMatches(text: string): SQL;
  /** Registrations whose number, name or e-mail contains the text, or whose phone its digits. */
  registrationMatches(text: string): SQL;
  /**
   * One page of the registrations console's search under the other filters, newest first. A
   * search matching more than `countCap` may answer `totalIsAtLeast` (decision 018).
   */
  registrationSearchPage(
    db: Db,
    search: string,
    others: SQL | undefined,
    page: number | undefined,
    pageSize: number,
    countCap: number,
  ): Promise<SearchPage>;
}

export const textSearch: TextSearch = PROCESS_DATABASE_ENGINE === 'postgres' ? postgresTextSearch : sqliteTextSearch;
