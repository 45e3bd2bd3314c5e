// The public lists' query rule (home and All Events), in one place for the storefront, which asks
// GET /api/events with it, and the API, which answers that same request inside the page it serves
// (html/first-screen-data.ts), so the two cannot drift apart.
import { DEFAULT_CITY, ONLINE_CITY, PUBLIC_CITIES } from './constants';
import { EVENTS_PAGE_SIZE } from './event-paging';

export interface EventFilters {
  /** A category word, any case; 'all' or empty for every category. */
  category?: string;
  /** A city: its events and every Online one ('Online' alone for Online); empty for every city. */
  city?: string;
  /** Free text matched against title, venue and category. */
  q?: string;
  /** An organiser's slug (decision 054): only its events. */
  organiser?: string;
}

export const isAllCategory = (category: string | undefined) => !category || category.toLowerCase() === 'all';

/** The query for GET /api/events, leaving out what does not filter. */
export function toEventsQuery(filters: EventFilters): Record<string, string | undefined> {
  return {
    category: isAllCategory(filters.category) ? undefined : filters.category,
    city: filters.city || undefined,
    q: filters.q?.trim() || undefined,
    organiser: filters.organiser?.trim().toLowerCase() || undefined,
  };
}

/** Online plus the twelve cities, in the picker's order. */
export const CITY_OPTIONS: readonly string[] = [ONLINE_CITY, ...PUBLIC_CITIES];

/** The option as spelled in the list ('mumbai' → 'Mumbai'), or undefined. */
export const canonicalCity = (value: string | null | undefined): string | undefined =>
  value ? CITY_OPTIONS.find((c) => c.toLowerCase() === value.trim().toLowerCase()) : undefined;

/**
 * The cookie that carries the visitor's remembered city choice to the server, so the first screen
 * it draws is for their city (decision 016). The browser keeps the choice itself in localStorage.
 */
export const REMEMBERED_CITY_COOKIE = 'tdk_city';

/** The choice a remembered-city cookie names (URI-encoded), when it is one on the list. */
export function cityChoiceFromCookie(value: string | undefined): string | undefined {
  try {
    return value ? canonicalCityChoice(decodeURIComponent(value)) : undefined;
  } catch {
    return undefined;
  }
}

/** The choice that shows every city: stored and put in the URL as `city=all`. */
export const ALL_CITIES = 'all';
export const ALL_CITIES_LABEL = 'All cities';

/** A stored or typed choice made canonical: a city option, ALL_CITIES, or undefined. */
export const canonicalCityChoice = (value: string | null | undefined): string | undefined =>
  value?.trim().toLowerCase() === ALL_CITIES ? ALL_CITIES : canonicalCity(value);

export interface CityChoice {
  /** The city the lists are filtered by; '' for every city. */
  city: string;
  /** What the header and the lists' subtitles say: the city, or 'All cities'. */
  label: string;
}

/**
 * The one city rule of the public lists: a city in the URL (a shared link) wins, otherwise the
 * visitor's remembered choice. An unknown URL city is taken as typed, so a link to a city outside
 * the list still filters.
 */
export function resolveCityChoice(urlCity: string | null | undefined, remembered: string): CityChoice {
  const typed = urlCity?.trim() ?? '';
  const choice = typed ? (canonicalCityChoice(typed) ?? typed) : (canonicalCityChoice(remembered) ?? ALL_CITIES);
  return choice === ALL_CITIES ? { city: '', label: ALL_CITIES_LABEL } : { city: choice, label: choice };
}

/** The list filters a public list page's URL asks for (?search=&category=&city=), for a visitor who remembers `remembered`. */
export function listFiltersFromUrl(
  params: { get(name: string): string | null },
  remembered: string = DEFAULT_CITY,
): EventFilters {
  const get = (name: string) => params.get(name)?.trim() ?? '';
  return {
    q: get('search'),
    category: get('category'),
    city: resolveCityChoice(params.get('city'), remembered).city,
    organiser: get('organiser'),
  };
}

/** Popular Events on the home page: the first events of the list. */
export const HOME_POPULAR_COUNT = 8;

/** How many events a public list page asks for at once: home's Popular Events, else a page of the grid. */
export const listPageSize = (page: 'home' | 'all-events', filters: EventFilters) =>
  page === 'home' && !filters.q ? HOME_POPULAR_COUNT : EVENTS_PAGE_SIZE;
