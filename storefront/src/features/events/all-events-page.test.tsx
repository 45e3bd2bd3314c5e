import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { EventsResponse, SportEvent } from '@tdk/api/contract';
import { createQueryClient, DEFAULT_PLATFORM_CONFIG, PlatformProvider, setFirstScreenResponses } from '@tdk/shared-ui';
import { anEvent, errorResponse, renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { AllEventsPage } from './all-events-page';
import { eventListKey } from './queries';

// Thirty upcoming events in Mumbai, in the API's order.
const catalogue: SportEvent[] = Array.from({ length: 30 }, (_, i) =>
  anEvent({
    id: i + 1,
    title: `Mumbai Event ${String(i + 1).padStart(2, '0')}`,
    date: `2026-12-${String(i + 1).padStart(2, '0')}`,
    location: 'Mumbai',
  }),
);

/** The API's paging over `events`: the cursor here is the index of the next event. */
function pageOf(events: SportEvent[], request: StubbedRequest): EventsResponse {
  const limit = Number(request.query.get('limit'));
  const start = Number(request.query.get('cursor') ?? 0);
  const end = start + limit;
  return { events: events.slice(start, end), nextCursor: end < events.length ? String(end) : null };
}

const titles = () => screen.getAllByTestId('event-card').map((card) => within(card).getByRole('heading').textContent);
const loadMoreButton = () => screen.queryByRole('button', { name: /Load(ing)? more events/ });

afterEach(() => localStorage.clear());

describe('All Events: a page at a time', () => {
  it('shows the first page, and Load more appends the next pages until the list ends', async () => {
    const { api } = renderWithPlatform(<AllEventsPage />, {
      route: '/events',
      api: { 'GET /api/events': (request: StubbedRequest) => pageOf(catalogue, request) },
    });
    await screen.findByText('Mumbai Event 12');
    expect(titles()).toEqual(catalogue.slice(0, 12).map((e) => e.title));
    expect(api.calls('GET /api/events')[0]!.query.toString()).toBe('city=Mumbai&limit=12');

    fireEvent.click(loadMoreButton()!);
    await screen.findByText('Mumbai Event 24');
    expect(titles()).toEqual(catalogue.slice(0, 24).map((e) => e.title));
    expect(api.calls('GET /api/events')[1]!.query.get('cursor')).toBe('12');

    fireEvent.click(loadMoreButton()!);
    await screen.findByText('Mumbai Event 30');
    expect(titles()).toEqual(catalogue.map((e) => e.title));
    // The last page has no next one: the button goes.
    expect(loadMoreButton()).toBeNull();
    expect(api.calls('GET /api/events')).toHaveLength(3);
  });

  it('offers no Load more when the first page is the whole list', async () => {
    renderWithPlatform(<AllEventsPage />, {
      route: '/events',
      api: { 'GET /api/events': (request: StubbedRequest) => pageOf(catalogue.slice(0, 5), request) },
    });
    await screen.findByText('Mumbai Event 05');
    expect(screen.getAllByTestId('event-card')).toHaveLength(5);
    expect(loadMoreButton()).toBeNull();
  });

  it('is busy while the next page comes, then moves focus to the first new card and says how many came', async () => {
    let release: () => void = () => {};
    const api = stubApi({
      'GET /api/events': async (request: StubbedRequest) => {
        if (request.query.get('cursor')) await new Promise<void>((resolve) => (release = resolve));
        return pageOf(catalogue.slice(0, 20), request);
      },
    });
    renderWithPlatform(<AllEventsPage />, { route: '/events', api });
    await screen.findByText('Mumbai Event 12');
    const button = loadMoreButton()!;
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Loading more events…'));
    expect(button.getAttribute('aria-busy')).toBe('true');
    // A second press while busy asks for nothing more.
    fireEvent.click(button);
    await act(async () => release());
    await screen.findByText('Mumbai Event 20');
    expect(api.calls('GET /api/events')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Mumbai Event 13' }));
    expect(screen.getByText('8 more events loaded')).toBeTruthy();
    expect(loadMoreButton()).toBeNull();
  });

  it('keeps the events shown when Load more fails, and tries again', async () => {
    let failNext = true;
    renderWithPlatform(<AllEventsPage />, {
      route: '/events',
      api: {
        'GET /api/events': (request: StubbedRequest) => {
          if (request.query.get('cursor') && failNext) {
            failNext = false;
            return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.');
          }
          return pageOf(catalogue, request);
        },
      },
    });
    await screen.findByText('Mumbai Event 12');
    fireEvent.click(loadMoreButton()!);
    expect((await screen.findByTestId('load-more-error')).textContent).toBe('Could not load more events. Please try again.');
    expect(screen.getAllByTestId('event-card')).toHaveLength(12);
    // Not the samples: the API's own events stay, without the list's load error.
    expect(screen.queryByTestId('events-error')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(loadMoreButton()));
    fireEvent.click(loadMoreButton()!);
    await screen.findByText('Mumbai Event 24');
    expect(screen.queryByTestId('load-more-error')).toBeNull();
  });

  it('starts again from the first page when a filter changes', async () => {
    const { api } = renderWithPlatform(<AllEventsPage />, {
      route: '/events',
      api: {
        'GET /api/events': (request: StubbedRequest) =>
          pageOf(
            request.query.get('category')
              ? catalogue.slice(0, 14).map((e) => ({ ...e, category: 'Running', title: `Run ${e.id}` }))
              : catalogue,
            request,
          ),
      },
    });
    await screen.findByText('Mumbai Event 12');
    fireEvent.click(loadMoreButton()!);
    await screen.findByText('Mumbai Event 24');
    fireEvent.click(screen.getByRole('button', { name: 'Running' }));
    await screen.findByText('Run 12');
    const running = api.calls('GET /api/events').at(-1)!;
    expect(running.query.get('category')).toBe('running');
    expect(running.query.get('cursor')).toBeNull();
    expect(screen.getAllByTestId('event-card')).toHaveLength(12);
    fireEvent.click(loadMoreButton()!);
    await screen.findByText('Run 14');
    expect(loadMoreButton()).toBeNull();
  });

  it('renders the first page the page was served with without asking the API, and goes on from its cursor', async () => {
    const api = stubApi({ 'GET /api/events': (request: StubbedRequest) => pageOf(catalogue, request) });
    // The platform's own cache (fresh for 30 s): the page's answer is not asked for again at once.
    const queryClient = createQueryClient();
    // What the API wrote into the visitor's page: city Mumbai (the default choice), a grid page.
    setFirstScreenResponses({ '/api/events?city=Mumbai&limit=12': { events: catalogue.slice(0, 12), nextCursor: '12' } });
    onTestFinished(() => setFirstScreenResponses(undefined));
    render(
      <PlatformProvider
        apiFetch={api.fetch}
        queryClient={queryClient}
        initialSession={{ status: 'signed-out' }}
        initialConfig={DEFAULT_PLATFORM_CONFIG}
      >
        <MemoryRouter initialEntries={['/events']}>
          <AllEventsPage />
        </MemoryRouter>
      </PlatformProvider>,
    );
    expect(screen.getAllByTestId('event-card')).toHaveLength(12);
    expect(api.calls('GET /api/events')).toHaveLength(0);
    fireEvent.click(loadMoreButton()!);
    await screen.findByText('Mumbai Event 24');
    expect(api.calls('GET /api/events').map((r) => r.query.toString())).toEqual(['city=Mumbai&limit=12&cursor=12']);
    expect(eventListKey({ city: 'Mumbai', category: 'all', q: ' ' })).toEqual(eventListKey({ city: 'Mumbai' }));
  });
});

describe('All Events: the sport chips', () => {
  it('has a chip for every sport an event can have, and one filters the list by it', async () => {
    const { api } = renderWithPlatform(<AllEventsPage />, {
      route: '/events',
      api: { 'GET /api/events': (request: StubbedRequest) => pageOf(catalogue, request) },
    });
    await screen.findByText('Mumbai Event 01');
    const chips = within(screen.getByRole('navigation', { name: 'Filter by category' }))
      .getAllByRole('button')
      .map((chip) => chip.textContent);
    for (const sport of ['Volleyball', 'Hockey', 'Athletics', 'Other', 'Football', 'Badminton']) expect(chips).toContain(sport);

    fireEvent.click(screen.getByRole('button', { name: 'Hockey' }));
    await waitFor(() => expect(api.calls('GET /api/events').at(-1)!.query.get('category')).toBe('hockey'));
  });
});

describe("All Events: one organiser's (decision 054)", () => {
  const striders = { slug: 'pune-striders', displayName: 'Pune Striders' };
  const theirs = [
    anEvent({ id: 71, title: 'Striders Hill 10K', location: 'Pune', organiser: striders }),
    anEvent({ id: 72, title: 'Striders Night Run', location: 'Pune', organiser: striders }),
  ];

  it("asks the API for the organiser's events, names it with a link to its page, and goes back to every organiser", async () => {
    const { api } = renderWithPlatform(<AllEventsPage />, {
      route: '/events?organiser=pune-striders&city=all',
      api: {
        'GET /api/events': (request: StubbedRequest) =>
          pageOf(request.query.get('organiser') === 'pune-striders' ? theirs : catalogue, request),
      },
    });
    await screen.findByText('Striders Night Run');
    expect(titles()).toEqual(['Striders Hill 10K', 'Striders Night Run']);
    expect(api.calls('GET /api/events')[0]!.query.get('organiser')).toBe('pune-striders');
    expect(screen.getByRole('link', { name: 'Pune Striders' }).getAttribute('href')).toBe('/o/pune-striders');

    fireEvent.click(screen.getByRole('button', { name: 'Show every organiser' }));
    await screen.findByText('Mumbai Event 12');
    expect(api.calls('GET /api/events').at(-1)!.query.get('organiser')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pune Striders' })).toBeNull();
  });

  it('offers every organiser when the organiser has nothing upcoming', async () => {
    renderWithPlatform(<AllEventsPage />, {
      route: '/events?organiser=quiet-club&city=all',
      api: { 'GET /api/events': (request: StubbedRequest) => pageOf(request.query.get('organiser') ? [] : catalogue, request) },
    });
    expect(await screen.findByText('No events found')).toBeTruthy();
    // No event names it yet: its slug stands for it.
    expect(screen.getByRole('link', { name: 'quiet-club' })).toBeTruthy();
    const offers = screen.getAllByRole('button', { name: 'Show every organiser' });
    fireEvent.click(offers.at(-1)!);
    await screen.findByText('Mumbai Event 01');
  });
});
