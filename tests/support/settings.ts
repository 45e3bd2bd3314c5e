import type { Page } from '@playwright/test';
import type { UpdateSettingsInput } from '../../api/src/contract';

/** Saves settings through the API as the signed-in admin of `page` (setup and clean-up of journeys). */
export async function putSettings(page: Page, baseURL: string, settings: UpdateSettingsInput) {
  const response = await page.request.put('/api/admin/settings', {
    headers: { 'Content-Type': 'application/json', Origin: new URL(baseURL).origin },
    data: settings,
  });
  if (!response.ok()) throw new Error(`settings not saved: ${response.status()} ${await response.text()}`);
}
