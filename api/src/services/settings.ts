import { SETTINGS_DEFAULTS, type PlatformSettings } from '../contract';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { readSettings } from '../db/settings';
import { NOTICE_TEXT_KEYS } from './privacy-notice';

// The settings' read is the data layer's (db/settings.ts), for mail/ and the seed below the services
// too; routes and services read them here, beside the one write.
export { readSettings };

/**
 * Writes every given setting (already validated) with the caller's transaction handle, so they
 * are saved together; returns the settings as they are then.
 */
export async function writeSettings(tx: Db, values: Partial<PlatformSettings>): Promise<PlatformSettings> {
  const now = new Date().toISOString();
  const before = await readSettings(tx);
  // A changed privacy notice text is a new version, which the consents given from then on record
  // (decision 030); so is an organisation's new retention period (organisation-profile.ts, decision 056).
  const noticeKeys = NOTICE_TEXT_KEYS;
  if (noticeKeys.some((key) => values[key] !== undefined && values[key] !== before[key])) {
    values = { ...values, privacyNoticeVersion: before.privacyNoticeVersion + 1 };
  }
  for (const [key, value] of Object.entries(values)) {
    if (!(key in SETTINGS_DEFAULTS) || value === undefined) continue;
    await tx
      .insert(settings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  }
  return readSettings(tx);
}
