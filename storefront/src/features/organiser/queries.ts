import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ORGANISER_UPCOMING_EVENTS, type EventsResponse, type OrganiserPage, type OrganiserResponse } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useFirstScreenResponse } from '@tdk/shared-ui';

/** GET /api/organisers/:slug: the organiser's page (decision 054), drawn at once with the answer the page was served with. */
export function useOrganiser(slug: string) {
  const client = useApiClient();
  const firstScreen = useFirstScreenResponse();
  const path = client.api.organisers[':slug'].$path({ param: { slug } });
  return useQuery({
    queryKey: queryKeys.public.organisers.detail(slug),
    queryFn: ({ signal }) => callApi(client.api.organisers[':slug'].$get({ param: { slug } }, { init: { signal } })),
    initialData: () => firstScreen(path) as OrganiserResponse | undefined,
    // An organiser not found (or not approved) is an answer, not a failure worth retrying.
    retry: false,
  });
}

/**
 * The organiser's upcoming events: the page's first ones, then more from GET
 * /api/events?organiser={slug} (the same list, the same order) a page at a time.
 */
export function useOrganiserUpcoming(organiser: OrganiserPage) {
  const client = useApiClient();
  const query = { organiser: organiser.slug, limit: String(ORGANISER_UPCOMING_EVENTS) };
  return useInfiniteQuery({
    queryKey: queryKeys.public.events.pages(query),
    queryFn: ({ pageParam, signal }) =>
      callApi(client.api.events.$get({ query: { ...query, cursor: pageParam ?? undefined } }, { init: { signal } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last: EventsResponse) => last.nextCursor,
    initialData: {
      pages: [{ events: organiser.upcomingEvents, nextCursor: organiser.upcomingNextCursor }],
      pageParams: [null],
    },
  });
}
