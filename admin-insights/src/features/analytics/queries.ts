import { useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';

/** GET /api/admin/insights/analytics?period=: the Analytics screen's figures. */
export function useAnalytics(period: AnalyticsPeriod) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.insights.analytics({ period }),
    queryFn: ({ signal }) => callApi(client.api.admin.insights.analytics.$get({ query: { period } }, { init: { signal } })),
    placeholderData: (previous) => previous,
  });
}
