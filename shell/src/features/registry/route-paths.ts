import { ADMIN_BASE, type RemoteEntry } from '@tdk/api/contract';

export { ADMIN_BASE, isAdminRemote } from '@tdk/api/contract';

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

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
