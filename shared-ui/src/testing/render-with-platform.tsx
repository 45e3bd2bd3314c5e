import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CurrentOrganisation, PlatformConfig, StaffUser } from '@tdk/api/contract';
import { DEFAULT_PLATFORM_CONFIG } from '../platform/config';
import { PlatformProvider } from '../platform/platform-provider';
import type { SessionState } from '../platform/session';
import { stubApi, type StubbedApi, type StubRoutes } from './stub-api';

export interface RenderWithPlatformOptions {
  /** The API's answers by route (see stubApi), or a ready stub. Unstubbed routes answer 404. */
  api?: StubRoutes | StubbedApi;
  /** A staff user to be signed in as, 'signed-out' (the default) or 'loading'. */
  session?: StaffUser | 'signed-out' | 'loading';
  /** The organisation the signed-in user acts in (decision 051); none when absent. */
  organisation?: CurrentOrganisation;
  /** The platform config; the defaults when absent. */
  config?: PlatformConfig;
  /** The URL to start at, e.g. '/admin/users?tab=audit'. */
  route?: string;
  /** A route pattern for `ui`, e.g. '/event/:id', so useParams works. */
  path?: string;
}

const isStub = (api: StubRoutes | StubbedApi): api is StubbedApi =>
  typeof (api as StubbedApi).fetch === 'function' && Array.isArray((api as StubbedApi).requests);

/** A cache for one test: no retries (a failure shows at once) and nothing kept between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Mounts a screen as the shell would (theme, typed API client, query cache, config, session,
 * toasts, a router) against a stubbed API, so a team tests its section alone:
 *
 *   const { api } = renderWithPlatform(<UsersPage />, {
 *     session: admin,
 *     api: { 'GET /api/admin/users': { users: [alice] } },
 *   });
 *   expect(await screen.findByRole('cell', { name: 'Alice' })).toBeTruthy();
 */
export function renderWithPlatform(ui: ReactElement, options: RenderWithPlatformOptions = {}) {
  const api = options.api && isStub(options.api) ? options.api : stubApi(options.api ?? {});
  const queryClient = createTestQueryClient();
  const session: SessionState =
    options.session === undefined || options.session === 'signed-out'
      ? { status: 'signed-out' }
      : options.session === 'loading'
        ? { status: 'loading' }
        : { status: 'signed-in', user: options.session, organisation: options.organisation };
  const route = options.route ?? options.path?.replace(/:[^/]+/g, '1') ?? '/';
  const result = render(
    <PlatformProvider
      apiFetch={api.fetch}
      queryClient={queryClient}
      initialSession={session}
      initialConfig={options.config ?? DEFAULT_PLATFORM_CONFIG}
    >
      <MemoryRouter initialEntries={[route]}>
        {options.path ? (
          <Routes>
            <Route path={options.path} element={ui} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </PlatformProvider>,
  );
  return { ...result, api, queryClient };
}
