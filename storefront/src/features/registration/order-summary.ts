// What the order costs, shown as the booking summary and the payment dialog list it (issue 23): a
// ticket type bought per person as one row, a team entry as one row per team. Every price comes
// from the contract's attendeePricesPaise, the very rule create-order charges by (a team-priced
// team shares its price among its members), so the total shown is the total sent.
import { attendeePricesPaise, type TeamRule, type Ticket } from '@tdk/api/contract';
import type { AttendeeSlot } from './attendee-slots';
import type { SelectionLine } from '../ticket-selection/quantity';

type PricedTicket = Pick<Ticket, 'id' | 'name' | 'price'> & Partial<Pick<Ticket, 'teamMin' | 'teamMax' | 'teamPricing'>>;

const paise = (rupees: number) => Math.round(rupees * 100);

/** A ticket type as the contract's team rules read it (prices in paise). */
export const teamRuleOf = (ticket: PricedTicket): TeamRule => ({
  name: ticket.name,
  pricePaise: paise(ticket.price),
  teamMin: ticket.teamMin ?? null,
  teamMax: ticket.teamMax ?? null,
  teamPricing: ticket.teamPricing ?? 'member',
});

export const teamRulesOf = (tickets: readonly PricedTicket[]): Map<number, TeamRule> =>
  new Map(tickets.map((ticket) => [ticket.id, teamRuleOf(ticket)]));

/** What an order of these attendees costs, in rupees: what create-order's `orderAmount` must say. */
export function orderAmount(attendees: readonly { ticketId: number; team?: string }[], tickets: readonly PricedTicket[]): number {
  return attendeePricesPaise([...attendees], teamRulesOf(tickets)).reduce((sum, price) => sum + price, 0) / 100;
}

export interface SummaryRow {
  key: string;
  ticket: Ticket;
  /** Tickets of a ticket type, or a team's members. */
  quantity: number;
  /** A team entry's team: its place among its type's teams and the name typed so far. */
  team?: { n: number; name: string };
  /** Rupees. */
  amount: number;
}

/**
 * The rows and total of the picked tickets. A team's members are priced together by its key (the
 * form's own, unique), so a team counts as one before its name is typed; the form refuses two
 * teams of a type by one name, which create-order would count as one team.
 */
export function orderSummary(
  lines: readonly SelectionLine[],
  slots: readonly Pick<AttendeeSlot, 'ticket' | 'team'>[],
  teamNames: Readonly<Record<string, unknown>> = {},
): { rows: SummaryRow[]; total: number } {
  const prices = attendeePricesPaise(
    slots.map((slot) => ({ ticketId: slot.ticket.id, team: slot.team?.key })),
    teamRulesOf(lines.map((line) => line.ticket)),
  );
  const rows: SummaryRow[] = [];
  for (const line of lines) {
    const mine = slots.flatMap((slot, i) => (slot.ticket.id === line.ticket.id ? [{ slot, price: prices[i] ?? 0 }] : []));
    const teams = [...new Set(mine.flatMap(({ slot }) => (slot.team ? [slot.team.key] : [])))];
    if (teams.length === 0) {
      const amount = mine.reduce((sum, { price }) => sum + price, 0);
      rows.push({ key: `t${line.ticket.id}`, ticket: line.ticket, quantity: mine.length, amount: amount / 100 });
      continue;
    }
    for (const key of teams) {
      const members = mine.filter(({ slot }) => slot.team?.key === key);
      const name = teamNames[key];
      rows.push({
        key,
        ticket: line.ticket,
        quantity: members.length,
        team: { n: members[0]!.slot.team!.n, name: typeof name === 'string' ? name.trim() : '' },
        amount: members.reduce((sum, { price }) => sum + price, 0) / 100,
      });
    }
  }
  return { rows, total: prices.reduce((sum, price) => sum + price, 0) / 100 };
}
