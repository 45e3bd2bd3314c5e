import { describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES } from '@tdk/api/contract';
import { artFor } from './event-art';

describe('artFor', () => {
  it('gives every sport of the contract its own artwork, and Other the fallback', () => {
    const sports = EVENT_CATEGORIES.filter((category) => category !== 'Other');
    const urls = sports.map(artFor);
    expect(new Set(urls).size).toBe(sports.length);
    expect(urls).not.toContain(artFor('Other'));
  });

  it('reads the category in any case, and gives an unknown one the fallback', () => {
    expect(artFor(' SWIMMING ')).toBe(artFor('swimming'));
    expect(artFor('Chess')).toBe(artFor('Other'));
  });
});
