import type { SportEvent } from '@tdk/api/contract';
import { filterEvents, hasFilters, type EventFilters } from './filters';
import { usePublicEvents } from './queries';
import { SAMPLE_EVENTS } from './sample-events';

export interface EventListState {
  events: SportEvent[];
  loading: boolean;
  /** The API failed; `events` are the bundled samples. */
  failed: boolean;
  /** The samples are on screen (API failed, or it has no events at all). */
  usingSamples: boolean;
}

/**
 * GET /api/events with the filters, falling back to the bundled sample events (SPEC.md
 * section 8) when the call fails or the unfiltered list is empty. An empty answer to a filtered
 * query is a real "no events", not a reason to show samples.
 */
export function useEventList(filters: EventFilters): EventListState {
  const { data, error, isPending } = usePublicEvents(filters);
  if (error) return { events: filterEvents(SAMPLE_EVENTS, filters), loading: false, failed: true, usingSamples: true };
  if (isPending) return { events: [], loading: true, failed: false, usingSamples: false };
  const events = Array.isArray(data.events) ? data.events : [];
  if (events.length === 0 && !hasFilters(filters))
    return { events: filterEvents(SAMPLE_EVENTS, {}), loading: false, failed: false, usingSamples: true };
  return { events, loading: false, failed: false, usingSamples: false };
}
