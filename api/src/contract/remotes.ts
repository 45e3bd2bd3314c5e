// The remote registry's entries (GET /remotes.json, DESIGN.md section 2), checked by one parser
// that the API (REMOTES_FILE) and the shell (before it registers a remote) share. Written without
// zod on purpose: the shell parses the registry before anything is drawn, and even zod/mini's core
// would add 15 KB (brotli) to the first load of every page (docs/decisions/005).
import { PLATFORM_ROLES, ROLES, type PlatformRole } from './constants';
import type { NavItem, RemoteEntry, Role } from './types';

export type RegistryParse<T> = { success: true; data: T } | { success: false; problem: string };

class RegistryProblem extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, path: (string | number)[], message: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new RegistryProblem(path, message);
  return value;
}

function absolutePath(value: unknown, path: (string | number)[], missing: string, notAbsolute: string): string {
  if (typeof value !== 'string') throw new RegistryProblem(path, missing);
  if (!value.startsWith('/')) throw new RegistryProblem(path, notAbsolute);
  return value;
}

function navItem(value: unknown, path: (string | number)[]): NavItem {
  if (!isObject(value)) throw new RegistryProblem(path, 'A nav item is an object');
  const minRole = value.minRole;
  if (typeof minRole !== 'string' || !(ROLES as readonly string[]).includes(minRole)) {
    throw new RegistryProblem([...path, 'minRole'], `minRole must be one of ${ROLES.join(', ')}`);
  }
  if (value.order !== undefined && (typeof value.order !== 'number' || !Number.isFinite(value.order))) {
    throw new RegistryProblem([...path, 'order'], 'order must be a number');
  }
  const platformRoles = value.platformRoles;
  if (
    platformRoles !== undefined &&
    (!Array.isArray(platformRoles) ||
      platformRoles.length === 0 ||
      !platformRoles.every((role) => typeof role === 'string' && (PLATFORM_ROLES as readonly string[]).includes(role)))
  ) {
    throw new RegistryProblem([...path, 'platformRoles'], `platformRoles lists some of ${PLATFORM_ROLES.join(', ')}`);
  }
  return {
    label: text(value.label, [...path, 'label'], 'A nav item needs a label'),
    path: absolutePath(value.path, [...path, 'path'], 'A nav item needs a path', 'A nav path starts with /'),
    icon: text(value.icon, [...path, 'icon'], 'A nav item needs an icon'),
    minRole: minRole as Role,
    ...(value.order === undefined ? {} : { order: value.order as number }),
    ...(platformRoles === undefined ? {} : { platformRoles: [...(platformRoles as PlatformRole[])] }),
  };
}

function remoteEntry(value: unknown, path: (string | number)[]): RemoteEntry {
  if (!isObject(value)) throw new RegistryProblem(path, 'A remote is an object');
  const name = value.name;
  if (typeof name !== 'string') throw new RegistryProblem([...path, 'name'], 'A remote needs a name');
  if (!/^[a-z][a-z0-9-]*$/.test(name)) {
    throw new RegistryProblem([...path, 'name'], 'Remote names are lower-case letters, digits and hyphens');
  }
  if (!Array.isArray(value.nav)) throw new RegistryProblem([...path, 'nav'], 'A remote needs a nav list');
  return {
    name,
    entry: text(value.entry, [...path, 'entry'], 'A remote needs an entry URL'),
    basePath: absolutePath(value.basePath, [...path, 'basePath'], 'A remote needs a basePath', 'A basePath starts with /'),
    nav: value.nav.map((item, index) => navItem(item, [...path, 'nav', index])),
  };
}

function attempt<T>(parse: () => T): RegistryParse<T> {
  try {
    return { success: true, data: parse() };
  } catch (error) {
    if (!(error instanceof RegistryProblem)) throw error;
    const where = error.path.length > 0 ? error.path.map(String).join('.') : 'top level';
    return { success: false, problem: `${where}: ${error.message}` };
  }
}

/** One entry; `entry` is the URL (absolute or root-relative) of its mf-manifest.json. Unknown keys are dropped. */
export const parseRemoteEntry = (value: unknown): RegistryParse<RemoteEntry> => attempt(() => remoteEntry(value, []));

/** The whole registry; a problem reads like `1.basePath: A basePath starts with /`. */
export const parseRemoteRegistry = (value: unknown): RegistryParse<RemoteEntry[]> =>
  attempt(() => {
    if (!Array.isArray(value)) throw new RegistryProblem([], 'The registry is a list of remotes');
    return value.map((entry, index) => remoteEntry(entry, [index]));
  });

/** The admin console's base path: remotes under it are composed inside the admin frame. */
export const ADMIN_BASE = '/admin';

export const isAdminRemote = (remote: RemoteEntry) =>
  remote.basePath === ADMIN_BASE || remote.basePath.startsWith(`${ADMIN_BASE}/`);

/** The sign-in page (and its forgotten-password pages below it), which the shell itself draws whatever the registry says. */
export const LOGIN_PATH = '/login';

/**
 * The public remote that owns `path`: the remote with the longest base path under which it falls,
 * when that remote is public; undefined for the admin console and the shell's own pages.
 */
export function publicRemoteFor(remotes: readonly RemoteEntry[], path: string): RemoteEntry | undefined {
  const underBase = (base: string) => path === base || path.startsWith(`${base}/`);
  if (underBase(LOGIN_PATH) || underBase(ADMIN_BASE)) return undefined;
  const owner = remotes
    .filter((remote) => remote.basePath === '/' || path === remote.basePath || path.startsWith(`${remote.basePath}/`))
    .sort((a, b) => b.basePath.length - a.basePath.length)[0];
  return owner && !isAdminRemote(owner) ? owner : undefined;
}
