import { describe, expect, it } from 'vitest';
import { cityOfEvent, soldOfCapacity } from './event-table';

describe('the events table rules', () => {
  it('shows participants as tickets sold of the capacity', () => {
    expect(soldOfCapacity({ registered: 42, maxParticipants: 200 }, String)).toBe('42 / 200');
    expect(soldOfCapacity({ registered: 0, maxParticipants: 1500 }, (n) => n.toLocaleString('en-IN'))).toBe('0 / 1,500');
  });

  it("shows the event's stored city, Online for an online event, else the venue's last part or 'Unknown'", () => {
    expect(cityOfEvent({ location: 'Kochi', venue: 'Marine Drive' })).toBe('Kochi');
    expect(cityOfEvent({ location: 'Online', venue: 'Online' })).toBe('Online');
    expect(cityOfEvent({ location: '', venue: 'Marine Drive, Colaba, Mumbai' })).toBe('Mumbai');
    expect(cityOfEvent({ location: ' ', venue: 'Stadium,  ' })).toBe('Stadium');
    expect(cityOfEvent({ location: '', venue: ' , ' })).toBe('Unknown');
  });
});
