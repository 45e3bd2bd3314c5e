import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from './api-client';

// Module-level singletons: shared-ui is one federated module, so the shell's provider and the
// remotes' hooks meet on this very object.
const ApiContext = createContext<ApiClient | null>(null);

let fallbackClient: ApiClient | null = null;

export interface ApiProviderProps {
  children: ReactNode;
  /** Prefix for every path, e.g. 'http://localhost:3000' for a remote served from its own dev server. */
  baseUrl?: string;
  /** Answers every request instead of the network (tests). */
  fetch?: typeof fetch;
}

export function ApiProvider({ children, baseUrl = '', fetch: fetchImpl }: ApiProviderProps) {
  const value = useMemo(() => createApiClient(baseUrl, fetchImpl), [baseUrl, fetchImpl]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

/**
 * The typed API client (`client.api.events.$get(...)`) of the nearest provider, or a same-origin
 * one when there is none. Pass its calls to `callApi`, inside a query or a mutation.
 */
export function useApiClient(): ApiClient {
  const client = useContext(ApiContext);
  if (client) return client;
  fallbackClient ??= createApiClient('');
  return fallbackClient;
}
