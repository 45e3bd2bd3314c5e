import { describe, expect, it } from 'vitest';
import type { EventQuestion } from '@tdk/api/contract';
import { aTicket } from '@tdk/shared-ui/testing';
import {
  addMember,
  attendeeSlots,
  copiedFromFirst,
  formGroups,
  memberIdOf,
  placeServerErrors,
  removeMember,
  slotKey,
  type TeamMembers,
} from './attendee-slots';

const half = aTicket({ id: 3, name: 'Half Marathon' });
const tenK = aTicket({ id: 8, name: '10K' });

describe('attendeeSlots', () => {
  it('gives one attendee per ticket, grouped by type in the order of the lines', () => {
    const slots = attendeeSlots([
      { ticket: half, quantity: 2 },
      { ticket: tenK, quantity: 1 },
    ]);
    expect(slots.map(({ key, ticket, n, of }) => [key, ticket.name, n, of])).toEqual([
      ['t3n1', 'Half Marathon', 1, 2],
      ['t3n2', 'Half Marathon', 2, 2],
      ['t8n1', '10K', 1, 1],
    ]);
  });

  it("keeps each remaining attendee's key when another type's quantity changes", () => {
    const before = attendeeSlots([
      { ticket: half, quantity: 1 },
      { ticket: tenK, quantity: 2 },
    ]).map((slot) => slot.key);
    const after = attendeeSlots([
      { ticket: half, quantity: 3 },
      { ticket: tenK, quantity: 1 },
    ]).map((slot) => slot.key);
    expect(after).toEqual(['t3n1', 't3n2', 't3n3', 't8n1']);
    expect(after.filter((key) => before.includes(key))).toEqual(['t3n1', 't8n1']);
  });

  it('has no attendee for a line of nothing', () => {
    expect(attendeeSlots([{ ticket: half, quantity: 0 }])).toEqual([]);
  });

  it('names slots by an object key, never an array index', () => {
    expect(slotKey(12, 1)).not.toMatch(/^\d+$/);
  });
});

describe('placeServerErrors', () => {
  const slots = attendeeSlots([
    { ticket: half, quantity: 2 },
    { ticket: tenK, quantity: 1 },
  ]);

  it('puts buyer and attendee fields on their inputs, the attendee found by their place in the body', () => {
    expect(
      placeServerErrors(
        {
          'buyer.email': 'Invalid email format',
          'attendees.2.participant.dateOfBirth': 'Too young',
          'attendees.1.participant.phone': 'Not a phone',
        },
        slots,
      ),
    ).toEqual({
      fields: [
        { name: 'buyer.email', message: 'Invalid email format' },
        { name: 'attendees.t8n1.dateOfBirth', message: 'Too young' },
        { name: 'attendees.t3n2.phone', message: 'Not a phone' },
      ],
      attendeeNotes: {},
      unplaced: [],
    });
  });

  it("keeps a message about an attendee's ticket, answers or team for that attendee", () => {
    const placed = placeServerErrors(
      {
        'attendees.0.ticketId': 'Ticket is not on sale',
        'attendees.0.team': 'Team name is required',
        'attendees.1.answers.q1': 'Answer',
      },
      slots,
    );
    expect(placed.fields).toEqual([]);
    expect(placed.attendeeNotes).toEqual({ t3n1: 'Ticket is not on sale', t3n2: 'Answer' });
  });

  it('keeps a message for a field the event hides as a note on its attendee', () => {
    const placed = placeServerErrors({ 'attendees.0.participant.emergencyPhone': 'Emergency phone is required' }, slots, {
      emergencyContact: 'hidden',
    });
    expect(placed.fields).toEqual([]);
    expect(placed.attendeeNotes).toEqual({ t3n1: 'Emergency phone is required' });
  });

  it("keeps the API's word on the event itself (its capacity) for the submit button", () => {
    expect(placeServerErrors({ eventId: 'This event has only 3 places left' }, slots)).toEqual({
      fields: [],
      attendeeNotes: {},
      event: 'This event has only 3 places left',
      unplaced: [],
    });
  });

  it('leaves what the form does not show for the caller to say', () => {
    const placed = placeServerErrors(
      {
        attendees: 'At most 25 tickets per order',
        'attendees.7.participant.phone': 'No such attendee',
        'buyer.address': 'Unknown field',
      },
      slots,
    );
    expect(placed.fields).toEqual([]);
    expect(placed.unplaced).toEqual(['At most 25 tickets per order', 'No such attendee', 'Unknown field']);
  });

  it('reads nothing from no fields', () => {
    expect(placeServerErrors(undefined, slots)).toEqual({ fields: [], attendeeNotes: {}, unplaced: [] });
  });
});

