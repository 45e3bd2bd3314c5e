import { describe, expect, it } from 'vitest';
import { cityOfEventVenue, estimatedRevenue } from './event-table';

describe('the events table rules', () => {
  it('estimates revenue as price × max participants × 0.6', () => {
    expect(estimatedRevenue({ price: 500, maxParticipants: 200 })).toBe(60000);
    expect(estimatedRevenue({ price: 0, maxParticipants: 200 })).toBe(0);
  });

  it("takes the city from the venue's last part, or 'Unknown'", () => {
    expect(cityOfEventVenue('Marine Drive, Colaba, Mumbai')).toBe('Mumbai');
    expect(cityOfEventVenue('Online')).toBe('Unknown');
    expect(cityOfEventVenue('Stadium,  ')).toBe('Unknown');
  });
});
