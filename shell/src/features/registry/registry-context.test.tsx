import { describe, expect, it, vi } from 'vitest';
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

const registry = (body: unknown) => ({ 'GET /remotes.json': body });

describe('RegistryProvider', () => {
  it('hands the parsed remotes to the routes', async () => {
    renderWithPlatform(
      <RegistryProvider>
        <RemoteNames />
      </RegistryProvider>,
      { api: registry([{ name: 'storefront', entry: '/remotes/storefront/mf-manifest.json', basePath: '/', nav: [] }]) },
    );
    expect(await screen.findByText('storefront')).toBeTruthy();
  });

  it('shows the unavailable page, with Retry, for a malformed registry instead of loading it', async () => {
    renderWithPlatform(
      <RegistryProvider>
        <RemoteNames />
      </RegistryProvider>,
      { api: registry([{ name: 'storefront', entry: '/remotes/storefront/mf-manifest.json', basePath: 'no-slash', nav: [] }]) },
    );
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
    expect(screen.queryByText('storefront')).toBeNull();
  });
});
