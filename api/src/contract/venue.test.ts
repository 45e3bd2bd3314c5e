import { describe, expect, it } from 'vitest';
import { cityOfVenue } from './venue';

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
