import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '../test/render';
import { useApiQuery } from './use-api-query';

function Events({ city }: { city: string }) {
  const { data, error, loading, reload } = useApiQuery<{ title: string }[]>('/api/events', { city });
  return (
    <div>
      <p data-testid="state">{loading ? 'loading' : error ? `error:${error.code}` : (data ?? []).map((e) => e.title).join(',')}</p>
      <button type="button" onClick={reload}>
        Reload
      </button>
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useApiQuery', () => {
  it('loads, refetches when the query changes and on reload', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) => {
      const city = new URL(String(url), 'http://x').searchParams.get('city');
      return jsonResponse([{ title: `Run ${city}` }]);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { rerender } = render(<Events city="Mumbai" />);
    expect(screen.getByTestId('state').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('Run Mumbai'));
    rerender(<Events city="Pune" />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('Run Pune'));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  });

  it('exposes the ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)));
    render(<Events city="Mumbai" />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('error:internal'));
  });
});
