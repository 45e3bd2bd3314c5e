import { useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';

/** GET /api/platform/accounts?email=: staff accounts whose e-mail contains the text (decision 061); none asked, no request. */
export function usePlatformAccounts(email: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.platform.accounts(email),
    queryFn: ({ signal }) => callApi(client.api.platform.accounts.$get({ query: { email } }, { init: { signal } })),
    enabled: email !== '',
  });
}

/** POST /api/platform/accounts/:id/disable or /enable: the whole account off or on (platform admins). */
export function useSetAccountDisabled() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) => {
      const account = client.api.platform.accounts[':id'];
      const param = { param: { id: String(id) } };
      return callApi(disabled ? account.disable.$post(param) : account.enable.$post(param));
    },
    invalidates: 'platform',
  });
}

/** POST /api/platform/accounts/:id/two-factor/reset: the person enrols again at their next sign-in (platform admins). */
export function useResetAccountTwoFactor() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) =>
      callApi(client.api.platform.accounts[':id']['two-factor'].reset.$post({ param: { id: String(id) } })),
    invalidates: 'platform',
  });
}
