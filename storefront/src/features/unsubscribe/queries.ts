import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResponse } from '@tdk/api/contract/messages';
import { callApi, useApiClient, type ApiError } from '@tdk/shared-ui';

/** POST /api/messages/unsubscribe: the announcement's link token (decision 072). */
export function useUnsubscribe() {
  const client = useApiClient();
  return useMutation<UnsubscribeResponse, ApiError, string>({
    mutationFn: async (token) =>
      (await callApi(client.api.messages.unsubscribe.$post({ json: { token } }))) as UnsubscribeResponse,
  });
}
