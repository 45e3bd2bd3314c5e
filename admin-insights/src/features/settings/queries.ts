import { useQuery } from '@tanstack/react-query';
import type { UpdateSettingsInput } from '@tdk/api/contract';
import type { CreateApiTokenInput, CreatedApiToken } from '@tdk/api/contract/api-tokens';
import type { UpdateOrganisationProfileInput, UpdateOrganisationSettingsInput } from '@tdk/api/contract/organisations';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/admin/settings. */
export function useSettings() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.settings.all,
    queryFn: ({ signal }) => callApi(client.api.admin.settings.$get({}, { init: { signal } })),
  });
}

/** PUT /api/admin/settings with one section's fields; the platform config follows (INVALIDATES.settings). */
export function useSaveSettings() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: UpdateSettingsInput) => callApi(client.api.admin.settings.$put({ json: input })),
    invalidates: 'settings',
  });
}

/** POST /api/admin/uploads/images: the logo file, checked by the server (the events' image rules). */
export function useUploadLogo() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (image: File) => callApi(client.api.admin.uploads.images.$post({ form: { image } })),
    invalidates: [],
  });
}

/** GET /api/admin/organisation: the acting organisation's profile and tax identity (decision 055). */
export function useOrganisationProfile() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.organisation.all,
    queryFn: ({ signal }) => callApi(client.api.admin.organisation.$get({}, { init: { signal } })),
  });
}

/** PUT /api/admin/organisation. */
export function useSaveOrganisationProfile() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: UpdateOrganisationProfileInput) => callApi(client.api.admin.organisation.$put({ json: input })),
    invalidates: 'organisation',
  });
}

/** PUT /api/admin/organisation with one settings section's fields alone (decision 056). */
export function useSaveOrganisationSettings() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: UpdateOrganisationSettingsInput) => callApi(client.api.admin.organisation.$put({ json: input })),
    invalidates: 'organisation',
  });
}

/** GET /api/admin/api-tokens: the organisation's API tokens for /api/v1 (decision 062). */
export function useApiTokens() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.apiTokens.all,
    queryFn: ({ signal }) => callApi(client.api.admin['api-tokens'].$get({}, { init: { signal } })),
  });
}

/** POST /api/admin/api-tokens: the answer holds the secret, shown once. */
export function useCreateApiToken() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: async (input: CreateApiTokenInput): Promise<CreatedApiToken> =>
      (await callApi(
        client.api.admin['api-tokens'].$post({ json: { ...input, expiresAt: input.expiresAt } }),
      )) as CreatedApiToken,
    invalidates: 'apiTokens',
  });
}

/** DELETE /api/admin/api-tokens/:id: revoked at once. */
export function useRevokeApiToken() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin['api-tokens'][':id'].$delete({ param: { id: String(id) } })),
    invalidates: 'apiTokens',
  });
}
