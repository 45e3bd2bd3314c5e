// Numbers, rupees, dates and times in a language. English keeps the hand-made en-IN formatters
// (identical in Node, every browser and small-ICU builds); Hindi and Marathi go through Intl with
// hi-IN / mr-IN, Indian digit grouping and Latin digits (`-u-nu-latn`: Marathi's default is
// Devanagari digits, which ticket codes, prices and phone numbers beside them do not use).
import { LANGUAGE_LOCALES, type Language } from '@tdk/api/contract';
import { formatNumber, formatRupees } from '../format/currency';
import {
  formatDateTime,
  formatLongDate,
  formatShortDate,
  formatTime12,
  formatWeekdayDate,
  toIndiaParts,
  type DateInput,
} from '../format/date-time';

export interface Formats {
  language: Language;
  /** 1250000 → '12,50,000' */
  number(value: number | string | null | undefined, maxDecimals?: number): string;
  /** 125000 → '₹1,25,000'; paise shown only when there are some. */
  rupees(value: number | string | null | undefined): string;
  /** '2026-12-05' → '5 December 2026' / '5 दिसंबर 2026' */
  longDate(value: DateInput): string;
  /** '2026-12-05' → 'Saturday, 5 December 2026' / 'शनिवार, 5 दिसंबर 2026' */
  weekdayDate(value: DateInput): string;
  /** '2026-12-05' → '5 Dec 2026' */
  shortDate(value: DateInput): string;
  /** '18:30' → '6:30 pm' */
  time(value: DateInput): string;
  /** A UTC timestamp in India: '2 Mar 2026, 1:30 am' */
  dateTime(value: DateInput): string;
}

const toNumber = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A calendar date ('YYYY-MM-DD' as it is, a timestamp in India) as a UTC instant, so Intl shows that very day. */
function calendarInstant(value: DateInput): number | null {
  if (value === null || value === undefined || value === '') return null;
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (match) {
    const instant = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    return formatLongDate(value) ? instant : null;
  }
  const parts = toIndiaParts(value as string | number | Date);
  return parts ? Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) : null;
}

function timeInstant(value: DateInput): number | null {
  if (typeof value === 'string') {
    const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
    if (match) return formatTime12(value) ? Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])) : null;
  }
  return calendarInstant(value);
}

const english: Formats = {
  language: 'en',
  number: formatNumber,
  rupees: formatRupees,
  longDate: formatLongDate,
  weekdayDate: formatWeekdayDate,
  shortDate: formatShortDate,
  time: formatTime12,
  dateTime: formatDateTime,
};

function intlFormats(language: Language): Formats {
  const locale = `${LANGUAGE_LOCALES[language]}-u-nu-latn`;
  const dates = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return (value: DateInput) => {
      const instant = calendarInstant(value);
      return instant === null ? '' : format.format(instant);
    };
  };
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const shortDate = (instant: number) => shortDay.format(instant);
  const number = (value: number | string | null | undefined, maxDecimals = 0) => {
    const n = toNumber(value);
    return n === null ? '' : new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals }).format(n);
  };
  return {
    language,
    number,
    rupees(value) {
      const n = toNumber(value);
      if (n === null) return '';
      const whole = Math.round(n * 100) % 100 === 0;
      // The symbol before a decimal number, not the currency style: Marathi's currency pattern
      // groups the Western way (₹125,000).
      const digits = new Intl.NumberFormat(locale, {
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: whole ? 0 : 2,
      });
      return n < 0 ? `-₹${digits.format(-n)}` : `₹${digits.format(n)}`;
    },
    longDate: dates({ day: 'numeric', month: 'long', year: 'numeric' }),
    weekdayDate: dates({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    shortDate: dates({ day: 'numeric', month: 'short', year: 'numeric' }),
    time(value) {
      const instant = timeInstant(value);
      return instant === null ? '' : clockIn(language as Exclude<Language, 'en'>, clock, instant);
    },
    dateTime(value) {
      if (value === null || value === undefined || value === '') return '';
      const parts = toIndiaParts(value);
      if (!parts) return '';
      const instant = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
      return `${shortDate(instant)}, ${clockIn(language as Exclude<Language, 'en'>, clock, instant)}`;
    },
  };
}

const made = new Map<Language, Formats>([['en', english]]);

/**
 * Morning and afternoon in the language's own script: CLDR writes Hindi's as 'am'/'pm' and
 * Marathi's as 'AM'/'PM', Latin letters in a Devanagari sentence.
 */
export const DAY_PERIODS: Readonly<Record<Exclude<Language, 'en'>, { am: string; pm: string }>> = {
  hi: { am: 'पूर्वाह्न', pm: 'अपराह्न' },
  mr: { am: 'म.पू.', pm: 'म.उ.' },
};

/** A 12-hour clock whose day period is written in the language's script. */
export function clockIn(language: Exclude<Language, 'en'>, format: Intl.DateTimeFormat, instant: number): string {
  return format
    .formatToParts(instant)
    .map((part) =>
      part.type === 'dayPeriod' ? DAY_PERIODS[language][new Date(instant).getUTCHours() < 12 ? 'am' : 'pm'] : part.value,
    )
    .join('');
}

/** The formatters of a language (made once). */
export function formatsFor(language: Language): Formats {
  let formats = made.get(language);
  if (!formats) {
    formats = intlFormats(language);
    made.set(language, formats);
  }
  return formats;
}
