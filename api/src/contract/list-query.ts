// What every paged list's query and answer share: the search box, whole numbers in a query string,
// page and page size, and where a page sits in its list (Events, Tickets, Registrations; the
// public list's limit).
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './registration';
import { MIN_SEARCH_LENGTH, SEARCH_TOO_SHORT } from './search-text';

/**
 * An admin list's search box: at most 100 characters, none or at least 3 (the trigram indexes), and
 * no control characters (a NUL is refused by PostgreSQL's text and means nothing in a search).
 */
export const searchText = z
  .string()
  .trim()
  .max(100, 'Search must be at most 100 characters')
  .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
  .refine((text) => text === '' || text.length >= MIN_SEARCH_LENGTH, SEARCH_TOO_SHORT)
  .optional();

/** A whole number in a query string, within bounds (page, page size, ids, a limit). */
export const queryNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

/** A paged list's `page` and `pageSize` (a page past the end is the last page). */
export const pageQuery = {
  page: queryNumber('Page', 1, 1_000_000).optional(),
  pageSize: queryNumber('Page size', 1, 100).optional(),
};

/** Where a page sits in its list. */
export interface ListPage {
  /** How many match the query, across all pages (at least this many with `totalIsAtLeast`). */
  total: number;
  /**
   * Set when a search matches more than the API counts (SEARCH_COUNT_CAP, or the rows up to this
   * page): `total` is then only a lower bound, more follow, so there is a next page; a screen shows
   * "1,000+" (decision 018).
   */
  totalIsAtLeast?: true;
  page: number;
  pageSize: number;
}

/**
 * A search matching more than this answers a lower bound ("1,000+") instead of counting them all:
 * an exact count of most of a table is what made such searches slow (decision 018), and what a
 * person scanning a list needs is to narrow it.
 */
export const SEARCH_COUNT_CAP = 1000;

/** The page asked for, moved back to the last one when the list has become shorter. */
export const pageWithin = (total: number, page: number | undefined, pageSize: number) =>
  Math.min(page ?? 1, Math.max(1, Math.ceil(total / pageSize)));
