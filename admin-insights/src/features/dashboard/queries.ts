import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';

/** GET /api/admin/insights/dashboard: the dashboard's figures. */
export function useDashboard() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.insights.dashboard,
    queryFn: ({ signal }) => callApi(client.api.admin.insights.dashboard.$get({}, { init: { signal } })),
  });
}
