// India has one time zone and no daylight saving: IST is UTC+05:30 all year. Events store their
// date and time as India's wall clock; these turn that into instants and back.

const IST_OFFSET_MS = 330 * 60_000;

/** India's calendar day (YYYY-MM-DD) of an instant: the contract's, which the browser shares. */
export { indiaToday as indiaDay } from '../contract';

/** The instant of an India wall-clock date (YYYY-MM-DD) and time (HH:mm). */
export function instantOfIndiaTime(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - IST_OFFSET_MS);
}

// The clock as India reads it, shared with the browser: the contract holds it.
export { formatIndiaTime } from '../contract';

/** An instant as India's wall clock: its day (YYYY-MM-DD) and time (HH:mm). */
export function indiaWallClock(instant: Date): { date: string; time: string } {
  const iso = new Date(instant.getTime() + IST_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
