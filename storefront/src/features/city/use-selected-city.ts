import { useCallback } from 'react';
import { DEFAULT_CITY } from '@tdk/api/contract';
import { useLocalStorageState } from '@tdk/shared-ui';
import { canonicalCity } from './cities';

export const CITY_STORAGE_KEY = 'tdk.storefront.city';

/** The visitor's remembered city (default Mumbai), shared by the header, the dialog and All Events. */
export function useSelectedCity(): [string, (city: string) => void] {
  const [stored, setStored] = useLocalStorageState<string>(CITY_STORAGE_KEY, DEFAULT_CITY);
  const city = canonicalCity(stored) ?? DEFAULT_CITY;
  const setCity = useCallback((next: string) => setStored(canonicalCity(next) ?? DEFAULT_CITY), [setStored]);
  return [city, setCity];
}
