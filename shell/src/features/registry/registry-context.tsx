import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { parseRemoteRegistry, type RemoteEntry } from '@tdk/api/contract';
import { SectionUnavailable, Spinner } from '@tdk/shared-ui';
import { registerRemoteEntries } from './remote-loader';

type RegistryState = { status: 'loading' } | { status: 'ready'; remotes: RemoteEntry[] } | { status: 'error'; message: string };

const RegistryContext = createContext<RemoteEntry[]>([]);

export const useRemotes = () => useContext(RegistryContext);

async function fetchRegistry(): Promise<RemoteEntry[]> {
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`The remote registry answered ${response.status}`);
  const parsed = parseRemoteRegistry(await response.json());
  if (!parsed.success) throw new Error(`The remote registry is malformed (${parsed.problem})`);
  return parsed.data;
}

/** Learns the remotes at run time, so a remote is redeployed by repointing its entry. */
export function RegistryProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RegistryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    fetchRegistry()
      .then((remotes) => {
        if (cancelled) return;
        registerRemoteEntries(remotes);
        setState({ status: 'ready', remotes });
      })
      .catch((error: Error) => !cancelled && setState({ status: 'error', message: error.message }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (state.status === 'loading') return <Spinner label="Loading TDK Sports" />;
  if (state.status === 'error') return <SectionUnavailable onRetry={() => setAttempt((n) => n + 1)} />;
  return <RegistryContext.Provider value={state.remotes}>{children}</RegistryContext.Provider>;
}
