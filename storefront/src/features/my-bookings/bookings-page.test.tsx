import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyAttendee, MyBooking, MyBookingsResponse } from '@tdk/api/contract';
import { errorResponse, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { BookingsPage } from './bookings-page';
import { OpenLinkPage } from './open-link-page';

const details = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+919876543210',
  dateOfBirth: '1995-04-12',
  gender: 'female',
  emergencyContact: 'Ravi Rao',
  emergencyPhone: '+919876500000',
  tshirtSize: '',
  bloodGroup: '',
  medicalConditions: '',
  experience: '',
};

const anAttendee = (overrides: Partial<MyAttendee> = {}): MyAttendee => ({
  ticketNumber: 'REGMI3X9ABCD01',
  position: 1,
  ticketId: 7,
  ticketName: '10K Open',
  name: 'Asha Rao',
  status: 'Confirmed',
  bib: null,
  ticketUrl: '/ticket/REGMI3X9ABCD01?t=tok1',
  details,
  answers: {},
  team: '',
  changeDetails: { open: true, until: '2030-01-13T01:00:00.000Z' },
  transfer: { open: false, reason: 'not_allowed' },
  cancel: { open: false, reason: 'not_allowed' },
  cancelTerms: null,
  refunded: 0,
  paymentStatus: 'Paid',
  ...overrides,
});

const aBooking = (attendees: MyAttendee[], overrides: Partial<MyBooking> = {}): MyBooking => ({
  bookingReference: 'REGMI3X9ABCD',
  eventId: 3,
  eventName: 'Pune Hill Run',
  eventDate: '2030-01-15',
  eventTime: '06:30',
  eventVenue: 'Vetal Hill, Pune',
  ticketUrl: '/ticket/REGMI3X9ABCD?t=tok',
  buyer: { fullName: 'Asha Rao', email: 'asha@example.com', phone: '98765 43210' },
  cancellation: { daysBefore: 3, feePercent: 10, until: '2030-01-12T01:00:00.000Z' },
  questions: [],
  participantFields: {
    tshirtSize: 'optional',
    bloodGroup: 'hidden',
    emergencyContact: 'optional',
    medicalConditions: 'hidden',
    experience: 'hidden',
  },
  tickets: [{ id: 7, name: '10K Open', price: 799, minAge: 18, maxAge: null, gender: null }],
  attendees,
  ...overrides,
});

const answer = (bookings: MyBooking[]): MyBookingsResponse => ({ email: 'asha@example.com', bookings });

