// The page's language in the browser: where a page drawn by the server says it is (<html lang>),
// and what a switch writes back (the cookie the server reads, <html lang>, the Devanagari font).
import {
  DEFAULT_LANGUAGE,
  DEVANAGARI_FONT_STYLE_ID,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_LOCALES,
  LANGUAGE_QUERY,
  devanagariFontFaces,
  parseLanguage,
  resolveLanguage,
  usesDevanagari,
  type Language,
} from '@tdk/api/contract';

const FONT_STYLE_ID = DEVANAGARI_FONT_STYLE_ID;

const readCookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * The language the page is in: `<html lang>` as the API wrote it, else (a page the API did not
 * write: a dev server) the same rule the API applies to the URL, the cookie and the browser.
 */
export function documentLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const drawn = document.documentElement.dataset.language;
  return (
    parseLanguage(drawn) ??
    resolveLanguage({
      query: new URLSearchParams(window.location.search).get(LANGUAGE_QUERY),
      cookie: readCookie(LANGUAGE_COOKIE),
      acceptLanguage: navigator.languages?.join(','),
    })
  );
}

/** Remembers the choice for the server's next drawing, and dresses the page for it. */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
  const html = document.documentElement;
  html.lang = LANGUAGE_LOCALES[language];
  html.dataset.language = language;
  if (usesDevanagari(language) && !document.getElementById(FONT_STYLE_ID)) {
    const style = document.createElement('style');
    style.id = FONT_STYLE_ID;
    style.textContent = devanagariFontFaces();
    document.head.append(style);
  }
}
