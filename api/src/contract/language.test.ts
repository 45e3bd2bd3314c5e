import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromCookie, parseLanguage, resolveLanguage } from './language';

describe('the visitor language rule', () => {
  it('reads our languages in any case or with a region', () => {
    expect(parseLanguage('hi')).toBe('hi');
    expect(parseLanguage('MR-in')).toBe('mr');
    expect(parseLanguage('en_GB')).toBe('en');
  });

  it('ignores languages we lack and values that are not languages', () => {
    for (const value of ['ta', 'xx', '', ' ', 'hindi', undefined, null, 'h'.repeat(300)]) {
      expect(parseLanguage(value)).toBeUndefined();
    }
  });

  it('takes the first of our languages an Accept-Language prefers, by quality', () => {
    expect(languageFromAcceptLanguage('mr-IN,hi;q=0.9,en;q=0.8')).toBe('mr');
    expect(languageFromAcceptLanguage('en;q=0.5, hi-IN;q=0.8')).toBe('hi');
    expect(languageFromAcceptLanguage('ta-IN,hi;q=0.7')).toBe('hi');
    expect(languageFromAcceptLanguage('fr;q=0, hi;q=0')).toBeUndefined();
  });

  it('gives English, without an error, for a wildcard, garbage or an overlong Accept-Language', () => {
    expect(resolveLanguage({ acceptLanguage: '*' })).toBe('en');
    expect(resolveLanguage({ acceptLanguage: ';;;q=,,' })).toBe('en');
    expect(resolveLanguage({ acceptLanguage: `hi,${'x'.repeat(296)}` })).toBe('en');
  });

  it('lets the URL win over the cookie, and the cookie over the browser', () => {
    expect(resolveLanguage({ query: 'mr', cookie: 'hi', acceptLanguage: 'en' })).toBe('mr');
    expect(resolveLanguage({ query: 'xx', cookie: 'hi', acceptLanguage: 'mr' })).toBe('hi');
    expect(resolveLanguage({ cookie: 'tamil', acceptLanguage: 'mr' })).toBe('mr');
    expect(resolveLanguage({})).toBe('en');
  });

  it('survives a cookie that is not valid URI encoding', () => {
    expect(languageFromCookie('%E0%A4')).toBeUndefined();
    expect(resolveLanguage({ cookie: '%', query: 'ta' })).toBe('en');
  });
});
