import type { SportEvent } from './types';

// India has one time zone and no daylight saving: IST is UTC+05:30 all year.
const IST_OFFSET_MS = 330 * 60_000;

/** India's calendar day (YYYY-MM-DD) of an instant: the day an event's `date` is compared with. */
export const indiaToday = (now: Date = new Date()): string => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * An event has ended when it is marked Completed or its day (India's calendar) is behind us. An
 * event has no end time, so it stays open for the whole of its day. The public lists leave ended
 * events out; their pages say so and offer no registration. A Cancelled event (decision 025) is
 * over too: its page says it is cancelled.
 */
export function hasEventEnded(event: Pick<SportEvent, 'date' | 'status'>, now: Date = new Date()): boolean {
  return event.status === 'Completed' || event.status === 'Cancelled' || event.date < indiaToday(now);
}
