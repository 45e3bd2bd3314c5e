import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { SETTINGS_DEFAULTS } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { putOrganisationSettings, putSettings } from '../support/settings';
import { ensureStaff, signIn, signInThroughForm } from '../support/staff';
import { eventWithTickets, fillParticipant, pickOneTicket, rupees } from '../support/storefront';

// Settings that take effect (issue 12): each journey changes a setting through the Settings
// screen, sees what it changes, and puts the default back for the journeys after it.

const GREEN = '#15803D'; // 5.0:1 on white, so the theme uses it as it is for buttons too
const GREEN_RGB = 'rgb(21, 128, 61)';

const outbox = () => path.join(process.env.TDK_TEST_DATA_DIR!, 'outbox');
const mails = () => {
  try {
    return readdirSync(outbox())
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(path.join(outbox(), file), 'utf8'));
  } catch {
    return [];
  }
};

test('the primary colour saved in Settings is the colour of the storefront and of an admin section', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'admin');
  try {
    await page.goto('/admin/settings');
    const branding = page.getByRole('region', { name: 'Branding' });
    const primary = branding.getByRole('textbox', { name: /^Primary colour/ });
    // A colour unreadable on white is refused, and nothing is saved.
    await primary.fill('#FFD700');
    await branding.getByRole('button', { name: 'Save Branding' }).click();
    await expect(branding.getByText('Primary colour is too light to read on white (1.4:1; at least 2.5:1)')).toBeVisible();

    await primary.fill(GREEN);
    await branding.getByRole('button', { name: 'Save Branding' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Branding settings have been updated.' })).toBeVisible();
    // The admin remote already follows, without a reload: the events screen's Create Event button.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' }).click();
    const create = page.getByRole('button', { name: 'Create Event' });
    await expect(create).toHaveCSS('background-color', GREEN_RGB);

    // The storefront, loaded afresh: its brand mark.
    await page.goto('/');
    await expect(page.getByRole('banner').locator('a[aria-label$=" home"] rect').first()).toHaveCSS('fill', GREEN_RGB);
  } finally {
    await putSettings(page, baseURL!, { primaryColor: SETTINGS_DEFAULTS.primaryColor });
  }
});

test("with its organisation's Email Notifications off, paying sends no participant e-mail but the administrators are still told", async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'admin');
  await page.goto('/admin/settings');
  // The organisation's own switch (decision 056).
  const notifications = page.getByRole('region', { name: 'Email Notifications' });
  const emailSwitch = notifications.getByRole('switch', { name: 'Email Notifications' });
  await expect(emailSwitch).toHaveAttribute('aria-checked', 'true');
  await emailSwitch.click();
  await notifications.getByRole('button', { name: 'Save Email Notifications' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Email Notifications settings have been updated.' })).toBeVisible();
  try {
    const email = `quiet.${Date.now()}@example.com`;
    const { event, paid } = await eventWithTickets(request);
    await pickOneTicket(page, event.id, paid);
    const form = await fillParticipant(page, email);
    await form.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).click();
    await page
      .getByRole('dialog', { name: 'Payment' })
      .getByRole('button', { name: `Pay ${rupees(paid.price)}` })
      .click();
    await page
      .frameLocator('iframe[title="Cashfree checkout"]')
      .getByRole('button', { name: /UPI: success/ })
      .click();
    await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=/, { timeout: 15_000 });
    const registrationNumber = /\/ticket\/(REG[0-9A-Z]+)/.exec(page.url())![1]!;

    // The administrators' notice arrives; it is queued with the participant's (when there is one).
    await expect
      .poll(() => mails().filter((mail) => mail.includes(`New registration: `) && mail.includes(registrationNumber)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const about = mails().filter((mail) => mail.includes(registrationNumber));
    expect(about).toHaveLength(1);
    expect(about[0]).not.toContain(`To: ${email}`);
  } finally {
    await putOrganisationSettings(page, baseURL!, { emailNotifications: true });
  }
});

