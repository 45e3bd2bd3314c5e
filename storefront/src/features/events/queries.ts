import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';
import { toEventsQuery, type EventFilters } from './filters';

/** GET /api/events with the filters (published events only). */
export function usePublicEvents(filters: EventFilters) {
  const client = useApiClient();
  const query = toEventsQuery(filters);
  return useQuery({
    queryKey: queryKeys.public.events.list(query),
    queryFn: ({ signal }) => callApi(client.api.events.$get({ query }, { init: { signal } })),
  });
}

/** GET /api/events/:id. */
export function usePublicEvent(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.events.detail(id),
    queryFn: ({ signal }) => callApi(client.api.events[':id'].$get({ param: { id } }, { init: { signal } })),
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
    enabled: eventId !== undefined,
  });
}
