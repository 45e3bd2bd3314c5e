import { LEGAL_PAGES, LEGAL_SETTING_KEYS, LEGAL_TEXT_DEFAULTS, SETTINGS_DEFAULTS, type PlatformSettings } from '../contract';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { NOTICE_TEXT_KEYS } from './privacy-notice';

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

/**
 * Writes every given setting (already validated) with the caller's transaction handle, so they
 * are saved together; returns the settings as they are then.
 */
export async function writeSettings(tx: Db, values: Partial<PlatformSettings>): Promise<PlatformSettings> {
  const now = new Date().toISOString();
  const before = await readSettings(tx);
  // A changed privacy notice (its text, or the retention period it states) is a new version, which
  // the consents given from then on record (decision 030).
  const noticeKeys = [...NOTICE_TEXT_KEYS, 'retentionDays'] as const;
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
