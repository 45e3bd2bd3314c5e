// What create-order checks of each ticket type beyond its status (decision 027): its validity
// window, in India's calendar days, and staff's maximum per order. Each gives the refusal's words.

/** A ticket type sells only inside its validity window, India's calendar days, both ends included. */
export function saleWindowProblem(ticket: { name: string; validFrom: string | null; validUntil: string | null }, today: string) {
  const from = ticket.validFrom?.slice(0, 10);
  const until = ticket.validUntil?.slice(0, 10);
  if (from && today < from) return `"${ticket.name}" is not on sale until ${from}`;
  if (until && today > until) return `Sales of "${ticket.name}" ended on ${until}`;
  return undefined;
}

/** Staff's most seats of one type per order (decision 027). */
export function perOrderProblem(ticket: { name: string; maxPerOrder: number }, quantity: number) {
  if (quantity <= ticket.maxPerOrder) return undefined;
  return `At most ${ticket.maxPerOrder} "${ticket.name}" ${ticket.maxPerOrder === 1 ? 'ticket' : 'tickets'} per order`;
}
