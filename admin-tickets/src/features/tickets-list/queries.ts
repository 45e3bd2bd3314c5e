import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';

/** GET /api/admin/tickets: every ticket type with its event's name. */
export function useAdminTickets() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.tickets.list(),
    queryFn: ({ signal }) => callApi(client.api.admin.tickets.$get({}, { init: { signal } })),
  });
}
