import { test, expect } from '../support/console';
import { signIn } from '../support/staff';

interface EventSummary {
  id: number;
  title: string;
}

const adminSections = [
  { path: '/admin', remote: 'admin-insights', heading: 'Dashboard' },
  { path: '/admin/events', remote: 'admin-events', heading: 'Events Management' },
  { path: '/admin/tickets', remote: 'admin-tickets', heading: 'Tickets Management' },
  { path: '/admin/registrations', remote: 'admin-registrations', heading: 'Registration Management' },
  { path: '/admin/users', remote: 'admin-insights', heading: 'Users Management' },
  { path: '/admin/analytics', remote: 'admin-insights', heading: 'Analytics' },
  { path: '/admin/settings', remote: 'admin-insights', heading: 'Settings' },
  // The platform staff's section (decision 052): the e2e admin is ADMIN_EMAIL's, a platform admin.
  { path: '/admin/platform', remote: 'admin-platform', heading: 'Platform' },
];

test.describe('route table of SPEC.md section 2', () => {
  test('home lists the seeded events through the storefront remote', async ({ page, request }) => {
    // Home follows the visitor's city, Mumbai at first (with Online events).
    const { events } = (await (await request.get('/api/events?city=Mumbai')).json()) as { events: EventSummary[] };
    expect(events.length).toBeGreaterThan(2);
    await page.goto('/');
    await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular Events' })).toBeVisible();
    await expect(page.getByRole('heading', { name: events[0].title })).toBeVisible();
  });

  test('all events and an event detail render through the storefront', async ({ page, request }) => {
    const { events } = (await (await request.get('/api/events')).json()) as { events: EventSummary[] };
    await page.goto('/events');
    await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Events' })).toBeVisible();
    await page.goto(`/event/${events[1].id}`);
    await expect(page.getByRole('heading', { level: 1, name: events[1].title })).toBeVisible();
  });

  for (const section of adminSections) {
    test(`${section.path} renders ${section.remote} inside the admin layout`, async ({ page, baseURL }) => {
      await signIn(page, baseURL!, 'admin');
      await page.goto(section.path);
      await expect(page.locator(`[data-remote="${section.remote}"]`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: section.heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' })).toBeVisible();
    });
  }

  test('admin tables show real rows from the API', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, 'admin');
    const { tickets } = (await (await page.request.get('/api/admin/tickets')).json()) as { tickets: { name: string }[] };
    await page.goto('/admin/tickets');
    await expect(page.getByRole('cell', { name: tickets[0].name }).first()).toBeVisible();
  });

  test('the sidebar is built from the registry nav and navigates between remotes', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, 'admin');
    await page.goto('/admin');
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar.getByRole('link')).toHaveText([
      'Dashboard',
      'Events',
      'Tickets',
      'Registrations',
      'Gate Check-in',
      'Invoices',
      'Users',
      'Analytics',
      'Settings',
      // The e2e admin is ADMIN_EMAIL's: a platform admin, who also sees the platform's section (decision 052).
      'Platform',
    ]);
    await sidebar.getByRole('link', { name: 'Registrations' }).click();
    await expect(page).toHaveURL(/\/admin\/registrations$/);
    await expect(page.locator('[data-remote="admin-registrations"]')).toBeVisible();
    // A section's deeper page is its own link's, not its parent's too.
    await sidebar.getByRole('link', { name: 'Gate Check-in' }).click();
    await expect(page).toHaveURL(/\/admin\/registrations\/check-in$/);
    await expect(sidebar.getByRole('link', { name: 'Gate Check-in' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Registrations' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('/login shows the admin login form from the shell', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  for (const path of ['/no-such-page', '/admin/no-such-section', '/event/1/extra']) {
    test(`unknown path ${path} shows the 404 page`, async ({ page, baseURL }) => {
      await signIn(page, baseURL!, 'admin');
      await page.goto(path);
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Popular Events' })).toBeVisible();
    });
  }
});
