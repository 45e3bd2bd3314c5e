// The API's words in the visitor's or buyer's language (decision 019), through the same i18next the
// frontends use: the page title of a drawn first screen, the e-mails, the calendar file (namespace
// 'server', this folder), and the contract's validation messages (namespace 'validation').
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_LOCALES, VALIDATION_NAMESPACE, parseMessageKey, type Language } from '../contract';
import validationEn from '../contract/i18n/en.json';
import validationHi from '../contract/i18n/hi.json';
import validationMr from '../contract/i18n/mr.json';
import en from './en.json';
import hi from './hi.json';
import mr from './mr.json';

const store = i18next.createInstance();
void store.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['server', VALIDATION_NAMESPACE],
  defaultNS: 'server',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  resources: {
    en: { server: en, [VALIDATION_NAMESPACE]: validationEn },
    hi: { server: hi, [VALIDATION_NAMESPACE]: validationHi },
    mr: { server: mr, [VALIDATION_NAMESPACE]: validationMr },
  },
});

/** The API's messages in `language`. */
export const serverT = (language: Language): TFunction => store.getFixedT(language, 'server');

/** A contract validation message (a key, or plain words) as words of `language`. */
export function validationText(message: string, language: Language = DEFAULT_LANGUAGE): string {
  const parsed = parseMessageKey(message);
  return parsed ? store.getFixedT(language, VALIDATION_NAMESPACE)(parsed.key, parsed.values) : message;
}

/** The title of a public page drawn in `language`. */
export const pageTitle = (platformName: string, language: Language): string => serverT(language)('page.title', { platformName });

/** `Intl` formats of the e-mails and the calendar in `language`: Indian grouping, Latin digits. */
export function serverFormats(language: Language) {
  const locale = `${LANGUAGE_LOCALES[language]}-u-nu-latn`;
  const t = serverT(language);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const wholeOrPaise = (rupees: number) =>
    new Intl.NumberFormat(
      locale,
      Number.isInteger(rupees) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
  return {
    /** 0 → 'Free'; otherwise '₹1,25,000' (the symbol before an Indian-grouped number, in every language). */
    rupees: (rupees: number) => (rupees === 0 ? t('mail.free') : `₹${wholeOrPaise(rupees).format(rupees)}`),
    number: (value: number) => number.format(value),
    /** '2026-03-15' → 'Sunday, 15 March 2026' / 'रविवार, 15 मार्च 2026' */
    date(date: string): string {
      const parsed = new Date(`${date}T00:00:00Z`);
      if (Number.isNaN(parsed.getTime())) return date;
      return new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(parsed);
    },
    /** '18:30' → '6:30 pm' */
    time(time: string): string {
      const match = /^(\d{2}):(\d{2})/.exec(time);
      if (!match) return time;
      const hour = Number(match[1]);
      const parsed = new Date(Date.UTC(2000, 0, 1, hour, Number(match[2])));
      const parts = new Intl.DateTimeFormat(locale, {
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: 'UTC',
      }).formatToParts(parsed);
      // Morning and afternoon in the language's script (CLDR writes them in Latin letters for Hindi and Marathi).
      return parts.map((part) => (part.type === 'dayPeriod' ? t(hour < 12 ? 'mail.am' : 'mail.pm') : part.value)).join('');
    },
  };
}
