import { useQuery } from '@tanstack/react-query';
import type { AddPlatformStaffInput, PlatformRole } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/platform/staff: everyone with a platform role (decision 058). */
export function usePlatformStaff() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.platform.staff,
    queryFn: ({ signal }) => callApi(client.api.platform.staff.$get({}, { init: { signal } })),
  });
}

/** POST /api/platform/staff: a platform role for an account, created when the e-mail has none (platform admins). */
export function useAddPlatformStaff() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: AddPlatformStaffInput) => callApi(client.api.platform.staff.$post({ json: input })),
    invalidates: 'platform',
  });
}

/** PATCH /api/platform/staff/:id: another platform role, or null to withdraw it (platform admins). */
export function useSetPlatformRole() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, platformRole }: { id: number; platformRole: PlatformRole | null }) =>
      callApi(client.api.platform.staff[':id'].$patch({ param: { id: String(id) }, json: { platformRole } })),
    invalidates: 'platform',
  });
}
