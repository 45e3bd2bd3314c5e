import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { EventsResponse, SportEvent } from '@tdk/api/contract';
import { DEFAULT_PLATFORM_CONFIG } from '@tdk/shared-ui';
import { anEvent, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { HomePage, POPULAR_COUNT } from './home-page';

const catalogue: SportEvent[] = Array.from({ length: 20 }, (_, i) =>
  anEvent({ id: i + 1, title: `Pune Run ${i + 1}`, date: `2026-12-${String(i + 1).padStart(2, '0')}`, location: 'Pune' }),
);

function pageOf(request: StubbedRequest): EventsResponse {
  const limit = Number(request.query.get('limit'));
  const start = Number(request.query.get('cursor') ?? 0);
  return {
    events: catalogue.slice(start, start + limit),
    nextCursor: start + limit < catalogue.length ? String(start + limit) : null,
  };
}

// jsdom draws nothing: the hero's canvas has no context here, as in a browser without one.
// Not a vi mock: the config restores mocks after each test, and the hero asks in a late effect.
const jsdomGetContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof jsdomGetContext;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = jsdomGetContext;
});
afterEach(() => localStorage.clear());

describe('Home: the pages it asks for', () => {
  it('asks for the Popular Events it shows, with View All and no Load more', async () => {
    const { api } = renderWithPlatform(<HomePage />, { route: '/?city=Pune', api: { 'GET /api/events': pageOf } });
    await screen.findByText(`Pune Run ${POPULAR_COUNT}`);
    expect(screen.getAllByTestId('event-card')).toHaveLength(POPULAR_COUNT);
    expect(api.calls('GET /api/events').map((r) => r.query.toString())).toEqual([`city=Pune&limit=${POPULAR_COUNT}`]);
    expect(screen.getByRole('link', { name: 'View All' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more events' })).toBeNull();
  });

  it('shows a search a grid page at a time, with Load more', async () => {
    const { api } = renderWithPlatform(<HomePage />, { route: '/?city=Pune&search=run', api: { 'GET /api/events': pageOf } });
    await screen.findByText('Pune Run 12');
    expect(screen.getAllByTestId('event-card')).toHaveLength(12);
    expect(api.calls('GET /api/events')[0]!.query.toString()).toBe('city=Pune&q=run&limit=12');
    fireEvent.click(screen.getByRole('button', { name: 'Load more events' }));
    await screen.findByText('Pune Run 20');
    expect(screen.queryByRole('button', { name: 'Load more events' })).toBeNull();
  });
});

describe('Home: the brand', () => {
  it("colours the hero's glow and dusk, and a sport without its own art, with the brand colour from Settings", async () => {
    const { container } = renderWithPlatform(<HomePage />, {
      route: '/',
      config: { ...DEFAULT_PLATFORM_CONFIG, primaryColor: '#1D4ED8' },
      api: {
        'GET /api/events': () => ({ events: [anEvent({ id: 1, title: 'Online Chess', category: 'Other' })], nextCursor: null }),
      },
    });
    await screen.findAllByText('Online Chess');
    const glow = [...container.querySelectorAll('#hero-glow stop')].map((stop) => stop.getAttribute('stop-color'));
    expect(glow).toEqual(['#1D4ED8', '#1D4ED8']);
    expect(container.querySelector('#hero-sky stop:last-child')!.getAttribute('stop-color')).not.toBe('#7C2D12');
    const art = container.querySelector<HTMLImageElement>('[data-testid="event-art"][data-sport="other"]')!;
    expect(decodeURIComponent(art.src)).toContain('stop-color="#1D4ED8"');
  });
});
