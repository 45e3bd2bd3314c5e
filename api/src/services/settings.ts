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

/** Writes every given setting (already validated), in one transaction; returns the result. */
export function writeSettings(db: Db, values: Partial<PlatformSettings>): PlatformSettings {
  const now = new Date().toISOString();
  db.transaction(
    (tx) => {
      for (const [key, value] of Object.entries(values)) {
        if (!(key in SETTINGS_DEFAULTS) || value === undefined) continue;
        tx.insert(settings)
          .values({ key, value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
          .run();
      }
    },
    { behavior: 'immediate' },
  );
  return readSettings(db);
}
