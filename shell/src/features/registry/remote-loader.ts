import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Language, RemoteEntry } from '@tdk/api/contract';
import { nextTask } from '../boot/next-task';

/** The federation container name of a remote: package names use dashes, containers cannot. */
export const containerName = (remoteName: string) => remoteName.replace(/-/g, '_');

const absolute = (entry: string) => new URL(entry, window.location.origin).toString();

export function registerRemoteEntries(remotes: RemoteEntry[], force = false) {
  registerRemotes(
    remotes.map((remote) => ({ name: containerName(remote.name), entry: absolute(remote.entry) })),
    { force },
  );
}

interface RemoteAppModule {
  default: ComponentType;
  /** Optional (decisions 016, 019): loads what the page at `pathname` renders, in `language`, before the first render. */
  prepareFirstScreen?: (pathname: string, language: Language) => Promise<void>;
}

const loaded = new Map<string, Promise<ComponentType>>();
const ready = new Map<string, ComponentType>();
const preparers = new Map<string, RemoteAppModule['prepareFirstScreen']>();

/** A remote's `./App` already loaded, to render without suspending (the first screen's takeover). */
export const loadedRemoteApp = (remote: RemoteEntry): ComponentType | undefined => ready.get(remote.name);

/** Loads a remote's `./App` once; a failed load is forgotten so Retry fetches it again. */
export function loadRemoteApp(remote: RemoteEntry): Promise<ComponentType> {
  const cached = loaded.get(remote.name);
  if (cached) return cached;
  const pending = loadRemote<RemoteAppModule>(`${containerName(remote.name)}/App`).then((module) => {
    if (!module?.default) throw new Error(`Remote ${remote.name} did not expose a default ./App component`);
    ready.set(remote.name, module.default);
    if (typeof module.prepareFirstScreen === 'function') preparers.set(remote.name, module.prepareFirstScreen);
    return module.default;
  });
  pending.catch(() => loaded.delete(remote.name));
  loaded.set(remote.name, pending);
  return pending;
}

export function forgetRemote(remote: RemoteEntry) {
  loaded.delete(remote.name);
  ready.delete(remote.name);
  preparers.delete(remote.name);
  registerRemoteEntries([remote], true);
}

/** Loads a remote's `./App` and what it renders at `pathname` in `language`, for a first render that does not suspend. */
export async function loadRemoteAppFor(remote: RemoteEntry, pathname: string, language: Language): Promise<void> {
  await loadRemoteApp(remote);
  const prepare = preparers.get(remote.name);
  if (!prepare) return;
  // The remote's start and its page's are each a task of their own (see index.ts).
  await nextTask();
  await prepare(pathname, language);
}
