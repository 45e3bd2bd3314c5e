import { hasEventEnded, ONLINE_CITY, type SportEvent } from '@tdk/api/contract';

export interface EventFilters {
  /** A category word, any case; 'all' or empty for every category. */
  category?: string;
  /** A city: its events and every Online one ('Online' alone for Online); empty for every city. */
  city?: string;
  /** Free text matched against title, venue and category. */
  q?: string;
}

export const isAllCategory = (category: string | undefined) => !category || category.toLowerCase() === 'all';

/** The query for GET /api/events, leaving out what does not filter. */
export function toEventsQuery(filters: EventFilters): Record<string, string | undefined> {
  return {
    category: isAllCategory(filters.category) ? undefined : filters.category,
    city: filters.city || undefined,
    q: filters.q?.trim() || undefined,
  };
}

export const hasFilters = (filters: EventFilters) => Object.values(toEventsQuery(filters)).some(Boolean);

/** The API's public list rule (upcoming only, a city with Online), applied to the bundled sample events. */
export function filterEvents(events: SportEvent[], filters: EventFilters, now = new Date()): SportEvent[] {
  const category = isAllCategory(filters.category) ? '' : filters.category!.toLowerCase();
  const city = filters.city?.toLowerCase() ?? '';
  const q = filters.q?.trim().toLowerCase() ?? '';
  return events.filter(
    (event) =>
      !hasEventEnded(event, now) &&
      (!category || event.category.toLowerCase() === category) &&
      (!city || event.location.toLowerCase().includes(city) || event.location === ONLINE_CITY) &&
      (!q || [event.title, event.venue, event.category].some((text) => text.toLowerCase().includes(q))),
  );
}

/** 'football' → 'Football' for chips and titles. */
export const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
