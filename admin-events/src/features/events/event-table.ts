// The Events Management table's rules (SPEC.md section 2), apart from the screen so they are tested alone.
import type { SportEvent } from '@tdk/api/contract';

/** Participants: tickets sold of the event's capacity, '42 / 200'. */
export const soldOfCapacity = (event: Pick<SportEvent, 'registered' | 'maxParticipants'>, format: (n: number) => string) =>
  `${format(event.registered)} / ${format(event.maxParticipants)}`;

/** The city shown: the last comma-separated part of the venue, or 'Unknown'. */
export function cityOfEventVenue(venue: string): string {
  const parts = venue
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 1 ? parts.at(-1)! : 'Unknown';
}
