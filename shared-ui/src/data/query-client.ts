import { QueryClient, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../platform/api-error';
import { INVALIDATES, type Resource } from './query-keys';

// Every query and mutation of the platform fails with the one ApiError (callApi guarantees it),
// so `error.status`, `error.fields` and the like are typed everywhere without a cast.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/** A failure worth trying again: the network, or the server's own 5xx; never a 4xx answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.code === 'network_error' || error.status >= 500;
}

/** The platform's cache; PlatformProvider makes one, tests may pass their own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A list is fresh for half a minute; a mutation invalidates what it changes at once.
        staleTime: 30_000,
        retry: shouldRetry,
        // Staff screens are often left open: coming back to the tab refetches what went stale.
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** Marks stale, and refetches where shown, everything a change to `resource` affects. */
export function invalidateResource(queryClient: QueryClient, resource: Resource): Promise<void> {
  return Promise.all(INVALIDATES[resource].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

export type ApiMutationOptions<TData, TVariables, TContext = unknown> = UseMutationOptions<TData, ApiError, TVariables, TContext> & {
  /** The resource this mutation writes: its lists, details and dependants refetch on success. */
  invalidates: Resource | readonly Resource[];
};

/**
 * useMutation that invalidates what it changes, so no screen reloads by hand:
 *
 *   const save = useApiMutation({
 *     mutationFn: (input: CreateStaffInput) => callApi(client.api.admin.users.$post({ json: input })),
 *     invalidates: 'users',
 *   });
 */
export function useApiMutation<TData, TVariables = void, TContext = unknown>({
  invalidates,
  onSuccess,
  ...options
}: ApiMutationOptions<TData, TVariables, TContext>) {
  const queryClient = useQueryClient();
  const resources: readonly Resource[] = typeof invalidates === 'string' ? [invalidates] : invalidates;
  return useMutation<TData, ApiError, TVariables, TContext>({
    ...options,
    onSuccess: async (...args) => {
      await Promise.all(resources.map((resource) => invalidateResource(queryClient, resource)));
      await onSuccess?.(...args);
    },
  });
}
