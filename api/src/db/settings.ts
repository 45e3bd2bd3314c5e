// The platform settings as stored, over their defaults: the one read of the settings table, for the
// services (services/settings.ts, which also writes them), the e-mails (mail/) and the seed.
import { LEGAL_PAGES, LEGAL_SETTING_KEYS, LEGAL_TEXT_DEFAULTS, SETTINGS_DEFAULTS, type PlatformSettings } from '../contract';
import type { Db } from './client';
import { settings } from './schema';

/** Adds a row for every default key that has none, so a setting added in a later version appears. */
export async function ensureDefaultSettings(tx: Db): Promise<void> {
  const rows = Object.entries(SETTINGS_DEFAULTS).map(([key, value]) => ({ key, value }));
  await tx.insert(settings).values(rows).onConflictDoNothing();
}

/** Stored settings over the defaults (the public pages' standard texts for empty ones); unknown stored keys are ignored. */
export async function readSettings(db: Db): Promise<PlatformSettings> {
  const result: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const row of await db.select({ key: settings.key, value: settings.value }).from(settings)) {
    const fallback = (SETTINGS_DEFAULTS as Record<string, unknown>)[row.key];
    if (fallback !== undefined && typeof row.value === typeof fallback) result[row.key] = row.value;
    // A text setting that reads as JSON ('27', a GST state code) comes back from PostgreSQL's jsonb
    // parsed twice, as the number: it is the text it was saved as.
    else if (typeof fallback === 'string' && typeof row.value === 'number') result[row.key] = String(row.value);
  }
  // A public page's text left empty is the standard one (contract/legal.ts), placeholders and all.
  for (const page of LEGAL_PAGES) {
    const key = LEGAL_SETTING_KEYS[page];
    if (!String(result[key]).trim()) result[key] = LEGAL_TEXT_DEFAULTS[page];
  }
  return result as PlatformSettings;
}
