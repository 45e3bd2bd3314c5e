import { describe, expect, it } from 'vitest';
import { formatRaceTime, paceOf, parseRaceTime } from './race-times';

describe('race times', () => {
  it('reads H:MM:SS with optional tenths, and M:SS in minutes', () => {
    expect(parseRaceTime('1:02:03.4')).toBe((3600 + 2 * 60 + 3) * 10 + 4);
    expect(parseRaceTime('62:03')).toBe((62 * 60 + 3) * 10);
    expect(parseRaceTime('62:03')).toBe(parseRaceTime('1:02:03'));
    expect(parseRaceTime('0:45:00')).toBe(45 * 60 * 10);
    expect(parseRaceTime(' 2:05:09,7 ')).toBe((2 * 3600 + 5 * 60 + 9) * 10 + 7);
  });

  it('refuses what a timing file should not hold', () => {
    for (const bad of ['', 'DNF', '1:60:00', '1:2:03', '0:45:60', '1:02:03.45', '-0:45:00', '45', '1:02:03:04', '१:०२:०३']) {
      expect(parseRaceTime(bad), bad).toBeUndefined();
    }
  });

  it('writes times back as H:MM:SS, tenths only when there are some', () => {
    expect(formatRaceTime(parseRaceTime('62:03')!)).toBe('1:02:03');
    expect(formatRaceTime(parseRaceTime('1:02:03.4')!)).toBe('1:02:03.4');
    expect(formatRaceTime(parseRaceTime('0:45:00')!)).toBe('0:45:00');
  });

  it('gives the pace per kilometre when the race has a distance', () => {
    expect(paceOf(parseRaceTime('0:50:00')!, 10_000)).toBe('5:00');
    expect(paceOf(parseRaceTime('1:45:30')!, 21_097)).toBe('5:00');
    expect(paceOf(parseRaceTime('0:50:00')!, null)).toBeUndefined();
  });
});
