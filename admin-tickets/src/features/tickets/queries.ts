import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketInput, UpdateTicketInput } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';
import { useAdminEventOptions } from '@tdk/shared-ui/admin';

/** GET /api/admin/tickets: a page of ticket types with their event, newest first, searched on the server. */
export function useAdminTickets(filters: { search: string; showExpired: boolean; page: number }) {
  const client = useApiClient();
  const query = {
    search: filters.search || undefined,
    showExpired: filters.showExpired ? ('true' as const) : undefined,
    page: filters.page,
  };
  return useQuery({
    queryKey: queryKeys.admin.tickets.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.tickets.$get({ query }, { init: { signal } })),
    // The rows shown stay while the next page loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/tickets/summary: the four cards over every ticket type. */
export function useTicketSummary() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.tickets.summary,
    queryFn: ({ signal }) => callApi(client.api.admin.tickets.summary.$get({}, { init: { signal } })),
  });
}

/** GET /api/admin/events/:id: the event's questions, one of which may hold a runner's expected finish time (decision 068). */
export function useEventQuestions(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.detail(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null && eventId > 0,
    select: (answer) => answer.event.questions ?? [],
  });
}

/** The events a ticket can belong to (the form's Event select): GET /api/admin/events/options. */
export function useEventChoices() {
  return useAdminEventOptions((events) => events.map((event) => ({ id: event.id, title: event.title })));
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
