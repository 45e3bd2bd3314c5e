import { hasEventEnded, isAllCategory, ONLINE_CITY, toEventsQuery, type EventFilters, type SportEvent } from '@tdk/api/contract';

export { isAllCategory, toEventsQuery, type EventFilters } from '@tdk/api/contract';

export const hasFilters = (filters: EventFilters) => Object.values(toEventsQuery(filters)).some(Boolean);

/** The API's public list rule (upcoming only, a city with Online), applied to the bundled sample events. */
export function filterEvents(events: SportEvent[], filters: EventFilters, now = new Date()): SportEvent[] {
  const category = isAllCategory(filters.category) ? '' : filters.category!.toLowerCase();
  const city = filters.city?.toLowerCase() ?? '';
  const q = filters.q?.trim().toLowerCase() ?? '';
  const organiser = filters.organiser?.trim().toLowerCase() ?? '';
  return events.filter(
    (event) =>
      !hasEventEnded(event, now) &&
      (!organiser || event.organiser.slug === organiser) &&
      (!category || event.category.toLowerCase() === category) &&
      (!city || event.location.toLowerCase().includes(city) || event.location === ONLINE_CITY) &&
      (!q || [event.title, event.venue, event.category].some((text) => text.toLowerCase().includes(q))),
  );
}

/** 'football' → 'Football' for chips and titles. */
export const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
