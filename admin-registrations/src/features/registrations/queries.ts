import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RegistrationFlagsInput, UpdateRegistrationInput } from '@tdk/api/contract';
import { callApi, queryKeys, useAdminEventOptions, useApiClient, useApiMutation } from '@tdk/shared-ui';
import type { RegistrationFilters } from './filters';

/** GET /api/admin/registrations: a page of the list, filtered and searched on the server. */
export function useRegistrationsPage(filters: RegistrationFilters) {
  const client = useApiClient();
  const query = {
    search: filters.search || undefined,
    eventId: filters.eventId ?? undefined,
    status: filters.status || undefined,
    paymentStatus: filters.paymentStatus || undefined,
    page: filters.page,
    pageSize: filters.pageSize,
  };
  return useQuery({
    queryKey: queryKeys.admin.registrations.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.registrations.$get({ query }, { init: { signal } })),
    // The table keeps the previous page while the next loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/registrations/stats: the four figures. */
export function useRegistrationStats() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.registrations.stats,
    queryFn: ({ signal }) => callApi(client.api.admin.registrations.stats.$get({ query: {} }, { init: { signal } })),
  });
}

/** GET /api/admin/events/options, for the event filter. */
export function useEventOptions() {
  return useAdminEventOptions((events) => events.map((event) => ({ id: event.id, title: event.title })));
}

/** PUT /api/admin/registrations/:id: the Edit Registration form. */
export function useUpdateRegistration() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateRegistrationInput }) =>
      callApi(client.api.admin.registrations[':id'].$put({ param: { id: String(id) }, json: input })),
    invalidates: 'registrations',
  });
}

/** PATCH /api/admin/registrations/:id: ticketDownloaded, whatsappSent or emailSent. */
export function useSetRegistrationFlags() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, flags }: { id: number; flags: RegistrationFlagsInput }) =>
      callApi(client.api.admin.registrations[':id'].$patch({ param: { id: String(id) }, json: flags })),
    invalidates: 'registrations',
  });
}

/** DELETE /api/admin/registrations/:id. */
export function useDeleteRegistration() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.registrations[':id'].$delete({ param: { id: String(id) } })),
    invalidates: 'registrations',
  });
}
