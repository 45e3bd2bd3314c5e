import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { FIRST_SCREEN_IDS, parseRemoteRegistry, type RemoteEntry } from '@tdk/api/contract';
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

// The start asks twice (the takeover, then the provider): the page's registry is read, checked and
// registered once.
let readFromPage: { text: string; remotes: RemoteEntry[] | null } | undefined;

/**
 * The registry the API wrote into the page (api/src/html/first-screen.ts), registered at once, so
 * the route's remote starts loading without a round trip; null when the page came without one
 * (a development server's index.html) or it does not parse.
 */
export function registryInPage(): RemoteEntry[] | null {
  const text = document.getElementById(FIRST_SCREEN_IDS.remotes)?.textContent;
  if (!text) return null;
  if (readFromPage?.text !== text) readFromPage = { text, remotes: parseAndRegister(text) };
  return readFromPage.remotes;
}

function parseAndRegister(text: string): RemoteEntry[] | null {
  try {
    const parsed = parseRemoteRegistry(JSON.parse(text));
    if (!parsed.success) return null;
    registerRemoteEntries(parsed.data);
    return parsed.data;
  } catch {
    return null;
  }
}

/** Learns the remotes at run time, so a remote is redeployed by repointing its entry. */
export function RegistryProvider({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const [state, setState] = useState<RegistryState>(() => {
    const remotes = registryInPage();
    return remotes ? { status: 'ready', remotes } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (state.status === 'ready') return;
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
    // Only a retry (attempt) or a new client asks again; a registry already in hand is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, client]);

  if (state.status === 'loading') return <Spinner label="Loading TDK Sports" />;
  if (state.status === 'error') return <SectionUnavailable onRetry={() => setAttempt((n) => n + 1)} />;
  return <RegistryContext.Provider value={state.remotes}>{children}</RegistryContext.Provider>;
}
