// The platform's languages and the one rule that picks a visitor's (decision 019): shared by the
// API, which draws the first screen and writes e-mails in it, and the frontends, which switch it.
// Nothing here may throw: a value we cannot use reads as English.

export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in its own script, as the switcher shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' };

/** The locale of `Intl` formats and of `<html lang>`: Indian grouping, India's conventions. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

/** Languages written in Devanagari: their pages declare and preload Noto Sans Devanagari. */
export const usesDevanagari = (language: Language) => language !== 'en';

/** The cookie that remembers the visitor's choice, read by the server like the city's (decision 016). */
export const LANGUAGE_COOKIE = 'tdk_lang';
/** How long the language cookie keeps a choice: a year, like the city's. */
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** `?lang=hi`: a shared link opens in the sharer's language. */
export const LANGUAGE_QUERY = 'lang';

/** The language a value names ('hi', 'HI', 'hi-IN'), or undefined. */
export function parseLanguage(value: string | null | undefined): Language | undefined {
  if (typeof value !== 'string' || value.length > 35) return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
}

/** Longer than any real header; a longer one is not worth reading. */
const MAX_ACCEPT_LANGUAGE = 256;

/**
 * The first of our languages an `Accept-Language` header prefers, by quality then order
 * ('mr-IN,hi;q=0.9,en;q=0.8' → 'mr'); undefined for '*', garbage or a header too long to be real.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (typeof header !== 'string' || header.length > MAX_ACCEPT_LANGUAGE) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = parseLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/** The language a remembered-language cookie names (URI-encoded), when it is one of ours. */
export function languageFromCookie(value: string | null | undefined): Language | undefined {
  try {
    return value ? parseLanguage(decodeURIComponent(value)) : undefined;
  } catch {
    return undefined;
  }
}

export interface LanguageSignals {
  /** The URL's `?lang=`. */
  query?: string | null;
  /** The `tdk_lang` cookie's raw value. */
  cookie?: string | null;
  /** The request's `Accept-Language`. */
  acceptLanguage?: string | null;
}

/** The one rule: the URL wins (a shared link), then the remembered choice, then the browser's languages, then English. */
export function resolveLanguage({ query, cookie, acceptLanguage }: LanguageSignals): Language {
  return parseLanguage(query) ?? languageFromCookie(cookie) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * Noto Sans Devanagari's Devanagari subset, served by the platform from the shell's build
 * (`/fonts/`), in the two weights the theme's text resolves to. The family name is the platform's
 * own, so a page that does not declare it (English) never uses or fetches it, and a copy installed
 * on the machine is never picked for Latin text.
 */
export const DEVANAGARI_FONT_FAMILY = 'TDK Devanagari';
export const DEVANAGARI_FONT_FILES: Readonly<Record<400 | 700, string>> = {
  400: '/fonts/noto-sans-devanagari-devanagari-400-normal.woff2',
  700: '/fonts/noto-sans-devanagari-devanagari-700-normal.woff2',
};
/** The regular weight as WOFF 1.0, which the ticket's PDF unwraps and embeds (jsPDF reads TrueType only). */
export const DEVANAGARI_PDF_FONT_FILE = '/fonts/noto-sans-devanagari-devanagari-400-normal.woff';

/** The id of the page's @font-face <style>, so the browser does not add it a second time. */
export const DEVANAGARI_FONT_STYLE_ID = 'tdk-devanagari-font';

/** The Devanagari block, its extension, Vedic marks, and the dandas and rupee signs shared with it. */
const DEVANAGARI_RANGE = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';

/** The @font-face rules of a page in Hindi or Marathi (`font-display: swap`: text shows at once in a system font). */
export const devanagariFontFaces = (): string =>
  Object.entries(DEVANAGARI_FONT_FILES)
    .map(
      ([weight, url]) =>
        `@font-face{font-family:'${DEVANAGARI_FONT_FAMILY}';font-style:normal;font-weight:${weight};font-display:swap;` +
        `src:url(${url}) format('woff2');unicode-range:${DEVANAGARI_RANGE}}`,
    )
    .join('');
