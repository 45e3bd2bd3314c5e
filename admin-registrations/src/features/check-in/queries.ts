import { useQuery } from '@tanstack/react-query';
import { callApi, indiaDateKey, queryKeys, useApiClient } from '@tdk/shared-ui';
import { useAdminEventOptions } from '@tdk/shared-ui/admin';

/** Today's events first, then the coming ones soonest first, then past ones latest first. */
export function gateOrder(today: string) {
  const rank = (date: string) => (date === today ? 0 : date > today ? 1 : 2);
  return (a: { date: string; title: string }, b: { date: string; title: string }) =>
    rank(a.date) - rank(b.date) ||
    (rank(a.date) === 2 ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)) ||
    a.title.localeCompare(b.title);
}

/** GET /api/admin/events/options: the events a gate can admit to, today's and the next ones first. */
export function useCheckInEvents() {
  return useAdminEventOptions((events) =>
    events.map((event) => ({ id: event.id, title: event.title, date: event.date })).sort(gateOrder(indiaDateKey())),
  );
}

/** GET /api/admin/events/:id/check-in-lists: entry, kit and the organiser's lists (decision 065). */
export function useCheckInLists(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.checkInLists(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id']['check-in-lists'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    select: (answer) => answer.lists,
  });
}

/** GET /api/admin/events/:id/check-in-counts: admitted per list and gate, live while the screen is open. */
export function useCheckInCounts(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.checkInCounts(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id']['check-in-counts'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    refetchInterval: 15_000,
  });
}
