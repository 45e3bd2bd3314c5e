// The timing hand-off for managers (decision 068): the chip ids a timing company hands back, sent
// as text/csv (bib,chip_id); a dry run lists every bad row, a save assigns every chip or none.
import { callApi, useApiClient, useApiMutation } from '@tdk/shared-ui';

export function useImportChips(eventId: number) {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ text, dryRun }: { text: string; dryRun: boolean }) =>
      callApi(
        client.api.admin.events[':id'].chips.$post(
          { param: { id: String(eventId) }, query: { dryRun: dryRun ? 'true' : undefined } },
          { init: { body: text, headers: { 'Content-Type': 'text/csv' } } },
        ),
      ),
    invalidates: 'registrations',
  });
}
