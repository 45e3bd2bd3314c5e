import { describe, expect, it } from 'vitest';
import { adminPageTitle } from './section-title';

const nav = [
  { label: 'Dashboard', path: '/admin', icon: 'dashboard', minRole: 'support' as const },
  { label: 'Analytics', path: '/admin/analytics', icon: 'analytics', minRole: 'manager' as const },
];

describe('adminPageTitle', () => {
  it('names the section and the platform from Settings', () => {
    expect(adminPageTitle('/admin/analytics', nav, 'Khel India')).toBe('Analytics · Khel India');
    expect(adminPageTitle('/admin', nav, 'Khel India')).toBe('Dashboard · Khel India');
    expect(adminPageTitle('/elsewhere', nav, 'Khel India')).toBe('Khel India');
  });
});
