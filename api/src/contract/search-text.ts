// The admin search boxes' rule, without zod: the shared search box (shared-ui useSearchText) is in
// every page's first load, and the list schemas (registrations-admin.ts) refuse text by it.

/** The search box finds text of at least this many characters (the trigram index's unit). */
export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_TOO_SHORT = `Type at least ${MIN_SEARCH_LENGTH} characters to search`;

/** What a search box sends: its text once it can be searched, else nothing (all rows). */
export const searchableText = (text: string) => {
  const trimmed = text.trim();
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : '';
};
