import { describe, expect, it } from 'vitest';
import { parseRemoteEntry, parseRemoteRegistry } from './remotes';

const storefront = { name: 'storefront', entry: '/remotes/storefront/mf-manifest.json', basePath: '/', nav: [] };
const insights = {
  name: 'admin-insights',
  entry: 'https://cdn.example.in/admin-insights/mf-manifest.json',
  basePath: '/admin',
  nav: [{ label: 'Dashboard', path: '/admin', icon: 'layout-dashboard', minRole: 'support', order: 10 }],
};

describe('parseRemoteRegistry', () => {
  it('accepts the registry the API serves, dropping unknown keys', () => {
    const parsed = parseRemoteRegistry([storefront, { ...insights, extra: true }]);
    expect(parsed).toEqual({ success: true, data: [storefront, insights] });
  });

  it.each([
    [{ not: 'a list' }, 'top level: The registry is a list of remotes'],
    [[storefront, { ...insights, basePath: 'admin' }], '1.basePath: A basePath starts with /'],
    [[{ ...storefront, name: 'Store Front' }], '0.name: Remote names are lower-case letters, digits and hyphens'],
    [[{ ...storefront, entry: '' }], '0.entry: A remote needs an entry URL'],
    [
      [{ ...insights, nav: [{ ...insights.nav[0], minRole: 'owner' }] }],
      '0.nav.0.minRole: minRole must be one of admin, manager, coordinator, support',
    ],
    [[{ ...insights, nav: [{ ...insights.nav[0], order: '10' }] }], '0.nav.0.order: order must be a number'],
    [[{ ...storefront, nav: undefined }], '0.nav: A remote needs a nav list'],
    [
      [{ ...insights, nav: [{ ...insights.nav[0], platformRoles: ['owner'] }] }],
      '0.nav.0.platformRoles: platformRoles lists some of platform_admin, platform_support',
    ],
    [
      [{ ...insights, nav: [{ ...insights.nav[0], platformRoles: [] }] }],
      '0.nav.0.platformRoles: platformRoles lists some of platform_admin, platform_support',
    ],
  ])('refuses %j: %s', (registry, problem) => {
    expect(parseRemoteRegistry(registry)).toEqual({ success: false, problem });
  });
});

describe('a nav item for platform staff (decision 052)', () => {
  it('keeps the platform roles it names', () => {
    const platform = {
      name: 'admin-platform',
      entry: '/remotes/admin-platform/mf-manifest.json',
      basePath: '/admin/platform',
      nav: [
        { label: 'Platform', path: '/admin/platform', icon: 'building', minRole: 'support', platformRoles: ['platform_admin'] },
      ],
    };
    expect(parseRemoteEntry(platform)).toEqual({ success: true, data: platform });
  });
});

describe('parseRemoteEntry', () => {
  it('names the problem of a single entry', () => {
    expect(parseRemoteEntry(null)).toEqual({ success: false, problem: 'top level: A remote is an object' });
    expect(parseRemoteEntry(storefront)).toEqual({ success: true, data: storefront });
  });
});
