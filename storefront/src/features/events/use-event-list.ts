import type { SportEvent } from '@tdk/api/contract';
import { EVENTS_PAGE_SIZE } from '@tdk/api/contract';
import { filterEvents, hasFilters, type EventFilters } from './filters';
import { usePublicEventPages } from './queries';
import { SAMPLE_EVENTS } from './sample-events';

export interface EventListState {
  /** Every event of the pages loaded so far, in the list's order. */
  events: SportEvent[];
  loading: boolean;
  /** The API failed; `events` are the bundled samples. */
  failed: boolean;
  /** The samples are on screen (API failed, or it has no events at all). */
  usingSamples: boolean;
  /** The API has more events after these. */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** The last Load more failed; the events already shown stay. */
  loadMoreFailed: boolean;
  /** Asks for the next page (nothing when there is none); resolves once it came or failed. */
  loadMore: () => Promise<{ failed: boolean }>;
}

const nothingMore = {
  hasMore: false,
  loadingMore: false,
  loadMoreFailed: false,
  loadMore: () => Promise.resolve({ failed: false }),
};

/**
 * GET /api/events with the filters, a page of `limit` at a time, falling back to the bundled
 * sample events (SPEC.md section 8) when the first call fails or the unfiltered list is empty. An
 * empty answer to a filtered query is a real "no events", not a reason to show samples. Other
 * filters are another list: it starts again from its first page.
 */
export function useEventList(filters: EventFilters, limit = EVENTS_PAGE_SIZE): EventListState {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = usePublicEventPages(
    filters,
    limit,
  );
  if (isPending) return { events: [], loading: true, failed: false, usingSamples: false, ...nothingMore };
  if (error && !isFetchNextPageError) {
    return { events: filterEvents(SAMPLE_EVENTS, filters), loading: false, failed: true, usingSamples: true, ...nothingMore };
  }
  const events = data.pages.flatMap((page) => (Array.isArray(page.events) ? page.events : []));
  if (events.length === 0 && !hasFilters(filters)) {
    return { events: filterEvents(SAMPLE_EVENTS, {}), loading: false, failed: false, usingSamples: true, ...nothingMore };
  }
  return {
    events,
    loading: false,
    failed: false,
    usingSamples: false,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMoreFailed: isFetchNextPageError,
    loadMore: async () => {
      if (!hasNextPage) return { failed: false };
      // Not cancelRefetch: a second press while a page is on its way waits for that one.
      const result = await fetchNextPage({ cancelRefetch: false });
      return { failed: result.isFetchNextPageError };
    },
  };
}
