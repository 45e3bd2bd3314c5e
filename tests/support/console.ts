import { test as base, expect } from '@playwright/test';

interface ConsoleWatch {
  /** Errors matching this pattern are expected in this test (a remote down on purpose logs one). */
  allow: (pattern: RegExp) => void;
}

/** Every journey fails on a browser console error or an uncaught exception it did not expect. */
export const test = base.extend<{ browserConsole: ConsoleWatch }>({
  browserConsole: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
