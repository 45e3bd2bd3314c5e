import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { EVENTS_PAGE_SIZE, type EventResponse, type EventsResponse, type TicketsResponse } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useFirstScreenResponse } from '@tdk/shared-ui';

import { toEventsQuery, type EventFilters } from './filters';

/**
 * The answer the page was served with for this GET, if any (the server drawing's own, through
 * context): the first screen draws with it at once.
 */
function useInPage() {
  const firstScreen = useFirstScreenResponse();
  return <T>(path: string) =>
    () =>
      firstScreen(path) as T | undefined;
}

/**
 * The cache key of the public list with these filters, `limit` events a page. Its first page may
 * come with the page itself (decision 016).
 */
export const eventListKey = (filters: EventFilters, limit = EVENTS_PAGE_SIZE) =>
  queryKeys.public.events.pages({ ...toEventsQuery(filters), limit });

/** GET /api/events with the filters (published events only), a page at a time. */
export function usePublicEventPages(filters: EventFilters, limit = EVENTS_PAGE_SIZE) {
  const client = useApiClient();
  const inPage = useInPage();
  const firstPageInPage = inPage<EventsResponse>(
    client.api.events.$path({ query: { ...toEventsQuery(filters), limit: String(limit) } }),
  );
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
    // The first page the page was served with (decision 016): the list draws at once.
    initialData: () => {
      const first = firstPageInPage();
      return first ? { pages: [first], pageParams: [null] } : undefined;
    },
  });
}

type ApiClient = ReturnType<typeof useApiClient>;

/** GET /api/events/:id, as one query. */
const publicEventQuery = (client: ApiClient, id: string) => ({
  queryKey: queryKeys.public.events.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(client.api.events[':id'].$get({ param: { id } }, { init: { signal } })),
  // A missing event is an answer, not a failure worth retrying.
  retry: false,
});

/** GET /api/events/:id. */
export function usePublicEvent(id: string) {
  const client = useApiClient();
  const inPage = useInPage();
  return useQuery({
    ...publicEventQuery(client, id),
    initialData: inPage<EventResponse>(client.api.events[':id'].$path({ param: { id } })),
  });
}

/** GET /api/events/:id for each id, in the order given. */
export function usePublicEventsById(ids: number[]) {
  const client = useApiClient();
  return useQueries({ queries: ids.map((id) => publicEventQuery(client, String(id))) });
}

/** GET /api/events/:id/tickets, once the event is known. */
export function useEventTickets(eventId: number | undefined) {
  const client = useApiClient();
  const inPage = useInPage();
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

/** GET /api/events/:id/waiting-list/offers/:token: a waiting-list offer's link (decision 024). */
export function useWaitingListOffer(eventId: number | undefined, token: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.events.offer(eventId ?? 0, token ?? ''),
    queryFn: ({ signal }) =>
      callApi(
        client.api.events[':id']['waiting-list'].offers[':token'].$get(
          { param: { id: String(eventId), token: token! } },
          { init: { signal } },
        ),
      ),
    enabled: eventId !== undefined && Boolean(token),
    retry: false,
    staleTime: 0,
  });
}
