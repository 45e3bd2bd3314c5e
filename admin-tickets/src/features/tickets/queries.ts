import { useQuery } from '@tanstack/react-query';
import type { TicketInput, UpdateTicketInput } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/admin/tickets: every ticket type with its event, newest first. */
export function useAdminTickets() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.tickets.list(),
    queryFn: ({ signal }) => callApi(client.api.admin.tickets.$get({}, { init: { signal } })),
  });
}

/** The events a ticket can belong to (the form's Event select). */
export function useEventChoices() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.list(),
    queryFn: ({ signal }) => callApi(client.api.admin.events.$get({}, { init: { signal } })),
    select: (data) => data.events.map((event) => ({ id: event.id, title: event.title })),
  });
}

export function useCreateTicket() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: TicketInput) => callApi(client.api.admin.tickets.$post({ json: input })),
    invalidates: 'tickets',
  });
}

export function useUpdateTicket() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateTicketInput }) =>
      callApi(client.api.admin.tickets[':id'].$put({ param: { id: String(id) }, json: input })),
    invalidates: 'tickets',
  });
}

export function useDeleteTicket() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.tickets[':id'].$delete({ param: { id: String(id) } })),
    invalidates: 'tickets',
  });
}
