// The waiting page (decision 032): the countdown and joining before the on-sale, the place in a
// polite live region while in line, the turn to book, and sold out with the waiting list; the event
// page's notice for a queued sale.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { QueueStatusResponse } from '@tdk/api/contract';
import { anEvent, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { WaitingRoomPage } from './waiting-room-page';

const status = (over: Partial<QueueStatusResponse>): QueueStatusResponse => ({
  eventId: 5,
  state: 'open',
  onSaleAt: new Date(Date.now() - 60_000).toISOString(),
  place: 'waiting',
  position: 1_204,
  ahead: 1_203,
  inLine: 40_000,
  estimatedWaitMinutes: 5,
  ratePerMinute: 250,
  seatsLeft: 800,
  entryToken: null,
  entryExpiresAt: null,
  retryAfterMs: 60_000,
  ...over,
});

function renderPage(api: StubRoutes) {
  return renderWithPlatform(<WaitingRoomPage />, { path: '/event/:id/queue', route: '/event/5/queue', api });
}

describe('the waiting page', () => {
  it('counts down before the on-sale and joins the pre-queue', async () => {
    const before = status({
      state: 'before',
      onSaleAt: new Date(Date.now() + 3_600_000).toISOString(),
      place: 'none',
      position: null,
      ahead: null,
      inLine: 12,
    });
    const { api } = renderPage({
      'GET /api/events/:id/queue': before,
      'POST /api/events/:id/queue': { ...before, place: 'waiting', inLine: 13 },
    });
    expect(await screen.findByTestId('queue-countdown')).toBeTruthy();
    expect(screen.getByText('People in the queue: 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join the queue' }));
    await waitFor(() => expect(api.calls('POST /api/events/:id/queue')).toHaveLength(1));
    expect(await screen.findByText(/You are in the queue/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the queue' })).toBeNull();
  });

  it('reads the place, the people ahead, the wait and the seats left in a polite live region', async () => {
    renderPage({ 'GET /api/events/:id/queue': status({}) });
    const live = await screen.findByTestId('queue-live');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toContain('Your place in line: 1,204');
    expect(live.textContent).toContain('People ahead of you: 1,203');
    expect(live.textContent).toContain('Estimated wait: about 5 min at the current pace');
    expect(live.textContent).toContain('Seats left: 800');
  });

  it("offers booking on the browser's turn, and the waiting list once sold out", async () => {
    renderPage({
      'GET /api/events/:id/queue': status({
        place: 'admitted',
        position: null,
        entryToken: 't',
        entryExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
    });
    expect(await screen.findByText('It is your turn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book your tickets' })).toBeTruthy();
  });

  it('says sold out and offers the waiting list', async () => {
    renderPage({ 'GET /api/events/:id/queue': status({ state: 'closed', place: 'waiting' }) });
    expect(await screen.findByText(/This event is sold out/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeTruthy();
  });

  it('sends a visitor of an event without a queue back to it', async () => {
    renderPage({
      'GET /api/events/:id/queue': status({ state: 'off', place: 'none' }),
      'GET /api/events/:id': { event: anEvent({ id: 5 }) },
    });
    expect(await screen.findByText('This event has no queue: book on the event page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the event' }).getAttribute('href')).toBe('/event/5');
  });

  it('offers a fresh visitor the queue while it is live, never "no queue", and names the event', async () => {
    const fresh = status({ place: 'none', position: null, ahead: null, inLine: 321 });
    const { api } = renderPage({
      'GET /api/events/:id/queue': fresh,
      'POST /api/events/:id/queue': { ...fresh, place: 'waiting', position: 322, ahead: 321 },
      'GET /api/events/:id': { event: anEvent({ id: 5, title: 'Pune Night Run', venue: 'Shivaji Stadium' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting room: Pune Night Run' })).toBeTruthy();
    expect(screen.getByTestId('queue-event').textContent).toContain('Shivaji Stadium');
    expect(screen.queryByText(/This event has no queue/)).toBeNull();
    expect(screen.getByText('People in the queue: 321')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join the queue' }));
    await waitFor(() => expect(api.calls('POST /api/events/:id/queue')).toHaveLength(1));
    expect(await screen.findByText('Your place in line: 322')).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Pune Night Run'));
  });
});
