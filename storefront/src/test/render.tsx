import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_PLATFORM_CONFIG, PlatformProvider, type ApiClient } from '@tdk/shared-ui';

/** A stand-in API client: every call goes to `handler`, which returns the answer or throws. */
export function fakeApi(handler: (method: string, path: string, body?: unknown) => unknown): ApiClient {
  const call = async (method: string, path: string, body?: unknown) => handler(method, path, body);
  return {
    baseUrl: '',
    request: (method, path, options) => call(method, path, options?.body) as never,
    get: (path) => call('GET', path) as never,
    post: (path, body) => call('POST', path, body) as never,
    put: (path, body) => call('PUT', path, body) as never,
    patch: (path, body) => call('PATCH', path, body) as never,
    del: (path) => call('DELETE', path) as never,
  };
}

/** Renders inside the platform providers (signed out, default config) and a memory router. */
export function renderWithPlatform(ui: ReactElement, options: { api?: ApiClient; route?: string } = {}) {
  return render(
    <PlatformProvider
      apiClient={options.api ?? fakeApi(() => ({}))}
      initialSession={{ status: 'signed-out' }}
      initialConfig={DEFAULT_PLATFORM_CONFIG}
    >
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </PlatformProvider>,
  );
}
