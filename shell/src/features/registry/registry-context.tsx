import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { parseRemoteRegistry, type RemoteEntry } from '@tdk/api/contract';
import { SectionUnavailable, Spinner, callApi, useApiClient, type ApiClient } from '@tdk/shared-ui';
import { registerRemoteEntries } from './remote-loader';

type RegistryState = { status: 'loading' } | { status: 'ready'; remotes: RemoteEntry[] } | { status: 'error'; message: string };

const RegistryContext = createContext<RemoteEntry[]>([]);

export const useRemotes = () => useContext(RegistryContext);

async function fetchRegistry(client: ApiClient): Promise<RemoteEntry[]> {
  // Typed by the API, and still parsed: the registry may come from a hand-edited REMOTES_FILE.
  const body = await callApi(client['remotes.json'].$get({}, { init: { cache: 'no-store' } }));
  const parsed = parseRemoteRegistry(body);
  if (!parsed.success) throw new Error(`The remote registry is malformed (${parsed.problem})`);
  return parsed.data;
}

/** Learns the remotes at run time, so a remote is redeployed by repointing its entry. */
export function RegistryProvider({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const [state, setState] = useState<RegistryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    fetchRegistry(client)
      .then((remotes) => {
        if (cancelled) return;
        registerRemoteEntries(remotes);
        setState({ status: 'ready', remotes });
      })
      .catch((error: Error) => !cancelled && setState({ status: 'error', message: error.message }));
    return () => {
      cancelled = true;
    };
  }, [attempt, client]);

  if (state.status === 'loading') return <Spinner label="Loading TDK Sports" />;
  if (state.status === 'error') return <SectionUnavailable onRetry={() => setAttempt((n) => n + 1)} />;
  return <RegistryContext.Provider value={state.remotes}>{children}</RegistryContext.Provider>;
}
