import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { anEvent, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { HomePage } from '../events/home-page';
import { PublicLayout } from './public-layout';

/** The hero's search box scrolls on and off screen through `scroll(inView)`. */
function stubObserver() {
  const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return { scroll: (inView: boolean) => act(() => observers.forEach((report) => report([{ isIntersecting: inView }]))) };
}

// jsdom draws nothing: the hero's canvas has no context here, as in a browser without one.
const jsdomGetContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof jsdomGetContext;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = jsdomGetContext;
});

const scrolled: Element[] = [];
beforeEach(() => {
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  scrolled.length = 0;
});

function renderHome(route = '/') {
  return renderWithPlatform(
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="events" element={<p>All events</p>} />
      </Route>
    </Routes>,
    {
      route,
      api: {
        'GET /api/events': ({ query }: StubbedRequest) => ({
          events: [anEvent({ id: 1, title: query.get('q') ? 'Thane Lakeside 10K' : 'Mumbai Monsoon Run' })],
          nextCursor: null,
        }),
      },
    },
  );
}

const searchBoxes = () => screen.queryAllByRole('search');

describe('Home: one search box in view at a time', () => {
  it("hides the header's search while the hero's is on screen, and brings it back when the hero scrolls away", async () => {
    const hero = stubObserver();
    renderHome();
    await screen.findAllByText('Mumbai Monsoon Run');
    expect(searchBoxes().map((box) => box.getAttribute('aria-label'))).toEqual(['Find events']);

    hero.scroll(false);
    await waitFor(() => expect(searchBoxes()).toHaveLength(2));
    hero.scroll(true);
    await waitFor(() => expect(searchBoxes()).toHaveLength(1));
  });

  it('shows the results of a search where the eye is: the page scrolls to their heading', async () => {
    stubObserver();
    renderHome();
    await screen.findAllByText('Mumbai Monsoon Run');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search events' }), { target: { value: 'lake' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Find events' }));
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain('events-title'));
    expect(screen.getByRole('heading', { level: 2, name: /lake/ })).toBeTruthy();
  });

  it('scrolls to the results when the page opens on a shared search link', async () => {
    stubObserver();
    renderHome('/?search=lake');
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain('events-title'));
  });
});
