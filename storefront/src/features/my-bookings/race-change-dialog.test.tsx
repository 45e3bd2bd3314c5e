// Decision 071: changing race or deferring from My bookings, as the participant sees it.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyAttendee, MyBooking, MyBookingsResponse, MyRaceChange } from '@tdk/api/contract';
import { errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { BookingsPage } from './bookings-page';

const open = { open: true, until: '2030-01-10T12:30:00.000Z' } as const;
const raceChange = (overrides: Partial<MyRaceChange> = {}): MyRaceChange => ({
  swap: open,
  defer: open,
  fee: 50,
  options: [
    { ticketTypeId: 8, name: '10K', price: 499.5, pay: 0, refund: 950.5 },
    { ticketTypeId: 9, name: 'Full Marathon', price: 2500, pay: 1050, refund: 0 },
  ],
  credit: 1450,
  ...overrides,
});

const anAttendee = (overrides: Partial<MyAttendee> = {}): MyAttendee => ({
  ticketNumber: 'REGMI3X9ABCD01',
  position: 1,
  ticketId: 7,
  ticketName: 'Half Marathon',
  name: 'Asha Rao',
  status: 'Confirmed',
  bib: 1001,
  ticketUrl: '/ticket/REGMI3X9ABCD01?t=tok1',
  details: {
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    phone: '+919876543210',
    dateOfBirth: '1995-04-12',
    gender: 'female',
    emergencyContact: '',
    emergencyPhone: '',
    tshirtSize: '',
    bloodGroup: '',
    medicalConditions: '',
    experience: '',
  },
  answers: {},
  team: '',
  changeDetails: { open: false, reason: 'not_allowed' },
  transfer: { open: false, reason: 'not_allowed' },
  cancel: { open: false, reason: 'not_allowed' },
  cancelTerms: null,
  refunded: 0,
  paymentStatus: 'Paid',
  raceChange: raceChange(),
  ...overrides,
});

const aBooking = (attendees: MyAttendee[]): MyBooking => ({
  bookingReference: 'REGMI3X9ABCD',
  eventId: 3,
  eventName: 'Pune Hill Run',
  eventDate: '2030-01-15',
  eventTime: '06:30',
  eventVenue: 'Vetal Hill, Pune',
  ticketUrl: '/ticket/REGMI3X9ABCD?t=tok',
  buyer: { fullName: 'Asha Rao', email: 'asha@example.com', phone: '98765 43210' },
  cancellation: null,
  questions: [],
  participantFields: {
    tshirtSize: 'optional',
    bloodGroup: 'hidden',
    emergencyContact: 'optional',
    medicalConditions: 'hidden',
    experience: 'hidden',
  },
  tickets: [],
  attendees,
});

const answer = (attendees: MyAttendee[], credits: MyBookingsResponse['credits'] = []): MyBookingsResponse => ({
  email: 'asha@example.com',
  bookings: [aBooking(attendees)],
  credits,
});

describe('changing race from My bookings', () => {
  it('lists the other races with what each costs, shows a refusal in place, and moves to a cheaper one', async () => {
    let refuse = true;
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([anAttendee()]),
        'POST /api/bookings/attendees/:ticketNumber/swap': () =>
          refuse
            ? errorResponse(409, 'sold_out', 'That race has no places left.')
            : answer([anAttendee({ ticketName: '10K', refunded: 950.5, raceChange: raceChange({ options: [] }) })]),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change race or defer for Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change race for Asha Rao' });
    const costs = within(dialog)
      .getAllByTestId('swap-cost')
      .map((c) => c.textContent);
    expect(costs).toEqual([
      'You get back ₹950.50: the difference less the change fee of ₹50.',
      'Costs ₹1,050 more: paying for a change is not yet possible here, please contact the organiser.',
    ]);
    // A dearer race cannot be chosen here; nothing is sent before a race is chosen.
    expect((within(dialog).getByRole('radio', { name: /Full Marathon/ }) as HTMLInputElement).disabled).toBe(true);
    const move = within(dialog).getByRole('button', { name: 'Move to this race' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /10K/ }));
    fireEvent.click(move);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That race has no places left.');

    refuse = false;
    fireEvent.click(move);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change race for Asha Rao' })).toBeNull());
    const sent = api.calls('POST /api/bookings/attendees/:ticketNumber/swap');
    expect(sent.at(-1)).toMatchObject({ params: { ticketNumber: 'REGMI3X9ABCD01' }, body: { ticketTypeId: 8 } });
    expect((await screen.findByTestId('booking-attendee')).textContent).toContain('10K');
  });

  it('defers to the next edition and shows the credit with the organiser', async () => {
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([anAttendee()]),
        'POST /api/bookings/attendees/:ticketNumber/defer': () =>
          answer(
            [
              anAttendee({
                status: 'Cancelled',
                raceChange: raceChange({
                  swap: { open: false, reason: 'cancelled' },
                  defer: { open: false, reason: 'cancelled' },
                  options: [],
                  credit: null,
                }),
              }),
            ],
            [{ organisationId: 1, organiserName: 'Pune Runners', amount: 1450, createdAt: '2029-12-01T10:00:00.000Z' }],
          ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change race or defer for Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change race for Asha Rao' });
    expect(within(dialog).getByTestId('defer-terms').textContent).toBe(
      'Defer to the next edition: this ticket is cancelled and you keep a credit of ₹1,450 with the organiser (what you paid less the change fee of ₹50).',
    );
    // A first press only asks: nothing is cancelled until the second, on its own question.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Defer to the next edition…' }));
    const question = within(dialog).getByTestId('defer-question');
    expect(question.textContent).toBe(
      "Cancel Asha Rao's ticket and keep ₹1,450 as credit with the organiser? This cannot be undone.",
    );
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(api.calls('POST /api/bookings/attendees/:ticketNumber/defer')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(within(dialog).queryByTestId('defer-question')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Defer to the next edition…' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Defer to the next edition…' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Defer and keep the credit' }));
    await waitFor(() => expect(api.calls('POST /api/bookings/attendees/:ticketNumber/defer')).toHaveLength(1));
    expect((await screen.findByTestId('buyer-credit')).textContent).toBe(
      'Credit ₹1,450 with Pune Runners, usable on their next event',
    );
    expect(screen.queryByRole('button', { name: 'Change race or defer for Asha Rao' })).toBeNull();
  });

  it('offers no change when the event does not allow it', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          anAttendee({
            raceChange: raceChange({
              swap: { open: false, reason: 'not_allowed' },
              defer: { open: false, reason: 'not_allowed' },
              options: [],
              credit: null,
            }),
          }),
        ]),
      },
    });
    expect(await screen.findByTestId('booking-attendee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Change race/ })).toBeNull();
  });
});
