import { DEFAULT_CITY, EVENT_CATEGORIES, HOME_CATEGORIES, PUBLIC_CITIES, type PlatformConfig } from '../contract';
import type { Db } from '../db/client';
import { privacyNoticeOf } from './privacy-notice';
import { readSettings } from './settings';

/**
 * What the browser needs before it renders anything (GET /api/config). `payments` is the payment
 * provider's (PaymentProvider.browser.config: the SDK to load and its mode).
 */
export async function platformConfig(db: Db, payments: PlatformConfig['payments']): Promise<PlatformConfig> {
  const s = await readSettings(db);
  return {
    platformName: s.platformName,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    supportEmail: s.contactEmail,
    logoUrl: s.logoUrl,
    maxEventCapacity: s.maxEventCapacity,
    bookingWindowDays: s.bookingWindowDays,
    cities: [...PUBLIC_CITIES],
    defaultCity: DEFAULT_CITY,
    homeCategories: [...HOME_CATEGORIES],
    eventCategories: [...EVENT_CATEGORIES],
    payments,
    privacyNotice: privacyNoticeOf(s),
  };
}
