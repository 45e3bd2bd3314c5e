import { createContext, useCallback, useContext, useEffect } from 'react';
import { useLocation, useSearchParams } from '@tdk/shared-ui/router';
import { DEFAULT_CITY, REMEMBERED_CITY_COOKIE, cityChoiceFromCookie } from '@tdk/api/contract';
import { useLocalStorageState } from '@tdk/shared-ui';
import { canonicalCityChoice, resolveCityChoice, type CityChoice } from './cities';

export const CITY_STORAGE_KEY = 'tdk.storefront.city';

// On the server (server/render.tsx) there is no storage: the page is drawn for the city the
// visitor's cookie remembers, which the API hands over, through context (one drawing's city is
// never another's).
const RememberedOnServer = createContext<string | undefined>(undefined);
export const RememberedCityOnServer = RememberedOnServer.Provider;

const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** Tells the server the remembered choice, so the next page it draws is for that city. */
function rememberForServer(city: string) {
  const cookie = `${REMEMBERED_CITY_COOKIE}=${encodeURIComponent(city)}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookie}; Path=/; Max-Age=${YEAR_IN_SECONDS}; SameSite=Lax${secure}`;
}

/** In the browser, the choice the cookie tells the server: the city a drawn page was drawn for. */
function cityTheServerDrew(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(`${REMEMBERED_CITY_COOKIE}=`));
  return cityChoiceFromCookie(cookie?.slice(REMEMBERED_CITY_COOKIE.length + 1));
}

/** The visitor's remembered choice (default Mumbai): a city, or ALL_CITIES. */
export function useSelectedCity(): [string, (city: string) => void] {
  const rememberedOnServer = useContext(RememberedOnServer);
  // Before storage is read (the server; React hydrating the drawn page) the city the server drew.
  const [stored, setStored] = useLocalStorageState<string>(
    CITY_STORAGE_KEY,
    () => rememberedOnServer ?? cityTheServerDrew() ?? DEFAULT_CITY,
  );
  const city = canonicalCityChoice(stored) ?? DEFAULT_CITY;
  // Also for a choice made before the cookie existed: it is written on the first visit after.
  useEffect(() => rememberForServer(city), [city]);
  const setCity = useCallback((next: string) => setStored(canonicalCityChoice(next) ?? DEFAULT_CITY), [setStored]);
  return [city, setCity];
}

const FILTERED_LISTS = ['/', '/events'];

/**
 * The city that home, All Events and the header all follow (resolveCityChoice). Choosing one
 * remembers it and, on a list page, writes it to the URL so the filtered list can be shared.
 */
export function useCityChoice(): CityChoice & { choose: (city: string) => void } {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [remembered, setRemembered] = useSelectedCity();
  const onList = FILTERED_LISTS.includes(location.pathname);
  const choice = resolveCityChoice(onList ? params.get('city') : null, remembered);

  const choose = useCallback(
    (next: string) => {
      setRemembered(next);
      if (!onList) return;
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (location.pathname === '/events' || updated.has('city')) updated.set('city', next);
        return updated;
      });
    },
    [location.pathname, onList, setParams, setRemembered],
  );
  return { ...choice, choose };
}