test("with Event Approval Required, a manager's new event is submitted and stays Draft until platform staff approve it", async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'admin');
  await page.goto('/admin/settings');
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('switch', { name: 'Event Approval Required' }).click();
  await security.getByRole('button', { name: 'Save Security' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Security settings have been updated.' })).toBeVisible();
  const title = `Goa Beach Volleyball ${Date.now()}`;
  try {
    await signIn(page, baseURL!, 'manager');
    await page.goto('/admin/events?create=1');
    const form = page.getByRole('dialog', { name: 'Create New Event' });
    await form.getByLabel('Event Title').fill(title);
    await form.getByLabel('Category').selectOption('Volleyball');
    await form.getByLabel('Status').selectOption('Active');
    await form.getByLabel('Description').fill('Doubles on the sand.');
    await form.getByLabel('Date').fill('2026-12-20');
    await form.getByLabel('Time').fill('08:00');
    await form.getByLabel('City').selectOption('Mumbai');
    await form.getByLabel('Venue').fill('Juhu Beach, Mumbai');
    await form.getByLabel('Max Participants').fill('64');
    await form.getByLabel('Entry Fee (₹)').fill('400');
    await form.getByLabel('Contact Email').fill('play@mumbaivolley.in');
    await form.getByLabel('Contact Phone').fill('98200 22222');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'It stays Draft until platform staff approve it.' })).toBeVisible();
    await page.getByPlaceholder('Search events...').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('Submitted for review (Active)');
    await expect(row.getByRole('button', { name: `Approve ${title}` })).toHaveCount(0);

    // Nobody in the organisation approves it: platform staff review it in admin-platform (decision 052).
  } finally {
    // The platform's settings are a platform admin's to change (decision 051): the e2e admin is one.
    await signIn(page, baseURL!, 'admin');
    await putSettings(page, baseURL!, { eventApprovalRequired: false });
  }
});

test('with Two-Factor Authentication on, a staff member enrols by QR code and then signs in with a code, which works once', async ({
  page,
  browser,
  baseURL,
}) => {
  const coordinator = await ensureStaff(page.request, baseURL!, 'coordinator');
  await signIn(page, baseURL!, 'admin');
  await page.goto('/admin/settings');
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
  await security.getByRole('button', { name: 'Save Security' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Security settings have been updated.' })).toBeVisible();
  // The member signs in elsewhere (a browser of their own) while the admin stays signed in here.
  const theirs = await browser.newContext({ baseURL });
  const member = await theirs.newPage();
  try {
    await member.goto('/login');
    await signInThroughForm(member, coordinator);
    await expect(member.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(member.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
    const secret = (await member.getByTestId('two-factor-secret').textContent())!;
    await member.getByLabel('Authentication code').fill(await generate({ secret }));
    await member.getByRole('button', { name: 'Verify' }).click();
    await expect(member.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(member.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(8);
    await member.getByRole('button', { name: 'I have saved them, continue' }).click();
    // A coordinator starts in Registrations, not on the revenue dashboard.
    await expect(member).toHaveURL(/\/admin\/registrations$/);

    // Next time: the password, then a code computed from the same secret.
    await member.getByRole('button', { name: 'Logout' }).click();
    await member.goto('/login');
    await signInThroughForm(member, coordinator);
    await expect(member.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await member.getByLabel('Authentication code').fill('000000');
    await member.getByRole('button', { name: 'Verify' }).click();
    await expect(member.getByText(/That code is not right/)).toBeVisible();
    // The enrolment spent this 30-second step's code: the app's next one, which the drift allowance takes.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await member.getByLabel('Authentication code').fill(code);
    await member.getByRole('button', { name: 'Verify' }).click();
    await expect(member).toHaveURL(/\/admin\/registrations$/);
    await expect(member.getByRole('heading', { level: 1, name: 'Registration Management' })).toBeVisible();

    // Someone who watched that code typed signs in with the password and the same code, inside its
    // window: a replay, refused (issue 28).
    await member.getByRole('button', { name: 'Logout' }).click();
    await member.goto('/login');
    await signInThroughForm(member, coordinator);
    await expect(member.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await member.getByLabel('Authentication code').fill(code);
    await member.getByRole('button', { name: 'Verify' }).click();
    await expect(member.getByText(/That code is not right/)).toBeVisible();
    await expect(member).toHaveURL(/\/login/);
    await member.screenshot({ path: test.info().outputPath('two-factor-replay-refused.png') });
  } finally {
    await theirs.close();
    await putSettings(page, baseURL!, { twoFactorAuth: false });
  }
});
