import { describe, expect, it } from 'vitest';
import { matchesParticipant } from './participants-view';
import type { Participant } from '@tdk/api/contract';

const asha: Participant = {
  id: 'asha@example.com',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9820012345',
  joinDate: '2026-11-01',
  location: 'Mumbai',
  eventsJoined: 2,
  status: 'Active',
};

describe("the Users screen's search", () => {
  it('matches name, e-mail or location, ignoring case and spaces around', () => {
    expect(matchesParticipant(asha, 'asha r')).toBe(true);
    expect(matchesParticipant(asha, 'ASHA@EXAMPLE')).toBe(true);
    expect(matchesParticipant(asha, '  mumbai ')).toBe(true);
  });

  it('does not match other fields or absent text', () => {
    expect(matchesParticipant(asha, '98200')).toBe(false);
    expect(matchesParticipant(asha, 'Delhi')).toBe(false);
  });

  it('shows everyone for an empty search', () => {
    expect(matchesParticipant(asha, '   ')).toBe(true);
  });
});
