import type { Page } from '@playwright/test';

/**
 * Serves this page's visits without the API answers written into them (decision 016), so the
 * page asks the API itself, as it does after a filter change or for a visitor whose remembered city
 * differs: a journey that fakes an API answer sees the page use it.
 */
export async function withoutAnswersInPage(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/remotes/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script type="application\/json" id="tdk-responses">.*?<\/script>/s, '');
      await route.fulfill({ response, body });
    },
  );
}
