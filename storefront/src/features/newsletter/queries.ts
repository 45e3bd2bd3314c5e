import { useMutation } from '@tanstack/react-query';
import type { NewsletterConfirmResponse, NewsletterSubscribeRequest, NewsletterSubscribeResponse } from '@tdk/api/contract';
import { callApi, useApiClient, type ApiError } from '@tdk/shared-ui';

/** POST /api/newsletter: the same answer for any address; a confirmation link is mailed when due. */
export function useSubscribeToNewsletter() {
  const client = useApiClient();
  return useMutation<NewsletterSubscribeResponse, ApiError, NewsletterSubscribeRequest>({
    mutationFn: async (json) => (await callApi(client.api.newsletter.$post({ json }))) as NewsletterSubscribeResponse,
  });
}

/** POST /api/newsletter/confirm: the mailed link's token; the address counts as subscribed from then. */
export function useConfirmNewsletter() {
  const client = useApiClient();
  return useMutation<NewsletterConfirmResponse, ApiError, string>({
    mutationFn: async (token) =>
      (await callApi(client.api.newsletter.confirm.$post({ json: { token } }))) as NewsletterConfirmResponse,
  });
}
