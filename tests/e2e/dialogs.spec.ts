// Dialogs by keyboard alone (WAI-ARIA dialog pattern): Tab reaches the opener, Enter opens the
// dialog with focus inside, Tab and Shift+Tab never leave it, Escape closes it and focus goes back
// to the opener. One public dialog and one admin dialog, each through the shared Dialog.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/console';
import { signIn } from '../support/staff';

/** Presses Tab until `target` has focus (at most 40 times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

const focusIsInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect.poll(() => focusIsInside(dialog)).toBe(true);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusIsInside(dialog), `focus after ${key}`).toBe(true);
  }
}

test('the city dialog works by keyboard alone', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: /^Select city/ });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Select Your City' });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  // The page behind is out of reach while the dialog is open.
  await expect(page.getByRole('button', { name: /^Select city/ })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('an admin dialog works by keyboard alone', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin');
  await page.goto('/admin/users');
  const opener = page.getByRole('button', { name: 'Add User' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await expectFocusTrapped(page, dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
