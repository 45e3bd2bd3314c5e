import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/admin/tickets/:id/waiting-list: a ticket type's waiting list (decision 024). */
export function useWaitingList(ticketId: number | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.tickets.waitingList(ticketId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.tickets[':id']['waiting-list'].$get({ param: { id: String(ticketId) } }, { init: { signal } })),
    enabled: ticketId !== undefined,
  });
}

/** POST …/waiting-list/:entryId/move: one place up or down the line. */
export function useMoveWaitingListEntry(ticketId: number) {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ entryId, direction }: { entryId: number; direction: 'up' | 'down' }) =>
      callApi(
        client.api.admin.tickets[':id']['waiting-list'][':entryId'].move.$post({
          param: { id: String(ticketId), entryId: String(entryId) },
          json: { direction },
        }),
      ),
    // A move may make an offer (held seats): the ticket lists refetch with the list.
    invalidates: 'tickets',
  });
}

/** DELETE …/waiting-list/:entryId: off the list; an offer it holds passes to the next. */
export function useRemoveWaitingListEntry(ticketId: number) {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (entryId: number) =>
      callApi(
        client.api.admin.tickets[':id']['waiting-list'][':entryId'].$delete({
          param: { id: String(ticketId), entryId: String(entryId) },
        }),
      ),
    invalidates: 'tickets',
  });
}
