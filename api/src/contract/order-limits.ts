// How big one order may be, zod-free so that a page's first load can read them without the
// checkout schemas (issue 26's first-load budget); checkout.ts re-exports them.

/** The default most seats of one ticket type per order; staff set each type's own (`Ticket.maxPerOrder`, decision 027). */
export const MAX_TICKETS_PER_LINE = 10;
export const MAX_TICKET_LINES = 10;
/** A family, a relay or a squad of 11 with reserves fits; a bulk order is a conversation with the organiser. */
export const MAX_ATTENDEES_PER_ORDER = 25;
