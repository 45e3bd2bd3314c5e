import { test, expect } from '../support/console';
import { E2E_ADMIN, ensureStaff, signIn, signInThroughForm } from '../support/staff';

test('a signed-out visitor is sent to /login and comes back after signing in', async ({ page }) => {
  await page.goto('/admin/tickets?from=test');
  await expect(page).toHaveURL(/\/login\?from=/);
  await signInThroughForm(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/admin\/tickets\?from=test$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets Management' })).toBeVisible();
});

test('a wrong password and an unknown e-mail get the same answer, which lists no accounts', async ({ page, browserConsole }) => {
  browserConsole.allow(/status of (401|404)/);
  await page.goto('/login');
  await signInThroughForm(page, { email: E2E_ADMIN.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signInThroughForm(page, { email: 'nobody@tdksports.in', password: 'whatever-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('support sees Access Denied on a manager page and no link to it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'support');
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Events', 'Tickets', 'Registrations']);
});

test('the header shows the signed-in user and Logout returns home signed out', async ({ page, baseURL, request }) => {
  await ensureStaff(request, baseURL!, 'manager');
  await signIn(page, baseURL!, 'manager');
  // Sign out once the dashboard has its data, as a person would: a request still in flight when
  // the session is revoked is rightly refused with 401.
  const dashboardLoaded = page.waitForResponse((response) => response.url().includes('/api/admin/insights/dashboard'));
  await page.goto('/admin');
  await dashboardLoaded;
  await expect(page.getByText('E2E manager')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});
