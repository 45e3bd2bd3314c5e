// The results pages' messages ('storefront-results', decision 019/063): bundled with their code in
// English, fetched with it in Hindi and Marathi; a key not here is looked for in the storefront's own.
import { registerCatalogues, useT, type Translate } from '@tdk/shared-ui';
import { STOREFRONT_NAMESPACE } from '../../i18n';
import en from './en.json';

registerCatalogues('storefront-results', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-storefront-results-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-storefront-results-mr" */ './mr.json'),
});

const NAMESPACES = ['storefront-results', STOREFRONT_NAMESPACE] as const;

export const useResultsT = (): Translate => useT(NAMESPACES);
