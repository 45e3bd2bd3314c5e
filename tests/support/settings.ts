import type { Page } from '@playwright/test';
import type { UpdateSettingsInput } from '../../api/src/contract';
import type { UpdateOrganisationSettingsInput } from '../../api/src/contract/organisations';

/** Saves settings through the API as the signed-in admin of `page` (setup and clean-up of journeys). */
export async function putSettings(page: Page, baseURL: string, settings: UpdateSettingsInput) {
  const response = await page.request.put('/api/admin/settings', {
    headers: { 'Content-Type': 'application/json', Origin: new URL(baseURL).origin },
    data: settings,
  });
  if (!response.ok()) throw new Error(`settings not saved: ${response.status()} ${await response.text()}`);
}

/**
 * Saves the signed-in admin's organisation's settings (decision 056: Email Notifications, the alerts,
 * retention, sender and page colour are each organisation's) through the API.
 */
export async function putOrganisationSettings(page: Page, baseURL: string, settings: UpdateOrganisationSettingsInput) {
  const response = await page.request.put('/api/admin/organisation', {
    headers: { 'Content-Type': 'application/json', Origin: new URL(baseURL).origin },
    data: settings,
  });
  if (!response.ok()) throw new Error(`organisation settings not saved: ${response.status()} ${await response.text()}`);
}
