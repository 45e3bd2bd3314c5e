import { describe, expect, it } from 'vitest';
import { SLUG_MAX } from '@tdk/api/contract/organisations';
import { suggestSlug } from './slug-suggestion';

describe('suggestSlug', () => {
  it('makes a web address of the Latin letters and digits of the name', () => {
    expect(suggestSlug('Pune Running Club')).toBe('pune-running-club');
    expect(suggestSlug('  Bengaluru FC -- Youth League 2026! ')).toBe('bengaluru-fc-youth-league-2026');
    expect(suggestSlug('Sachin & Sons Cricket Academy')).toBe('sachin-and-sons-cricket-academy');
    expect(suggestSlug('Café Ultrá')).toBe('cafe-ultra');
  });

  it('offers nothing for a name without Latin letters or digits', () => {
    expect(suggestSlug('पुणे धावपटू')).toBe('');
    expect(suggestSlug('---')).toBe('');
  });

  it('stops at a whole word within the longest address allowed', () => {
    const slug = suggestSlug('The Greater Mumbai Amateur Athletics Association Marathon Committee');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('the-greater-mumbai-amateur-athletics');
    expect(suggestSlug('x'.repeat(60))).toBe('x'.repeat(SLUG_MAX));
  });
});
