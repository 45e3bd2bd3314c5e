import { describe, expect, it } from 'vitest';
import { aTicket } from '@tdk/shared-ui/testing';
import { attendeeSlots } from './attendee-slots';
import { orderAmount, orderSummary } from './order-summary';

const half = aTicket({ id: 3, name: 'Half Marathon', price: 1200 });

describe('what the order costs (attendeePricesPaise)', () => {
  const relay = aTicket({ id: 7, name: 'Relay 4×5K', price: 2000, teamMin: 4, teamMax: 4, teamPricing: 'team' });
  const squad = aTicket({ id: 9, name: 'Football 7s', price: 350, teamMin: 7, teamMax: 11, teamPricing: 'member' });
  const members = (ticketId: number, team: string, n: number) => Array.from({ length: n }, () => ({ ticketId, team }));

  it('charges a team-priced team once, a member-priced team per member', () => {
    const attendees = [...members(7, 'Gazelles', 4), ...members(9, 'Thane FC', 8), { ticketId: 3 }];
    expect(orderAmount(attendees, [relay, squad, half])).toBe(2000 + 8 * 350 + 1200);
  });

  it('shows a row per team with its price, and the same total', () => {
    const lines = [
      { ticket: half, quantity: 1, subtotal: 1200 },
      { ticket: relay, quantity: 2, subtotal: 4000 },
    ];
    const slots = attendeeSlots(lines);
    const { rows, total } = orderSummary(lines, slots, { t7g1: ' Marine Drive Gazelles ' });
    expect(rows.map((row) => [row.key, row.quantity, row.team?.name, row.amount])).toEqual([
      ['t3', 1, undefined, 1200],
      ['t7g1', 4, 'Marine Drive Gazelles', 2000],
      ['t7g2', 4, '', 2000],
    ]);
    // Before the teams are named, each is still one team.
    expect(total).toBe(5200);
  });
});
