// An event's results for managers (decision 063): the versions and the latest one's rows, the dry
// run and save of a timing file (sent as text/csv), publishing, withholding one result.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

export function useEventResults(eventId: number | null, q: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.results(eventId ?? 0, q),
    queryFn: ({ signal }) =>
      callApi(
        client.api.admin.events[':id'].results.$get(
          { param: { id: String(eventId) }, query: { q: q || undefined } },
          { init: { signal } },
        ),
      ),
    enabled: eventId !== null,
  });
}

/** POST the file: `dryRun` reads it and lists its problems; without, a clean file is saved as a new version. */
export function useImportResults(eventId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ text, dryRun }: { text: string; dryRun: boolean }) =>
      callApi(
        client.api.admin.events[':id'].results.import.$post(
          { param: { id: String(eventId) }, query: { dryRun: dryRun ? 'true' : undefined } },
          { init: { body: text, headers: { 'Content-Type': 'text/csv' } } },
        ),
      ),
    invalidates: 'events',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.events.detail(eventId) }),
  });
}

export function usePublishResults(eventId: number) {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: () => callApi(client.api.admin.events[':id'].results.publish.$post({ param: { id: String(eventId) } })),
    invalidates: 'events',
  });
}

export function useWithholdResult(eventId: number) {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ resultId, input }: { resultId: number; input: { withheld: boolean; reason: string } }) =>
      callApi(
        client.api.admin.events[':id'].results[':resultId'].withhold.$post({
          param: { id: String(eventId), resultId: String(resultId) },
          json: input,
        }),
      ),
    invalidates: 'events',
  });
}
