// Platform Management settings as rules (issue 12): the event form, the API, the event page and
// create-order all apply them through these, so a rule and its words exist once.

/** 'Max participants must be at most 10,000' when an event asks for more than the platform allows. */
export const capacityMessage = (maxEventCapacity: number) =>
  `Max participants must be at most ${maxEventCapacity.toLocaleString('en-IN')} (the platform's max event capacity)`;

/** The India day (YYYY-MM-DD) booking opens for an event on `eventDate`: the booking window before it. */
export function bookingOpensOn(eventDate: string, bookingWindowDays: number): string {
  const [year, month, day] = eventDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - bookingWindowDays)).toISOString().slice(0, 10);
}

/** Whether an event on `eventDate` can be booked on India's day `today` (YYYY-MM-DD). */
export const isBookingOpen = (eventDate: string, bookingWindowDays: number, today: string) =>
  today >= bookingOpensOn(eventDate, bookingWindowDays);

/** 'Booking opens on 12 March 2027' */
export function bookingOpensMessage(eventDate: string, bookingWindowDays: number): string {
  const opens = new Date(`${bookingOpensOn(eventDate, bookingWindowDays)}T00:00:00Z`);
  const label = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    opens,
  );
  return `Booking opens on ${label}`;
}
