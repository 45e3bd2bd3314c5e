import { describe, expect, it } from 'vitest';
import type { RemoteEntry } from '@tdk/api/contract';
import { adminRoutePath, isAdminRemote, publicRoutePath } from './route-paths';

const remote = (basePath: string): RemoteEntry => ({ name: 'x', entry: '/x.json', basePath, nav: [] });

describe('route paths composed from base paths', () => {
  it('mounts an admin section relative to the admin layout', () => {
    expect(adminRoutePath(remote('/admin/events'))).toBe('events/*');
    expect(adminRoutePath(remote('/admin/'))).toBe('*');
    expect(adminRoutePath(remote('/admin'))).toBe('*');
  });

  it('tells admin remotes from public ones without matching look-alike prefixes', () => {
    expect(isAdminRemote(remote('/admin/tickets'))).toBe(true);
    expect(isAdminRemote(remote('/administrators'))).toBe(false);
    expect(isAdminRemote(remote('/'))).toBe(false);
  });

  it('mounts a public remote at its base path with a splat', () => {
    expect(publicRoutePath(remote('/'))).toBe('/*');
    expect(publicRoutePath(remote('/shop/'))).toBe('/shop/*');
  });
});
