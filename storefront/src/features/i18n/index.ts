// The storefront's messages (namespace 'storefront', decision 019): each language a chunk fetched
// only by a page in that language, English included (issue 26's first-load budget: a page in Hindi
// or Marathi loads no English; the catalogue check guarantees every key in every language, so
// nothing falls back to it).
import { use } from 'react';
import { ONLINE_CITY, type Language } from '@tdk/api/contract';
import { registerCatalogues, useT, type Catalogue, type Translate } from '@tdk/shared-ui';

/** The storefront's own namespace; the parts fetched later (checkout-messages/i18n, my-bookings/i18n) fall back to it. */
export const STOREFRONT_NAMESPACE = 'storefront';

const OTHER_LANGUAGES = {
  hi: () => import(/* webpackChunkName: "i18n-storefront-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-storefront-mr" */ './mr.json'),
};

// Registered at once without its English (any shared-ui takes this: a remote deployed alone runs
// with the shell's), so a page in Hindi or Marathi fetches its own language as before; English
// joins it when fetched, before anything of the storefront draws in English (useStorefrontEnglish).
registerCatalogues(STOREFRONT_NAMESPACE, { en: {}, ...OTHER_LANGUAGES });

let englishLoaded = false;
let english: Promise<void> | undefined;

/** Fetches the English messages (once) and registers them: what a page in English waits for. */
export function loadStorefrontEnglish(): Promise<void> {
  english ??= import(/* webpackChunkName: "i18n-storefront-en" */ './en.json').then(
    (module) => {
      const messages = ('default' in module && typeof module.default === 'object' ? module.default : module) as Catalogue;
      registerCatalogues(STOREFRONT_NAMESPACE, { en: messages, ...OTHER_LANGUAGES });
      englishLoaded = true;
    },
    (error: unknown) => {
      // A failed fetch is tried again by the next render that needs it.
      english = undefined;
      throw error;
    },
  );
  return english;
}

/**
 * Holds the storefront (its root, StorefrontApp) until its English messages are here, on a page in
 * English. A first screen has them already (prepareFirstScreen); a switch to English from another
 * language waits here, inside the switch's transition.
 */
export function useStorefrontEnglish(language: Language): void {
  if (language === 'en' && !englishLoaded) use(loadStorefrontEnglish());
}

export const useStorefrontT = (): Translate => useT(STOREFRONT_NAMESPACE);

const CATEGORY_KEYS: Readonly<Record<string, string>> = {
  all: 'category.all',
  football: 'category.football',
  cricket: 'category.cricket',
  basketball: 'category.basketball',
  tennis: 'category.tennis',
  running: 'category.running',
  swimming: 'category.swimming',
  cycling: 'category.cycling',
  volleyball: 'category.volleyball',
  badminton: 'category.badminton',
  hockey: 'category.hockey',
  athletics: 'category.athletics',
  other: 'category.other',
};

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A sport's name in the language ('football' or 'Football' → 'फ़ुटबॉल'); one we do not know, title-cased as it is. */
export const categoryLabel = (t: Translate, category: string): string => {
  const key = CATEGORY_KEYS[category.toLowerCase()];
  return key ? t(key) : titleCase(category);
};

const CITY_KEYS: Readonly<Record<string, string>> = {
  Mumbai: 'city.Mumbai',
  Delhi: 'city.Delhi',
  Bangalore: 'city.Bangalore',
  Chennai: 'city.Chennai',
  Hyderabad: 'city.Hyderabad',
  Pune: 'city.Pune',
  Kolkata: 'city.Kolkata',
  Ahmedabad: 'city.Ahmedabad',
  Gurugram: 'city.Gurugram',
  Jaipur: 'city.Jaipur',
  Noida: 'city.Noida',
  Thane: 'city.Thane',
  Kochi: 'city.Kochi',
  Surat: 'city.Surat',
  Online: 'city.Online',
};

/** A city's name in the language; '' (every city) is 'All cities'; one off the list shows as typed. */
export const cityLabel = (t: Translate, city: string): string => {
  if (!city) return t('city.all');
  const key = CITY_KEYS[city];
  return key ? t(key) : city;
};

/** 'in Mumbai and online', 'online', 'in every city': where a list's events are. */
export function cityPhrase(t: Translate, city: string): string {
  if (!city) return t('where.everyCity');
  if (city.toLowerCase() === ONLINE_CITY.toLowerCase()) return t('where.online');
  return t('where.cityAndOnline', { city: cityLabel(t, city) });
}

export { localizeEvent } from '@tdk/api/contract';

const TICKET_CATEGORY_KEYS: Readonly<Record<string, string>> = {
  General: 'ticketCategory.General',
  VIP: 'ticketCategory.VIP',
  'Early Bird': 'ticketCategory.Early Bird',
  'Super Early Bird': 'ticketCategory.Super Early Bird',
  Regular: 'ticketCategory.Regular',
  Premium: 'ticketCategory.Premium',
  Student: 'ticketCategory.Student',
  'Senior Citizen': 'ticketCategory.Senior Citizen',
  Group: 'ticketCategory.Group',
  'Family Pack': 'ticketCategory.Family Pack',
};

/** A ticket category of the platform's list in the language; another shows as entered. */
export const ticketCategoryLabel = (t: Translate, category: string): string => {
  const key = TICKET_CATEGORY_KEYS[category];
  return key ? t(key) : category;
};
