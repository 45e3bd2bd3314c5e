import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/platform/events?status=Submitted: events waiting for review, as buyers would see them. */
export function useSubmittedEvents() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.platform.events,
    queryFn: ({ signal }) => callApi(client.api.platform.events.$get({ query: { status: 'Submitted' } }, { init: { signal } })),
  });
}

/** POST /api/platform/events/:id/approve, or .../reject { reason }. */
export function useEventReview() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) => {
      const param = { id: String(id) };
      const event = client.api.platform.events[':id'];
      return decision === 'reject'
        ? callApi(event.reject.$post({ param, json: { reason: reason ?? '' } }))
        : callApi(event.approve.$post({ param }));
    },
    invalidates: 'platform',
  });
}
