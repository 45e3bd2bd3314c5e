// Team entries (issue 23): a ticket type may be a team of a minimum to a maximum of members (a
// relay of 4, a squad of 7 to 11), priced per member or per team. Each member is an attendee with
// their own ticket; members of one team share the ticket type and the team's name. One set of rules
// for the checkout form, the order total and create-order.
import { messageKey } from './validation-messages';

export const TEAM_PRICINGS = ['member', 'team'] as const;
export type TeamPricing = (typeof TEAM_PRICINGS)[number];

export interface TeamRule {
  name: string;
  /** Paise: per member, or per team when teamPricing is 'team'. */
  pricePaise: number;
  teamMin: number | null;
  teamMax: number | null;
  teamPricing: TeamPricing;
}

const isTeamEntry = (rule: TeamRule) => rule.teamMin !== null;
const teamKey = (ticketId: number, team: string) => `${ticketId}\u0000${team.trim().toLowerCase()}`;

interface OrderAttendee {
  ticketId: number;
  team?: string;
}

/** The teams of an order: the attendees' indexes per ticket type and team name, in order. */
function teamsOf(attendees: OrderAttendee[], rules: Map<number, TeamRule>): Map<string, number[]> {
  const teams = new Map<string, number[]>();
  attendees.forEach((attendee, i) => {
    const rule = rules.get(attendee.ticketId);
    if (!rule || !isTeamEntry(rule) || !attendee.team?.trim()) return;
    const key = teamKey(attendee.ticketId, attendee.team);
    teams.set(key, [...(teams.get(key) ?? []), i]);
  });
  return teams;
}

/**
 * What is wrong with the order's teams, by attendee field path (`3.team`): a team entry without a
 * team name, or a team with fewer or more members than its ticket type allows (named on its first
 * member).
 */
export function teamProblems(attendees: OrderAttendee[], rules: Map<number, TeamRule>): Record<string, string> {
  const problems: Record<string, string> = {};
  attendees.forEach((attendee, i) => {
    const rule = rules.get(attendee.ticketId);
    if (rule && isTeamEntry(rule) && !attendee.team?.trim()) problems[`${i}.team`] = 'validation.teamRequired';
  });
  for (const members of teamsOf(attendees, rules).values()) {
    const rule = rules.get(attendees[members[0]!]!.ticketId)!;
    const min = rule.teamMin!;
    const max = rule.teamMax ?? min;
    if (members.length < min || members.length > max) {
      const values = { ticket: rule.name, min, max, count: members.length };
      problems[`${members[0]}.team`] = messageKey(min === max ? 'validation.teamSizeExact' : 'validation.teamSize', values);
    }
  }
  return problems;
}

/**
 * What each attendee's ticket costs, in paise: the type's price for a member-priced ticket; for a
 * team-priced one the team's price shared among its members (the first member takes the odd paise),
 * so the attendees' prices always add up to what the order charges.
 */
export function attendeePricesPaise(attendees: OrderAttendee[], rules: Map<number, TeamRule>): number[] {
  const prices = attendees.map((a) => rules.get(a.ticketId)?.pricePaise ?? 0);
  for (const members of teamsOf(attendees, rules).values()) {
    const rule = rules.get(attendees[members[0]!]!.ticketId)!;
    if (rule.teamPricing !== 'team') continue;
    const share = Math.floor(rule.pricePaise / members.length);
    members.forEach((index, n) => {
      prices[index] = n === 0 ? rule.pricePaise - share * (members.length - 1) : share;
    });
  }
  return prices;
}
