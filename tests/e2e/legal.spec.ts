import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/console';
import { putSettings } from '../support/settings';
import { signIn } from '../support/staff';
import { eventWithTickets, fillParticipant, pickOneTicket, rupees } from '../support/storefront';

// The Terms, Privacy, Refund policy and Contact pages payment providers in India require of a
// merchant's site: linked from every public page's footer and from the payment step, with the texts
// staff set in Settings, at phone and desktop widths, clean in axe-core.

const PAGES = [
  { link: 'Contact us', path: '/contact', heading: 'Contact us' },
  { link: 'Terms and conditions', path: '/terms', heading: 'Terms and conditions' },
  { link: 'Privacy policy', path: '/privacy', heading: 'Privacy policy' },
  { link: 'Refund policy', path: '/refunds', heading: 'Refund and cancellation policy' },
];

const violations = async (page: Page, label: string) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${label} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('the footer’s Help links open each page, no wider than the screen, with nothing for axe', async ({ page }) => {
      const found: string[] = [];
      for (const { link, path, heading } of PAGES) {
        await page.goto('/');
        const help = page.getByRole('contentinfo').getByRole('navigation', { name: 'Help' });
        await help.getByRole('link', { name: link, exact: true }).click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByTestId('legal-text')).toContainText('TDK Sports');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        found.push(...(await violations(page, path)));
      }
      expect(found).toEqual([]);
    });
  });
}

test('the pages show what staff set in Settings, drawn by the server, paragraph by paragraph', async ({
  page,
  baseURL,
  request,
}) => {
  await signIn(page, baseURL!, 'admin');
  await putSettings(page, baseURL!, {
    contactText: 'Desk: Shivaji Park, Mumbai 400028\n\nOpen 10 am to 6 pm, Monday to Saturday.',
  });
  try {
    // The page as the server sends it already holds the text (decision 016).
    const served = await (await request.get('/contact', { headers: { Accept: 'text/html' } })).text();
    expect(served).toContain('Desk: Shivaji Park, Mumbai 400028');
    await page.goto('/contact');
    const text = page.getByTestId('legal-text');
    await expect(text.locator('p')).toHaveText(['Desk: Shivaji Park, Mumbai 400028', 'Open 10 am to 6 pm, Monday to Saturday.']);
    const reach = page.getByRole('list', { name: 'Ways to reach us' });
    await expect(reach.getByRole('link', { name: /^hello@/ })).toHaveAttribute('href', 'mailto:hello@tdksports.in');
    await expect(reach.getByRole('link', { name: '+91 98200 00000' })).toHaveAttribute('href', 'tel:+919820000000');
  } finally {
    await putSettings(page, baseURL!, { contactText: '' });
  }
  await page.goto('/no-such-policy');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test('the payment step links the Terms and the Refund policy in a new tab, keeping the form', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { event, paid } = await eventWithTickets(request);
  await pickOneTicket(page, event.id, paid);
  const form = await fillParticipant(page, 'legal@example.com', 'Asha Rao');
  await form.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByTestId('checkout-agreement')).toContainText('By paying you agree to the Terms');
  expect(await violations(page, 'payment dialog')).toEqual([]);

  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Terms (opens in a new tab)' }).click(),
  ]);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await terms.close();
  // The dialog and what was typed are still there.
  await expect(dialog.getByRole('button', { name: `Pay ${rupees(paid.price)}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByTestId('buyer-form').getByLabel('Full Name')).toHaveValue('Asha Rao');
});
