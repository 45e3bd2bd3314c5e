import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { EVENTS_PAGE_SIZE, type EventsResponse } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';
import { toEventsQuery, type EventFilters } from './filters';

/** What the cache holds for a paged list: every page loaded so far, and the cursor each was asked with. */
export type EventPages = InfiniteData<EventsResponse, string | null>;

/**
 * The cache key of the public list with these filters, `limit` events a page. Its first page is
 * what a page can be seeded with before the API is asked (seedEventsFirstPage).
 */
export const eventListKey = (filters: EventFilters, limit = EVENTS_PAGE_SIZE) =>
  queryKeys.public.events.pages({ ...toEventsQuery(filters), limit });

/**
 * Puts a first page the visitor already has (e.g. inlined in the HTML) in the cache, so the list
 * renders from it at once and Load more goes on from its nextCursor.
 */
export function seedEventsFirstPage(
  queryClient: QueryClient,
  filters: EventFilters,
  firstPage: EventsResponse,
  limit = EVENTS_PAGE_SIZE,
) {
  queryClient.setQueryData<EventPages>(eventListKey(filters, limit), { pages: [firstPage], pageParams: [null] });
}

/** GET /api/events with the filters (published events only), a page at a time. */
export function usePublicEventPages(filters: EventFilters, limit = EVENTS_PAGE_SIZE) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: eventListKey(filters, limit),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        client.api.events.$get(
          { query: { ...toEventsQuery(filters), limit: String(limit), cursor: pageParam ?? undefined } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
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