describe('My bookings', () => {
  it('asks for the e-mail without a buyer session, and says the same whatever the answer', async () => {
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': () => errorResponse(401, 'unauthenticated', 'Please open My bookings with a new sign-in link.'),
        'POST /api/bookings/link': () => ({ sent: true }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Find your bookings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/E-?mail/i), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByTestId('bookings-link-sent')).textContent).toBe(
      'If asha@example.com has bookings with us, a sign-in link is on its way. It works once, for 30 minutes.',
    );
    expect(api.calls('POST /api/bookings/link')[0]!.body).toEqual({ email: 'asha@example.com', language: 'en' });
  });

  it('shows a rate limit in the words of the API', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': () => errorResponse(401, 'unauthenticated', 'Sign in'),
        'POST /api/bookings/link': () =>
          errorResponse(429, 'rate_limited', 'Too many sign-in links were asked for. Please try again in 12 minutes.'),
      },
    });
    fireEvent.change(await screen.findByLabelText(/E-?mail/i), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByTestId('bookings-link-problem')).textContent).toMatch(/try again in 12 minutes/);
  });

  it('lists each booking with its attendees, their ticket pages, the policy and only the actions open now', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          aBooking([
            anAttendee(),
            anAttendee({
              ticketNumber: 'REGMI3X9ABCD02',
              position: 2,
              name: 'Vikram Rao',
              ticketUrl: '/ticket/REGMI3X9ABCD02?t=tok2',
              changeDetails: { open: false, reason: 'checked_in' },
              transfer: { open: false, reason: 'closed' },
            }),
          ]),
        ]),
      },
    });
    const booking = await screen.findByTestId('booking');
    expect(within(booking).getByRole('heading', { level: 2, name: 'Pune Hill Run' })).toBeTruthy();
    expect(within(booking).getByText('REGMI3X9ABCD')).toBeTruthy();
    expect(within(booking).getByTestId('cancellation-policy').textContent).toMatch(
      /^Cancellation policy: until 3 days before the event \(.+\), with a 10% fee\.$/,
    );
    expect(within(booking).queryByRole('button', { name: /cancel/i })).toBeNull();
    const [asha, vikram] = within(booking).getAllByTestId('booking-attendee');
    expect(asha!.textContent).toContain('10K Open · Ticket REGMI3X9ABCD01');
    expect(within(asha!).getByRole('link', { name: 'Ticket & PDF of Asha Rao' }).getAttribute('href')).toBe(
      '/ticket/REGMI3X9ABCD01?t=tok1',
    );
    expect(within(asha!).getByRole('button', { name: 'Change details of Asha Rao' })).toBeTruthy();
    expect(within(asha!).queryByRole('button', { name: /Transfer/ })).toBeNull();
    expect(within(vikram!).queryByRole('button')).toBeNull();
    expect(vikram!.textContent).toContain('Can no longer be transferred');
    expect(within(booking).getByRole('link', { name: 'All tickets of this booking' }).getAttribute('href')).toBe(
      '/ticket/REGMI3X9ABCD?t=tok',
    );
  });

  it('shows each runner’s bib and start wave with its start time on their card (decision 068)', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          aBooking([
            anAttendee({ bib: 1042, wave: { name: 'Wave B', start: '06:15', byHand: false } }),
            anAttendee({ ticketNumber: 'REGMI3X9ABCD02', position: 2, name: 'Vikram Rao', bib: null }),
          ]),
        ]),
      },
    });
    const cards = await screen.findAllByTestId('booking-attendee');
    expect(cards[0]!.textContent).toContain('Bib 1042 · Wave B, starts 06:15');
    expect(cards[1]!.textContent).not.toContain('starts');
  });

  it('shows a published result with its page, and a finisher’s certificate in the page’s language (decision 070)', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          aBooking([
            anAttendee({ bib: 1042, result: { id: 88, status: 'finisher', netTime: '0:57:42' } }),
            anAttendee({
              ticketNumber: 'REGMI3X9ABCD02',
              position: 2,
              name: 'Vikram Rao',
              bib: 1043,
              result: { id: 89, status: 'DNF', netTime: null },
            }),
          ]),
        ]),
      },
    });
    const cards = await screen.findAllByTestId('booking-attendee');
    expect(within(cards[0]!).getByTestId('result-line').textContent).toContain('Finished in 0:57:42.');
    expect(within(cards[0]!).getByRole('link', { name: 'Result page' }).getAttribute('href')).toBe('/result/88');
    const certificate = within(cards[0]!).getByRole('link', { name: /^Certificate of / });
    expect(certificate.getAttribute('href')).toBe('/api/results/88/certificate.pdf?lang=en');
    expect(within(cards[1]!).getByTestId('result-line').textContent).toContain('Result: DNF.');
    expect(within(cards[1]!).queryByRole('link', { name: /Certificate/ })).toBeNull();
  });

  it('shows a transferred ticket as given to its holder, with no ticket link (no QR) and no action (issue 40)', async () => {
    const closed = { open: false, reason: 'not_allowed' } as const;
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          aBooking(
            [
              anAttendee({
                name: 'Priya Nair',
                ticketUrl: '',
                transferredTo: { name: 'Priya Nair', email: 'priya@example.com' },
                changeDetails: closed,
                transfer: closed,
                cancel: closed,
                cancelTerms: null,
              }),
            ],
            { ticketUrl: '' },
          ),
        ]),
      },
    });
    const [priya] = await screen.findAllByTestId('booking-attendee');
    expect(within(priya!).getByTestId('attendee-transferred').textContent).toBe(
      'Transferred to Priya Nair (priya@example.com): the ticket is theirs now',
    );
    expect(within(priya!).queryByRole('link')).toBeNull();
    expect(within(priya!).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'All tickets of this booking' })).toBeNull();
  });

  it('shows what the buyer paid: the tickets, the convenience fee and its GST as their own lines, and the total (decision 060)', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          aBooking([anAttendee(), anAttendee({ ticketNumber: 'REGMI3X9ABCD02', position: 2, name: 'Ravi Rao' })], {
            payment: {
              tickets: 1598,
              fees: [{ kind: 'convenience', quantity: 2, feePaise: 6_000, gstRate: 18, gstPaise: 1_080, totalPaise: 7_080 }],
              total: 1668.8,
            },
          }),
          aBooking([anAttendee({ ticketNumber: 'REGMI3X9WXYZ01' })], {
            bookingReference: 'REGMI3X9WXYZ',
            eventName: 'Thane Swim',
            payment: { tickets: 799, fees: [], total: 799 },
          }),
        ]),
      },
    });
    const [withFee, withoutFee] = await screen.findAllByTestId('booking');
    const lines = within(within(withFee!).getByRole('list', { name: 'What you paid' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Tickets₹1,598',
      'Convenience fee (2 tickets)₹60',
      'GST on convenience fee (18%)₹10.80',
      'Total paid₹1,668.80',
    ]);
    const plain = within(within(withoutFee!).getByRole('list', { name: 'What you paid' })).getAllByRole('listitem');
    expect(plain.map((line) => line.textContent)).toEqual(['Tickets₹799', 'Total paid₹799']);
  });

  it("links each tax invoice and credit note of a booking to its PDF, the platform's fee documents by their own name, and none for a receipt-only order", async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          aBooking([anAttendee()], {
            invoices: [
              { id: 41, kind: 'invoice', issuer: 'organiser', number: 'INV/2627/000007', issuedAt: '2026-11-20T04:00:00.000Z' },
              { id: 42, kind: 'invoice', issuer: 'platform', number: 'PF/2627/000003', issuedAt: '2026-11-20T04:00:00.000Z' },
              {
                id: 52,
                kind: 'credit_note',
                issuer: 'organiser',
                number: 'CRN/2627/000002',
                issuedAt: '2026-11-22T04:00:00.000Z',
              },
              {
                id: 53,
                kind: 'credit_note',
                issuer: 'platform',
                number: 'PFC/2627/000001',
                issuedAt: '2026-11-22T04:00:00.000Z',
              },
            ],
          }),
          aBooking([anAttendee({ ticketNumber: 'REGMI3X9WXYZ01' })], {
            bookingReference: 'REGMI3X9WXYZ',
            eventName: 'Thane Swim',
          }),
        ]),
      },
    });
    const [taxed, receipt] = await screen.findAllByTestId('booking');
    const invoice = within(taxed!).getByRole('link', { name: 'Download invoice INV/2627/000007' });
    expect(invoice.getAttribute('href')).toBe('/api/bookings/invoices/41/pdf');
    expect(invoice.hasAttribute('download')).toBe(true);
    const creditNote = within(taxed!).getByRole('link', { name: 'Download credit note CRN/2627/000002' });
    expect(creditNote.getAttribute('href')).toBe('/api/bookings/invoices/52/pdf');
    // The platform's documents for its convenience fee are named so (decision 067).
    expect(
      within(taxed!).getByRole('link', { name: 'Download convenience fee invoice PF/2627/000003' }).getAttribute('href'),
    ).toBe('/api/bookings/invoices/42/pdf');
    expect(
      within(taxed!).getByRole('link', { name: 'Download convenience fee credit note PFC/2627/000001' }).getAttribute('href'),
    ).toBe('/api/bookings/invoices/53/pdf');
    expect(within(receipt!).queryByTestId('booking-invoices')).toBeNull();
    expect(within(receipt!).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it("changes an attendee's details with checkout's rules, and shows the API's refusal", async () => {
    const saved = answer([aBooking([anAttendee({ name: 'Asha R Kulkarni' })])]);
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([aBooking([anAttendee()])]),
        'PUT /api/bookings/attendees/:ticketNumber': (request: StubbedRequest) =>
          (request.body as { participant: { dateOfBirth: string } }).participant.dateOfBirth === '2000-01-01'
            ? errorResponse(409, 'deadline_passed', 'The deadline for this change has passed.')
            : saved,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change details of Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the details of Asha Rao' });
    const name = within(dialog).getByLabelText(/Full name/i) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Asha Rao'));
    // The ticket type's category (18 and over on the event day), judged in the form.
    fireEvent.change(within(dialog).getByLabelText(/Date of birth/i), { target: { value: '2015-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/must be 18 or older/)).toBeTruthy();
    expect(api.calls('PUT /api/bookings/attendees/:ticketNumber')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Date of birth/i), { target: { value: '2000-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The deadline for this change has passed.');

    fireEvent.change(within(dialog).getByLabelText(/Date of birth/i), { target: { value: '1995-04-12' } });
    fireEvent.change(name, { target: { value: 'Asha R Kulkarni' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.calls('PUT /api/bookings/attendees/:ticketNumber').at(-1)!;
    expect(sent.params.ticketNumber).toBe('REGMI3X9ABCD01');
    expect(sent.body).toMatchObject({
      participant: { fullName: 'Asha R Kulkarni', dateOfBirth: '1995-04-12', gender: 'female' },
    });
    expect(await screen.findByText('Asha R Kulkarni')).toBeTruthy();
  });

  it('transfers a ticket to a new person, whose details start empty', async () => {
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([aBooking([anAttendee({ transfer: { open: true, until: '2030-01-14T01:00:00.000Z' } })])]),
        'POST /api/bookings/attendees/:ticketNumber/transfer': answer([
          aBooking([anAttendee({ name: 'Priya Nair', ticketNumber: 'REGMI3X9ABCD01T1' })]),
        ]),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer the ticket of Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer the ticket of Asha Rao' });
    expect((within(dialog).getByLabelText(/Full name/i) as HTMLInputElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText(/Full name/i), { target: { value: 'Priya Nair' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-?mail/i), { target: { value: 'priya@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/i), { target: { value: '99887 66554' } });
    fireEvent.change(within(dialog).getByLabelText(/Date of birth/i), { target: { value: '1998-08-08' } });
    fireEvent.change(within(dialog).getByLabelText(/Gender/i), { target: { value: 'female' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer ticket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /api/bookings/attendees/:ticketNumber/transfer')[0]!.body).toMatchObject({
      participant: { fullName: 'Priya Nair', email: 'priya@example.com', gender: 'female' },
    });
    expect(await screen.findByText(/REGMI3X9ABCD01T1/)).toBeTruthy();
  });
});

describe('cancelling a ticket', () => {
  const cancellable = (overrides: Partial<MyAttendee> = {}) =>
    anAttendee({
      cancel: { open: true, until: '2030-01-12T01:00:00.000Z' },
      cancelTerms: { price: 799, fee: 79.9, refund: 719.1 },
      ...overrides,
    });

  it('says the refund, the fee and that the ticket stops working; Keep ticket changes nothing', async () => {
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: { 'GET /api/bookings': answer([aBooking([cancellable()])]) },
    });
    const attendee = await screen.findByTestId('booking-attendee');
    expect(attendee.textContent).toMatch(/Can be cancelled until /);
    fireEvent.click(within(attendee).getByRole('button', { name: 'Cancel the ticket of Asha Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the ticket of Asha Rao?' });
    expect(dialog.textContent).toContain('Ticket REGMI3X9ABCD01 (10K Open) stops working at once');
    expect(within(dialog).getByTestId('cancel-refund').textContent).toBe(
      'You get back ₹719.10: the price of ₹799 less the cancellation fee of ₹79.90. The refund goes to the account you paid from; banks usually credit it within 5 to 7 working days.',
    );
    // Focus starts on keeping the ticket, so a stray Enter cancels nothing.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep ticket'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep ticket' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST /api/bookings/attendees/:ticketNumber/cancel')).toHaveLength(0);
  });

  it("cancels, shows the attendee cancelled and refunded, and shows the API's refusal", async () => {
    let refuse = true;
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([aBooking([cancellable()])]),
        'POST /api/bookings/attendees/:ticketNumber/cancel': () =>
          refuse
            ? errorResponse(409, 'deadline_passed', 'The deadline for this change has passed.')
            : answer([
                aBooking([
                  anAttendee({
                    status: 'Cancelled',
                    paymentStatus: 'Refunded',
                    refunded: 719.1,
                    changeDetails: { open: false, reason: 'cancelled' },
                    cancel: { open: false, reason: 'cancelled' },
                  }),
                ]),
              ]),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the ticket of Asha Rao' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel ticket' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The deadline for this change has passed.');

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel ticket' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST /api/bookings/attendees/:ticketNumber/cancel').at(-1)!.params.ticketNumber).toBe('REGMI3X9ABCD01');
    expect((await screen.findByTestId('attendee-cancelled')).textContent).toBe('Cancelled · Refunded ₹719.10');
    expect(screen.queryByRole('button', { name: /Cancel the ticket/ })).toBeNull();
  });

  it('says nothing is refunded when the fee is the whole price', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([aBooking([cancellable({ cancelTerms: { price: 799, fee: 799, refund: 0 } })])]),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the ticket of Asha Rao' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('cancel-refund').textContent).toBe(
      'The cancellation fee is the whole price of ₹799, so nothing is refunded.',
    );
  });
});

describe('opening a sign-in link', () => {
  it('spends the token from the address once', async () => {
    const token = 'a'.repeat(43);
    const { api } = renderWithPlatform(<OpenLinkPage />, {
      route: `/bookings/open#${token}`,
      api: { 'POST /api/bookings/session': { email: 'asha@example.com', expiresAt: '2030-01-01T00:00:00.000Z' } },
    });
    await waitFor(() => expect(api.calls('POST /api/bookings/session')).toHaveLength(1));
    expect(api.calls('POST /api/bookings/session')[0]!.body).toEqual({ token });
  });

  it('says a used link was used, with the form for a new one', async () => {
    const { api } = renderWithPlatform(<OpenLinkPage />, {
      route: `/bookings/open#${'b'.repeat(43)}`,
      api: {
        'POST /api/bookings/session': () =>
          errorResponse(410, 'link_used', 'This sign-in link has already been used. Ask for a new one.'),
      },
    });
    expect((await screen.findByTestId('bookings-link-problem')).textContent).toBe(
      'This sign-in link has already been used. Ask for a new one.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not open your bookings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeTruthy();
    expect(api.calls('POST /api/bookings/session')).toHaveLength(1);
  });
});

describe('My bookings: someone else collects a kit (decision 069)', () => {
  const race = { bib: 1042, kitCollection: { canAuthorise: true, authorisation: null, collectedAt: null } };

  it('names the collector, shows the QR they take to the expo, and can withdraw it', async () => {
    const authorised = anAttendee({
      ...race,
      kitCollection: {
        canAuthorise: true,
        authorisation: {
          code: 'TDK-KIT-17-Ab3dEf9hIj',
          collectorName: 'Rohan Menon',
          createdAt: '2030-01-10T05:00:00.000Z',
          usedAt: null,
        },
        collectedAt: null,
      },
    });
    const { api } = renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([aBooking([anAttendee(race)])]),
        'POST /api/bookings/attendees/:ticketNumber/kit-authorisation': ({ body }: StubbedRequest) =>
          (body as { collectorName: string }).collectorName === 'Rohan Menon'
            ? answer([aBooking([authorised])])
            : errorResponse(400, 'validation_error', 'Invalid', {
                collectorName: 'Enter the full name of the person who will collect the kit, as on their photo ID.',
              }),
        'DELETE /api/bookings/attendees/:ticketNumber/kit-authorisation': answer([aBooking([anAttendee(race)])]),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Kit collection for Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kit collection for Asha Rao' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authorise' }));
    expect(
      await within(dialog).findByText('Enter the full name of the person who will collect the kit, as on their photo ID.'),
    ).toBeTruthy();
    expect(api.calls('POST /api/bookings/attendees/:ticketNumber/kit-authorisation')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Collector's full name/), { target: { value: 'Rohan Menon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authorise' }));
    expect((await within(dialog).findByTestId('kit-authorisation')).textContent).toBe(
      "Rohan Menon shows this QR and their photo ID at the kit desk to collect Asha Rao's kit. It works once.",
    );
    expect(within(dialog).getByTitle('Kit authorisation for Rohan Menon')).toBeTruthy();
    expect(api.calls('POST /api/bookings/attendees/:ticketNumber/kit-authorisation').at(-1)!.body).toEqual({
      collectorName: 'Rohan Menon',
    });
    expect(screen.getByTestId('kit-status').textContent).toBe('Rohan Menon may collect this kit');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('DELETE /api/bookings/attendees/:ticketNumber/kit-authorisation')).toHaveLength(1);
    expect(screen.queryByTestId('kit-status')).toBeNull();
  });

  it('says who collected the kit, and offers nothing more once it is collected or for a ticket without a kit', async () => {
    renderWithPlatform(<BookingsPage />, {
      route: '/bookings',
      api: {
        'GET /api/bookings': answer([
          aBooking([
            anAttendee({
              ...race,
              kitCollection: {
                canAuthorise: false,
                authorisation: {
                  code: 'TDK-KIT-17-Ab3dEf9hIj',
                  collectorName: 'Rohan Menon',
                  createdAt: '2030-01-10T05:00:00.000Z',
                  usedAt: '2030-01-13T06:15:00.000Z',
                },
                collectedAt: '2030-01-13T06:15:00.000Z',
              },
            }),
            anAttendee({ ticketNumber: 'REGMI3X9ABCD02', name: 'Ravi Rao' }),
          ]),
        ]),
      },
    });
    expect((await screen.findByTestId('kit-status')).textContent).toMatch(/^Kit collected .+ by Rohan Menon$/);
    expect(screen.queryByRole('button', { name: /^Kit collection for/ })).toBeNull();
  });
});
