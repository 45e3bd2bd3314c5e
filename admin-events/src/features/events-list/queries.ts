import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';

/** GET /api/admin/events: every event, drafts included. */
export function useAdminEvents() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.list(),
    queryFn: ({ signal }) => callApi(client.api.admin.events.$get({}, { init: { signal } })),
  });
}
