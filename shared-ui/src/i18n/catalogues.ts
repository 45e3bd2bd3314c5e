// The platform's message catalogues, on i18next (decision 019). One instance holds every
// namespace's messages: shared-ui's own ('common'), and each remote's, registered by the remote when
// its code loads. English is bundled with the code that uses it (it is the default and every key's
// fallback); Hindi and Marathi are chunks fetched only by a page in that language. The module
// holds catalogues only, which are the same for every visitor; the language of a render comes from
// React context (language-context.tsx), so one server draws many visitors' pages side by side.
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@tdk/api/contract';

/** One language's messages of one namespace: a flat map of key → message ('tickets_one', 'tickets_other' for plurals). */
export type Catalogue = Readonly<Record<string, string>>;
export type CatalogueLoader = () => Promise<Catalogue | { default: Catalogue }>;

/** A namespace's English messages, and how to fetch the others. */
export type CatalogueSet = { en: Catalogue } & { [L in Exclude<Language, 'en'>]: CatalogueLoader };

export type Translate = TFunction;

const store: I18n = i18next.createInstance({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [],
  defaultNS: false,
  // Keys are flat and may hold dots and colons ('checkout.payNow'): no nesting, no 'ns:key'.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; e-mails and the PDF escape for themselves.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  resources: {},
});
void store.init();

const loaders = new Map<string, CatalogueSet>();
const pending = new Map<string, Promise<void>>();
/** Namespaces fetched only when asked for by name (`loadCatalogue`), never with a page's language. */
const onDemand = new Set<string>();

/**
 * Registers a namespace's catalogues (once per namespace; a redeployed remote's newer set replaces
 * the older). `onDemand`: `loadLanguage` leaves it out, so a page in Hindi does not fetch it before
 * it draws; whoever needs it fetches it with `loadCatalogue` (the forms' validation messages, on a
 * form's first check).
 */
export function registerCatalogues(namespace: string, catalogues: CatalogueSet, options: { onDemand?: boolean } = {}): void {
  loaders.set(namespace, catalogues);
  if (options.onDemand) onDemand.add(namespace);
  else onDemand.delete(namespace);
  store.addResourceBundle('en', namespace, catalogues.en, true, true);
}

/** Whether `namespace` can be drawn in `language` now, without waiting. */
export const isCatalogueLoaded = (language: Language, namespace: string) =>
  language === 'en' ? store.hasResourceBundle('en', namespace) : store.hasResourceBundle(language, namespace);

/** Fetches one namespace in one language (at most once); English and unknown namespaces need nothing. */
export function loadCatalogue(language: Language, namespace: string): Promise<void> {
  if (language === 'en' || isCatalogueLoaded(language, namespace)) return Promise.resolve();
  const set = loaders.get(namespace);
  if (!set) return Promise.resolve();
  const key = `${language}/${namespace}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = set[language]()
      .then((module) => {
        const messages = 'default' in module && typeof module.default === 'object' ? module.default : module;
        store.addResourceBundle(language, namespace, messages as Catalogue, true, true);
      })
      .finally(() => pending.delete(key));
    pending.set(key, loading);
  }
  return loading;
}

/** Fetches every registered namespace in `language` but those fetched on demand: what a page needs before it draws in it. */
export const loadLanguage = (language: Language): Promise<void> =>
  Promise.all(
    [...loaders.keys()].filter((namespace) => !onDemand.has(namespace)).map((namespace) => loadCatalogue(language, namespace)),
  ).then(() => undefined);

const translators = new Map<string, TFunction>();

/**
 * `t` for one language and namespace: `t('tickets', { count: 2 })` picks the plural form by the
 * language's own rules (Intl.PluralRules), a message missing in Hindi falls back to English. With
 * several namespaces, a key is looked for in each in turn.
 */
export function translator(language: Language, namespace: string | readonly string[]): TFunction {
  const key = `${language}/${typeof namespace === 'string' ? namespace : namespace.join('+')}`;
  let t = translators.get(key);
  if (!t) {
    t = store.getFixedT(language, typeof namespace === 'string' ? namespace : [...namespace]);
    translators.set(key, t);
  }
  return t;
}
