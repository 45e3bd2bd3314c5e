import { describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES } from '@tdk/api/contract';
import { artFor, artVariant } from './event-art';

const BRAND = '#FF6B35';

describe('artFor', () => {
  it('gives every sport of the contract its own artwork, and Other the fallback', () => {
    const sports = EVENT_CATEGORIES.filter((category) => category !== 'Other');
    const urls = sports.map((sport) => artFor(sport, BRAND));
    expect(new Set(urls).size).toBe(sports.length);
    expect(urls).not.toContain(artFor('Other', BRAND));
  });

  it('reads the category in any case, and gives an unknown one the fallback', () => {
    expect(artFor(' SWIMMING ', BRAND)).toBe(artFor('swimming', BRAND));
    expect(artFor('Chess', BRAND)).toBe(artFor('Other', BRAND));
  });
});

describe('the fallback artwork', () => {
  it("is drawn in the platform's brand colour, so rebranding recolours it; a sport's own keeps its colours", () => {
    const svg = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    expect(svg(artFor('Chess', '#1D4ED8'))).toContain('stop-color="#1D4ED8"');
    expect(svg(artFor('Chess', '#1D4ED8'))).not.toContain('#FF6B35');
    expect(svg(artFor('Other', BRAND))).toContain('stop-color="#FF6B35"');
    expect(artFor('Running', '#1D4ED8')).toBe(artFor('Running', BRAND));
  });
});

describe('each event its own art', () => {
  it('draws events of one sport in different ways, the same for an event wherever it is shown', () => {
    // The demo's running events, 3, 13, 15 and 23: four looks.
    const looks = [3, 13, 15, 23].map((id) => JSON.stringify(artVariant(id)));
    expect(new Set(looks).size).toBe(4);
    expect(artVariant(7)).toEqual(artVariant(7));
    expect(artVariant(0)).toEqual({ hue: 0, mirror: false });
  });
});
