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

/** 'Search events...': title, location or category, case-insensitive. */
export function matchesEventSearch(event: SportEvent, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [event.title, event.location, event.category].some((text) => text.toLowerCase().includes(needle));
}

export type EventSortKey = 'title' | 'category' | 'date' | 'location' | 'participants' | 'revenue' | 'status';
export type SortDirection = 'asc' | 'desc';

const sortValue: Record<EventSortKey, (event: SportEvent) => string | number> = {
  title: (e) => e.title.toLowerCase(),
  category: (e) => e.category.toLowerCase(),
  date: (e) => `${e.date} ${e.time}`,
  location: (e) => cityOfEventVenue(e.venue).toLowerCase(),
  participants: (e) => e.maxParticipants,
  revenue: (e) => estimatedRevenue(e),
  status: (e) => e.status,
};

export function sortEvents(events: readonly SportEvent[], key: EventSortKey, direction: SortDirection): SportEvent[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...events].sort((a, b) => {
    const x = sortValue[key](a);
    const y = sortValue[key](b);
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
  });
}
