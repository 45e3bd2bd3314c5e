import { useQuery } from '@tanstack/react-query';
import type { LegalPage, LegalPageResponse } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useFirstScreenResponse } from '@tdk/shared-ui';

/** GET /api/legal/:page; the page may come with it (decision 016), so it draws at once. */
export function useLegalPage(page: LegalPage) {
  const client = useApiClient();
  const firstScreen = useFirstScreenResponse();
  return useQuery({
    queryKey: queryKeys.public.legal(page),
    queryFn: ({ signal }) => callApi(client.api.legal[':page'].$get({ param: { page } }, { init: { signal } })),
    initialData: () => firstScreen(client.api.legal[':page'].$path({ param: { page } })) as LegalPageResponse | undefined,
  });
}
