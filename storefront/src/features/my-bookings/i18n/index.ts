// The storefront's messages used only by code fetched later ('storefront-bookings', decision 019): bundled with
// that code in English, fetched with it in Hindi and Marathi, so a page's first load carries none
// of them (issue 26's budget). A key not here is looked for in the storefront's own messages.
import { registerCatalogues, useT, type Translate } from '@tdk/shared-ui';
import { STOREFRONT_NAMESPACE } from '../../i18n';
import en from './en.json';

registerCatalogues('storefront-bookings', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-storefront-bookings-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-storefront-bookings-mr" */ './mr.json'),
});

const NAMESPACES = ['storefront-bookings', STOREFRONT_NAMESPACE] as const;

export const useBookingsT = (): Translate => useT(NAMESPACES);
