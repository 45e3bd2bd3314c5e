import { describe, expect, it } from 'vitest';
import { cityOfEventVenue, soldOfCapacity } from './event-table';

describe('the events table rules', () => {
  it('shows participants as tickets sold of the capacity', () => {
    expect(soldOfCapacity({ registered: 42, maxParticipants: 200 }, String)).toBe('42 / 200');
    expect(soldOfCapacity({ registered: 0, maxParticipants: 1500 }, (n) => n.toLocaleString('en-IN'))).toBe('0 / 1,500');
  });

  it("takes the city from the venue's last part, or 'Unknown'", () => {
    expect(cityOfEventVenue('Marine Drive, Colaba, Mumbai')).toBe('Mumbai');
    expect(cityOfEventVenue('Online')).toBe('Unknown');
    expect(cityOfEventVenue('Stadium,  ')).toBe('Unknown');
  });
});
