import { useQuery } from '@tanstack/react-query';
import type { EventOption } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';

/**
 * GET /api/admin/events/options: every event for a picker, one cache entry that the remotes'
 * pickers share (the ticket form, the registrations filter, the gate), each shaping it its own way.
 */
export function useAdminEventOptions<T>(select: (events: EventOption[]) => T) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.options,
    queryFn: ({ signal }) => callApi(client.api.admin.events.options.$get({}, { init: { signal } })),
    select: (data) => select(data.events),
  });
}
