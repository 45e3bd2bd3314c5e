import { listEvents } from '../support/storefront';
import { test, expect } from '../support/console';

// Issue 26: the public pages' first screen, drawn by the API, is hydrated by React, not replaced:
// the server's nodes are the ones on screen after React starts, and a hydration mismatch (which
// React reports to the console, see shell bootstrap.tsx) fails the journey (support/console.ts).

test('the drawn first screen is hydrated, in English and in Hindi, on every public page', async ({ page, request }) => {
  const [event] = await listEvents(request);
  // The drawn page's heading and slot, taken before any script runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as { drawn?: (Element | null)[] };
      w.drawn = [document.querySelector('#root h1'), document.querySelector('#root [data-remote-slot]')];
    });
  });
  // The organiser's page (decision 054) too.
  for (const path of ['/', '/events', `/event/${event!.id}`, `/o/${event!.organiser.slug}`, '/no-such-page']) {
    for (const lang of ['en', 'hi']) {
      const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
      await page.goto(url);
      // support/console.ts waited for React: the root's first-screen mark is gone.
      const kept = await page.evaluate(() => {
        const [heading, slot] = (window as unknown as { drawn: (Element | null)[] }).drawn;
        return {
          drawn: Boolean(heading && slot),
          heading: heading?.isConnected === true && heading === document.querySelector('#root h1'),
          slot: slot?.isConnected === true,
          drawnStyles: document.querySelectorAll('style[data-first-screen]').length,
        };
      });
      expect(kept, url).toEqual({ drawn: true, heading: true, slot: true, drawnStyles: 0 });
      // React has the page: its handlers work on the server's nodes.
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'hi' ? 'hi-IN' : 'en-IN');
    }
  }
  // A control of the drawn page, live after hydration (the language switcher switches in place).
  await page.goto('/?lang=en');
  await page.getByRole('banner').getByRole('link', { name: 'मराठी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'आपला पुढचा क्रीडा कार्यक्रम शोधा' })).toBeVisible();
});
