import { describe, expect, it } from 'vitest';
import { formatsFor } from './formats';
import { registerCatalogues, loadLanguage, translator } from './catalogues';

describe('numbers and rupees in each language', () => {
  it('groups the Indian way with Latin digits in English, Hindi and Marathi', () => {
    for (const language of ['en', 'hi', 'mr'] as const) {
      const f = formatsFor(language);
      expect(f.number(1250000)).toBe('12,50,000');
      expect(f.rupees(125000)).toBe('₹1,25,000');
      expect(f.rupees(1234.5)).toBe('₹1,234.50');
      expect(f.rupees(0)).toBe('₹0');
      expect(f.rupees('')).toBe('');
    }
  });

  it('never uses Devanagari digits, even in Marathi where they are the default', () => {
    expect(formatsFor('mr').number(1234)).toBe('1,234');
    expect(formatsFor('mr').longDate('2026-12-05')).not.toMatch(/[०-९]/);
  });
});

describe('dates and times in each language', () => {
  it('names months and weekdays in the language', () => {
    expect(formatsFor('en').weekdayDate('2026-12-05')).toBe('Saturday, 5 December 2026');
    expect(formatsFor('hi').weekdayDate('2026-12-05')).toBe('शनिवार, 5 दिसंबर 2026');
    expect(formatsFor('mr').longDate('2026-12-05')).toMatch(/^5 डिसेंबर,? 2026$/);
  });

  it('keeps the wall-clock time and the calendar day as they are', () => {
    expect(formatsFor('en').time('18:30')).toBe('6:30 pm');
    expect(formatsFor('hi').time('18:30')).toBe('6:30 अपराह्न');
    expect(formatsFor('mr').time('07:05')).toBe('7:05 म.पू.');
    expect(formatsFor('hi').shortDate('2026-01-01')).toMatch(/^1 जन/);
  });

  it('gives an empty string for what is not a date or time', () => {
    for (const language of ['en', 'hi', 'mr'] as const) {
      expect(formatsFor(language).longDate('2026-02-30')).toBe('');
      expect(formatsFor(language).time('25:00')).toBe('');
      expect(formatsFor(language).time(null)).toBe('');
    }
  });
});

describe('plural rules in each language', () => {
  registerCatalogues('plural-test', {
    en: { tickets_one: '{{count}} ticket', tickets_other: '{{count}} tickets' },
    hi: async () => ({ tickets_one: '{{count}} टिकट', tickets_other: '{{count}} टिकटें' }),
    mr: async () => ({ tickets_one: '{{count}} तिकीट', tickets_other: '{{count}} तिकिटे' }),
  });

  it('picks one and other by each language’s own rule (Hindi counts 0 as one)', async () => {
    await Promise.all([loadLanguage('hi'), loadLanguage('mr')]);
    const en = translator('en', 'plural-test');
    const hi = translator('hi', 'plural-test');
    const mr = translator('mr', 'plural-test');
    expect([0, 1, 2].map((count) => en('tickets', { count }))).toEqual(['0 tickets', '1 ticket', '2 tickets']);
    expect([0, 1, 2].map((count) => hi('tickets', { count }))).toEqual(['0 टिकट', '1 टिकट', '2 टिकटें']);
    expect([0, 1, 2].map((count) => mr('tickets', { count }))).toEqual(['0 तिकिटे', '1 तिकीट', '2 तिकिटे']);
  });
});
