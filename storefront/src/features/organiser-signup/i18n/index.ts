// The sign-up pages' messages ('storefront-signup', decision 053): bundled with their code in
// English, fetched with it in Hindi and Marathi, so no other page's first load carries them. A key
// not here is looked for in the storefront's own messages.
import { registerCatalogues, useT, type Translate } from '@tdk/shared-ui';
import { STOREFRONT_NAMESPACE } from '../../i18n';
import en from './en.json';

registerCatalogues('storefront-signup', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-storefront-signup-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-storefront-signup-mr" */ './mr.json'),
});

const NAMESPACES = ['storefront-signup', STOREFRONT_NAMESPACE] as const;

export const useSignupT = (): Translate => useT(NAMESPACES);
