import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@tdk/shared-ui/testing';
import { RegistryProvider, useRemotes } from './registry-context';

vi.mock('./remote-loader', () => ({ registerRemoteEntries: vi.fn() }));

function RemoteNames() {
  return (
    <p>
      {useRemotes()
        .map((remote) => remote.name)
        .join(', ')}
    </p>
  );
}

function serveRegistry(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RegistryProvider', () => {
  it('hands the parsed remotes to the routes', async () => {
    serveRegistry([{ name: 'storefront', entry: '/remotes/storefront/mf-manifest.json', basePath: '/', nav: [] }]);
    renderWithPlatform(
      <RegistryProvider>
        <RemoteNames />
      </RegistryProvider>,
    );
    expect(await screen.findByText('storefront')).toBeTruthy();
  });

  it('shows the unavailable page, with Retry, for a malformed registry instead of loading it', async () => {
    serveRegistry([{ name: 'storefront', entry: '/remotes/storefront/mf-manifest.json', basePath: 'no-slash', nav: [] }]);
    renderWithPlatform(
      <RegistryProvider>
        <RemoteNames />
      </RegistryProvider>,
    );
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
    expect(screen.queryByText('storefront')).toBeNull();
  });
});
