import { test, expect } from '../support/console';
import { E2E_ADMIN, signIn, signInThroughForm } from '../support/staff';

test('an admin adds a staff user who can then sign in with that role', async ({ page, baseURL, browser }) => {
  await signIn(page, baseURL!, 'admin');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users Management' })).toBeVisible();

  const email = `coach-${Date.now()}@tdksports.in`;
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Full name').fill('Priya Coach');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('coordinator');
  await dialog.getByLabel('Initial password').fill('short');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  // The form applies the contract's rule before anything is sent.
  await expect(dialog.getByText('Password must be at least 12 characters')).toBeVisible();
  await dialog.getByLabel('Initial password').fill('a-strong-password');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  // The creation is in the audit log, in words: who did it, what and to whom.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const created = page
    .getByRole('row')
    .filter({ hasText: 'Staff member' })
    .filter({ hasText: 'Priya Coach' })
    .filter({ hasText: E2E_ADMIN.email })
    .first();
  await expect(created).toBeVisible();
  await expect(created).toContainText('Created');

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${baseURL}/admin/registrations`);
  await signInThroughForm(other, { email, password: 'a-strong-password' });
  await expect(other.getByRole('heading', { level: 1, name: 'Registration Management' })).toBeVisible();
  await other.goto(`${baseURL}/admin/users`);
  await expect(other.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await context.close();
});

test('participants are derived from registrations and searchable', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin');
  const { participants } = (await (await page.request.get('/api/admin/participants')).json()) as {
    participants: { name: string; email: string; location: string }[];
  };
  expect(participants.length).toBeGreaterThan(3);
  await page.goto('/admin/users');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(participants.length + 1);

  const target = participants[2];
  await page.getByPlaceholder('Search users...').fill(target.email.toUpperCase());
  await expect(page.getByRole('cell', { name: target.email })).toBeVisible();
  await page.getByPlaceholder('Search users...').fill('zzz-no-such-user');
  await expect(page.getByText('No users match your search.')).toBeVisible();
});
