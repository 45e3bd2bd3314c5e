import { describe, expect, it } from 'vitest';
import type { NavItem } from '@tdk/api/contract';
import { minimumRoleFor } from './page-role';

const nav: NavItem[] = [
  { label: 'Dashboard', path: '/admin', icon: 'x', minRole: 'support' },
  { label: 'Events', path: '/admin/events', icon: 'x', minRole: 'support' },
  { label: 'Analytics', path: '/admin/analytics', icon: 'x', minRole: 'manager' },
  { label: 'Users', path: '/admin/users', icon: 'x', minRole: 'admin' },
];

describe('minimum role of an admin page', () => {
  it('takes the role of the nav entry for that page', () => {
    expect(minimumRoleFor('/admin', nav)).toBe('support');
    expect(minimumRoleFor('/admin/', nav)).toBe('support');
    expect(minimumRoleFor('/admin/analytics', nav)).toBe('manager');
    expect(minimumRoleFor('/admin/events/12', nav)).toBe('support');
  });

  it('does not let the dashboard entry cover other pages', () => {
    expect(minimumRoleFor('/admin/secret', nav)).toBe('admin');
  });

  it('does not match a look-alike prefix', () => {
    expect(minimumRoleFor('/admin/users-export', nav)).toBe('admin');
  });
});
