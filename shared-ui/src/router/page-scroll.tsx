// Where a page starts (issue 40): a new page opens at its top, and going back (or forward) returns
// to where that page was left. The platform runs a BrowserRouter, not a data router, so React
// Router's <ScrollRestoration> is not available: this is its small equivalent, mounted once by the
// shell (and by a remote running alone).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORE_KEY = 'tdk:scroll';
/** How long a restore waits for a page to grow tall enough (its list drawn from the cache). */
const RESTORE_MS = 1_500;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  try {
    const positions = readPositions();
    positions[key] = y;
    // Keep the last 50 entries: a long session's history is not kept forever.
    const keys = Object.keys(positions);
    for (const old of keys.slice(0, Math.max(0, keys.length - 50))) delete positions[old];
    sessionStorage.setItem(STORE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: the page still starts at its top.
  }
}

const maxScroll = () => document.documentElement.scrollHeight - window.innerHeight;

/** Starts each new page at its top and restores a page's place on back and forward. */
export function PageScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The page on screen and where it is scrolled to, followed as it scrolls: by the time a change of
  // page is seen, the new page is drawn and scrollY may already be clamped to its height.
  const shown = useRef({ key: location.key, pathname: location.pathname, y: 0 });

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const follow = () => {
      shown.current.y = window.scrollY;
    };
    const remember = () => savePosition(shown.current.key, window.scrollY);
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('scroll', follow);
      window.removeEventListener('pagehide', remember);
    };
  }, []);

  useLayoutEffect(() => {
    const left = shown.current;
    if (left.key === location.key) return;
    savePosition(left.key, left.y);
    shown.current = { key: location.key, pathname: location.pathname, y: 0 };
    if (navigationType === 'POP') {
      const target = readPositions()[location.key];
      if (target === undefined) return;
      shown.current.y = target;
      const started = Date.now();
      let frame = 0;
      // The page may still be drawing its list (from the cache): wait until it is tall enough.
      const restore = () => {
        if (maxScroll() >= target || Date.now() - started > RESTORE_MS) {
          window.scrollTo(0, target);
          return;
        }
        frame = requestAnimationFrame(restore);
      };
      restore();
      return () => cancelAnimationFrame(frame);
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    // A new search or filter on the same page keeps the view; a new page starts at its top.
    if (left.pathname !== location.pathname) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
