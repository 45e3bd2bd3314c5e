import type { Page } from '@playwright/test';
import { test, expect } from '../support/console';
import { signIn } from '../support/staff';

// The console's wide tables on a 1280 px laptop (issue 27): the money and the actions are in view
// without scrolling sideways; more columns come from the column chooser, by keyboard too; and on a
// narrower screen, where the table does scroll, the actions stay at its right edge.

/** How far the table's scroller can scroll sideways (0: it fits). */
const sideways = (page: Page) =>
  page.locator('table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);

test.use({ viewport: { width: 1280, height: 800 } });

for (const { path, heading, amount } of [
  { path: '/admin/registrations', heading: 'Registration Management', amount: 'Amount' },
  { path: '/admin/events', heading: 'Events Management', amount: 'Sort by Revenue' },
  { path: '/admin/tickets', heading: 'Tickets Management', amount: 'Price' },
]) {
  test(`${heading}: the amounts and the actions are in view at 1280 px`, async ({ page, baseURL }) => {
    await signIn(page, baseURL!, 'admin');
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const header = page
      .getByRole('columnheader')
      .filter({ has: page.getByText(amount.replace('Sort by ', ''), { exact: true }) });
    await expect(header).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
  });
}

test('the column chooser adds a column by keyboard and the page remembers it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'manager');
  await page.goto('/admin/registrations');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveCount(0);

  const chooser = page.getByText('Columns (8 of 10)');
  await chooser.focus();
  await page.keyboard.press('Enter');
  const group = page.getByRole('group', { name: 'Columns shown' });
  await expect(group).toBeVisible();
  await group.getByLabel('Date').focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('columnheader', { name: 'Date' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(group).toBeHidden();
  await expect(page.getByText('Columns (9 of 10)')).toBeFocused();

  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Date' })).toBeVisible();
  await page.getByText('Columns (9 of 10)').click();
  await page.getByRole('button', { name: 'Back to the default columns' }).click();
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveCount(0);
});

test.describe('a narrower laptop (1024 px)', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the table scrolls sideways inside its frame and the actions stay at its right edge', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, 'admin');
    await page.goto('/admin/registrations');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await sideways(page)).toBeGreaterThan(0);
    const actions = page.getByRole('columnheader', { name: 'Actions' });
    await expect(actions).toBeInViewport({ ratio: 1 });
    // The first row in view, the table scrolled to its start: its actions are at the right edge all the same.
    const row = page.getByRole('row').nth(1);
    await row.getByRole('cell').first().scrollIntoViewIfNeeded();
    await page.locator('table').evaluate((table) => table.parentElement!.scrollTo({ left: 0 }));
    await expect(row.getByRole('button', { name: /^Actions for / })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('registrations-1024.png') });
  });
});
