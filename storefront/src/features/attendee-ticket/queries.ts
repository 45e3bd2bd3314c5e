import { useQuery } from '@tanstack/react-query';
import { LANGUAGE_QUERY, type Language } from '@tdk/api/contract';
import { callApi, useApiClient } from '@tdk/shared-ui';

/** GET /api/tickets/:registrationNumber?t=: the attendee's ticket, for whoever holds the link. */
export function useAttendeeTicket(registrationNumber: string, token: string | undefined) {
  const client = useApiClient();
  return useQuery({
    // The token is part of the key: another link is another answer.
    queryKey: ['public', 'ticket', registrationNumber, token ?? ''],
    queryFn: ({ signal }) =>
      callApi(
        client.api.tickets[':registrationNumber'].$get(
          { param: { registrationNumber }, query: { t: token } },
          { init: { signal } },
        ),
      ),
    // Without a token there is nothing to ask: the page says the link is not valid.
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** The link of the event's calendar file, signed by the same token. */
/** The attendee's calendar file, its words in `language` (the page's). */
export const calendarLink = (registrationNumber: string, token: string, language: Language = 'en') =>
  `/api/tickets/${encodeURIComponent(registrationNumber)}/calendar.ics?t=${encodeURIComponent(token)}${
    language === 'en' ? '' : `&${LANGUAGE_QUERY}=${language}`
  }`;
