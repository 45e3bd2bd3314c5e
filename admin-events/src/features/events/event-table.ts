// The Events Management table's rules (SPEC.md section 2), apart from the screen so they are tested alone.
import { cityOfVenue, type SportEvent } from '@tdk/api/contract';

/** Participants: tickets sold of the event's capacity, '42 / 200'. */
export const soldOfCapacity = (event: Pick<SportEvent, 'registered' | 'maxParticipants'>, format: (n: number) => string) =>
  `${format(event.registered)} / ${format(event.maxParticipants)}`;

/**
 * The city shown: the event's location, the city its form stores (the Location column sorts and the
 * storefront filters by it; 'Online' for an online event), or, for a row without one, the venue's
 * last comma-separated part (the contract's one rule, `cityOfVenue`), else 'Unknown'.
 */
export const cityOfEvent = (event: Pick<SportEvent, 'location' | 'venue'>): string =>
  event.location.trim() || cityOfVenue(event.venue);
