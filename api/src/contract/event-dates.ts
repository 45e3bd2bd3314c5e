import type { SportEvent } from './types';

// India has one time zone and no daylight saving: IST is UTC+05:30 all year.
const IST_OFFSET_MS = 330 * 60_000;

const DAY_MS = 86_400_000;

/** The last day computed and the instants it spans ([from, until)): every public read asks for it. */
let lastDay = { from: 0, until: 0, day: '' };

/** India's calendar day (YYYY-MM-DD) of an instant: the day an event's `date` is compared with. */
export const indiaToday = (now: Date = new Date()): string => {
  const time = now.getTime();
  if (time >= lastDay.from && time < lastDay.until) return lastDay.day;
  const shifted = time + IST_OFFSET_MS;
  // An invalid date throws here (RangeError), as it always has.
  const day = new Date(shifted).toISOString().slice(0, 10);
  const from = Math.floor(shifted / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  lastDay = { from, until: from + DAY_MS, day };
  return day;
};

/**
 * An event has ended when it is marked Completed or its day (India's calendar) is behind us. An
 * event has no end time, so it stays open for the whole of its day. The public lists leave ended
 * events out; their pages say so and offer no registration. A Cancelled event (decision 025) is
 * over too: its page says it is cancelled.
 */
export function hasEventEnded(event: Pick<SportEvent, 'date' | 'status'>, now: Date = new Date()): boolean {
  return event.status === 'Completed' || event.status === 'Cancelled' || event.date < indiaToday(now);
}
