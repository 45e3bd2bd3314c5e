// Signed links to a participant's ticket page: /ticket/{registrationNumber}#t={token} (decision 043:
// in the fragment, so no server or proxy logs it; links mailed before as ?t= still open). The token is
// an HMAC of the registration number under a key derived from the session secret, so a link can be
// mailed and checked later without storing anything, and cannot be guessed from the number alone.
import type { Env } from '../env';
import { selfBaseUrl } from '../urls';
import { linkToken, verifyLinkToken, type KeyEnv as LinkEnv } from './purpose-keys';

/** The token for a registration's ticket page (base64url, 32 characters). */
export const ticketLinkToken = (env: LinkEnv, registrationNumber: string): string =>
  linkToken(env, 'tdk:ticket-link:v1', registrationNumber);

/** Whether a token from a link belongs to this registration number (constant-time). */
export const verifyTicketLinkToken = (env: LinkEnv, registrationNumber: string, token: string | undefined | null): boolean =>
  verifyLinkToken(env, 'tdk:ticket-link:v1', registrationNumber, token);

/** The ticket page's path and token (in the fragment, decision 043), for a link on this site. */
export function ticketLinkPath(env: LinkEnv, registrationNumber: string): string {
  return `/ticket/${encodeURIComponent(registrationNumber)}#t=${ticketLinkToken(env, registrationNumber)}`;
}

/** The header the ticket page sends its link's token in (decision 043), never the query. */
export const TICKET_TOKEN_HEADER = 'X-Ticket-Token';

/** The absolute URL of the ticket page, on PUBLIC_URL or the local address (e-mails). */
export function ticketLinkUrl(env: LinkEnv & Pick<Env, 'publicUrl' | 'port'>, registrationNumber: string): string {
  return `${selfBaseUrl(env)}${ticketLinkPath(env, registrationNumber)}`;
}
