import { readFileSync } from 'node:fs';
import { test, expect } from '../support/console';
import { signIn } from '../support/staff';

// Analytics (issue 12): figures from the database, a period kept in the URL, an accessible chart
// and a CSV of each table.

test('a manager reads Analytics for a period, hears a month of the chart and downloads a table', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'manager');
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByText('Total Revenue')).toBeVisible();
  await expect(page.getByText(/on the previous 30 days|New since the previous 30 days/).first()).toBeVisible();

  await page.getByLabel('Period').selectOption('all');
  await expect(page).toHaveURL(/\/admin\/analytics\?period=all$/);
  await expect(page.getByText('All recorded data').first()).toBeVisible();

  // The chart: twelve focusable months, each naming its figures; the same figures in a table.
  const months = page.getByRole('img', { name: /revenue, .* bookings$/ });
  await expect(months).toHaveCount(12);
  await months.last().focus();
  await expect(page.locator('svg text').filter({ hasText: 'bookings' }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Monthly revenue and bookings, last 12 months' }).getByRole('row')).toHaveCount(
    13,
  );

  // A reload keeps the period.
  await page.reload();
  await expect(page.getByLabel('Period')).toHaveValue('all');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV: Popular Categories' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('tdk-analytics-categories-all.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFCategory,Registrations,Percent');
  expect(csv.split('\r\n').length).toBeGreaterThan(2);
});

test('the dashboard counts active participants and links each card to its screen', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin');
  await page.goto('/admin');
  await expect(page.getByText('Active participants, last 90 days')).toBeVisible();
  await page.getByRole('link', { name: 'Revenue' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page).toHaveTitle(/^Analytics · /);
});
