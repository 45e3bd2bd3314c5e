import { useCallback, useEffect, useState } from 'react';
import type { Query } from '../platform/api-client';
import { useApi } from '../platform/api-context';
import { ApiError, isApiError } from '../platform/api-error';

export interface ApiQueryState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * GETs a path and keeps the answer, the error and a reload function; a newer request replaces an
 * older one's answer, so a fast typist never sees stale results.
 */
export function useApiQuery<T>(path: string | null, query?: Query): ApiQueryState<T> {
  const api = useApi();
  const [state, setState] = useState<Omit<ApiQueryState<T>, 'reload'>>({ data: undefined, error: undefined, loading: path !== null });
  const [version, setVersion] = useState(0);
  const queryKey = JSON.stringify(query ?? {});

  useEffect(() => {
    if (path === null) return;
    let current = true;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    api
      .get<T>(path, JSON.parse(queryKey) as Query, { signal: controller.signal })
      .then((data) => current && setState({ data, error: undefined, loading: false }))
      .catch((error: unknown) => {
        if (!current) return;
        const apiError = isApiError(error) ? error : new ApiError(0, 'unknown', error instanceof Error ? error.message : String(error));
        setState({ data: undefined, error: apiError, loading: false });
      });
    return () => {
      current = false;
      controller.abort();
    };
  }, [api, path, queryKey, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { ...state, reload };
}
