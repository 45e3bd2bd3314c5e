import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_QUERY, parseLanguage, type Language } from '@tdk/api/contract';
import { isCatalogueLoaded, loadCatalogue, loadLanguage, translator, type Translate } from './catalogues';
import { applyDocumentLanguage, documentLanguage } from './document-language';

interface LanguageContextValue {
  language: Language;
  /** Switches the language of everything under the provider that owns it (loads its catalogues first). */
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue>({
  language: DEFAULT_LANGUAGE,
  setLanguage: async () => undefined,
});

export interface LanguageProviderProps {
  children: ReactNode;
  /**
   * A fixed language: the server's drawing (the visitor's), a test, or a part of a page in its
   * own language (the gate screen). Without it the provider follows the page: `<html lang>` as the
   * server drew it, and a switch writes the cookie, `<html lang>` and the font back.
   */
  language?: Language;
  /** With `language`: what a switch under this provider does (the gate screen remembers its own). */
  onLanguageChange?: (language: Language) => void;
}

/** The language of what it wraps, through context: never a module variable, so renders side by side cannot mix. */
export function LanguageProvider({ children, language: fixed, onLanguageChange }: LanguageProviderProps) {
  const [own, setOwn] = useState<Language>(() => fixed ?? documentLanguage());
  const language = fixed ?? own;
  // A link with `?lang=` (a shared one, or the switcher's before scripts ran) is remembered as a choice.
  useEffect(() => {
    if (fixed || typeof window === 'undefined') return;
    if (parseLanguage(new URLSearchParams(window.location.search).get(LANGUAGE_QUERY)) === own) applyDocumentLanguage(own);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the page as it was opened
  }, []);
  const setLanguage = useCallback(
    async (next: Language) => {
      await loadLanguage(next);
      if (fixed) onLanguageChange?.(next);
      else {
        applyDocumentLanguage(next);
        // A transition: a part that still fetches its messages in the new language (the
        // storefront's English, decision 019) keeps the page as it was meanwhile, not a fallback.
        startTransition(() => setOwn(next));
      }
    },
    [fixed, onLanguageChange],
  );
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export const useLanguage = () => useContext(LanguageContext);

/**
 * The messages of `namespace` in the current language. A catalogue not yet fetched suspends the
 * component until it is (a page drawn first in Hindi has it already: the shell and the server
 * load it before they render). Several namespaces, first first: a key is looked for in each in
 * turn (a remote's part fetched with its code, then the remote's own messages).
 */
export function useT(namespace: string | readonly string[]): Translate {
  const { language } = useLanguage();
  const namespaces = typeof namespace === 'string' ? [namespace] : namespace;
  // One at a time, each fetch's own promise (the same one on every render until it settles).
  const missing = namespaces.find((name) => !isCatalogueLoaded(language, name));
  // Suspends by throwing the fetch, not with `use`: React replays a component that suspended in
  // `use` once the promise settles, and on that replay the catalogue is there, `use` is not called,
  // and the hooks after it (a form's) run on the wrong dispatcher: React error 467, "Update hook
  // called on initial render", reported as 520 in a transition (a switch of language). A thrown
  // promise always unwinds, and the component is drawn afresh. (`use` on every render instead,
  // with a settled promise, makes React's `act` yield on every render in screen tests.)
  if (missing) throw loadCatalogue(language, missing);
  return translator(language, namespace);
}
