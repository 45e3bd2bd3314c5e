// The words of the storefront's pages other than the event page (the lists, the saved events, the
// legal pages, the waiting room: 'storefront-pages', decision 019): bundled with those pages in
// English, fetched with them in Hindi and Marathi, so the event page's first load, in any language,
// carries none of them (issue 26's budget). A key not here is looked for in the storefront's own.
import { registerCatalogues, useT, type Translate } from '@tdk/shared-ui';
import { STOREFRONT_NAMESPACE } from '../../i18n';
import en from './en.json';

registerCatalogues('storefront-pages', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-storefront-pages-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-storefront-pages-mr" */ './mr.json'),
});

const NAMESPACES = ['storefront-pages', STOREFRONT_NAMESPACE] as const;

export const usePageT = (): Translate => useT(NAMESPACES);
