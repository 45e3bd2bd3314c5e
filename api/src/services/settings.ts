import { SETTINGS_DEFAULTS, type PlatformSettings } from '../contract';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

/** Adds a row for every default key that has none, so a setting added in a later version appears. */
export function ensureDefaultSettings(db: Db) {
  const rows = Object.entries(SETTINGS_DEFAULTS).map(([key, value]) => ({ key, value }));
  db.insert(settings).values(rows).onConflictDoNothing().run();
}

/** Stored settings over the defaults; unknown stored keys are ignored. */
export function readSettings(db: Db): PlatformSettings {
  const result: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const row of db.select({ key: settings.key, value: settings.value }).from(settings).all()) {
    const fallback = (SETTINGS_DEFAULTS as Record<string, unknown>)[row.key];
    if (fallback !== undefined && typeof row.value === typeof fallback) result[row.key] = row.value;
  }
  return result as PlatformSettings;
}
