import { useQuery } from '@tanstack/react-query';
import type {
  AddStaffInput,
  AddedStaffResponse,
  AuditEntity,
  DataRequestsResponse,
  DataRequestView,
  UpdateStaffInput,
} from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/admin/users: every staff account. */
export function useStaffAccounts() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.users.list,
    queryFn: ({ signal }) => callApi(client.api.admin.users.$get({}, { init: { signal } })),
  });
}

/** POST /api/admin/users: a new account, or an existing one (another organiser's member) added here (decision 057). */
export function useCreateStaff() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: async (input: AddStaffInput): Promise<AddedStaffResponse> =>
      (await callApi(client.api.admin.users.$post({ json: { ...input, password: input.password } }))) as AddedStaffResponse,
    invalidates: 'users',
  });
}

/** DELETE /api/admin/users/:id: "Remove from organisation" (decision 057). */
export function useRemoveStaff() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.users[':id'].$delete({ param: { id: String(id) } })),
    invalidates: 'users',
  });
}

/** PATCH /api/admin/users/:id: role, disabled, password or name. */
export function useUpdateStaff() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateStaffInput }) =>
      callApi(client.api.admin.users[':id'].$patch({ param: { id: String(id) }, json: change })),
    invalidates: 'users',
  });
}

/** POST /api/admin/users/:id/two-factor/reset: the member enrols again at their next sign-in. */
export function useResetTwoFactor() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.users[':id']['two-factor'].reset.$post({ param: { id: String(id) } })),
    invalidates: 'users',
  });
}

/** GET /api/admin/participants: the people behind registrations, with their stats. */
export function useParticipants() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.participants.list,
    queryFn: ({ signal }) => callApi(client.api.admin.participants.$get({}, { init: { signal } })),
  });
}

/** What the audit log is narrowed to: a member, a kind of record, an action, India days. */
export interface AuditFilters {
  actor?: number;
  entity?: AuditEntity;
  action?: string;
  from?: string;
  to?: string;
}

/** GET /api/admin/audit: a page of the audit log, newest first, older than `before`, narrowed by `filters`. */
export function useAuditLog(limit: number, before: number | undefined, filters: AuditFilters = {}) {
  const client = useApiClient();
  const query = {
    limit: String(limit),
    before,
    actor: filters.actor,
    entity: filters.entity,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  return useQuery({
    queryKey: queryKeys.admin.audit.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.audit.$get({ query }, { init: { signal } })),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/admin/data-requests: buyers' erasure requests, pending first (decision 030). */
export function useDataRequests() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.dataRequests.all,
    queryFn: async ({ signal }) =>
      (await callApi(client.api.admin['data-requests'].$get({}, { init: { signal } }))) as DataRequestsResponse,
  });
}

/** POST /api/admin/data-requests/:id/erase, or …/decline with the reason told to the buyer. */
export function useActOnDataRequest() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: async (action: { id: number; erase: true } | { id: number; erase: false; note: string }) => {
      const param = { id: String(action.id) };
      const answer = action.erase
        ? await callApi(client.api.admin['data-requests'][':id'].erase.$post({ param }))
        : await callApi(client.api.admin['data-requests'][':id'].decline.$post({ param, json: { note: action.note } }));
      return (answer as { request: DataRequestView }).request;
    },
    invalidates: 'dataRequests',
  });
}
