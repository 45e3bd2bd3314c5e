import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatEventDateTime,
  formatLongDate,
  formatShortDate,
  formatTime12,
  formatWeekdayDate,
  indiaDateKey,
  toIndiaParts,
} from './date-time';

// Node re-reads process.env.TZ whenever it changes, so these zones really do change what the
// machine-local Date methods would return; the formatters must not care.
const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata', 'Pacific/Pago_Pago'];
const originalTz = process.env.TZ;

function inEveryZone(check: () => void) {
  const localHours = new Set<number>();
  for (const zone of ZONES) {
    process.env.TZ = zone;
    localHours.add(new Date(Date.UTC(2026, 2, 1, 20)).getHours());
    check();
  }
  // Proof that the zone switch took effect, so the checks above were not all run in one zone.
  expect(localHours.size).toBeGreaterThan(1);
}

afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('formatLongDate', () => {
  it('formats an event date in en-IN long form', () => {
    inEveryZone(() => {
      expect(formatLongDate('2026-12-05')).toBe('5 December 2026');
      expect(formatLongDate('2027-01-01')).toBe('1 January 2027');
      expect(formatLongDate('2026-02-28')).toBe('28 February 2026');
    });
  });

  it('matches Node 20 Intl en-IN output', () => {
    const intl = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(formatLongDate('2026-12-05')).toBe(intl.format(new Date(Date.UTC(2026, 11, 5))));
  });

  it('converts a UTC timestamp to the Asia/Kolkata date', () => {
    inEveryZone(() => {
      expect(formatLongDate('2026-03-01T20:00:00Z')).toBe('2 March 2026');
      expect(formatLongDate('2026-03-01T18:29:59Z')).toBe('1 March 2026');
      expect(formatLongDate('2026-03-01T18:30:00Z')).toBe('2 March 2026');
      expect(formatLongDate(new Date('2026-03-01T20:00:00Z'))).toBe('2 March 2026');
    });
  });

  it('reads a zone-less SQLite timestamp as UTC', () => {
    expect(formatLongDate('2026-03-01 20:00:00')).toBe('2 March 2026');
  });

  it.each([null, undefined, '', 'not a date', '2026-02-30', '2026-13-01', '05/12/2026', Number.NaN])(
    'gives "" for %s',
    (input) => {
      expect(formatLongDate(input as never)).toBe('');
    },
  );
});

describe('formatWeekdayDate', () => {
  it('adds the weekday', () => {
    inEveryZone(() => {
      expect(formatWeekdayDate('2026-12-05')).toBe('Saturday, 5 December 2026');
      expect(formatWeekdayDate('2026-03-02')).toBe('Monday, 2 March 2026');
      expect(formatWeekdayDate('2028-02-29')).toBe('Tuesday, 29 February 2028');
    });
  });

  it('matches Node 20 Intl en-IN output', () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(formatWeekdayDate('2026-12-05')).toBe(intl.format(new Date(Date.UTC(2026, 11, 5))));
  });

  it('uses the Indian day of a timestamp', () => {
    inEveryZone(() => {
      expect(formatWeekdayDate('2026-03-01T20:00:00Z')).toBe('Monday, 2 March 2026');
    });
  });

  it('gives "" for invalid input', () => {
    expect(formatWeekdayDate(null)).toBe('');
    expect(formatWeekdayDate('2026-02-29')).toBe('');
  });
});

describe('formatShortDate', () => {
  it('abbreviates the month', () => {
    expect(formatShortDate('2026-12-05')).toBe('5 Dec 2026');
    expect(formatShortDate('2026-09-30')).toBe('30 Sep 2026');
    expect(formatShortDate(undefined)).toBe('');
  });
});

describe('formatTime12', () => {
  it.each([
    ['18:30', '6:30 pm'],
    ['00:15', '12:15 am'],
    ['00:00', '12:00 am'],
    ['12:00', '12:00 pm'],
    ['12:45', '12:45 pm'],
    ['06:05', '6:05 am'],
    ['6:05', '6:05 am'],
    ['23:59', '11:59 pm'],
    ['09:00:00', '9:00 am'],
  ])('%s → %s', (input, expected) => {
    expect(formatTime12(input)).toBe(expected);
  });

  it('matches Node 20 Intl en-IN output (lower-case am/pm, plain space)', () => {
    const intl = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
    expect(formatTime12('18:30')).toBe(intl.format(new Date(Date.UTC(2026, 0, 1, 18, 30))));
    expect(formatTime12('00:15')).toBe(intl.format(new Date(Date.UTC(2026, 0, 1, 0, 15))));
  });

  it('shows a timestamp in Asia/Kolkata', () => {
    inEveryZone(() => {
      expect(formatTime12('2026-03-01T20:00:00Z')).toBe('1:30 am');
      expect(formatTime12('2026-03-01T06:30:00.000Z')).toBe('12:00 pm');
    });
  });

  it.each([null, undefined, '', '24:00', '12:60', 'noon', '7pm'])('gives "" for %s', (input) => {
    expect(formatTime12(input as never)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows a UTC timestamp in Asia/Kolkata, across the day boundary', () => {
    inEveryZone(() => {
      expect(formatDateTime('2026-03-01T20:00:00Z')).toBe('2 Mar 2026, 1:30 am');
      expect(formatDateTime('2026-12-31T18:45:00Z')).toBe('1 Jan 2027, 12:15 am');
      expect(formatDateTime('2026-06-15T06:30:00+00:00')).toBe('15 Jun 2026, 12:00 pm');
    });
  });

  it('agrees with Intl for Asia/Kolkata', () => {
    const iso = '2026-03-01T20:00:00Z';
    const intl = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
    expect(formatDateTime(iso)).toBe(intl.format(new Date(iso)));
  });

  it('gives "" for invalid input and never throws', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('yesterday')).toBe('');
    expect(formatDateTime(new Date('invalid'))).toBe('');
    expect(formatDateTime(8.64e15 + 1)).toBe('');
  });
});

describe('formatEventDateTime', () => {
  it('joins an event date and time', () => {
    expect(formatEventDateTime('2026-12-05', '18:30')).toBe('5 Dec 2026, 6:30 pm');
    expect(formatEventDateTime('2026-12-05', '')).toBe('5 Dec 2026');
  });
});

describe('indiaDateKey and toIndiaParts', () => {
  it('gives the Indian calendar day of an instant', () => {
    inEveryZone(() => {
      expect(indiaDateKey('2026-03-01T20:00:00Z')).toBe('2026-03-02');
      expect(indiaDateKey(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-01');
      expect(toIndiaParts('2026-03-01T20:00:00Z')).toEqual({ year: 2026, month: 3, day: 2, weekday: 1, hour: 1, minute: 30 });
    });
  });
});
