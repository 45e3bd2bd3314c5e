import { describe, expect, it } from 'vitest';
import { cityOfVenue, venueMapUrl } from './venue';

describe('cityOfVenue', () => {
  it('takes the last comma-separated segment, trimmed', () => {
    expect(cityOfVenue('Wankhede Stadium, Churchgate, Mumbai')).toBe('Mumbai');
    expect(cityOfVenue('Jawaharlal Nehru Stadium,New Delhi ')).toBe('New Delhi');
    expect(cityOfVenue('Online')).toBe('Online');
  });

  it('ignores trailing empty segments', () => {
    expect(cityOfVenue('Wankhede Stadium, Mumbai,')).toBe('Mumbai');
    expect(cityOfVenue('Cubbon Park, Bangalore, , ')).toBe('Bangalore');
  });

  it("is 'Unknown' when there is no city at all", () => {
    expect(cityOfVenue('')).toBe('Unknown');
    expect(cityOfVenue('  ,  ')).toBe('Unknown');
    expect(cityOfVenue(null)).toBe('Unknown');
    expect(cityOfVenue(undefined)).toBe('Unknown');
  });
});

describe('venueMapUrl', () => {
  it('searches Google Maps for the venue as written', () => {
    expect(venueMapUrl('Upvan Lake, Pokhran Road, Thane')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Upvan%20Lake%2C%20Pokhran%20Road%2C%20Thane',
    );
    expect(venueMapUrl(' Wankhede Stadium & Garware Pavilion, Mumbai ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Wankhede%20Stadium%20%26%20Garware%20Pavilion%2C%20Mumbai',
    );
  });

  it('has none for an online event or an empty venue', () => {
    expect(venueMapUrl('Online')).toBeNull();
    expect(venueMapUrl('Zoom room', 'Online')).toBeNull();
    expect(venueMapUrl('   ')).toBeNull();
    expect(venueMapUrl(null)).toBeNull();
  });
});
