import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
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

test('a member who forgot their password asks for a link on a phone, chooses a new one from the e-mail, and signs in with it', async ({
  page,
  baseURL,
  request,
}) => {
  // A member of their own, so that no other journey's password changes.
  const email = `forgetful-${Date.now()}@tdksports.in`;
  const headers = { 'Content-Type': 'application/json', Origin: new URL(baseURL!).origin };
  expect((await request.post('/api/auth/login', { headers, data: E2E_ADMIN })).ok()).toBe(true);
  const created = await request.post('/api/admin/users', {
    headers,
    data: { email, fullName: 'Forgetful Support', role: 'support', password: 'the original passphrase' },
  });
  expect(created.status()).toBe(201);
  await request.post('/api/auth/logout', { headers });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The link, from the e-mail as the member reads it.
  let link = '';
  await expect
    .poll(() => {
      const mail = outboxMails()
        .map(readMail)
        .find((m) => m.to.includes(email) && m.subject.includes('Choose a new password'));
      link = /https?:\/\/\S+\/login\/reset#[\w%-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByLabel(/^New password/).fill('a brand new support passphrase');
  await page.getByLabel(/Repeat the new password/).fill('a brand new support passphrase');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(/Your password is changed/)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInThroughForm(page, { email, password: 'a brand new support passphrase' });
  // Support staff start in Registrations.
  await expect(page).toHaveURL(/\/admin\/registrations$/);
});
