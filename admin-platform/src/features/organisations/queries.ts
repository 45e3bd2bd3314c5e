import { useQuery } from '@tanstack/react-query';
import type { CreateOrganisationInput, OrganisationStatus, UpdateOrganisationInput } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/platform/organisations?status=: every organisation (or those of one status) with its figures. */
export function useOrganisations(status?: OrganisationStatus) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.platform.organisations({ status }),
    queryFn: ({ signal }) =>
      callApi(client.api.platform.organisations.$get({ query: status ? { status } : {} }, { init: { signal } })),
  });
}

/** GET /api/platform/organisations/:id: the profile, the platform's notes and the admins. */
export function useOrganisation(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.platform.organisation(id),
    queryFn: ({ signal }) =>
      callApi(client.api.platform.organisations[':id'].$get({ param: { id: String(id) } }, { init: { signal } })),
  });
}

/** POST /api/platform/organisations: an approved organisation with its first admin (platform admins). */
export function useCreateOrganisation() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: CreateOrganisationInput) => callApi(client.api.platform.organisations.$post({ json: input })),
    invalidates: 'platform',
  });
}

/** PATCH /api/platform/organisations/:id: the platform's notes and the trusted exception. */
export function useUpdateOrganisation() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateOrganisationInput }) =>
      callApi(client.api.platform.organisations[':id'].$patch({ param: { id: String(id) }, json: change })),
    invalidates: 'platform',
  });
}

/** POST .../approve, .../reinstate and .../suspend { reason }: an organisation's standing (platform admins). */
export function useOrganisationDecision() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'suspend' | 'reinstate'; reason?: string }) => {
      const param = { id: String(id) };
      const organisation = client.api.platform.organisations[':id'];
      if (decision === 'suspend') return callApi(organisation.suspend.$post({ param, json: { reason: reason ?? '' } }));
      if (decision === 'reinstate') return callApi(organisation.reinstate.$post({ param }));
      return callApi(organisation.approve.$post({ param }));
    },
    invalidates: 'platform',
  });
}
