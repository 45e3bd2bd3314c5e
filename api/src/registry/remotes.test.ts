import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RemoteEntry } from '../contract';
import { createTestApp, tempDir, type TestApp } from '../testing/test-app';
import { createRemoteRegistry } from './remotes';

const byName = (remotes: RemoteEntry[], name: string) => remotes.find((r) => r.name === name);

describe('remote registry', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('tdk-remotes-');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to each remote’s local build, with the sidebar in the agreed order', () => {
    const remotes = createRemoteRegistry({}).list();
    expect(remotes.map((r) => [r.name, r.basePath, r.entry])).toEqual([
      ['storefront', '/', '/remotes/storefront/mf-manifest.json'],
      ['admin-insights', '/admin', '/remotes/admin-insights/mf-manifest.json'],
      ['admin-events', '/admin/events', '/remotes/admin-events/mf-manifest.json'],
      ['admin-tickets', '/admin/tickets', '/remotes/admin-tickets/mf-manifest.json'],
      ['admin-registrations', '/admin/registrations', '/remotes/admin-registrations/mf-manifest.json'],
      ['admin-platform', '/admin/platform', '/remotes/admin-platform/mf-manifest.json'],
    ]);
    const sidebar = remotes.flatMap((r) => r.nav).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    expect(sidebar.map((n) => `${n.label} ${n.path} ${n.icon} ${n.minRole}`)).toEqual([
      'Dashboard /admin layout-dashboard support',
      'Events /admin/events calendar support',
      'Tickets /admin/tickets ticket support',
      'Registrations /admin/registrations clipboard-list support',
      'Gate Check-in /admin/registrations/check-in scan coordinator',
      'Invoices /admin/registrations/invoices file-text manager',
      'Users /admin/users users admin',
      'Analytics /admin/analytics bar-chart manager',
      'Settings /admin/settings settings admin',
      'Platform /admin/platform building support',
    ]);
    // The platform staff's section is shown to them only (decision 052).
    expect(remotes.find((r) => r.name === 'admin-platform')!.nav[0]!.platformRoles).toEqual([
      'platform_admin',
      'platform_support',
    ]);
  });

  it('builds the list again only when the registry file’s text changes', () => {
    const file = join(dir, 'memo.json');
    writeFileSync(file, JSON.stringify({ 'admin-tickets': 'https://cdn.example.com/t/v1/mf-manifest.json' }));
    const registry = createRemoteRegistry({ remotesFile: file });
    const first = registry.list();
    expect(registry.list()).toBe(first);
    writeFileSync(file, JSON.stringify({ 'admin-tickets': 'https://cdn.example.com/t/v2/mf-manifest.json' }));
    const second = registry.list();
    expect(second).not.toBe(first);
    expect(byName(second, 'admin-tickets')!.entry).toBe('https://cdn.example.com/t/v2/mf-manifest.json');
    rmSync(file);
    expect(byName(registry.list(), 'admin-tickets')!.entry).toBe('/remotes/admin-tickets/mf-manifest.json');
  });

  it('lets REMOTE_<NAME>_URL override a default, and the file override both', () => {
    const file = join(dir, 'precedence.json');
    writeFileSync(file, JSON.stringify({ 'admin-tickets': 'https://cdn.example.com/tickets/v7/mf-manifest.json' }));
    const registry = createRemoteRegistry({
      remoteUrls: {
        'admin-events': 'https://cdn.example.com/events/mf-manifest.json',
        'admin-tickets': 'https://env.example.com/tickets/mf-manifest.json',
      },
      remotesFile: file,
    });
    const remotes = registry.list();
    expect(byName(remotes, 'admin-events')!.entry).toBe('https://cdn.example.com/events/mf-manifest.json');
    expect(byName(remotes, 'admin-tickets')!.entry).toBe('https://cdn.example.com/tickets/v7/mf-manifest.json');
    expect(byName(remotes, 'storefront')!.entry).toBe('/remotes/storefront/mf-manifest.json');
  });

  it('merges array entries by name and may add a new remote', () => {
    const file = join(dir, 'array.json');
    writeFileSync(
      file,
      JSON.stringify([
        { name: 'storefront', entry: 'http://localhost:3101/mf-manifest.json' },
        {
          name: 'admin-reports',
          entry: '/remotes/admin-reports/mf-manifest.json',
          basePath: '/admin/reports',
          nav: [{ label: 'Reports', path: '/admin/reports', icon: 'file-text', minRole: 'manager', order: 65 }],
        },
      ]),
    );
    const remotes = createRemoteRegistry({ remotesFile: file }).list();
    expect(byName(remotes, 'storefront')).toEqual({
      name: 'storefront',
      entry: 'http://localhost:3101/mf-manifest.json',
      basePath: '/',
      nav: [],
    });
    expect(byName(remotes, 'admin-reports')!.nav[0].label).toBe('Reports');
    expect(remotes).toHaveLength(7);
  });

  it('falls back to env and defaults when the file is broken or missing, and says so once', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ not json');
    const log = vi.fn();
    const registry = createRemoteRegistry({
      remoteUrls: { storefront: 'https://env.example.com/sf.json' },
      remotesFile: file,
      log,
    });
    expect(byName(registry.list(), 'storefront')!.entry).toBe('https://env.example.com/sf.json');
    registry.list();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain('broken.json');

    writeFileSync(file, JSON.stringify([{ name: 'Bad Name!' }]));
    expect(registry.list()).toHaveLength(6);
    expect(log).toHaveBeenCalledTimes(2);

    const quiet = vi.fn();
    const missing = createRemoteRegistry({ remotesFile: join(dir, 'nope.json'), log: quiet }).list();
    expect(byName(missing, 'storefront')!.entry).toBe('/remotes/storefront/mf-manifest.json');
    // A configured file that does not exist yet just means no overrides.
    expect(quiet).not.toHaveBeenCalled();
  });
});

