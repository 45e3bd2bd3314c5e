// My bookings' change and transfer forms are checkout's attendee form for one attendee (decision
// 023): these turn a booking's attendee into its slot and form values, and the API's answer back
// into the form's places. Pure and zod-free.
import type { AnswerValue, MyAttendee, MyBooking, Ticket } from '@tdk/api/contract';
import type { AttendeeSlot } from '../registration/attendee-slots';
import { askedQuestions, emptyAnswers, type RawAnswer } from '../registration/event-form';
import { emptyAttendee } from '../registration/validation';

/** The one attendee's key among the form's values. */
export const ATTENDEE_KEY = 'attendee';

/** The attendee's ticket type as the form's rules need it (its name and category); the rest is not asked. */
function ticketOf(booking: MyBooking, attendee: MyAttendee): Ticket {
  const rule = booking.tickets.find((ticket) => ticket.id === attendee.ticketId);
  return {
    id: attendee.ticketId ?? 0,
    eventId: booking.eventId,
    eventName: booking.eventName,
    eventDate: booking.eventDate,
    name: rule?.name ?? attendee.ticketName,
    description: '',
    price: rule?.price ?? 0,
    quantity: 0,
    sold: 0,
    held: 0,
    available: 0,
    validFrom: null,
    validUntil: null,
    status: 'Active',
    setting: 'Active',
    category: '',
    minAge: rule?.minAge ?? null,
    maxAge: rule?.maxAge ?? null,
    gender: rule?.gender ?? null,
    // A team's member keeps their team: only their own details are changed here.
    teamMin: null,
    teamMax: null,
    teamPricing: 'member',
    bibFrom: null,
    bibTo: null,
    maxPerOrder: 10,
    inclusions: [],
    createdAt: '',
    updatedAt: '',
  };
}

/** The attendee's place in the form: their ticket type and the event's questions for it. */
export const slotOf = (booking: MyBooking, attendee: MyAttendee): AttendeeSlot => ({
  key: ATTENDEE_KEY,
  ticket: ticketOf(booking, attendee),
  n: 1,
  of: 1,
  questions: askedQuestions(booking.questions, attendee.ticketId ?? 0),
});

/** A stored answer as the form holds it (a number as its text). */
const rawAnswer = (value: AnswerValue): RawAnswer => (typeof value === 'number' ? String(value) : value);

/**
 * The form's values: the order's buyer (not shown; the rules ask for one), and the attendee as
 * they are for a change of details, or empty for a transfer to someone new.
 */
export function formValuesOf(booking: MyBooking, attendee: MyAttendee, mode: 'change' | 'transfer') {
  const slot = slotOf(booking, attendee);
  const answers = { ...emptyAnswers(slot.questions) };
  if (mode === 'change') {
    for (const question of slot.questions) {
      const stored = attendee.answers[question.id];
      if (stored !== undefined) answers[question.id] = rawAnswer(stored);
    }
  }
  return {
    buyer: { ...booking.buyer },
    attendees: { [ATTENDEE_KEY]: mode === 'change' ? { ...emptyAttendee(), ...attendee.details } : emptyAttendee() },
    answers: { [ATTENDEE_KEY]: answers },
    teams: {},
  };
}

/** The API's fields (`participant.phone`, `answers.q1`) as checkout's (`attendees.0.participant.phone`), to be placed alike. */
export const asCheckoutFields = (fields: Readonly<Record<string, string>> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(fields ?? {}).map(([path, message]) => [`attendees.0.${path}`, message]));
