// What the checkout hands the ticket page it opens right after a booking (router state, never the
// URL: a shared or reloaded link is only the tickets): the page says it went through, at its top.

export interface Booked {
  /** Rupees paid; 0 for a free registration. */
  amount: number;
  /** Whether the API queued the buyer's confirmation e-mail (Email Notifications). */
  confirmationEmail: boolean;
  email: string;
}

/** The router state of the ticket page opened after booking. */
export const bookedState = (booked: Booked) => ({ booked });

/** The booking in a location's state, if this page was opened by one. */
export function bookedOf(state: unknown): Booked | undefined {
  const booked = (state as { booked?: Partial<Booked> } | null)?.booked;
  if (!booked || typeof booked.amount !== 'number' || typeof booked.email !== 'string') return undefined;
  return { amount: booked.amount, confirmationEmail: booked.confirmationEmail === true, email: booked.email };
}

/** The success line's keys: what was paid (or that it is free), then where the confirmation is. */
export const bookedMessageKeys = (booked: Booked) => ({
  title: booked.amount > 0 ? 'checkout.paidTitle' : 'checkout.registeredTitle',
  done: booked.amount > 0 ? 'ticketPage.bookedPaid' : 'ticketPage.bookedFree',
  next: booked.confirmationEmail ? 'ticketPage.bookedEmail' : 'ticketPage.bookedNoEmail',
});
