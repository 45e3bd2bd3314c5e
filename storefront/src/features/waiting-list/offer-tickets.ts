// A waiting-list offer's seats are held for its buyer (decision 024): the public list counts them
// as taken, so the offered ticket type shows them back as this buyer's to buy.
import type { Ticket, WaitingListOfferResponse } from '@tdk/api/contract';

/** The tickets as the offer's buyer may buy them: the offered type with the offer's seats added while it stands. */
export function offeredTickets(tickets: Ticket[], offer: WaitingListOfferResponse | undefined): Ticket[] {
  if (!offer || offer.status !== 'offered') return tickets;
  return tickets.map((ticket) =>
    ticket.id === offer.ticketId ? { ...ticket, available: ticket.available + offer.quantity } : ticket,
  );
}
