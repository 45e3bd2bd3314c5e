import { describe, expect, it } from 'vitest';
import { attendeePricesPaise, teamProblems, type TeamRule } from './teams';

const relay: TeamRule = { name: 'Relay 4×100', pricePaise: 100_000, teamMin: 4, teamMax: 4, teamPricing: 'team' };
const squad: TeamRule = { name: 'Football Squad', pricePaise: 50_000, teamMin: 7, teamMax: 11, teamPricing: 'member' };
const solo: TeamRule = { name: '10K', pricePaise: 79_900, teamMin: null, teamMax: null, teamPricing: 'member' };
const rules = new Map([
  [1, relay],
  [2, squad],
  [3, solo],
]);
const members = (ticketId: number, team: string | undefined, n: number) => Array.from({ length: n }, () => ({ ticketId, team }));

describe('team entries', () => {
  it('accepts a relay of 4 and a squad of 7 to 11, names a short team on its first member', () => {
    expect(teamProblems([...members(1, 'Gazelles', 4), ...members(2, 'FC Pune', 7)], rules)).toEqual({});
    expect(teamProblems([...members(3, undefined, 1), ...members(1, 'Gazelles', 3)], rules)).toEqual({
      '1.team': 'validation.teamSizeExact?ticket=Relay+4%C3%97100&min=4&max=4&count=3',
    });
    expect(teamProblems(members(2, 'FC Pune', 12), rules)['0.team']).toContain('validation.teamSize?');
  });

  it('asks a team entry for its team name, and tells two teams of one type apart by name', () => {
    expect(teamProblems(members(1, '', 4), rules)).toMatchObject({
      '0.team': 'validation.teamRequired',
      '3.team': 'validation.teamRequired',
    });
    expect(teamProblems([...members(1, 'A', 4), ...members(1, 'B', 4)], rules)).toEqual({});
  });

  it('shares a team price among its members to the paisa, and charges member-priced tickets each', () => {
    const prices = attendeePricesPaise(
      [...members(3, undefined, 1), ...members(1, 'Gazelles', 3)],
      new Map([...rules, [1, { ...relay, teamMin: 3 }]]),
    );
    expect(prices).toEqual([79_900, 33_334, 33_333, 33_333]);
    expect(prices.slice(1).reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(attendeePricesPaise(members(2, 'FC Pune', 7), rules)).toEqual(Array(7).fill(50_000));
  });
});
