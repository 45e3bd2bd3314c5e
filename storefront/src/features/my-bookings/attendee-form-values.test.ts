import { describe, expect, it } from 'vitest';
import type { MyAttendee, MyBooking } from '@tdk/api/contract';
import { ATTENDEE_KEY, asCheckoutFields, formValuesOf, slotOf } from './attendee-form-values';

const attendee: MyAttendee = {
  ticketNumber: 'REGABC01',
  position: 1,
  ticketId: 7,
  ticketName: '10K',
  name: 'Asha Rao',
  status: 'Confirmed',
  bib: null,
  ticketUrl: '/ticket/REGABC01?t=x',
  details: {
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    phone: '+919876543210',
    dateOfBirth: '1995-04-12',
    gender: 'female',
    emergencyContact: 'Ravi Rao',
    emergencyPhone: '+919876500000',
    tshirtSize: 'M',
    bloodGroup: '',
    medicalConditions: '',
    experience: '',
  },
  answers: { club: 'Pune Runners', years: 4 },
  team: '',
  changeDetails: { open: true, until: '2030-01-13T01:00:00.000Z' },
  transfer: { open: false, reason: 'not_allowed' },
  cancel: { open: false, reason: 'not_allowed' },
  cancelTerms: null,
  refunded: 0,
  paymentStatus: 'Paid',
};

const booking: MyBooking = {
  bookingReference: 'REGABC',
  eventId: 3,
  eventName: 'Pune Half',
  eventDate: '2030-01-15',
  eventTime: '06:30',
  eventVenue: 'Pune',
  ticketUrl: '/ticket/REGABC?t=y',
  buyer: { fullName: 'Asha Rao', email: 'asha@example.com', phone: '98765 43210' },
  cancellation: null,
  questions: [
    { id: 'club', kind: 'shortText', label: 'Club', helpText: '', required: false, options: [], waiverText: '', ticketIds: [] },
    {
      id: 'years',
      kind: 'number',
      label: 'Years running',
      helpText: '',
      required: false,
      options: [],
      waiverText: '',
      ticketIds: [],
    },
    {
      id: 'kids',
      kind: 'yesNo',
      label: 'Kids race',
      helpText: '',
      required: false,
      options: [],
      waiverText: '',
      ticketIds: [99],
    },
  ],
  participantFields: {
    tshirtSize: 'required',
    bloodGroup: 'optional',
    emergencyContact: 'optional',
    medicalConditions: 'hidden',
    experience: 'hidden',
  },
  tickets: [{ id: 7, name: '10K', price: 499, minAge: 18, maxAge: null, gender: null }],
  attendees: [attendee],
};

describe('the attendee forms of My bookings', () => {
  it("asks what checkout asks of the attendee's ticket type, with its category", () => {
    const slot = slotOf(booking, attendee);
    expect(slot.ticket).toMatchObject({ id: 7, name: '10K', minAge: 18, teamMin: null });
    expect(slot.questions.map((q) => q.id)).toEqual(['club', 'years']);
  });

  it('starts a change from the attendee as they are (numbers as text) and a transfer empty', () => {
    const change = formValuesOf(booking, attendee, 'change');
    expect(change.attendees[ATTENDEE_KEY]).toMatchObject({ fullName: 'Asha Rao', tshirtSize: 'M' });
    expect(change.answers[ATTENDEE_KEY]).toEqual({ club: 'Pune Runners', years: '4' });
    expect(change.buyer).toEqual(booking.buyer);
    const transfer = formValuesOf(booking, attendee, 'transfer');
    expect(transfer.attendees[ATTENDEE_KEY]).toMatchObject({ fullName: '', email: '', phone: '' });
    expect(transfer.answers[ATTENDEE_KEY]).toEqual({ club: '', years: '' });
  });

  it("puts the API's fields where checkout's form places them", () => {
    expect(asCheckoutFields({ 'participant.dateOfBirth': 'Too young', 'answers.club': 'Required' })).toEqual({
      'attendees.0.participant.dateOfBirth': 'Too young',
      'attendees.0.answers.club': 'Required',
    });
  });
});
