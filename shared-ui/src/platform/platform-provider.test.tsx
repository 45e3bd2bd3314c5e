import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { StaffUser } from '@tdk/api/contract';
import { jsonResponse } from '../test/render';
import { useToast } from '../toast/toast-provider';
import { DEFAULT_PLATFORM_CONFIG, useConfig } from './config';
import { PlatformProvider } from './platform-provider';
import { RequireRole } from '../admin/require-role';
import { useSession } from './session';

const support: StaffUser = {
  id: 4,
  email: 'support@tdksports.in',
  fullName: 'Sanjay Das',
  role: 'support',
  organisationId: 1,
  platformRole: null,
};

function Everything() {
  const session = useSession();
  const config = useConfig();
  const { toast } = useToast();
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="platform">{config.platformName}</p>
      <button type="button" onClick={() => toast({ title: 'Hello' })}>
        Toast
      </button>
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PlatformProvider', () => {
  it('provides session, config, API client and toasts from one mount', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) => {
      const path = String(url);
      if (path.endsWith('/api/auth/me')) return jsonResponse({ user: support });
      if (path.endsWith('/api/config')) return jsonResponse({ platformName: 'TDK Sports' });
      return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <PlatformProvider apiBaseUrl="http://api.test">
        <Everything />
      </PlatformProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'));
    expect(screen.getByTestId('platform').textContent).toBe('TDK Sports');
    fireEvent.click(screen.getByRole('button', { name: 'Toast' }));
    expect(screen.getByTestId('toast').textContent).toContain('Hello');
    expect(fetchMock.mock.calls.map(([u]) => String(u)).sort()).toEqual([
      'http://api.test/api/auth/me',
      'http://api.test/api/config',
    ]);
  });

  it('nested inside another PlatformProvider it reuses the outer one', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('/api/auth/me') ? jsonResponse({ user: support }) : jsonResponse({}),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <PlatformProvider>
        <PlatformProvider apiBaseUrl="http://other.test">
          <Everything />
        </PlatformProvider>
      </PlatformProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('RequireRole shows Access Denied below the required rank', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <PlatformProvider initialSession={{ status: 'signed-in', user: support }} initialConfig={DEFAULT_PLATFORM_CONFIG}>
        <RequireRole minRole="admin">
          <p>Settings</p>
        </RequireRole>
        <RequireRole minRole="support">
          <p>Dashboard</p>
        </RequireRole>
      </PlatformProvider>,
    );
    expect(screen.queryByText('Settings')).toBeNull();
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
