// The admin search boxes' rule, without zod: the shared search box (shared-ui useSearchText) is in
// every page's first load, and the list schemas (registrations-admin.ts) refuse text by it.
import { REGISTRATION_NUMBER_PREFIX } from './constants';

/** The search box finds text of at least this many characters (the trigram index's unit). */
export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_TOO_SHORT = `Type at least ${MIN_SEARCH_LENGTH} characters to search`;

/** What a search box sends: its text once it can be searched, else nothing (all rows). */
export const searchableText = (text: string) => {
  const trimmed = text.trim();
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : '';
};

/**
 * The digits a search names a phone by: only a search that is written like a phone number
 * ('98765 43210', '+91-98765'); in any other text (a ticket number ending in '01', a name)
 * its digits are not a phone's.
 */
export const searchedPhoneDigits = (text: string): string => (/^[\d\s()+.-]+$/.test(text.trim()) ? text.replace(/\D/g, '') : '');

/**
 * A search written as a booking reference or a ticket number ('REG…', letters and digits only, any
 * case), upper-cased as they are stored; '' for any other text. Such a search that names one
 * exactly finds that booking or that attendee only (services/registrations.ts), not every number
 * that merely contains it.
 */
export const searchedReference = (text: string): string => {
  const upper = text.trim().toUpperCase();
  return upper.startsWith(REGISTRATION_NUMBER_PREFIX) && /^[0-9A-Z]+$/.test(upper) ? upper : '';
};
