import { describe, expect, it } from 'vitest';
import { aTicket } from '@tdk/shared-ui/testing';
import { attendeeSlots, placeServerErrors, slotKey } from './attendee-slots';

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

  it('leaves what the form does not show for the caller to say', () => {
    const placed = placeServerErrors(
      {
        eventId: 'Event not found',
        attendees: 'At most 25 tickets per order',
        'attendees.7.participant.phone': 'No such attendee',
        'buyer.address': 'Unknown field',
      },
      slots,
    );
    expect(placed.fields).toEqual([]);
    expect(placed.unplaced).toEqual(['Event not found', 'At most 25 tickets per order', 'No such attendee', 'Unknown field']);
  });

  it('reads nothing from no fields', () => {
    expect(placeServerErrors(undefined, slots)).toEqual({ fields: [], attendeeNotes: {}, unplaced: [] });
  });
});
