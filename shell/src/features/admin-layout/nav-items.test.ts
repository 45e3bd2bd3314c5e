import { describe, expect, it } from 'vitest';
import type { NavItem, Role } from '@tdk/api/contract';
import { roleAtLeast } from '@tdk/shared-ui';
import { canSeeNavItem } from './nav-items';

const dashboard: NavItem = { label: 'Dashboard', path: '/admin', icon: 'layout-dashboard', minRole: 'support' };
const settings: NavItem = { label: 'Settings', path: '/admin/settings', icon: 'settings', minRole: 'admin' };
const platform: NavItem = {
  label: 'Platform',
  path: '/admin/platform',
  icon: 'building',
  minRole: 'support',
  platformRoles: ['platform_admin', 'platform_support'],
};
const as = (role: Role) => (minRole: Role) => roleAtLeast(role, minRole);

describe('canSeeNavItem', () => {
  it("follows an item's minimum role", () => {
    expect(canSeeNavItem(dashboard, { platformRole: null }, as('support'))).toBe(true);
    expect(canSeeNavItem(settings, { platformRole: null }, as('manager'))).toBe(false);
  });

  it('shows an item naming platform roles only to platform staff with one of them (decision 052)', () => {
    expect(canSeeNavItem(platform, { platformRole: null }, as('admin'))).toBe(false);
    expect(canSeeNavItem(platform, null, as('admin'))).toBe(false);
    expect(canSeeNavItem(platform, { platformRole: 'platform_support' }, as('support'))).toBe(true);
    expect(
      canSeeNavItem({ ...platform, platformRoles: ['platform_admin'] }, { platformRole: 'platform_support' }, as('support')),
    ).toBe(false);
  });
});
