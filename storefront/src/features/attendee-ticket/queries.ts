import { useQuery } from '@tanstack/react-query';
import { LANGUAGE_QUERY, type Language, type TicketLinkResponse } from '@tdk/api/contract';
import { callApi, useApiClient } from '@tdk/shared-ui';
import { fetchFile, saveFile } from '../shared/save-file';

/** The header the link's token travels in (decision 043): never a URL that a server or proxy logs. */
const TOKEN_HEADER = 'X-Ticket-Token';

/**
 * GET /api/tickets/:number with the link's token in X-Ticket-Token: the tickets of a link, for
 * whoever holds it. `number` is an order's booking reference (every attendee's ticket) or one
 * attendee's ticket number (theirs only).
 */
export function useAttendeeTicket(number: string, token: string | undefined) {
  const client = useApiClient();
  return useQuery({
    // The token is part of the key: another link is another answer.
    queryKey: ['public', 'ticket', number, token ?? ''],
    queryFn: async ({ signal }): Promise<TicketLinkResponse> =>
      // The contract's answer (decision 021); the client's inferred type may still be the older one.
      (await callApi(
        client.api.tickets[':registrationNumber'].$get(
          { param: { registrationNumber: number }, query: {} },
          { headers: { [TOKEN_HEADER]: token ?? '' }, init: { signal } },
        ),
      )) as unknown as TicketLinkResponse,
    // Without a token there is nothing to ask: the page says the link is not valid.
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** The link's calendar file's address, its words in `language` (the page's); the token goes in a header. */
export const calendarPath = (number: string, language: Language = 'en') =>
  `/api/tickets/${encodeURIComponent(number)}/calendar.ics${language === 'en' ? '' : `?${LANGUAGE_QUERY}=${language}`}`;

/** Fetches the calendar file with the link's token in its header and hands it to the browser as a download. */
export async function downloadCalendar(number: string, token: string, language: Language = 'en'): Promise<void> {
  const { blob } = await fetchFile(fetch(calendarPath(number, language), { headers: { [TOKEN_HEADER]: token } }));
  saveFile(blob, `${number}.ics`);
}

/**
 * The link's token (decision 043): from the fragment (`#t=`), or from the query of a link mailed
 * before (`?t=`), which the page then moves into the fragment.
 */
export function tokenOfLink(hash: string, search: string): { token: string | undefined; fromQuery: boolean } {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  if (fromHash) return { token: fromHash, fromQuery: false };
  const fromQuery = new URLSearchParams(search).get('t');
  return { token: fromQuery ?? undefined, fromQuery: Boolean(fromQuery) };
}

/**
 * The number the PDF is named by: the booking reference when the link is the order's (or it holds
 * several tickets), the attendee's ticket number when it is theirs.
 */
export function linkFileNumber(number: string, answer: Pick<TicketLinkResponse, 'bookingReference' | 'tickets'>): string {
  const [only, ...others] = answer.tickets;
  return number !== answer.bookingReference && only && others.length === 0 ? only.registrationNumber : answer.bookingReference;
}
