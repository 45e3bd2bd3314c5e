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
  /** A ready client, e.g. a fake in tests. Wins over baseUrl. */
  client?: ApiClient;
}

export function ApiProvider({ children, baseUrl = '', client }: ApiProviderProps) {
  const value = useMemo(() => client ?? createApiClient(baseUrl), [client, baseUrl]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

/** The API client of the nearest provider, or a same-origin client when there is none. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (client) return client;
  fallbackClient ??= createApiClient('');
  return fallbackClient;
}