const relay = aTicket({ id: 7, name: 'Relay 4×5K', teamMin: 4, teamMax: 4, teamPricing: 'team' });
const squad = aTicket({ id: 9, name: 'Football 7s', teamMin: 7, teamMax: 11 });

describe('team entries', () => {
  it("gives each team its ticket type's fewest members, team after team, keyed by team and member", () => {
    const slots = attendeeSlots([
      { ticket: half, quantity: 1 },
      { ticket: relay, quantity: 2 },
    ]);
    expect(slots.map(({ key, n, of, team }) => [key, n, of, team && `${team.n}/${team.of}`])).toEqual([
      ['t3n1', 1, 1, undefined],
      ['t7g1m1', 1, 4, '1/2'],
      ['t7g1m2', 2, 4, '1/2'],
      ['t7g1m3', 3, 4, '1/2'],
      ['t7g1m4', 4, 4, '1/2'],
      ['t7g2m1', 1, 4, '2/2'],
      ['t7g2m2', 2, 4, '2/2'],
      ['t7g2m3', 3, 4, '2/2'],
      ['t7g2m4', 4, 4, '2/2'],
    ]);
    expect(
      formGroups(slots).map((group) => (group.kind === 'team' ? `${group.team.key}:${group.members.length}` : group.slot.key)),
    ).toEqual(['t3n1', 't7g1:4', 't7g2:4']);
  });

  it('adds members up to the most and removes them down to the fewest, each keeping their key', () => {
    let teams: TeamMembers = {};
    for (let i = 0; i < 6; i += 1) teams = addMember(teams, 't9g1', squad);
    expect(teams.t9g1).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    teams = removeMember(teams, 't9g1', 2, squad);
    const slots = attendeeSlots([{ ticket: squad, quantity: 1 }], { teams });
    expect(slots.map((slot) => slot.key).slice(0, 3)).toEqual(['t9g1m1', 't9g1m3', 't9g1m4']);
    expect(slots.map((slot) => `${slot.n}/${slot.of}`).slice(0, 2)).toEqual(['1/10', '2/10']);
    expect(memberIdOf(slots[1]!)).toBe(3);
    for (let i = 0; i < 5; i += 1) teams = removeMember(teams, 't9g1', teams.t9g1!.at(-1)!, squad);
    expect(teams.t9g1).toHaveLength(7);
    expect(addMember({}, 't7g1', relay)).toEqual({});
  });

  it("puts a team's error on its name and an answer's on that attendee's question", () => {
    const wave: EventQuestion = {
      id: 'wave',
      kind: 'singleChoice',
      label: 'Start wave',
      helpText: '',
      required: true,
      options: ['A', 'B'],
      waiverText: '',
      ticketIds: [7],
    };
    const slots = attendeeSlots(
      [
        { ticket: half, quantity: 1 },
        { ticket: relay, quantity: 1 },
      ],
      { questions: [wave] },
    );
    expect(slots[0]!.questions).toEqual([]);
    expect(slots[1]!.questions).toEqual([wave]);
    const placed = placeServerErrors(
      {
        'attendees.2.answers.wave': 'Please answer this question',
        'attendees.1.team': 'A Relay 4×5K team needs 4 members (this one has 3)',
        'attendees.0.answers.wave': 'This event has no such question',
      },
      slots,
    );
    expect(placed.fields).toEqual([
      { name: 'answers.t7g1m2.wave', message: 'Please answer this question' },
      { name: 'teams.t7g1', message: 'A Relay 4×5K team needs 4 members (this one has 3)' },
    ]);
    expect(placed.attendeeNotes).toEqual({ t3n1: 'This event has no such question' });
  });
});

describe("'Copy … from participant 1'", () => {
  it('copies from participant 1 only the fields the event shows', () => {
    expect(copiedFromFirst(undefined)).toEqual(['phone', 'emergencyContact', 'emergencyPhone']);
    expect(copiedFromFirst({ emergencyContact: 'hidden' })).toEqual(['phone']);
  });
});
