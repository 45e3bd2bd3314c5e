import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { jsonResponse } from '../test/render';
import { ConfigProvider, DEFAULT_PLATFORM_CONFIG, useConfig } from './config';
import { PUBLIC_CITIES } from '@tdk/api/contract';

function ConfigProbe() {
  const config = useConfig();
  return (
    <div>
      <p data-testid="loading">{String(config.loading)}</p>
      <p data-testid="name">{config.platformName}</p>
      <p data-testid="cities">{config.cities.join(',')}</p>
      <p data-testid="sdk">{config.payments.sdkUrl}</p>
      <p data-testid="error">{config.error ? config.error.message : ''}</p>
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConfigProvider', () => {
  it('loads GET /api/config once and exposes it', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        ...DEFAULT_PLATFORM_CONFIG,
        platformName: 'TDK Sports Test',
        cities: ['Mumbai', 'Pune'],
        payments: { provider: 'cashfree', mode: 'sandbox', sdkUrl: '/emulator/cashfree/cashfree.js', emulated: true },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ConfigProvider>
        <ConfigProbe />
        <ConfigProbe />
      </ConfigProvider>,
    );
    expect(screen.getAllByTestId('loading')[0]!.textContent).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('loading')[0]!.textContent).toBe('false'));
    expect(screen.getAllByTestId('name')[0]!.textContent).toBe('TDK Sports Test');
    expect(screen.getAllByTestId('cities')[0]!.textContent).toBe('Mumbai,Pune');
    expect(screen.getAllByTestId('sdk')[0]!.textContent).toBe('/emulator/cashfree/cashfree.js');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to the product defaults when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)),
    );
    renderWithProviders(
      <ConfigProvider>
        <ConfigProbe />
      </ConfigProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('loading').textContent).toBe('false'));
    expect(screen.getByTestId('name').textContent).toBe('TDK Sports');
    expect(screen.getByTestId('cities').textContent).toContain('Mumbai');
    expect(screen.getByTestId('cities').textContent?.split(',')).toEqual([...PUBLIC_CITIES]);
    expect(screen.getByTestId('error').textContent).toBe('Boom');
  });

  it('returns the defaults outside a provider', () => {
    render(<ConfigProbe />);
    expect(screen.getByTestId('name').textContent).toBe('TDK Sports');
    expect(screen.getByTestId('loading').textContent).toBe('false');
  });
});
