import { describe, expect, it } from 'vitest';
import { anEvent } from '@tdk/shared-ui/testing';
import { cityOfEventVenue, estimatedRevenue, matchesEventSearch, sortEvents } from './event-table';

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

  it('searches title, location and category, case-insensitively', () => {
    const event = anEvent({ title: 'Pune Hill Run', location: 'Pune', category: 'Running' });
    expect(['hill', 'PUNE', 'runn', ''].map((q) => matchesEventSearch(event, q))).toEqual([true, true, true, true]);
    expect(matchesEventSearch(event, 'cricket')).toBe(false);
  });

  it('sorts by a column either way', () => {
    const a = anEvent({ id: 1, title: 'b', maxParticipants: 10 });
    const b = anEvent({ id: 2, title: 'a', maxParticipants: 30 });
    expect(sortEvents([a, b], 'title', 'asc').map((e) => e.id)).toEqual([2, 1]);
    expect(sortEvents([a, b], 'participants', 'desc').map((e) => e.id)).toEqual([2, 1]);
  });
});
