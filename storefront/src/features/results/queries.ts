// Published results (decision 063): an event's, filtered on the server, one runner's, and the JWKS
// that verifies their signatures.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { verifyCompactJws, type JsonWebKeySet, type Verification } from './verify';
import { callApi, queryKeys, useApiClient, useLanguage } from '@tdk/shared-ui';

export interface ResultsFilters {
  race?: string;
  category?: string;
  q?: string;
  limit: number;
}

export function useEventResults(eventId: number, filters: ResultsFilters) {
  const client = useApiClient();
  const query = {
    race: filters.race || undefined,
    category: filters.category || undefined,
    q: filters.q?.trim() || undefined,
    limit: String(filters.limit),
  };
  return useQuery({
    queryKey: queryKeys.public.results.event(eventId, query),
    queryFn: ({ signal }) =>
      callApi(client.api.events[':id'].results.$get({ param: { id: String(eventId) }, query }, { init: { signal } })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useResult(resultId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.results.detail(resultId),
    queryFn: ({ signal }) => callApi(client.api.results[':id'].$get({ param: { id: String(resultId) } }, { init: { signal } })),
    retry: false,
  });
}

/** A finisher's certificate (decision 070), drawn in `language`. */
export function useCertificateHref(resultId: number): string {
  const client = useApiClient();
  const { language } = useLanguage();
  return `${client.api.results[':id']['certificate.pdf'].$path({ param: { id: String(resultId) } })}?lang=${language}`;
}

/** Where the platform publishes the key that signs results. */
export const RESULTS_KEYS_URL = '/.well-known/tdk-results-keys.json';

export function useResultKeys() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.results.keys,
    queryFn: async ({ signal }) =>
      (await callApi(client['.well-known']['tdk-results-keys.json'].$get({}, { init: { signal } }))) as JsonWebKeySet,
    staleTime: 60 * 60 * 1000,
  });
}

/**
 * `jws` checked against the published key (decision 063): undefined while the key or the check is
 * on its way; the key's own failure as a refusal.
 */
export function useVerification(jws: string): Verification | undefined {
  const keys = useResultKeys();
  const [verification, setVerification] = useState<Verification>();
  useEffect(() => {
    if (!keys.data) return;
    let live = true;
    void verifyCompactJws(jws, keys.data).then((v) => live && setVerification(v));
    return () => {
      live = false;
    };
  }, [jws, keys.data]);
  return keys.isError ? { ok: false, reason: keys.error.message } : verification;
}
