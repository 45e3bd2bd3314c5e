import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '../support/console';
import { pointRemote, resetRegistry } from '../support/registry';
import { serveFolder } from '../support/static-server';
import { signIn } from '../support/staff';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

test.afterEach(() => resetRegistry());
test.beforeEach(async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin');
});

test('React and the other singletons are loaded once across host and remotes', async ({ page }) => {
  // React's production builds carry this URL in their error messages; no remote may ship one.
  const remoteScriptsWithReact: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().includes('/remotes/')) return;
    if ((await response.text()).includes('react.dev/errors/')) remoteScriptsWithReact.push(response.url());
  });
  await page.goto('/');
  await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
  // Navigate inside the single-page app, so one page load uses all three remotes.
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.locator('[data-remote="admin-insights"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' }).click();
  await expect(page.locator('[data-remote="admin-events"]')).toBeVisible();

  // One registered, loaded copy per singleton, provided by the shell and used by the remotes.
  const shares = await page.evaluate(() => {
    type Share = { loaded?: boolean; from: string; useIn: string[] };
    const all = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Share>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    // Every federation instance lists the scope; the same share object seen twice is one copy.
    const seen = new Set<Share>();
    const copies: Record<string, { version: string; from: string; useIn: string[] }[]> = {};
    for (const scopes of Object.values(all)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, share] of Object.entries(versions)) {
            if (!share.loaded || seen.has(share)) continue;
            seen.add(share);
            (copies[name] ??= []).push({ version, from: share.from, useIn: share.useIn });
          }
        }
      }
    }
    return copies;
  });
  for (const singleton of ['react', 'react/jsx-runtime', '@tdk/shared-ui/router', 'styled-components', '@tdk/shared-ui']) {
    expect(shares[singleton], singleton).toHaveLength(1);
    expect(shares[singleton][0].from, singleton).toBe('shell');
    expect(shares[singleton][0].useIn, singleton).toEqual(expect.arrayContaining(['storefront']));
  }
  expect(shares['react-dom'], 'react-dom').toHaveLength(1);
  expect(remoteScriptsWithReact).toEqual([]);
});

test('a remote whose entry is unreachable shows the fallback while the others work', async ({ page, browserConsole }) => {
  browserConsole.allow(/admin-tickets|admin_tickets|RUNTIME-|Failed to load resource|ERR_CONNECTION_REFUSED|mf-manifest/);
  pointRemote('admin-tickets', 'http://127.0.0.1:9/mf-manifest.json');

  await page.goto('/admin/tickets');
  await expect(page.getByText('This section is unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events Management' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular Events' })).toBeVisible();
});

test('Retry loads a remote that has come back', async ({ page, browserConsole }) => {
  browserConsole.allow(/admin-tickets|admin_tickets|RUNTIME-|Failed to load resource|ERR_CONNECTION_REFUSED|mf-manifest/);
  pointRemote('admin-tickets', 'http://127.0.0.1:9/mf-manifest.json');
  await page.goto('/admin/tickets');
  await expect(page.getByText('This section is unavailable')).toBeVisible();

  resetRegistry();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets Management' })).toBeVisible();
});

test('a remote repointed to a new build is picked up on reload without restarting the server', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/admin');
  const original = await page.locator('[data-remote="admin-insights"]').getAttribute('data-build');

  // Build admin-insights alone, into a folder the platform knows nothing about, and host it elsewhere.
  const buildId = `redeploy-${Date.now()}`;
  const output = mkdtempSync(path.join(tmpdir(), 'tdk-redeploy-'));
  const build = spawnSync('npx', ['rspack', 'build'], {
    cwd: path.join(repoRoot, 'admin-insights'),
    env: { ...process.env, BUILD_ID: buildId, OUTPUT_PATH: output },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  const host = await serveFolder(output);
  try {
    pointRemote('admin-insights', `${host.url}/mf-manifest.json`);
    await page.reload();
    await expect(page.locator('[data-remote="admin-insights"]')).toHaveAttribute('data-build', buildId);
    expect(buildId).not.toBe(original);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The other sections still come from their own, unchanged builds.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.locator('[data-remote="admin-events"]')).toBeVisible();
  } finally {
    await host.close();
  }
});
