import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@tdk/shared-ui/testing';
import { FIRST_SCREEN_IDS } from '@tdk/api/contract';
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

  it('takes the registry written into the page, without asking /remotes.json', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_SCREEN_IDS.remotes;
    block.textContent = JSON.stringify([
      { name: 'storefront', entry: '/remotes/storefront/mf-manifest.json', basePath: '/', nav: [] },
    ]);
    document.body.append(block);
    try {
      renderWithPlatform(
        <RegistryProvider>
          <RemoteNames />
        </RegistryProvider>,
        { api: {} },
      );
      // Drawn in the first render: no spinner, no request (the stub answers nothing).
      expect(screen.getByText('storefront')).toBeTruthy();
    } finally {
      block.remove();
    }
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
