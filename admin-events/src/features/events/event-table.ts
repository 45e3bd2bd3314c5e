// The Events Management table's rules (SPEC.md section 2), apart from the screen so they are tested alone.
import { EVENT_REVENUE_ESTIMATE_RATE, type SportEvent } from '@tdk/api/contract';

/** The console's revenue estimate: price × max participants × 0.6. */
export const estimatedRevenue = (event: Pick<SportEvent, 'price' | 'maxParticipants'>) =>
  event.price * event.maxParticipants * EVENT_REVENUE_ESTIMATE_RATE;

/** The city shown: the last comma-separated part of the venue, or 'Unknown'. */
export function cityOfEventVenue(venue: string): string {
  const parts = venue
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 1 ? parts.at(-1)! : 'Unknown';
}
