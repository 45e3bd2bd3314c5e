import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { StaffUser } from '@tdk/api/contract';
import { jsonResponse, renderWithProviders } from '../test/render';
import { ApiProvider } from './api-context';
import { setFirstScreenResponses } from './first-screen';
import { SessionProvider, useSession } from './session';

const manager: StaffUser = {
  id: 2,
  email: 'manager@tdksports.in',
  fullName: 'Meera Iyer',
  role: 'manager',
  organisationId: 1,
  platformRole: null,
};

function SessionProbe() {
  const session = useSession();
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="name">{session.user?.fullName ?? ''}</p>
      <p data-testid="roles">
        {(['support', 'coordinator', 'manager', 'admin'] as const).filter((r) => session.hasRole(r)).join(',')}
      </p>
      <button type="button" onClick={() => void session.signIn('manager@tdksports.in', 'secret').catch(() => {})}>
        Sign in
      </button>
      <button type="button" onClick={() => void session.signOut()}>
        Sign out
      </button>
    </div>
  );
}

function renderSession() {
  return renderWithProviders(
    <ApiProvider>
      <SessionProvider>
        <SessionProbe />
      </SessionProvider>
    </ApiProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('starts loading, then is signed in when /api/auth/me answers 200 { user }', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ user: manager }));
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'));
    expect(screen.getByTestId('name').textContent).toBe('Meera Iyer');
    expect(screen.getByTestId('roles').textContent).toBe('support,coordinator,manager');
    expect(String((fetchMock.mock.calls as unknown[][])[0]![0])).toBe('/api/auth/me');
  });

  it('starts signed out, asking nothing, on a page the API drew for a visitor without a session', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ user: manager }));
    vi.stubGlobal('fetch', fetchMock);
    setFirstScreenResponses({ '/api/auth/me': { user: null } });
    try {
      renderSession();
      expect(screen.getByTestId('status').textContent).toBe('signed-out');
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.getByTestId('status').textContent).toBe('signed-out');
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      setFirstScreenResponses(undefined);
    }
  });

  it('asks the API when the drawn page names a user (only the API may say who is signed in)', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ user: manager }));
    vi.stubGlobal('fetch', fetchMock);
    setFirstScreenResponses({ '/api/auth/me': { user: manager } });
    try {
      renderSession();
      expect(screen.getByTestId('status').textContent).toBe('loading');
      await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'));
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      setFirstScreenResponses(undefined);
    }
  });

  it('is signed out when /api/auth/me answers 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'unauthorized', message: 'Not signed in' } }, 401)),
    );
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));
    expect(screen.getByTestId('name').textContent).toBe('');
    expect(screen.getByTestId('roles').textContent).toBe('');
  });

  it('is signed out when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));
  });

  it('signs in with POST /api/auth/login and out with POST /api/auth/logout', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const path = String(url);
      if (path === '/api/auth/me') return jsonResponse({ error: { code: 'unauthorized', message: 'Not signed in' } }, 401);
      if (path === '/api/auth/login') {
        expect(init?.method).toBe('POST');
        expect(JSON.parse(String(init?.body))).toEqual({ email: 'manager@tdksports.in', password: 'secret' });
        return jsonResponse({ user: manager });
      }
      if (path === '/api/auth/logout') return new Response(null, { status: 204 });
      throw new Error(`unexpected ${path}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'));
    expect(screen.getByTestId('name').textContent).toBe('Meera Iyer');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/me', '/api/auth/login', '/api/auth/logout']);
  });

  it('a failed sign-in rejects with the API message and stays signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        String(url) === '/api/auth/me'
          ? jsonResponse({ error: { code: 'unauthorized', message: 'Not signed in' } }, 401)
          : jsonResponse({ error: { code: 'invalid_credentials', message: 'Invalid password' } }, 401),
      ),
    );
    let captured: unknown;
    function Login() {
      const session = useSession();
      return (
        <button type="button" onClick={() => session.signIn('a@b.in', 'bad').catch((e: unknown) => (captured = e))}>
          Go
        </button>
      );
    }
    renderWithProviders(
      <SessionProvider>
        <Login />
        <SessionProbe />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    });
    await waitFor(() => expect(captured).toMatchObject({ status: 401, message: 'Invalid password' }));
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
  });

  it('honours initialState without calling the API', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <SessionProvider initialState={{ status: 'signed-in', user: { ...manager, role: 'admin' } }}>
        <SessionProbe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('roles').textContent).toBe('support,coordinator,manager,admin');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('useSession outside a provider fails loudly', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithProviders(<SessionProbe />)).toThrow(/SessionProvider/);
  });
});
