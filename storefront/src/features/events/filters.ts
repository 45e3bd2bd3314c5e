import type { SportEvent } from '@tdk/api/contract';

export interface EventFilters {
  /** A category word, any case; 'all' or empty for every category. */
  category?: string;
  /** A city ('Online' included); empty for every city. */
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

/** SPEC.md section 9's filtering, applied to the bundled sample events the same way the API does. */
export function filterEvents(events: SportEvent[], filters: EventFilters): SportEvent[] {
  const category = isAllCategory(filters.category) ? '' : filters.category!.toLowerCase();
  const city = filters.city?.toLowerCase() ?? '';
  const q = filters.q?.trim().toLowerCase() ?? '';
  return events.filter(
    (event) =>
      (!category || event.category.toLowerCase() === category) &&
      (!city || event.location.toLowerCase().includes(city)) &&
      (!q || [event.title, event.venue, event.category].some((text) => text.toLowerCase().includes(q))),
  );
}

/** 'football' → 'Football' for chips and titles. */
export const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
