import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from '@tdk/api/contract';

/** The federation container name of a remote: package names use dashes, containers cannot. */
export const containerName = (remoteName: string) => remoteName.replace(/-/g, '_');

const absolute = (entry: string) => new URL(entry, window.location.origin).toString();

export function registerRemoteEntries(remotes: RemoteEntry[], force = false) {
  registerRemotes(
    remotes.map((remote) => ({ name: containerName(remote.name), entry: absolute(remote.entry) })),
    { force },
  );
}

const loaded = new Map<string, Promise<ComponentType>>();

/** Loads a remote's `./App` once; a failed load is forgotten so Retry fetches it again. */
export function loadRemoteApp(remote: RemoteEntry): Promise<ComponentType> {
  const cached = loaded.get(remote.name);
  if (cached) return cached;
  const pending = loadRemote<{ default: ComponentType }>(`${containerName(remote.name)}/App`).then((module) => {
    if (!module?.default) throw new Error(`Remote ${remote.name} did not expose a default ./App component`);
    return module.default;
  });
  pending.catch(() => loaded.delete(remote.name));
  loaded.set(remote.name, pending);
  return pending;
}

export function forgetRemote(remote: RemoteEntry) {
  loaded.delete(remote.name);
  registerRemoteEntries([remote], true);
}
