// Dates and times for India. Event `date`/`time` are wall-clock values already local to
// Asia/Kolkata and are formatted as they are, never passed through the machine's time zone.
// Timestamps (UTC ISO strings) are shifted by India's fixed offset: Asia/Kolkata has been UTC+05:30
// with no daylight saving since 1945, so the arithmetic is exact and needs no time-zone database.
// Names are spelled out here rather than taken from Intl so that Node (tests), Chromium (journeys)
// and every ICU version produce the same strings. The output matches Node 20's en-IN Intl output:
// '5 December 2026', 'Saturday, 5 December 2026', '6:30 pm' (lower-case am/pm, plain space).

export const INDIA_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export type DateInput = string | number | Date | null | undefined;

/** A calendar date and wall-clock time in India. */
export interface IndiaDateParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 (Sunday) - 6 */
  weekday: number;
  hour: number;
  minute: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Parses a timestamp to epoch milliseconds. A string without a zone designator (such as
 * SQLite's '2026-03-01 20:00:00') is taken as UTC, which is how the API stores timestamps. */
function toEpochMs(input: string | number | Date): number | null {
  if (input instanceof Date) {
    const ms = input.getTime();
    return Number.isFinite(ms) ? ms : null;
  }
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  let text = input.trim().replace(' ', 'T');
  if (!/T\d/.test(text)) return null;
  if (!HAS_ZONE.test(text)) text += 'Z';
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** The Asia/Kolkata calendar date and time of an instant. */
export function toIndiaParts(input: string | number | Date): IndiaDateParts | null {
  const ms = toEpochMs(input);
  if (ms === null) return null;
  const shifted = new Date(ms + IST_OFFSET_MS);
  if (!Number.isFinite(shifted.getTime())) return null;
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/**
 * Reads a date input: 'YYYY-MM-DD' is a calendar date kept as it is; a timestamp (ISO string,
 * epoch ms or Date) is converted to its Asia/Kolkata date.
 */
function toCalendarDate(input: DateInput): { year: number; month: number; day: number; weekday: number } | null {
  if (input === null || input === undefined || input === '') return null;
  if (typeof input === 'string') {
    const m = DATE_ONLY.exec(input.trim());
    if (m) {
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!isValidCalendarDate(year, month, day)) return null;
      return { year, month, day, weekday: weekdayOf(year, month, day) };
    }
  }
  try {
    return toIndiaParts(input);
  } catch {
    return null;
  }
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** '2026-12-05' → '5 December 2026' (en-IN long date). Invalid input gives ''. */
export function formatLongDate(input: DateInput): string {
  const d = toCalendarDate(input);
  return d ? `${d.day} ${MONTHS[d.month - 1]} ${d.year}` : '';
}

/** '2026-12-05' → 'Saturday, 5 December 2026' (the ticket's date). Invalid input gives ''. */
export function formatWeekdayDate(input: DateInput): string {
  const d = toCalendarDate(input);
  return d ? `${WEEKDAYS[d.weekday]}, ${d.day} ${MONTHS[d.month - 1]} ${d.year}` : '';
}

/** '2026-12-05' → '5 Dec 2026', for tables. Invalid input gives ''. */
export function formatShortDate(input: DateInput): string {
  const d = toCalendarDate(input);
  return d ? `${d.day} ${MONTHS[d.month - 1]!.slice(0, 3)} ${d.year}` : '';
}

function twelveHour(hour: number, minute: number): string {
  const suffix = hour < 12 ? 'am' : 'pm';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(minute)} ${suffix}`;
}

/**
 * 12-hour en-IN time: '18:30' → '6:30 pm', '00:15' → '12:15 am', '12:00' → '12:00 pm'.
 * Accepts 'HH:mm' or 'HH:mm:ss' wall-clock times, or a timestamp (shown in Asia/Kolkata).
 * Invalid input gives ''.
 */
export function formatTime12(input: DateInput): string {
  if (input === null || input === undefined || input === '') return '';
  if (typeof input === 'string') {
    const m = TIME_ONLY.exec(input.trim());
    if (m) {
      const hour = Number(m[1]);
      const minute = Number(m[2]);
      if (hour > 23 || minute > 59) return '';
      return twelveHour(hour, minute);
    }
  }
  const parts = toIndiaParts(input);
  return parts ? twelveHour(parts.hour, parts.minute) : '';
}

/**
 * A UTC timestamp shown in Asia/Kolkata: '2026-03-01T20:00:00Z' → '2 Mar 2026, 1:30 am'
 * (the same as Intl en-IN dateStyle 'medium' + timeStyle 'short'). Invalid input gives ''.
 */
export function formatDateTime(input: DateInput): string {
  if (input === null || input === undefined || input === '') return '';
  const p = toIndiaParts(input);
  if (!p) return '';
  return `${p.day} ${MONTHS[p.month - 1]!.slice(0, 3)} ${p.year}, ${twelveHour(p.hour, p.minute)}`;
}

/** An event's date and time together: ('2026-12-05', '18:30') → '5 Dec 2026, 6:30 pm'. */
export function formatEventDateTime(date: DateInput, time: DateInput): string {
  const day = formatShortDate(date);
  const clock = formatTime12(time);
  return [day, clock].filter(Boolean).join(', ');
}

/**
 * The Asia/Kolkata calendar date of an instant as 'YYYY-MM-DD' (default: now). Compare it with
 * event dates or a ticket's validFrom/validUntil to decide "today" the way an Indian visitor
 * would, whatever the machine's time zone.
 */
export function indiaDateKey(input: string | number | Date = new Date()): string {
  const p = toIndiaParts(input);
  return p ? `${p.year}-${pad2(p.month)}-${pad2(p.day)}` : '';
}
