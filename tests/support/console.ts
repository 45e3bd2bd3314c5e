import { test as base, expect, type Page } from '@playwright/test';

interface ConsoleWatch {
  /** Errors matching this pattern are expected in this test (a remote down on purpose logs one). */
  allow: (pattern: RegExp) => void;
  /** Watches another page too (one of a second browser context the journey opens). */
  watch: (page: Page) => void;
}

/**
 * The page, its goto and reload made to wait until React has taken over the server's drawing (the
 * journeys' own page does; a page of another browser context a journey opens needs it too).
 */
export function waitingForReact(page: Page): Page {
  const takenOver = () =>
    page.waitForFunction(() => !document.querySelector('#root[data-first-screen]'), undefined, { timeout: 15_000 });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await takenOver();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await takenOver();
    return response;
  };
  return page;
}

/** Every journey fails on a browser console error or an uncaught exception it did not expect. */
let journeys = 0;

export const test = base.extend<{ browserConsole: ConsoleWatch; clientAddress: string }>({
  // A public page arrives drawn by the API and React takes it over moments later (decision 016).
  // A visitor's early taps are kept for React, but a journey that holds an element across that
  // moment would hold one that is gone: every visit waits until React has the page.
  page: async ({ page }, provide) => {
    await provide(waitingForReact(page));
  },
  // Each journey is a visitor of its own address, as real buyers are: the platform limits orders
  // and sign-ins per address (TRUST_PROXY is on for the journeys' server).
  clientAddress: [
    async ({ context, baseURL }, use, testInfo) => {
      const address = `10.${testInfo.workerIndex & 255}.${(journeys >> 8) & 255}.${++journeys & 255}`;
      // Only on the platform's own API calls: a custom header on a cross-origin request (a remote
      // hosted elsewhere) would need a CORS preflight that a plain static host does not answer.
      await context.route(`${baseURL}/api/**`, (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
      await use(address);
    },
    { auto: true },
  ],
  browserConsole: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (watched: Page) => {
        watched.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        watched.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      };
      watch(page);
      await use({ allow: (pattern) => allowed.push(pattern), watch });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
