import { DEFAULT_CITY, EVENT_CATEGORIES, HOME_CATEGORIES, PUBLIC_CITIES, type PlatformConfig } from '../contract';
import type { Db } from '../db/client';
import { privacyNoticeOf } from './privacy-notice';
import { readSettings } from './settings';

export type PaymentsMode = 'emulator' | 'sandbox' | 'production';

export const EMULATOR_SDK_PATH = '/emulator/cashfree/sdk/v3/cashfree.js';
export const CASHFREE_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js';

/** What the browser needs before it renders anything (GET /api/config). */
export async function platformConfig(db: Db, paymentsMode: PaymentsMode): Promise<PlatformConfig> {
  const s = await readSettings(db);
  const emulated = paymentsMode === 'emulator';
  return {
    platformName: s.platformName,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    supportEmail: s.contactEmail,
    logoUrl: s.logoUrl,
    maxEventCapacity: s.maxEventCapacity,
    bookingWindowDays: s.bookingWindowDays,
    emailNotifications: s.emailNotifications,
    cities: [...PUBLIC_CITIES],
    defaultCity: DEFAULT_CITY,
    homeCategories: [...HOME_CATEGORIES],
    eventCategories: [...EVENT_CATEGORIES],
    payments: {
      provider: 'cashfree',
      // The emulator stands in for Cashfree's sandbox, so the SDK is told 'sandbox'.
      mode: emulated ? 'sandbox' : paymentsMode,
      sdkUrl: emulated ? EMULATOR_SDK_PATH : CASHFREE_SDK_URL,
      emulated,
    },
    privacyNotice: privacyNoticeOf(s),
  };
}
