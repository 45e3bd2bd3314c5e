import { useQuery } from '@tanstack/react-query';
import { LANGUAGE_QUERY, type Language, type TicketLinkResponse } from '@tdk/api/contract';
import { callApi, useApiClient } from '@tdk/shared-ui';

/**
 * GET /api/tickets/:number?t=: the tickets of a link, for whoever holds it. `number` is an order's
 * booking reference (every attendee's ticket) or one attendee's ticket number (theirs only).
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
          { param: { registrationNumber: number }, query: { t: token } },
          { init: { signal } },
        ),
      )) as unknown as TicketLinkResponse,
    // Without a token there is nothing to ask: the page says the link is not valid.
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** The link's calendar file, signed by the same token, its words in `language` (the page's). */
export const calendarLink = (number: string, token: string, language: Language = 'en') =>
  `/api/tickets/${encodeURIComponent(number)}/calendar.ics?t=${encodeURIComponent(token)}${
    language === 'en' ? '' : `&${LANGUAGE_QUERY}=${language}`
  }`;

/**
 * The number the PDF is named by: the booking reference when the link is the order's (or it holds
 * several tickets), the attendee's ticket number when it is theirs.
 */
export function linkFileNumber(number: string, answer: Pick<TicketLinkResponse, 'bookingReference' | 'tickets'>): string {
  const [only, ...others] = answer.tickets;
  return number !== answer.bookingReference && only && others.length === 0 ? only.registrationNumber : answer.bookingReference;
}
