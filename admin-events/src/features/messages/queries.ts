// An event's messages to registrants (decision 072): compose one, list them, read one's recipients.
import { useQuery } from '@tanstack/react-query';
import type {
  CreateMessageInput,
  EventMessageDetail,
  EventMessageSummary,
  CreateMessageResponse,
} from '@tdk/api/contract/messages';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

export function useEventMessages(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.messages(eventId ?? 0),
    queryFn: async ({ signal }) =>
      (await callApi(client.api.admin.events[':id'].messages.$get({ param: { id: String(eventId) } }, { init: { signal } }))) as {
        messages: EventMessageSummary[];
      },
    enabled: eventId !== null,
  });
}

export function useEventMessage(eventId: number, messageId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.message(eventId, messageId ?? 0),
    queryFn: async ({ signal }) =>
      (await callApi(
        client.api.admin.events[':id'].messages[':messageId'].$get(
          { param: { id: String(eventId), messageId: String(messageId) } },
          { init: { signal } },
        ),
      )) as EventMessageDetail & { counts: Record<string, number> },
    enabled: messageId !== null,
  });
}

export function useSendMessage(eventId: number) {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: async (json: CreateMessageInput) =>
      (await callApi(
        client.api.admin.events[':id'].messages.$post({ param: { id: String(eventId) }, json }),
      )) as CreateMessageResponse,
    invalidates: 'messages',
  });
}

/** The event's ticket types for the audience's filter (the same query, and cache entry, as the event form's). */
export function useEventTicketTypes(eventId: number) {
  const client = useApiClient();
  const query = { eventId, showExpired: 'true' as const, pageSize: 100 };
  return useQuery({
    queryKey: queryKeys.admin.tickets.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.tickets.$get({ query }, { init: { signal } })),
    select: (page) => page.tickets.map((ticket) => ({ id: ticket.id, name: ticket.name })),
  });
}
