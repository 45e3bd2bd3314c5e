// The contract's validation messages in the page's language (decision 019): its keys
// ('validation.fullNameRequired', 'validation.maxChars?max=100') through the 'validation'
// catalogue; any other message (an older API's English, a server's own words) as it is.
import { parseMessageKey, VALIDATION_NAMESPACE } from '@tdk/api/contract';
import en from '@tdk/api/contract/i18n/en.json';
// From the main entry, the shared singleton: the catalogues and the language live there.
import { registerCatalogues, useT, type Translate } from '@tdk/shared-ui';

registerCatalogues(VALIDATION_NAMESPACE, {
  en,
  hi: () => import(/* webpackChunkName: "i18n-validation-hi" */ '@tdk/api/contract/i18n/hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-validation-mr" */ '@tdk/api/contract/i18n/mr.json'),
});

export type ValidationText = (message: string) => string;

export const validationText =
  (t: Translate): ValidationText =>
  (message) => {
    const parsed = parseMessageKey(message);
    return parsed ? t(parsed.key, parsed.values) : message;
  };

/** Turns a field error (a key or plain words) into words of the page's language. */
export const useValidationText = (): ValidationText => validationText(useT(VALIDATION_NAMESPACE));
