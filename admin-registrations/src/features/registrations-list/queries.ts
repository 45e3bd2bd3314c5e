import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';

/** GET /api/admin/registrations: every registration, newest first. */
export function useAdminRegistrations() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.registrations.list(),
    queryFn: ({ signal }) => callApi(client.api.admin.registrations.$get({}, { init: { signal } })),
  });
}

/** GET /api/admin/registrations/stats: the four summary figures. */
export function useRegistrationStats() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.registrations.stats,
    queryFn: ({ signal }) => callApi(client.api.admin.registrations.stats.$get({}, { init: { signal } })),
  });
}
