// The contract's validation messages in the page's language (decision 019): its keys
// ('validation.fullNameRequired', 'validation.maxChars?max=100') through the 'validation'
// catalogue; any other message (an older API's English, a server's own words) as it is.
//
// Hindi and Marathi messages are fetched when a form first needs one, not with the page: a schema
// form's check waits for them with its schema (`validationTextIn`), and a message shown before
// they arrive (a server's answer) is drawn in English and again once they land (`useValidationText`).
import { useMemo, useReducer } from 'react';
import { parseMessageKey, VALIDATION_NAMESPACE, type Language } from '@tdk/api/contract';
import en from '@tdk/api/contract/i18n/en.json';
// From the main entry, the shared singleton: the catalogues and the language live there.
import { isCatalogueLoaded, loadCatalogue, registerCatalogues, translator, useLanguage, type Translate } from '@tdk/shared-ui';

registerCatalogues(
  VALIDATION_NAMESPACE,
  {
    en,
    hi: () => import(/* webpackChunkName: "i18n-validation-hi" */ '@tdk/api/contract/i18n/hi.json'),
    mr: () => import(/* webpackChunkName: "i18n-validation-mr" */ '@tdk/api/contract/i18n/mr.json'),
  },
  { onDemand: true },
);

export type ValidationText = (message: string) => string;

export const validationText =
  (t: Translate): ValidationText =>
  (message) => {
    const parsed = parseMessageKey(message);
    return parsed ? t(parsed.key, parsed.values) : message;
  };

/** The messages in `language`, once its catalogue is fetched: what a form's check uses. */
export const validationTextIn = async (language: Language): Promise<ValidationText> => {
  await loadCatalogue(language, VALIDATION_NAMESPACE);
  return validationText(translator(language, VALIDATION_NAMESPACE));
};

/**
 * Turns a field error (a key or plain words) into words of the page's language. It never suspends
 * the page: until the language's catalogue is here a key is drawn in English, its fetch starts, and
 * the component draws again when it lands.
 */
export function useValidationText(): ValidationText {
  const { language } = useLanguage();
  const [, landed] = useReducer((n: number) => n + 1, 0);
  const loaded = isCatalogueLoaded(language, VALIDATION_NAMESPACE);
  return useMemo(() => {
    const words = validationText(translator(language, VALIDATION_NAMESPACE));
    if (loaded) return words;
    return (message) => {
      if (parseMessageKey(message)) void loadCatalogue(language, VALIDATION_NAMESPACE).then(landed);
      return words(message);
    };
  }, [language, loaded]);
}
