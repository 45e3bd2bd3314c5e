// Issue 40: on a phone, an event opened from a scrolled list landed mid-page (the rules, not the
// title). A new page starts at its top; back returns the list to where it was left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { renderWithPlatform } from '../testing';
import { PageScroll } from './page-scroll';

let scrollY = 0;

function scrollTo(y: number) {
  scrollY = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>Back</button>;
}

function App() {
  return (
    <>
      <PageScroll />
      <Routes>
        <Route
          path="/"
          element={
            <>
              <h1>Events</h1>
              <Link to="/event/7">Night Run</Link>
              <Link to="/?city=pune">Pune</Link>
            </>
          }
        />
        <Route
          path="/event/:id"
          element={
            <>
              <h1>Night Run</h1>
              <Back />
            </>
          }
        />
      </Routes>
    </>
  );
}

describe('where a page starts', () => {
  beforeEach(() => {
    sessionStorage.clear();
    scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    // A tall page, so the list's place can be restored at once.
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5_000 });
    vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => {
      scrollY = y ?? x;
    }) as typeof window.scrollTo);
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens an event from a scrolled list at its top, and back restores the list where it was', async () => {
    renderWithPlatform(<App />);
    scrollTo(1_252);
    fireEvent.click(screen.getByRole('link', { name: 'Night Run' }));
    expect(await screen.findByRole('heading', { name: 'Night Run' })).toBeTruthy();
    expect(window.scrollY).toBe(0);

    scrollTo(300);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(window.scrollY).toBe(1_252);
  });

  it('keeps the view on a new search of the same page', async () => {
    renderWithPlatform(<App />);
    scrollTo(640);
    fireEvent.click(screen.getByRole('link', { name: 'Pune' }));
    expect(window.scrollY).toBe(640);
  });
});
