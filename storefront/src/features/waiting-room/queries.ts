// The waiting room through the API (decision 032): this browser's place, polled with jitter, and
// joining. The place lives in an HttpOnly cookie; the status answers from the server's snapshot.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';
import { nextPollMs } from './queue-view';

/** GET /api/events/:id/queue: undefined data (a 404) when the event has no waiting room. */
export function useQueueStatus(eventId: number | undefined, options: { poll?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.events.queue(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.events[':id'].queue.$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== undefined,
    retry: false,
    staleTime: 0,
    refetchInterval: options.poll ? (query) => (query.state.error ? false : nextPollMs(query.state.data)) : false,
    refetchIntervalInBackground: true,
  });
}

/** POST /api/events/:id/queue: joins (or keeps the place of a browser in line already). */
export function useJoinQueue(eventId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(client.api.events[':id'].queue.$post({ param: { id: String(eventId) } })),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.public.events.queue(eventId), status),
  });
}