describe('GET /remotes.json', () => {
  let t: TestApp;
  let fileDir: string;
  let file: string;
  beforeAll(async () => {
    fileDir = tempDir('tdk-remotes-app-');
    file = join(fileDir, 'remotes.json');
    t = await createTestApp(
      { REMOTES_FILE: file, REMOTE_ADMIN_EVENTS_URL: 'https://cdn.example.com/admin-events/mf-manifest.json' },
      { seed: false },
    );
  });
  afterAll(() => {
    t.close();
    rmSync(fileDir, { recursive: true, force: true });
  });

  const fetchRemotes = async () => {
    const res = await t.app.request('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as RemoteEntry[];
  };

  it('serves the registry with env overrides, and picks up registry file edits without a rebuild', async () => {
    const initial = await fetchRemotes();
    expect(byName(initial, 'admin-events')!.entry).toBe('https://cdn.example.com/admin-events/mf-manifest.json');
    expect(byName(initial, 'admin-tickets')!.entry).toBe('/remotes/admin-tickets/mf-manifest.json');

    writeFileSync(file, JSON.stringify({ 'admin-tickets': 'https://cdn.example.com/admin-tickets/v2/mf-manifest.json' }));
    expect(byName(await fetchRemotes(), 'admin-tickets')!.entry).toBe(
      'https://cdn.example.com/admin-tickets/v2/mf-manifest.json',
    );

    writeFileSync(file, JSON.stringify({ 'admin-tickets': 'https://cdn.example.com/admin-tickets/v3/mf-manifest.json' }));
    expect(byName(await fetchRemotes(), 'admin-tickets')!.entry).toBe(
      'https://cdn.example.com/admin-tickets/v3/mf-manifest.json',
    );

    rmSync(file);
    expect(byName(await fetchRemotes(), 'admin-tickets')!.entry).toBe('/remotes/admin-tickets/mf-manifest.json');
  });
});
