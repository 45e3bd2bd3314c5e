import type { RemoteEntry } from '@tdk/api/contract';

export const ADMIN_BASE = '/admin';

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

export const isAdminRemote = (remote: RemoteEntry) =>
  remote.basePath === ADMIN_BASE || remote.basePath.startsWith(`${ADMIN_BASE}/`);

/** Path of an admin remote relative to the admin layout: '/admin/events' → 'events/*', '/admin' → '*'. */
export function adminRoutePath(remote: RemoteEntry) {
  const relative = trimSlashes(remote.basePath.slice(ADMIN_BASE.length));
  return relative ? `${relative}/*` : '*';
}

/** Absolute path of a public remote: '/' → '/*', '/shop' → '/shop/*'. */
export function publicRoutePath(remote: RemoteEntry) {
  const base = trimSlashes(remote.basePath);
  return base ? `/${base}/*` : '/*';
}
