import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_CITY,
  EVENT_CATEGORIES,
  HOME_CATEGORIES,
  PUBLIC_CITIES,
  SETTINGS_DEFAULTS,
  type PlatformConfig,
} from '@tdk/api/contract';
import { queryKeys } from '../data/query-keys';
import { callApi } from './api-client';
import { useApiClient } from './api-context';
import { useFirstScreenResponse } from './first-screen-context';
import type { ApiError } from './api-error';

/**
 * What the UI runs on until GET /api/config answers, and if it never does: the product's own
 * constants. Payments are left without an SDK URL, so checkout reports itself unavailable
 * rather than loading a script from a guessed address.
 */
export const DEFAULT_PLATFORM_CONFIG: PlatformConfig = {
  platformName: SETTINGS_DEFAULTS.platformName,
  primaryColor: SETTINGS_DEFAULTS.primaryColor,
  secondaryColor: SETTINGS_DEFAULTS.secondaryColor,
  supportEmail: SETTINGS_DEFAULTS.contactEmail,
  logoUrl: SETTINGS_DEFAULTS.logoUrl,
  maxEventCapacity: SETTINGS_DEFAULTS.maxEventCapacity,
  bookingWindowDays: SETTINGS_DEFAULTS.bookingWindowDays,
  cities: [...PUBLIC_CITIES],
  defaultCity: DEFAULT_CITY,
  homeCategories: [...HOME_CATEGORIES],
  eventCategories: [...EVENT_CATEGORIES],
  payments: { provider: 'cashfree', mode: 'production', sdkUrl: '', emulated: false },
  // Until the server says which notice is in force, none is: the form cannot consent to a version 0.
  privacyNotice: { version: 0, text: { en: '', hi: '', mr: '' } },
};

/** The platform config plus its load state; usable wherever a PlatformConfig is expected. */
export type ConfigState = PlatformConfig & {
  loading: boolean;
  /** Set when the config could not be loaded and the defaults are in use. */
  error: ApiError | Error | null;
};

const ConfigContext = createContext<ConfigState | null>(null);

function mergeConfig(loaded: Partial<PlatformConfig> | null | undefined): PlatformConfig {
  if (!loaded || typeof loaded !== 'object') return DEFAULT_PLATFORM_CONFIG;
  const list = (value: unknown, fallback: string[]) =>
    Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length > 0 ? (value as string[]) : fallback;
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
  const count = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
  const d = DEFAULT_PLATFORM_CONFIG;
  return {
    platformName: text(loaded.platformName, d.platformName),
    primaryColor: text(loaded.primaryColor, d.primaryColor),
    secondaryColor: text(loaded.secondaryColor, d.secondaryColor),
    supportEmail: text(loaded.supportEmail, d.supportEmail),
    logoUrl: typeof loaded.logoUrl === 'string' ? loaded.logoUrl : d.logoUrl,
    maxEventCapacity: count(loaded.maxEventCapacity, d.maxEventCapacity),
    bookingWindowDays: count(loaded.bookingWindowDays, d.bookingWindowDays),
    cities: list(loaded.cities, d.cities),
    defaultCity: text(loaded.defaultCity, d.defaultCity),
    homeCategories: list(loaded.homeCategories, d.homeCategories),
    eventCategories: list(loaded.eventCategories, d.eventCategories),
    payments: loaded.payments && typeof loaded.payments === 'object' ? { ...d.payments, ...loaded.payments } : d.payments,
    privacyNotice:
      loaded.privacyNotice && typeof loaded.privacyNotice === 'object'
        ? { ...d.privacyNotice, ...loaded.privacyNotice }
        : d.privacyNotice,
  };
}

function configFrom(body: unknown): PlatformConfig | undefined {
  return body === undefined ? undefined : mergeConfig(body as Partial<PlatformConfig>);
}

export interface ConfigProviderProps {
  children: ReactNode;
  /** Skips the request, e.g. in tests. */
  initialConfig?: PlatformConfig;
}

/** Loads GET /api/config once (a query, `queryKeys.config`) for everything beneath it. */
export function ConfigProvider({ children, initialConfig }: ConfigProviderProps) {
  const client = useApiClient();
  const firstScreen = useFirstScreenResponse();
  const query = useQuery({
    queryKey: queryKeys.config,
    queryFn: async ({ signal }) => mergeConfig(await callApi(client.api.config.$get({}, { init: { signal } }))),
    // The page may carry the answer (first-screen.ts): drawn with the real brand at once.
    initialData: () => initialConfig ?? configFrom(firstScreen('/api/config')),
    // Settings change rarely; saving them invalidates this query (INVALIDATES.settings).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const { data, isPending, error } = query;
  const value = useMemo<ConfigState>(
    () => ({ ...(data ?? DEFAULT_PLATFORM_CONFIG), loading: isPending, error: data ? null : error }),
    [data, isPending, error],
  );
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

/**
 * The platform config (cities, categories, payment SDK...). Outside a provider it returns the
 * defaults, so a component rendered alone in a test still works.
 */
export function useConfig(): ConfigState {
  return useContext(ConfigContext) ?? FALLBACK_STATE;
}

// One object, so components that list the config in effect dependencies do not loop.
const FALLBACK_STATE: ConfigState = { ...DEFAULT_PLATFORM_CONFIG, loading: false, error: null };
