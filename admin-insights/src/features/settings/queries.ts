import { useQuery } from '@tanstack/react-query';
import type { UpdateSettingsInput } from '@tdk/api/contract';
import type { CreateApiTokenInput, CreatedApiToken } from '@tdk/api/contract/api-tokens';
import type { CreatedWebhook, CreateWebhookInput, RotatedWebhookSecret, UpdateWebhookInput } from '@tdk/api/contract/webhooks';
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

/** GET /api/admin/webhooks: the organisation's webhook endpoints (decision 064). */
export function useWebhooks() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.webhooks.all,
    queryFn: ({ signal }) => callApi(client.api.admin.webhooks.$get({}, { init: { signal } })),
  });
}

/** POST /api/admin/webhooks: the answer holds the signing secret, shown once. */
export function useCreateWebhook() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: async (input: CreateWebhookInput): Promise<CreatedWebhook> =>
      (await callApi(client.api.admin.webhooks.$post({ json: input }))) as CreatedWebhook,
    invalidates: 'webhooks',
  });
}

/** PATCH /api/admin/webhooks/:id: switched off or on (or its URL, events, description changed). */
export function useUpdateWebhook() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, ...input }: UpdateWebhookInput & { id: number }) =>
      callApi(client.api.admin.webhooks[':id'].$patch({ param: { id: String(id) }, json: input })),
    invalidates: 'webhooks',
  });
}

/** GET /api/admin/webhooks/:id/deliveries: the endpoint's delivery log, newest first. */
export function useWebhookDeliveries(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.webhooks.deliveries(id ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.webhooks[':id'].deliveries.$get({ param: { id: String(id) } }, { init: { signal } })),
    enabled: id !== null,
  });
}

/** POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver: sent again by the worker at once. */
export function useRedeliverWebhook() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      callApi(
        client.api.admin.webhooks[':id'].deliveries[':deliveryId'].redeliver.$post({
          param: { id: String(id), deliveryId: String(deliveryId) },
        }),
      ),
    invalidates: 'webhooks',
  });
}

/** POST /api/admin/webhooks/:id/rotate-secret: the new signing secret, shown once (decision 074). */
export function useRotateWebhookSecret() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: async (id: number): Promise<RotatedWebhookSecret> =>
      (await callApi(
        client.api.admin.webhooks[':id']['rotate-secret'].$post({ param: { id: String(id) } }),
      )) as RotatedWebhookSecret,
    invalidates: 'webhooks',
  });
}
