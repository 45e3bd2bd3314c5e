import { useQuery } from '@tanstack/react-query';
import { callApi, peekFirstScreenResponse, queryKeys, useApiClient } from '@tdk/shared-ui';

/** The answer the page was served with for this GET, if any: the first screen draws with it at once. */
const inPage =
  <T>(path: string) =>
  () =>
    peekFirstScreenResponse(path) as T | undefined;
import type { EventResponse, EventsResponse, TicketsResponse } from '@tdk/api/contract';
import { toEventsQuery, type EventFilters } from './filters';

/** GET /api/events with the filters (published events only). */
export function usePublicEvents(filters: EventFilters) {
  const client = useApiClient();
  const query = toEventsQuery(filters);
  return useQuery({
    queryKey: queryKeys.public.events.list(query),
    queryFn: ({ signal }) => callApi(client.api.events.$get({ query }, { init: { signal } })),
    initialData: inPage<EventsResponse>(client.api.events.$path({ query })),
  });
}

/** GET /api/events/:id. */
export function usePublicEvent(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.events.detail(id),
    queryFn: ({ signal }) => callApi(client.api.events[':id'].$get({ param: { id } }, { init: { signal } })),
    initialData: inPage<EventResponse>(client.api.events[':id'].$path({ param: { id } })),
    // A missing event is an answer, not a failure worth retrying.
    retry: false,
  });
}

/** GET /api/events/:id/tickets, once the event is known. */
export function useEventTickets(eventId: number | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.events.tickets(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.events[':id'].tickets.$get({ param: { id: String(eventId) } }, { init: { signal } })),
    initialData:
      eventId === undefined
        ? undefined
        : inPage<TicketsResponse>(client.api.events[':id'].tickets.$path({ param: { id: String(eventId) } })),
    enabled: eventId !== undefined,
  });
}
