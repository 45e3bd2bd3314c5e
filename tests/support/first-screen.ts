import type { Page } from '@playwright/test';

/**
 * The page as the API serves it when it draws nothing (a remote without a server build): React
 * hydrates a drawing (issue 26), which must then come with the answers it was drawn from.
 */
function withoutDrawing(html: string): string {
  const start = html.indexOf('<div id="root" data-first-screen>');
  if (start < 0) return html;
  // The drawing is all that #root holds; only preload hints follow it before </body>.
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>')) + '</div>'.length;
  return `${html.slice(0, start)}<div id="root"></div>${html.slice(end)}`.replace(
    /<style data-first-screen[^>]*>.*?<\/style>/gs,
    '',
  );
}

/**
 * Serves this page's visits without the API answers written into them (decision 016), and so
 * without the first screen drawn from them, so the page asks the API itself, as it does after a
 * filter change or for a visitor whose remembered city differs: a journey that fakes an API answer
 * sees the page use it.
 */
export async function withoutAnswersInPage(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/remotes/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = withoutDrawing(
        (await response.text()).replace(/<script type="application\/json" id="tdk-responses">.*?<\/script>/s, ''),
      );
      await route.fulfill({ response, body });
    },
  );
}
