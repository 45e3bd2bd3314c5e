import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  DEFAULT_CITY,
  EVENT_CATEGORIES,
  HOME_CATEGORIES,
  PUBLIC_CITIES,
  SETTINGS_DEFAULTS,
  type PlatformConfig,
} from '@tdk/api/contract';
import { useApi } from './api-context';
import type { ApiError } from './api-error';
import { isApiError } from './api-error';

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
  cities: [...PUBLIC_CITIES],
  defaultCity: DEFAULT_CITY,
  homeCategories: [...HOME_CATEGORIES],
  eventCategories: [...EVENT_CATEGORIES],
  payments: { provider: 'cashfree', mode: 'production', sdkUrl: '', emulated: false },
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
  const d = DEFAULT_PLATFORM_CONFIG;
  return {
    platformName: text(loaded.platformName, d.platformName),
    primaryColor: text(loaded.primaryColor, d.primaryColor),
    secondaryColor: text(loaded.secondaryColor, d.secondaryColor),
    supportEmail: text(loaded.supportEmail, d.supportEmail),
    cities: list(loaded.cities, d.cities),
    defaultCity: text(loaded.defaultCity, d.defaultCity),
    homeCategories: list(loaded.homeCategories, d.homeCategories),
    eventCategories: list(loaded.eventCategories, d.eventCategories),
    payments: loaded.payments && typeof loaded.payments === 'object' ? { ...d.payments, ...loaded.payments } : d.payments,
  };
}

export interface ConfigProviderProps {
  children: ReactNode;
  /** Skips the request, e.g. in tests. */
  initialConfig?: PlatformConfig;
}

/** Loads GET /api/config once for everything beneath it. */
export function ConfigProvider({ children, initialConfig }: ConfigProviderProps) {
  const api = useApi();
  const [state, setState] = useState<{ config: PlatformConfig; loading: boolean; error: ApiError | Error | null }>(() => ({
    config: initialConfig ?? DEFAULT_PLATFORM_CONFIG,
    loading: initialConfig === undefined,
    error: null,
  }));

  useEffect(() => {
    if (initialConfig !== undefined) return;
    let cancelled = false;
    api
      .get<Partial<PlatformConfig>>('/api/config')
      .then((loaded) => {
        if (!cancelled) setState({ config: mergeConfig(loaded), loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const err = isApiError(error) || error instanceof Error ? error : new Error(String(error));
        setState({ config: DEFAULT_PLATFORM_CONFIG, loading: false, error: err });
      });
    return () => {
      cancelled = true;
    };
  }, [api, initialConfig]);

  const value = useMemo<ConfigState>(
    () => ({ ...state.config, loading: state.loading, error: state.error }),
    [state],
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
