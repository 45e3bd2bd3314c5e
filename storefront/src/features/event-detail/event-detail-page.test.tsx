import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { DEFAULT_FIELD_MODES, type EventQuestion, type SportEvent, type Ticket } from '@tdk/api/contract';
import { anEvent, aTicket, errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { DEFAULT_PLATFORM_CONFIG } from '@tdk/shared-ui';
import { EventDetailPage } from './event-detail-page';

/** A day `days` from today, so the event is always on sale and never over. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const EVENT_DATE = dayFromToday(30);
/** Born `years` years before the event day, to the day. */
const bornYearsBefore = (years: number) => `${Number(EVENT_DATE.slice(0, 4)) - years}${EVENT_DATE.slice(4)}`;

const event = anEvent({ id: 5, title: 'Pune Hill Run', date: EVENT_DATE, price: 600, startingPrice: 600 });
const open = { minAge: null, maxAge: null, gender: null } as const;
const half = aTicket({ id: 9, eventId: 5, name: 'Half Marathon', price: 1200, available: 20, ...open });
const tenK = aTicket({ id: 10, eventId: 5, name: '10K', price: 600, available: 20, ...open });
const kids = aTicket({ id: 11, eventId: 5, name: 'Kids Dash', price: 300, available: 20, minAge: 10, maxAge: 14, gender: null });

function renderDetail({
  tickets = [half, tenK],
  route = '/event/5?register=true',
  api = {},
  eventOverrides = {},
}: { tickets?: Ticket[]; route?: string; api?: StubRoutes; eventOverrides?: Partial<SportEvent> } = {}) {
  return renderWithPlatform(<EventDetailPage />, {
    path: '/event/:id',
    route,
    api: {
      'GET /api/events/:id': { event: { ...event, ...eventOverrides } },
      'GET /api/events/:id/tickets': { tickets },
      ...api,
    },
  });
}

const form = () => screen.getByTestId('registration-form');
const buyerForm = () => within(form()).getByRole('group', { name: 'Buyer details' });
const attendeeForm = (heading: string) => within(form()).getByRole('group', { name: heading });
const attendeeHeadings = () =>
  within(form())
    .getAllByTestId('attendee-form')
    .map((group) => within(group).getByRole('heading', { level: 3 }).textContent);
const field = (group: HTMLElement, label: RegExp) => within(group).getByLabelText(label) as HTMLInputElement;
const fill = (group: HTMLElement, label: RegExp, value: string) => fireEvent.change(field(group, label), { target: { value } });
/** The tabs follow a press (Radix activates on mouse down), as a visitor's click does. */
const openTab = (tab: HTMLElement) => fireEvent.mouseDown(tab, { button: 0 });

/** Picks the tickets on the Tickets tab, in the order given, and goes on to the form. */
async function pick(quantities: [Ticket, number][]) {
  openTab(await screen.findByRole('tab', { name: 'Tickets' }));
  for (const [ticket, quantity] of quantities) {
    const more = await screen.findByRole('button', { name: `Increase ${ticket.name}` });
    for (let i = 0; i < quantity; i += 1) fireEvent.click(more);
  }
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Register' }));
  return screen.findByTestId('registration-form');
}

function fillBuyer() {
  fill(buyerForm(), /Full Name/, 'Asha Rao');
  fill(buyerForm(), /^Email/, 'asha@example.com');
  fill(buyerForm(), /Phone Number/, '+91 98765 43210');
  // The privacy notice's box (decision 030), ticked as a buyer must.
  fireEvent.click(screen.getByLabelText(/I have read the privacy notice/));
}

/** Who an attendee is: the fields every event asks. */
function fillPerson(group: HTMLElement, name: string, phone: string, dateOfBirth = '1990-04-01') {
  fill(group, /Full Name/, name);
  fill(group, /Phone Number/, phone);
  fill(group, /Date of Birth/, dateOfBirth);
  fill(group, /Gender/, 'female');
}

function fillAttendee(group: HTMLElement, name: string, phone: string, dateOfBirth = '1990-04-01') {
  fillPerson(group, name, phone, dateOfBirth);
  fill(group, /Emergency Contact Name/, 'Ravi Rao');
  fill(group, /Emergency Contact Phone/, '98765-43211');
}

/** Sends the form and pays in the dialog; gives back the create-order body. */
async function payAndSend(api: { calls: (route: string) => { body: unknown }[] }, label: string) {
  fireEvent.click(within(form()).getByRole('button', { name: label }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: label }));
  await waitFor(() => expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(1));
  return api.calls('POST /api/cashfree/create-order')[0]!.body as {
    orderAmount: number;
    attendees: { ticketId: number; participant: Record<string, unknown>; answers?: Record<string, unknown>; team?: string }[];
  };
}

const PAID = {
  'POST /api/cashfree/create-order': {
    orderId: 'order_1',
    orderAmount: 0,
    payment_session_id: null,
    registration: { registrationNumber: 'REGX01', ticketUrl: '/ticket/REGX01?t=abc', confirmationEmail: true },
  },
};

describe('Event detail: the checkout form', () => {
  it('marks every required buyer field, says what is missing and takes the keyboard there, sending nothing', async () => {
    const { api } = renderDetail();
    fireEvent.click(
      await within(await screen.findByTestId('registration-form')).findByRole('button', { name: 'Proceed to Payment' }),
    );
    expect(await screen.findByText('Missing information')).toBeTruthy();
    expect(within(buyerForm()).getByText('Full name is required')).toBeTruthy();
    expect(within(buyerForm()).getByText('Phone number is required')).toBeTruthy();
    const name = field(buyerForm(), /Full Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(
      within(buyerForm()).getByText('Full name is required').getAttribute('id'),
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(0);
  });

  it('clears a field error as soon as the field is edited', async () => {
    renderDetail();
    fireEvent.click(
      await within(await screen.findByTestId('registration-form')).findByRole('button', { name: 'Proceed to Payment' }),
    );
    await within(buyerForm()).findByText('Full name is required');
    fill(buyerForm(), /Full Name/, 'Asha Rao');
    await waitFor(() => expect(within(buyerForm()).queryByText('Full name is required')).toBeNull());
    expect(within(buyerForm()).getByText('Email is required')).toBeTruthy();
  });

  it('asks for a ticket once the buyer is complete', async () => {
    renderDetail();
    await screen.findByTestId('registration-form');
    fillBuyer();
    fireEvent.click(within(form()).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('No tickets selected')).toBeTruthy();
    expect(within(form()).queryAllByTestId('attendee-form')).toHaveLength(0);
  });

  it('asks for one attendee per ticket, grouped by ticket type and headed with their place', async () => {
    renderDetail({ route: '/event/5' });
    await pick([
      [half, 2],
      [tenK, 1],
    ]);
    expect(attendeeHeadings()).toEqual([
      'Half Marathon, participant 1 of 2',
      'Half Marathon, participant 2 of 2',
      '10K, participant 1 of 1',
    ]);
    // Each attendee has their own fields, labelled, with nothing chosen for them.
    const second = attendeeForm('Half Marathon, participant 2 of 2');
    expect(field(second, /Date of Birth/).type).toBe('date');
    expect(field(second, /Date of Birth/).value).toBe('');
    expect((field(second, /Gender/) as unknown as HTMLSelectElement).value).toBe('');
    expect(within(field(second, /Gender/)).getAllByRole('option')[0]!.textContent).toBe('Choose…');
    expect(field(second, /Phone Number/).getAttribute('inputmode')).toBe('tel');
  });

  it('keeps what was typed for the attendees that remain when quantities change', async () => {
    renderDetail({ route: '/event/5' });
    await pick([
      [half, 2],
      [tenK, 1],
    ]);
    fill(attendeeForm('Half Marathon, participant 1 of 2'), /Full Name/, 'Asha Rao');
    fill(attendeeForm('10K, participant 1 of 1'), /Full Name/, 'Kabir Rao');

    openTab(screen.getByRole('tab', { name: 'Tickets' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease Half Marathon' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase 10K' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Register' }));
    await screen.findByTestId('registration-form');

    expect(attendeeHeadings()).toEqual([
      'Half Marathon, participant 1 of 1',
      '10K, participant 1 of 2',
      '10K, participant 2 of 2',
    ]);
    expect(field(attendeeForm('Half Marathon, participant 1 of 1'), /Full Name/).value).toBe('Asha Rao');
    expect(field(attendeeForm('10K, participant 1 of 2'), /Full Name/).value).toBe('Kabir Rao');
    expect(field(attendeeForm('10K, participant 2 of 2'), /Full Name/).value).toBe('');
  });

  it("copies the buyer into the first attendee and keeps them in step while 'Same as buyer' is ticked", async () => {
    renderDetail({ route: '/event/5' });
    await pick([[half, 2]]);
    fillBuyer();
    const first = attendeeForm('Half Marathon, participant 1 of 2');
    expect(within(attendeeForm('Half Marathon, participant 2 of 2')).queryByLabelText('Same as buyer')).toBeNull();

    fireEvent.click(within(first).getByLabelText('Same as buyer'));
    await waitFor(() => expect(field(first, /Full Name/).value).toBe('Asha Rao'));
    expect(field(first, /^Email/).value).toBe('asha@example.com');
    expect(field(first, /Phone Number/).value).toBe('+91 98765 43210');
    expect(field(first, /Date of Birth/).value).toBe('');

    fill(buyerForm(), /Full Name/, 'Asha R. Rao');
    await waitFor(() => expect(field(first, /Full Name/).value).toBe('Asha R. Rao'));

    fireEvent.click(within(first).getByLabelText('Same as buyer'));
    fill(buyerForm(), /Full Name/, 'Someone Else');
    expect(field(first, /Full Name/).value).toBe('Asha R. Rao');
  });

  it('copies phone and emergency details, not who they are, from participant 1', async () => {
    renderDetail({ route: '/event/5' });
    await pick([
      [half, 1],
      [tenK, 1],
    ]);
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 1'), 'Asha Rao', '98765 43210');
    const second = attendeeForm('10K, participant 1 of 1');
    fireEvent.click(within(second).getByRole('button', { name: 'Copy contact and emergency details from participant 1' }));
    await waitFor(() => expect(field(second, /Phone Number/).value).toBe('98765 43210'));
    expect(field(second, /Emergency Contact Name/).value).toBe('Ravi Rao');
    expect(field(second, /Emergency Contact Phone/).value).toBe('98765-43211');
    expect(field(second, /Full Name/).value).toBe('');
    expect(field(second, /Date of Birth/).value).toBe('');
    expect((field(second, /Gender/) as unknown as HTMLSelectElement).value).toBe('');
  });

  it("says on an under-age attendee's date of birth that their ticket type needs them older", async () => {
    const { api } = renderDetail({ route: '/event/5', tickets: [half, kids] });
    await pick([
      [half, 1],
      [kids, 1],
    ]);
    fillBuyer();
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 1'), 'Asha Rao', '98765 43210');
    const child = attendeeForm('Kids Dash, participant 1 of 1');
    fillAttendee(child, 'Mira Rao', '98765 43212', bornYearsBefore(8));
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹1,500' }));

    const message = await within(child).findByText(/^Participants in Kids Dash must be 10 or older on /);
    const dateOfBirth = field(child, /Date of Birth/);
    expect(dateOfBirth.getAttribute('aria-invalid')).toBe('true');
    expect(dateOfBirth.getAttribute('aria-describedby')).toContain(message.getAttribute('id'));
    expect(field(attendeeForm('Half Marathon, participant 1 of 1'), /Date of Birth/).getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(dateOfBirth));
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(0);

    // Old enough on the event day: the message goes as the date changes.
    fill(child, /Date of Birth/, bornYearsBefore(10));
    await waitFor(() => expect(within(child).queryByText(/must be 10 or older/)).toBeNull());
  });

  it("names the event's organiser in the privacy notice as the one collecting the data (decision 055)", async () => {
    renderDetail({
      route: '/event/5',
      eventOverrides: {
        organiser: {
          slug: 'pune-striders',
          displayName: 'Pune Striders',
          legalName: 'Pune Striders Sports Foundation',
          emailNotifications: true,
          retentionDays: 90,
        },
      },
    });
    await pick([[tenK, 1]]);
    expect(screen.getByTestId('privacy-notice').textContent).toContain(
      'This event is run by Pune Striders Sports Foundation, who collects your data and decides how it is used (the data fiduciary)',
    );
  });

  it('says beside Pay that paying accepts the Terms and the Refund policy, each opening in a new tab', async () => {
    renderDetail({ route: '/event/5' });
    await pick([[tenK, 1]]);
    fillBuyer();
    fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Asha Rao', '98765 43210');
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹600' }));
    // The form's rules load on the first validation: on a busy machine that takes more than a second.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByTestId('checkout-agreement').textContent).toBe(
      'By paying you agree to the Terms (opens in a new tab) and the Refund policy (opens in a new tab).',
    );
    const terms = within(dialog).getByRole('link', { name: 'Terms (opens in a new tab)' });
    const refunds = within(dialog).getByRole('link', { name: 'Refund policy (opens in a new tab)' });
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/terms', '_blank']);
    expect([refunds.getAttribute('href'), refunds.getAttribute('target')]).toEqual(['/refunds', '_blank']);
    expect(within(dialog).getByRole('button', { name: 'Pay ₹600' })).toBeTruthy();
  });

  it('sends the buyer once and one attendee per ticket, in form order, with phones in E.164', async () => {
    const { api } = renderDetail({
      route: '/event/5',
      // The organiser's part of the notice version (decision 061), sent back with the consent.
      eventOverrides: { organiser: { slug: 'mumbai-road-runners', displayName: 'Mumbai Road Runners', noticeVersion: 3 } },
      api: {
        'POST /api/cashfree/create-order': {
          orderId: 'order_1',
          orderAmount: 3000,
          payment_session_id: null,
          registration: { registrationNumber: 'REGX01', ticketUrl: '/ticket/REGX01?t=abc', confirmationEmail: true },
        },
      },
    });
    await pick([
      [half, 2],
      [tenK, 1],
    ]);
    fillBuyer();
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 2'), 'Asha Rao', '+91 98765 43210');
    fillAttendee(attendeeForm('Half Marathon, participant 2 of 2'), 'Meera Rao', '098765 43212');
    const kabir = attendeeForm('10K, participant 1 of 1');
    fillAttendee(kabir, 'Kabir Rao', '98765-43213', '2012-05-20');
    // Kabir is a child on the event day: his mother consents for him (decision 030).
    fill(kabir, /Parent or guardian's name/, 'Asha Rao');
    fill(kabir, /^Relation/, 'parent');
    fill(kabir, /Parent or guardian's phone/, '98765 43210');
    fireEvent.click(within(kabir).getByLabelText(/I am this attendee's parent or legal guardian/));
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹3,000' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Asha Rao')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹3,000' }));

    await waitFor(() => expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(1));
    const body = api.calls('POST /api/cashfree/create-order')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      eventId: 5,
      buyer: { fullName: 'Asha Rao', email: 'asha@example.com', phone: '+919876543210' },
      orderAmount: 3000,
      language: 'en',
    });
    expect(body).not.toHaveProperty('participant');
    expect(body).not.toHaveProperty('tickets');
    const attendees = body.attendees as { ticketId: number; participant: Record<string, unknown> }[];
    expect(attendees.map((a) => [a.ticketId, a.participant.fullName, a.participant.phone, a.participant.emergencyPhone])).toEqual(
      [
        [9, 'Asha Rao', '+919876543210', '+919876543211'],
        [9, 'Meera Rao', '+919876543212', '+919876543211'],
        [10, 'Kabir Rao', '+919876543213', '+919876543211'],
      ],
    );
    expect(attendees[2]!.participant).toMatchObject({
      dateOfBirth: '2012-05-20',
      gender: 'female',
      emergencyContact: 'Ravi Rao',
    });
    // Optional fields left empty are not sent as choices.
    expect(attendees[2]!.participant.tshirtSize).toBeUndefined();
    // The notice's version ticked, and the child's guardian with him only.
    expect(body.privacyNoticeVersion).toBe(0);
    expect(body.organiserNoticeVersion).toBe(3);
    expect((body.attendees as { guardian?: unknown }[]).map((a) => a.guardian)).toEqual([
      undefined,
      undefined,
      { name: 'Asha Rao', relation: 'parent', phone: '98765 43210', consent: true },
    ]);
  });

  it("puts the API's message for attendees.1's phone under the second attendee's phone", async () => {
    renderDetail({
      route: '/event/5',
      api: {
        'POST /api/cashfree/create-order': () =>
          errorResponse(400, 'validation_error', 'Please check the participants', {
            'attendees.1.participant.phone': 'This number cannot receive the ticket SMS',
          }),
      },
    });
    await pick([[half, 2]]);
    fillBuyer();
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 2'), 'Asha Rao', '98765 43210');
    fillAttendee(attendeeForm('Half Marathon, participant 2 of 2'), 'Meera Rao', '98765 43212');
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹2,400' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ₹2,400' }));

    // Back to the form, the dialog gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const second = attendeeForm('Half Marathon, participant 2 of 2');
    const message = await within(second).findByText('This number cannot receive the ticket SMS');
    const phone = field(second, /Phone Number/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain(message.getAttribute('id'));
    expect(
      within(attendeeForm('Half Marathon, participant 1 of 2')).queryByText('This number cannot receive the ticket SMS'),
    ).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(phone));
  });
});

describe('Event detail: its organiser (decision 054)', () => {
  it("says who organises it, linking to the organiser's page", async () => {
    renderDetail({
      route: '/event/5',
      eventOverrides: { organiser: { slug: 'pune-hill-club', displayName: 'Pune Hill Club' } },
    });
    const organiser = await screen.findByTestId('event-organiser');
    expect(organiser.textContent).toBe('Organised by Pune Hill Club');
    expect(within(organiser).getByRole('link', { name: 'Pune Hill Club' }).getAttribute('href')).toBe('/o/pune-hill-club');
  });
});

describe('Event detail: booking window', () => {
  it("shows 'Booking opens on {date}' instead of booking for an event beyond the window", async () => {
    const far = anEvent({ id: 6, title: 'Far Marathon', date: '2099-03-15' });
    renderWithPlatform(<EventDetailPage />, {
      path: '/event/:id',
      route: '/event/6',
      api: { 'GET /api/events/:id': { event: far }, 'GET /api/events/:id/tickets': { tickets: [] } },
    });
    const summary = await screen.findByTestId('booking-summary');
    expect(within(summary).getByRole('status').textContent).toBe('Booking opens on 15 December 2098');
    expect(within(summary).queryByRole('button', { name: 'Select Tickets' })).toBeNull();
  });
});

describe('Event detail: after booking', () => {
  /** The ticket page as the router opens it: its URL and the booking handed to it. */
  function TicketProbe() {
    const location = useLocation();
    return (
      <output data-testid="ticket-page">
        {JSON.stringify({ url: location.pathname + location.search, state: location.state })}
      </output>
    );
  }

  for (const confirmationEmail of [true, false]) {
    it(`goes at once to the tickets, handing them what was paid and whether an e-mail went (${confirmationEmail})`, async () => {
      renderWithPlatform(
        <Routes>
          <Route path="/event/:id" element={<EventDetailPage />} />
          <Route path="/ticket/:number" element={<TicketProbe />} />
        </Routes>,
        {
          route: '/event/5',
          api: {
            'GET /api/events/:id': { event },
            'GET /api/events/:id/tickets': { tickets: [half, tenK] },
            'POST /api/cashfree/create-order': {
              orderId: 'order_1',
              orderAmount: 600,
              payment_session_id: null,
              registration: { registrationNumber: 'REGX01', ticketUrl: '/ticket/REGX01?t=abc', confirmationEmail },
            },
          },
        },
      );
      await pick([[tenK, 1]]);
      fillBuyer();
      fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Asha Rao', '+91 98765 43210');
      fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹600' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ₹600' }));
      // No form, no Pay button and no toast linger: the tickets' page is the answer.
      const landed = JSON.parse((await screen.findByTestId('ticket-page')).textContent!);
      expect(landed).toEqual({
        url: '/ticket/REGX01?t=abc',
        state: { booked: { amount: 600, email: 'asha@example.com', confirmationEmail } },
      });
      expect(screen.queryByTestId('registration-form')).toBeNull();
      expect(screen.queryByText(/successful/)).toBeNull();
    }, 15_000);
  }

  it('a free registration asks the buyer to check their e-mail, and sends nothing more until they confirm', async () => {
    const free = aTicket({ id: 12, eventId: 5, name: 'Community Walk', price: 0, available: 20, ...open });
    const { api } = renderWithPlatform(<EventDetailPage />, {
      path: '/event/:id',
      route: '/event/5',
      api: {
        'GET /api/events/:id': { event: { ...event, startingPrice: 0 } },
        'GET /api/events/:id/tickets': { tickets: [free] },
        'POST /api/cashfree/create-order': {
          orderId: 'order_free',
          orderAmount: 0,
          payment_session_id: null,
          confirmationPending: { email: 'asha@example.com', holdExpiresAt: '2026-11-24T10:15:00.000Z' },
        },
      },
    });
    await pick([[free, 1]]);
    fillBuyer();
    fillAttendee(attendeeForm('Community Walk, participant 1 of 1'), 'Asha Rao', '+91 98765 43210');
    fireEvent.click(within(form()).getByRole('button', { name: 'Register' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Registration' }));
    const notice = await screen.findByTestId('confirm-email');
    expect(within(notice).getByRole('heading', { name: 'Check your e-mail to confirm' })).toBeTruthy();
    expect(notice.textContent).toContain('We sent a link to asha@example.com.');
    expect(notice.textContent).toContain('your registration counts once you follow the link');
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(1);
    expect(api.calls('GET /api/cashfree/verify-payment/:orderId')).toHaveLength(0);
  }, 15_000);

  it('the e-mailed link confirms the registration and opens its tickets', async () => {
    const { api } = renderWithPlatform(
      <Routes>
        <Route path="/event/:id" element={<EventDetailPage />} />
        <Route path="/ticket/:number" element={<TicketProbe />} />
      </Routes>,
      {
        route: `/event/5?confirm_order=order_free&confirm_token=${'a'.repeat(43)}`,
        api: {
          'GET /api/events/:id': { event },
          'GET /api/events/:id/tickets': { tickets: [tenK] },
          'POST /api/cashfree/confirm-email/:orderId': {
            orderId: 'order_free',
            status: 'PAID',
            email: 'asha@example.com',
            registration: { registrationNumber: 'REGF01', ticketUrl: '/ticket/REGF01?t=abc', confirmationEmail: true },
          },
        },
      },
    );
    const landed = JSON.parse((await screen.findByTestId('ticket-page')).textContent!);
    expect(landed).toEqual({
      url: '/ticket/REGF01?t=abc',
      state: { booked: { amount: 0, email: 'asha@example.com', confirmationEmail: true } },
    });
    expect(api.calls('POST /api/cashfree/confirm-email/:orderId')[0]!.body).toEqual({ token: 'a'.repeat(43) });
  });

  it('an order over the seat limit (429) says so plainly, not that payment failed for no reason', async () => {
    const { api } = renderDetail({
      api: {
        'POST /api/cashfree/create-order': () =>
          errorResponse(429, 'rate_limited', 'At most 30 tickets may be held from one connection in 15 minutes.'),
      },
    });
    await pick([[tenK, 1]]);
    fillBuyer();
    fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Asha Rao', '+91 98765 43210');
    await payAndSend(api, 'Pay ₹600');
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Too many tickets are being held from this connection or for these contact details.',
    );
  }, 15_000);

  it("a refused payment says the provider's reason in the payment dialog", async () => {
    const cashfree = vi.fn(() => ({
      checkout: () => Promise.resolve({ error: { message: 'Payment failed', code: 'payment_failed', type: 'payment_error' } }),
    }));
    window.Cashfree = cashfree;
    try {
      const { api } = renderWithPlatform(<EventDetailPage />, {
        path: '/event/:id',
        route: '/event/5?register=true',
        config: {
          ...DEFAULT_PLATFORM_CONFIG,
          payments: { provider: 'cashfree', mode: 'sandbox', sdkUrl: '/emulator/cashfree/cashfree.js', emulated: true },
        },
        api: {
          'GET /api/events/:id': { event },
          'GET /api/events/:id/tickets': { tickets: [half, tenK] },
          'POST /api/cashfree/create-order': { orderId: 'order_9', orderAmount: 600, payment_session_id: 'session_9' },
          'GET /api/cashfree/verify-payment/:orderId': {
            orderId: 'order_9',
            status: 'FAILED',
            reason: 'Insufficient funds in the account',
          },
        },
      });
      await pick([[tenK, 1]]);
      fillBuyer();
      fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Asha Rao', '+91 98765 43210');
      await payAndSend(api, 'Pay ₹600');
      const dialog = await screen.findByRole('dialog');
      const said = 'Payment failed: Insufficient funds in the account. Please try again or pay another way.';
      expect((await within(dialog).findByRole('alert')).textContent).toContain(said);
      expect(api.calls('GET /api/cashfree/verify-payment/:orderId')).toHaveLength(1);
      expect(cashfree).toHaveBeenCalledWith({ mode: 'sandbox' });
    } finally {
      delete window.Cashfree;
    }
  }, 15_000);

  it("a lapsed confirmation link says so in the buyer's words", async () => {
    renderDetail({
      route: `/event/5?confirm_order=order_free&confirm_token=${'a'.repeat(43)}`,
      api: {
        'POST /api/cashfree/confirm-email/:orderId': () =>
          errorResponse(
            409,
            'conflict',
            'This registration was not confirmed in time and its places were released. Please register again.',
          ),
      },
    });
    expect(await screen.findByText('Registration not confirmed')).toBeTruthy();
    expect(
      screen.getByText('This registration was not confirmed in time and its places were released. Please register again.'),
    ).toBeTruthy();
  });

  it("does not say the confirmation goes to the e-mail typed when its organisation's Email Notifications is off", async () => {
    const quiet = {
      ...event,
      organiser: {
        slug: 'quiet',
        displayName: 'Quiet',
        legalName: 'Quiet LLP',
        emailNotifications: false,
        retentionDays: 180,
      },
    };
    renderWithPlatform(<EventDetailPage />, {
      path: '/event/:id',
      route: '/event/5?register=true',
      api: { 'GET /api/events/:id': { event: quiet }, 'GET /api/events/:id/tickets': { tickets: [tenK] } },
    });
    await pick([[tenK, 1]]);
    expect(within(buyerForm()).queryByText(/We send the booking confirmation/)).toBeNull();
    expect(within(buyerForm()).getByText(/Your tickets and receipt open on this site as soon as you book/)).toBeTruthy();
  });
});

describe("Event detail: the event's own notes", () => {
  it('shows the arrival and ID notes the event holds, as its e-mails and tickets do', async () => {
    renderDetail({
      route: '/event/5',
      eventOverrides: { notes: { arrivalNote: 'Gates open at 5:30 am.', idNote: null, online: false } },
    });
    const notes = await screen.findByTestId('event-notices');
    const items = within(notes)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Gates open at 5:30 am.',
      'Carry a valid photo ID: it is checked at the gate with your ticket.',
      'Bookings cannot be cancelled once paid. If the event is cancelled, you are refunded.',
      'Tickets cannot be transferred: each admits only the participant named on it.',
    ]);
    expect(within(notes).queryByText(/1 hour/)).toBeNull();
  });

  it("promises what the event's own policy allows: cancelling until its deadline with its fee, and transfers", async () => {
    renderDetail({
      route: '/event/5',
      eventOverrides: {
        notes: { arrivalNote: 'Gates open at 5:30 am.', idNote: null, online: false },
        selfService: { cancel: { daysBefore: 3, feePercent: 10 }, transfer: { hoursBefore: 1 }, changeDetails: null },
      },
    });
    const notes = await screen.findByTestId('event-notices');
    const items = within(notes)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.slice(2)).toEqual([
      'Cancel in My bookings until 3 days before the event; 10% of the price is kept as a fee.',
      'Transfer a ticket to someone else in My bookings until 1 hour before the start.',
    ]);
    expect(within(notes).queryByText(/non-refundable|cannot be transferred/)).toBeNull();
  });

  it('says a postponed event was moved, and offers its full refund in My bookings until the deadline', async () => {
    renderDetail({
      route: '/event/5',
      eventOverrides: {
        postponement: { previousDate: '2026-12-01', previousTime: '06:00', refundUntil: '2099-01-10', reason: 'Rain', at: '' },
      },
    });
    expect((await screen.findByTestId('event-postponed')).textContent).toBe('Postponed from 1 December 2026');
    const notes = await screen.findByTestId('event-notices');
    expect(
      within(notes).getByText('The event was postponed: cancel in My bookings until 10 January 2099 for a full refund.'),
    ).toBeTruthy();
    expect(within(notes).queryByText(/cannot be cancelled/)).toBeNull();
  });

  it('asks for no ID for an online event', async () => {
    renderDetail({
      route: '/event/5',
      eventOverrides: { location: 'Online', notes: { arrivalNote: null, idNote: null, online: true } },
    });
    const notes = await screen.findByTestId('event-notices');
    expect(within(notes).queryByText(/ID/)).toBeNull();
    expect(within(notes).getByText('Please join at least 10 minutes before the event starts.')).toBeTruthy();
  });
});

describe('Event detail: what each ticket includes', () => {
  it("lists each ticket type's own inclusions, and none for a type that lists none", async () => {
    const chip = aTicket({
      id: 9,
      eventId: 5,
      name: 'Half Marathon',
      price: 1200,
      available: 20,
      ...open,
      inclusions: ['Timing chip', 'Finisher medal'],
    });
    const bare = aTicket({ id: 10, eventId: 5, name: '10K', price: 600, available: 20, ...open, inclusions: [] });
    renderDetail({ route: '/event/5', tickets: [chip, bare] });
    openTab(await screen.findByRole('tab', { name: 'Tickets' }));
    const cards = await screen.findAllByTestId('ticket-option');
    const included = within(cards[0]!).getByRole('list', { name: 'Half Marathon includes' });
    expect(
      within(included)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Timing chip', 'Finisher medal']);
    expect(within(cards[1]!).queryByRole('list', { name: /includes/ })).toBeNull();
    expect(screen.queryByText('Official merchandise')).toBeNull();
  });
});

describe('Event detail: the one booking button', () => {
  it("is 'Book' with the entry fee until a ticket is chosen, and takes the keyboard to the tickets", async () => {
    renderDetail({ route: '/event/5', eventOverrides: { startingPrice: 600, highestPrice: 1200 } });
    const bar = await screen.findByTestId('book-bar');
    expect(within(bar).getByText('Entry fee')).toBeTruthy();
    expect(within(bar).getByText('₹600 - ₹1,200')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Tickets' })));
    expect(screen.getByRole('tab', { name: 'Tickets' }).getAttribute('aria-selected')).toBe('true');
  });

  it("says what is chosen and 'Continue to Register', the page's only such button, once tickets are picked", async () => {
    renderDetail({ route: '/event/5' });
    openTab(await screen.findByRole('tab', { name: 'Tickets' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Increase Half Marathon' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase 10K' }));
    const bar = screen.getByTestId('book-bar');
    expect(within(bar).getByText('2 tickets chosen')).toBeTruthy();
    expect(within(bar).getByText('₹1,800')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Register/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Proceed/ })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Continue to Register' }));
    await screen.findByTestId('registration-form');
    // The form has its own Pay button: the bar goes.
    expect(screen.queryByTestId('book-bar')).toBeNull();
  });
});

describe('Event detail: the entry fee', () => {
  it("shows the prices of the tickets on sale, '₹399 - ₹699', or one price when they are equal", async () => {
    renderDetail({ route: '/event/5', eventOverrides: { price: 0, startingPrice: 399, highestPrice: 699 } });
    expect((await screen.findByTestId('detail-price')).textContent).toBe('₹399 - ₹699');
    // The booking bar (fixed to the bottom of a phone's screen) says it too, without opening a tab.
    expect(within(screen.getByTestId('book-bar')).getByText('₹399 - ₹699')).toBeTruthy();
  });

  it('shows one price when every ticket costs the same', async () => {
    renderDetail({ route: '/event/5', eventOverrides: { startingPrice: 600, highestPrice: 600 } });
    expect((await screen.findByTestId('detail-price')).textContent).toBe('₹600');
  });

  it("says an Active event with no ticket on sale is not on sale yet, and offers no registration (never 'Free')", async () => {
    renderDetail({
      route: '/event/5?register=true',
      tickets: [],
      eventOverrides: { status: 'Active', price: 0, startingPrice: null, highestPrice: null },
    });
    expect((await screen.findByTestId('detail-price')).textContent).toBe('Tickets not on sale yet');
    expect(within(screen.getByTestId('not-on-sale')).getByRole('status').textContent).toBe(
      'Tickets for this event are not on sale yet. Check back soon.',
    );
    expect(screen.queryByText('Free')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Register' })).toBeNull();
    expect(screen.queryByTestId('registration-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select Tickets' })).toBeNull();
  });
});

const question = (id: string, kind: EventQuestion['kind'], overrides: Partial<EventQuestion> = {}): EventQuestion => ({
  id,
  kind,
  label: id,
  helpText: '',
  required: false,
  options: [],
  waiverText: '',
  ticketIds: [],
  ...overrides,
});

const WAIVER = 'I take part at my own risk and release the organisers from any claim.';
const questions: EventQuestion[] = [
  question('club', 'shortText', { label: 'Running club', helpText: 'As printed on your club vest' }),
  question('goal', 'longText', { label: 'Your goal for this race' }),
  question('pace', 'number', { label: 'Expected pace (min/km)', required: true }),
  question('since', 'date', { label: 'Running since' }),
  question('wave', 'singleChoice', { label: 'Start wave', options: ['A', 'B', 'C'], required: true }),
  question('city', 'singleChoice', { label: 'Home city', options: ['Mumbai', 'Pune', 'Nagpur', 'Nashik', 'Thane', 'Kolhapur'] }),
  question('food', 'multipleChoice', { label: 'Meal preferences', options: ['Veg', 'Jain', 'Vegan'] }),
  question('bus', 'yesNo', { label: 'I need the shuttle bus' }),
  question('waiver', 'yesNo', { label: 'Liability waiver', required: true, waiverText: WAIVER }),
  // Asked of 10K runners only.
  question('split', 'shortText', { label: '10K split target', required: true, ticketIds: [10] }),
];

const group = (within_: HTMLElement, name: RegExp) => within(within_).getByRole('group', { name });

/** Answers the required questions the way a runner in a hurry would. */
function answerRequired(attendee: HTMLElement, wave = 'A') {
  fill(attendee, /Expected pace/, '6');
  fireEvent.click(within(group(attendee, /Start wave/)).getByLabelText(wave));
  fireEvent.click(within(group(attendee, /Liability waiver/)).getByLabelText('I accept'));
}

describe("Event detail: the event's questions", () => {
  it('asks each question in the input of its kind, after the built-in fields, and sends the answers typed', async () => {
    // The event asks medical conditions (hidden unless asked, decision 030), and says why.
    const { api } = renderDetail({
      route: '/event/5',
      eventOverrides: {
        questions,
        participantFields: { ...DEFAULT_FIELD_MODES, medicalConditions: 'optional' },
        healthReason: 'The race doctor needs them if you are hurt.',
      },
      api: PAID,
    });
    await pick([[half, 1]]);
    fillBuyer();
    const runner = attendeeForm('Half Marathon, participant 1 of 1');
    fillAttendee(runner, 'Asha Rao', '98765 43210');

    // One input per kind, each labelled; a question for another ticket type is not asked.
    const club = field(runner, /Running club/);
    expect(club.type).toBe('text');
    expect(club.getAttribute('aria-describedby')).toContain(within(runner).getByText('As printed on your club vest').id);
    expect(field(runner, /Your goal/).tagName).toBe('TEXTAREA');
    expect(field(runner, /Expected pace/).type).toBe('number');
    expect(field(runner, /Expected pace/).required).toBe(true);
    expect(field(runner, /Running since/).type).toBe('date');
    expect(within(group(runner, /Start wave/)).getAllByRole('radio')).toHaveLength(3);
    expect(field(runner, /Home city/).tagName).toBe('SELECT');
    expect(within(group(runner, /Meal preferences/)).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(runner).getByRole('checkbox', { name: 'I need the shuttle bus' })).toBeTruthy();
    const waiver = group(runner, /Liability waiver/);
    expect(within(waiver).getByRole('region', { name: /Liability waiver/ }).textContent).toBe(WAIVER);
    expect(within(runner).queryByLabelText(/10K split target/)).toBeNull();
    // After the built-in fields.
    const inputs = within(runner).getAllByRole('textbox');
    expect(inputs.indexOf(field(runner, /Medical Conditions/))).toBeLessThan(inputs.indexOf(club));
    expect(within(runner).getByTestId('health-reason').textContent).toBe(
      'Why we ask for health details: The race doctor needs them if you are hurt.',
    );

    fill(runner, /Running club/, ' Pune Striders ');
    fill(runner, /Expected pace/, '5.5');
    fill(runner, /Running since/, '2019-06-01');
    fireEvent.click(within(group(runner, /Start wave/)).getByLabelText('B'));
    fill(runner, /Home city/, 'Nagpur');
    fireEvent.click(within(group(runner, /Meal preferences/)).getByLabelText('Vegan'));
    fireEvent.click(within(group(runner, /Meal preferences/)).getByLabelText('Veg'));
    fireEvent.click(within(runner).getByRole('checkbox', { name: 'I need the shuttle bus' }));
    fireEvent.click(within(waiver).getByLabelText('I accept'));

    const body = await payAndSend(api, 'Pay ₹1,200');
    // The goal was left empty: not sent. Numbers are numbers, choices in their order.
    expect(body.attendees[0]!.answers).toEqual({
      club: 'Pune Striders',
      pace: 5.5,
      since: '2019-06-01',
      wave: 'B',
      city: 'Nagpur',
      food: ['Veg', 'Vegan'],
      bus: true,
      waiver: true,
    });
  });

  it("says on that attendee's question what is missing, and on the waiver that it must be accepted", async () => {
    const { api } = renderDetail({ route: '/event/5', eventOverrides: { questions }, tickets: [half] });
    await pick([[half, 2]]);
    fillBuyer();
    const first = attendeeForm('Half Marathon, participant 1 of 2');
    const second = attendeeForm('Half Marathon, participant 2 of 2');
    fillAttendee(first, 'Asha Rao', '98765 43210');
    answerRequired(first);
    fillAttendee(second, 'Meera Rao', '98765 43212');
    fill(second, /Expected pace/, '7');
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹2,400' }));

    const wave = group(second, /Start wave/);
    const missing = await within(wave).findByText('Please answer this question');
    const radio = within(wave).getByLabelText('A');
    expect(radio.getAttribute('aria-invalid')).toBe('true');
    expect(radio.getAttribute('aria-describedby')).toContain(missing.id);
    const waiver = group(second, /Liability waiver/);
    const refused = within(waiver).getByText('Please accept the waiver to continue');
    expect(within(waiver).getByLabelText('I accept').getAttribute('aria-describedby')).toContain(refused.id);
    expect(within(first).queryByText('Please answer this question')).toBeNull();
    expect(within(first).queryByText('Please accept the waiver to continue')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(radio));
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(0);

    // Answered: the message goes as it is.
    fireEvent.click(within(wave).getByLabelText('C'));
    await waitFor(() => expect(within(wave).queryByText('Please answer this question')).toBeNull());
  });

  it("puts the API's message for attendees.2.answers.wave under the third attendee's question", async () => {
    renderDetail({
      route: '/event/5',
      tickets: [half],
      eventOverrides: { questions },
      api: {
        'POST /api/cashfree/create-order': () =>
          errorResponse(400, 'validation_error', 'Wave A is full', { 'attendees.2.answers.wave': 'Wave A is full' }),
      },
    });
    await pick([[half, 3]]);
    fillBuyer();
    for (const [n, name] of [
      [1, 'Asha Rao'],
      [2, 'Meera Rao'],
      [3, 'Kabir Rao'],
    ] as const) {
      const attendee = attendeeForm(`Half Marathon, participant ${n} of 3`);
      fillAttendee(attendee, name, `98765 4321${n}`);
      answerRequired(attendee);
    }
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹3,600' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ₹3,600' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const third = group(attendeeForm('Half Marathon, participant 3 of 3'), /Start wave/);
    const message = await within(third).findByText('Wave A is full');
    expect(within(third).getByLabelText('A').getAttribute('aria-describedby')).toContain(message.id);
    expect(within(attendeeForm('Half Marathon, participant 2 of 3')).queryByText('Wave A is full')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(third).getByLabelText('A')));
  }, 15_000);
});

describe("Event detail: the event's built-in fields", () => {
  const participantFields = {
    ...DEFAULT_FIELD_MODES,
    bloodGroup: 'hidden',
    emergencyContact: 'hidden',
    tshirtSize: 'required',
  } as const;

  it('hides what the event hides, requires what it requires, and leaves the rest optional', async () => {
    const { api } = renderDetail({ route: '/event/5', eventOverrides: { participantFields }, api: PAID });
    await pick([
      [half, 1],
      [tenK, 1],
    ]);
    fillBuyer();
    const first = attendeeForm('Half Marathon, participant 1 of 1');
    const second = attendeeForm('10K, participant 1 of 1');
    expect(within(first).queryByLabelText(/Blood Group/)).toBeNull();
    expect(within(first).queryByLabelText(/Emergency Contact/)).toBeNull();
    expect(field(first, /T-shirt Size/).required).toBe(true);
    expect(field(first, /Experience Level/).required).toBe(false);
    // Only the phone is there to copy.
    expect(within(second).getByRole('button', { name: 'Copy phone number from participant 1' })).toBeTruthy();

    fillPerson(first, 'Asha Rao', '98765 43210');
    fillPerson(second, 'Kabir Rao', '98765 43213');
    fill(second, /T-shirt Size/, 'S');
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹1,800' }));
    const message = await within(first).findByText('Please choose a T-shirt size');
    expect(field(first, /T-shirt Size/).getAttribute('aria-describedby')).toContain(message.id);
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(0);

    fill(first, /T-shirt Size/, 'M');
    const body = await payAndSend(api, 'Pay ₹1,800');
    expect(body.attendees[0]!.participant).toMatchObject({ fullName: 'Asha Rao', tshirtSize: 'M' });
    expect(body.attendees[0]!.participant).not.toHaveProperty('emergencyContact');
    expect(body.attendees[0]!.participant).not.toHaveProperty('bloodGroup');
  });
});

const relay = aTicket({
  id: 12,
  eventId: 5,
  name: 'Relay 4×5K',
  price: 2000,
  available: 40,
  teamMin: 4,
  teamMax: 4,
  teamPricing: 'team',
  ...open,
});
const doubles = aTicket({
  id: 13,
  eventId: 5,
  name: 'Beach Volleyball',
  price: 400,
  available: 40,
  teamMin: 2,
  teamMax: 3,
  teamPricing: 'member',
  ...open,
});
const women = aTicket({
  id: 14,
  eventId: 5,
  name: 'Pinkathon 5K',
  price: 500,
  available: 40,
  minAge: 18,
  maxAge: null,
  gender: 'female',
});

const teamForm = () => within(form()).getByTestId('team-form');
const memberHeadings = () =>
  within(teamForm())
    .getAllByTestId('attendee-form')
    .map((member) => within(member).getByRole('heading', { level: 4 }).textContent);

describe('Event detail: team entries', () => {
  it('buys a relay as a team: its name once, four members, one team price, each member sent with the team', async () => {
    const { api } = renderDetail({ route: '/event/5', tickets: [half, relay], api: PAID });
    openTab(await screen.findByRole('tab', { name: 'Tickets' }));
    const card = (await screen.findAllByTestId('ticket-option')).find((c) => c.getAttribute('data-ticket-id') === '12')!;
    expect(within(card).getByText('Team of 4')).toBeTruthy();
    expect(within(card).getByText('per team')).toBeTruthy();
    expect(within(card).getByText('Number of teams')).toBeTruthy();
    await pick([[relay, 1]]);

    const team = teamForm();
    expect(within(team).getAllByLabelText(/Team name/)).toHaveLength(1);
    expect(within(team).getAllByTestId('attendee-form')).toHaveLength(4);
    fill(team, /Team name/, 'Marine Drive Gazelles');
    expect(memberHeadings()).toEqual([
      'Relay 4×5K — Marine Drive Gazelles, member 1 of 4',
      'Relay 4×5K — Marine Drive Gazelles, member 2 of 4',
      'Relay 4×5K — Marine Drive Gazelles, member 3 of 4',
      'Relay 4×5K — Marine Drive Gazelles, member 4 of 4',
    ]);
    // A relay of four is always four: nothing to add or remove.
    expect((within(team).getByRole('button', { name: 'Add member' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(team).queryByRole('button', { name: /Remove member/ })).toBeNull();

    // The summary shows the team with its one price, and the button the same total.
    const summary = screen.getByTestId('booking-summary');
    const row = within(summary).getByTestId('summary-row');
    expect(row.textContent).toContain('Relay 4×5K — Marine Drive Gazelles');
    expect(row.textContent).toContain('4 members, one price for the team');
    expect(row.textContent).toContain('₹2,000');
    expect(within(summary).getByTestId('booking-subtotal').textContent).toBe('₹2,000');

    fillBuyer();
    within(team)
      .getAllByTestId('attendee-form')
      .forEach((member, i) => fillAttendee(member, `Runner ${i + 1}`, `98765 4321${i}`));
    const body = await payAndSend(api, 'Pay ₹2,000');
    expect(body.orderAmount).toBe(2000);
    expect(body.attendees.map((a) => [a.ticketId, a.team, a.participant.fullName])).toEqual([
      [12, 'Marine Drive Gazelles', 'Runner 1'],
      [12, 'Marine Drive Gazelles', 'Runner 2'],
      [12, 'Marine Drive Gazelles', 'Runner 3'],
      [12, 'Marine Drive Gazelles', 'Runner 4'],
    ]);
  });

  it("asks for the team's name on the team, before anything is sent", async () => {
    const { api } = renderDetail({ route: '/event/5', tickets: [relay] });
    await pick([[relay, 1]]);
    fillBuyer();
    within(teamForm())
      .getAllByTestId('attendee-form')
      .forEach((member, i) => fillAttendee(member, `Runner ${i + 1}`, `98765 4321${i}`));
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹2,000' }));
    const message = await within(teamForm()).findByText('Team name is required');
    expect(field(teamForm(), /Team name/).getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(field(teamForm(), /Team name/)));
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(0);
  });

  it("adds members up to the team's most and removes them down to its fewest, each keeping their details", async () => {
    renderDetail({ route: '/event/5', tickets: [doubles] });
    await pick([[doubles, 1]]);
    const team = teamForm();
    expect(within(team).getByText('Team of 2–3')).toBeTruthy();
    expect(memberHeadings()).toEqual(['Beach Volleyball — Team 1, member 1 of 2', 'Beach Volleyball — Team 1, member 2 of 2']);
    expect(within(team).queryByRole('button', { name: /Remove member/ })).toBeNull();

    // 'Continue to Register' has taken the keyboard to the form's first field.
    await waitFor(() => expect(document.activeElement).toBe(field(buyerForm(), /Full Name/)));
    const add = within(team).getByRole('button', { name: 'Add member' }) as HTMLButtonElement;
    fireEvent.click(add);
    await waitFor(() => expect(within(team).getAllByTestId('attendee-form')).toHaveLength(3));
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(within(team).getAllByTestId('attendee-form')).toHaveLength(3);
    // The new member's first field takes the keyboard.
    await waitFor(() =>
      expect(document.activeElement).toBe(field(within(team).getAllByTestId('attendee-form')[2]!, /Full Name/)),
    );
    // Per member: 3 × ₹400.
    expect(screen.getByTestId('booking-subtotal').textContent).toBe('₹1,200');
    expect(within(screen.getByTestId('booking-summary')).getByTestId('summary-row').textContent).toContain('3 × ₹400 per member');

    const members = () => within(team).getAllByTestId('attendee-form');
    fill(members()[1]!, /Full Name/, 'Second Player');
    fill(members()[2]!, /Full Name/, 'Third Player');
    fireEvent.click(within(members()[1]!).getByRole('button', { name: 'Remove member 2' }));
    await waitFor(() => expect(members()).toHaveLength(2));
    expect(field(members()[1]!, /Full Name/).value).toBe('Third Player');
    expect(memberHeadings()[1]).toBe('Beach Volleyball — Team 1, member 2 of 2');
    await waitFor(() => expect(document.activeElement).toBe(within(team).getByRole('button', { name: 'Add member' })));
    expect(screen.getByTestId('booking-subtotal').textContent).toBe('₹800');

    // Back to three: a fresh member, not the removed one's details.
    fireEvent.click(within(team).getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(members()).toHaveLength(3));
    expect(field(members()[2]!, /Full Name/).value).toBe('');
  });
});

describe('Event detail: ticket facts and the event capacity', () => {
  it('says on a card who may enter', async () => {
    renderDetail({ route: '/event/5', tickets: [kids, women] });
    openTab(await screen.findByRole('tab', { name: 'Tickets' }));
    const facts = await screen.findAllByTestId('ticket-facts');
    expect(
      facts.map((list) =>
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ),
    ).toEqual([['10–14 years'], ['18+', 'Women only']]);
    expect(screen.getByRole('list', { name: 'Who can enter Pinkathon 5K' })).toBe(facts[1]);
  });

  it("says the event's own capacity by the submit button, back on the form, and fetches the tickets again", async () => {
    const { api } = renderDetail({
      route: '/event/5',
      api: {
        'POST /api/cashfree/create-order': () =>
          errorResponse(409, 'sold_out', 'This event has only 3 places left', { eventId: 'This event has only 3 places left' }),
      },
    });
    await pick([[half, 4]]);
    fillBuyer();
    within(form())
      .getAllByTestId('attendee-form')
      .forEach((attendee, i) => fillAttendee(attendee, `Runner ${i + 1}`, `98765 4321${i}`));
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹4,800' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ₹4,800' }));

    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toBe('This event has only 3 places left');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Just above the button that sends the order.
    const submit = within(form()).getByRole('button', { name: 'Pay ₹4,800' });
    expect(alert.nextElementSibling).toBe(submit);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await waitFor(() => expect(api.calls('GET /api/events/:id/tickets').length).toBeGreaterThan(1));
  });
});

describe('Event detail: where it is', () => {
  it('links the venue to a map, in the hero and on the Details tab', async () => {
    renderDetail({ route: '/event/5', eventOverrides: { venue: 'Upvan Lake, Pokhran Road, Thane', location: 'Thane' } });
    const url = 'https://www.google.com/maps/search/?api=1&query=Upvan%20Lake%2C%20Pokhran%20Road%2C%20Thane';
    const hero = await screen.findByRole('link', { name: 'Upvan Lake, Pokhran Road, Thane, Open in Google Maps' });
    expect(hero.getAttribute('href')).toBe(url);
    expect(hero.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Open in Google Maps' }).getAttribute('href')).toBe(url);
  });

  it('has no map for an online event', async () => {
    renderDetail({ route: '/event/5', eventOverrides: { venue: 'Online', location: 'Online' } });
    await screen.findByRole('heading', { level: 1, name: 'Pune Hill Run' });
    expect(screen.queryByRole('link', { name: /Google Maps/ })).toBeNull();
  });
});

describe('Event detail: the Booking Summary priced by the server (decision 031)', () => {
  // 4 × ₹1,200 with a 10% group discount for 4 or more, 18% GST within the organiser's state.
  const QUOTE = {
    lines: [
      {
        ticketId: 9,
        ticketName: 'Half Marathon',
        quantity: 4,
        unitPricePaise: 120000,
        grossPaise: 480000,
        groupDiscountPaise: 48000,
        promoDiscountPaise: 0,
        netPaise: 432000,
        taxablePaise: 366102,
        cgstPaise: 32949,
        sgstPaise: 32949,
        igstPaise: 0,
        gstRate: 18,
        exemptQuantity: 0,
      },
    ],
    taxMode: 'intra',
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    localTaxLabel: 'SGST',
    groupDiscounts: [{ id: 3, percent: 10, minQuantity: 4, discountPaise: 48000 }],
    totals: {
      grossPaise: 480000,
      discountPaise: 48000,
      netPaise: 432000,
      taxablePaise: 366102,
      cgstPaise: 32949,
      sgstPaise: 32949,
      igstPaise: 0,
      taxPaise: 65898,
    },
    orderAmount: 4320,
  };

  it('asks for the chosen attendees, shows the discount, the total and the GST inside it, and charges that total', async () => {
    const { api } = renderDetail({ route: '/event/5', api: { 'POST /api/orders/quote': QUOTE, ...PAID } });
    await pick([[half, 4]]);
    const summary = screen.getByTestId('booking-summary');
    await within(summary).findByText('Group discount: 10% off for 4 or more');
    expect(within(summary).getByTestId('booking-subtotal').textContent).toBe('₹4,320');
    expect(within(summary).getByText('Total')).toBeTruthy();
    expect(within(summary).getByTestId('summary-tax').textContent).toBe(
      'Includes GST ₹658.98 (taxable value ₹3,661.02)CGST ₹329.49 + SGST ₹329.49',
    );
    // Once the choice settles, one quote of exactly the attendees chosen.
    const quotes = api.calls('POST /api/orders/quote');
    expect(quotes.at(-1)!.body).toEqual({ eventId: 5, attendees: [9, 9, 9, 9].map((ticketId) => ({ ticketId })) });

    fillBuyer();
    for (let n = 1; n <= 4; n += 1) {
      fillAttendee(attendeeForm(`Half Marathon, participant ${n} of 4`), `Runner ${n}`, `+91 98765 4321${n}`);
    }
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹4,320' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('pay-discount').textContent).toBe('Group discount: 10% off for 4 or more−₹480');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹4,320' }));
    await waitFor(() => expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(1));
    expect(api.calls('POST /api/cashfree/create-order')[0]!.body).toMatchObject({ orderAmount: 4320 });
  });

  it('says IGST when the event is in another state', async () => {
    renderDetail({
      route: '/event/5',
      api: {
        'POST /api/orders/quote': {
          ...QUOTE,
          taxMode: 'inter',
          groupDiscounts: [],
          totals: {
            ...QUOTE.totals,
            discountPaise: 0,
            netPaise: 120000,
            taxablePaise: 101695,
            cgstPaise: 0,
            sgstPaise: 0,
            igstPaise: 18305,
            taxPaise: 18305,
          },
          orderAmount: 1200,
        },
      },
    });
    await pick([[half, 1]]);
    const tax = await within(screen.getByTestId('booking-summary')).findByTestId('summary-tax');
    expect(tax.textContent).toBe('Includes GST ₹183.05 (taxable value ₹1,016.95)IGST ₹183.05');
    expect(within(screen.getByTestId('booking-summary')).getByText('Subtotal')).toBeTruthy();
  });

  it('keeps the listed total, with no error, when the quote fails', async () => {
    const { api } = renderDetail({
      route: '/event/5',
      api: { 'POST /api/orders/quote': () => errorResponse(500, 'internal_error', 'Something went wrong'), ...PAID },
    });
    await pick([[half, 2]]);
    await waitFor(() => expect(api.calls('POST /api/orders/quote').length).toBeGreaterThan(0));
    const summary = screen.getByTestId('booking-summary');
    expect(within(summary).getByTestId('booking-subtotal').textContent).toBe('₹2,400');
    expect(within(summary).queryByTestId('summary-tax')).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(within(form()).getByRole('button', { name: 'Pay ₹2,400' })).toBeTruthy();
  }, 15_000);
});

describe("Event detail: a business's GSTIN for a tax invoice (decision 031)", () => {
  it('keeps the section closed, and sends no business, until asked', async () => {
    const { api } = renderDetail({ route: '/event/5', api: PAID });
    await pick([[tenK, 1]]);
    expect(screen.queryByTestId('business-details')).toBeNull();
    expect(within(buyerForm()).getByRole('button', { name: 'Add GSTIN for a tax invoice' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    fillBuyer();
    fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Asha Rao', '+91 98765 43210');
    const body = await payAndSend(api, 'Pay ₹600');
    expect(body).not.toHaveProperty('business');
  });

  it("says what is wrong with the GSTIN in the contract's words, then sends it with the business's name and address", async () => {
    const { api } = renderDetail({ route: '/event/5', api: PAID });
    await pick([[tenK, 1]]);
    fillBuyer();
    fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Asha Rao', '+91 98765 43210');
    fireEvent.click(within(buyerForm()).getByRole('button', { name: 'Add GSTIN for a tax invoice' }));
    const business = await screen.findByTestId('business-details');
    fill(business, /^GSTIN/, '27AAPFU0939F1ZX');
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹600' }));
    expect(
      await within(business).findByText("This GSTIN's last character (its check digit) is wrong: check the number"),
    ).toBeTruthy();
    expect(within(business).getByText('Business name is required with a GSTIN (at most 120 characters)')).toBeTruthy();
    fill(business, /^GSTIN/, '27AAP');
    expect(await within(business).findByText('GSTIN must be 15 characters, such as 27AAPFU0939F1ZV')).toBeTruthy();
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(0);

    fill(business, /^GSTIN/, ' 27aapfu0939f1zv ');
    fill(business, /Business name/, 'Thane Runners LLP');
    fill(business, /Business address/, '12 Lake Road, Thane 400601');
    const body = await payAndSend(api, 'Pay ₹600');
    expect(body).toMatchObject({
      business: { gstin: '27AAPFU0939F1ZV', name: 'Thane Runners LLP', address: '12 Lake Road, Thane 400601' },
    });
  });

  it('forgets the business details when the section is closed again', async () => {
    const { api } = renderDetail({ route: '/event/5', api: PAID });
    await pick([[tenK, 1]]);
    fillBuyer();
    fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Asha Rao', '+91 98765 43210');
    fireEvent.click(within(buyerForm()).getByRole('button', { name: 'Add GSTIN for a tax invoice' }));
    fill(await screen.findByTestId('business-details'), /^GSTIN/, 'not a gstin');
    fireEvent.click(within(buyerForm()).getByRole('button', { name: 'Remove GSTIN' }));
    expect(screen.queryByTestId('business-details')).toBeNull();
    const body = await payAndSend(api, 'Pay ₹600');
    expect(body).not.toHaveProperty('business');
  });
});

describe('Event detail: a promo code in the Booking Summary (issue 25)', () => {
  // 2 × ₹1,200 Half Marathon; EARLY10 takes 10 % off (₹240), 18 % GST within the state.
  const line = {
    ticketId: 9,
    ticketName: 'Half Marathon',
    quantity: 2,
    unitPricePaise: 120000,
    grossPaise: 240000,
    groupDiscountPaise: 0,
    promoDiscountPaise: 0,
    netPaise: 240000,
    taxablePaise: 203390,
    cgstPaise: 18305,
    sgstPaise: 18305,
    igstPaise: 0,
    gstRate: 18,
    exemptQuantity: 0,
  };
  const WITHOUT = {
    lines: [line],
    taxMode: 'intra',
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    localTaxLabel: 'SGST',
    groupDiscounts: [],
    promo: null,
    totals: {
      grossPaise: 240000,
      discountPaise: 0,
      netPaise: 240000,
      taxablePaise: 203390,
      cgstPaise: 18305,
      sgstPaise: 18305,
      igstPaise: 0,
      taxPaise: 36610,
    },
    orderAmount: 2400,
  };
  const WITH_EARLY10 = {
    ...WITHOUT,
    lines: [{ ...line, promoDiscountPaise: 24000, netPaise: 216000, taxablePaise: 183051, cgstPaise: 16475, sgstPaise: 16474 }],
    promo: { code: 'EARLY10', applied: true, discountPaise: 24000 },
    totals: {
      grossPaise: 240000,
      discountPaise: 24000,
      netPaise: 216000,
      taxablePaise: 183051,
      cgstPaise: 16475,
      sgstPaise: 16474,
      igstPaise: 0,
      taxPaise: 32949,
    },
    orderAmount: 2160,
  };
  /** The quote as the API answers it: EARLY10 in any case applies, OLD is expired, anything else unknown. */
  const quote = ({ body }: { body: unknown }) => {
    const code = (body as { promoCode?: string }).promoCode;
    if (!code) return WITHOUT;
    if (code.toUpperCase() === 'EARLY10') return WITH_EARLY10;
    const [reason, message] = code === 'OLD' ? ['expired', 'validation.promoExpired'] : ['unknown', 'validation.promoUnknown'];
    return { ...WITHOUT, promo: { code, applied: false, reason, message, discountPaise: 0 } };
  };
  const summary = () => screen.getByTestId('booking-summary');
  const openPromo = async () => {
    fireEvent.click(await within(summary()).findByRole('button', { name: 'Have a promo code?' }));
    return within(summary()).getByRole('form', { name: 'Promo code' });
  };

  it('shows the convenience fee and its GST as their own lines, in the total (decision 060)', async () => {
    // 2 × ₹1,200 with a ₹30 fee each: ₹60, GST 18 % ₹10.80; the buyer pays ₹2,470.80.
    const WITH_FEE = {
      ...WITHOUT,
      totals: { ...WITHOUT.totals, feesPaise: 7080, payablePaise: 247080 },
      fees: [{ kind: 'convenience', quantity: 2, feePaise: 6000, gstRate: 18, gstPaise: 1080, totalPaise: 7080 }],
      orderAmount: 2470.8,
    };
    renderDetail({ route: '/event/5', api: { 'POST /api/orders/quote': () => WITH_FEE, ...PAID } });
    await pick([[half, 2]]);
    expect((await within(summary()).findByTestId('summary-fee')).textContent).toBe('Convenience fee (2 tickets)₹60');
    expect(within(summary()).getByTestId('summary-fee-gst').textContent).toBe('GST on convenience fee (18%)₹10.80');
    expect(within(summary()).getByText('Total')).toBeTruthy();
    expect(within(summary()).getByTestId('booking-subtotal').textContent).toBe('₹2,470.80');
  });

  it('applies a typed code: its own line, the new total and GST split, and create-order gets the code', async () => {
    const { api } = renderDetail({ route: '/event/5', api: { 'POST /api/orders/quote': quote, ...PAID } });
    await pick([[half, 2]]);
    await within(summary()).findByTestId('summary-tax');
    const toggle = within(summary()).getByRole('button', { name: 'Have a promo code?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const promo = await openPromo();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const input = within(promo).getByLabelText('Promo code');
    // The keyboard goes into the field; Enter applies it.
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: ' early10 ' } });
    fireEvent.submit(promo);

    const applied = await within(summary()).findByTestId('promo-applied');
    expect(applied.textContent).toContain('Code EARLY10 applied');
    await waitFor(() => expect(document.activeElement).toBe(within(applied).getByRole('status')));
    expect(within(summary()).getByTestId('summary-promo').textContent).toBe('Promo code EARLY10−₹240');
    expect(within(summary()).getByText('Total')).toBeTruthy();
    expect(within(summary()).getByTestId('booking-subtotal').textContent).toBe('₹2,160');
    expect(within(summary()).getByTestId('summary-tax').textContent).toBe(
      'Includes GST ₹329.49 (taxable value ₹1,830.51)CGST ₹164.75 + SGST ₹164.74',
    );
    expect(api.calls('POST /api/orders/quote').at(-1)!.body).toEqual({
      eventId: 5,
      attendees: [{ ticketId: 9 }, { ticketId: 9 }],
      promoCode: 'early10',
    });

    fillBuyer();
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 2'), 'Runner 1', '+91 98765 43211');
    fillAttendee(attendeeForm('Half Marathon, participant 2 of 2'), 'Runner 2', '+91 98765 43212');
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹2,160' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('pay-promo').textContent).toBe('Promo code EARLY10−₹240');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹2,160' }));
    await waitFor(() => expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(1));
    expect(api.calls('POST /api/cashfree/create-order')[0]!.body).toMatchObject({ orderAmount: 2160, promoCode: 'EARLY10' });
  }, 15_000);

  it("says a refused code's message on the field, keeps the price without it, and sends no code", async () => {
    const { api } = renderDetail({ route: '/event/5', api: { 'POST /api/orders/quote': quote, ...PAID } });
    await pick([[half, 2]]);
    const promo = await openPromo();
    fireEvent.change(within(promo).getByLabelText('Promo code'), { target: { value: 'OLD' } });
    fireEvent.click(within(promo).getByRole('button', { name: 'Apply' }));
    expect(await within(promo).findByText('This code is no longer valid.')).toBeTruthy();
    const input = within(promo).getByLabelText('Promo code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(within(summary()).queryByTestId('summary-promo')).toBeNull();
    expect(within(summary()).getByTestId('booking-subtotal').textContent).toBe('₹2,400');
    // Typed again, another refusal in its own words.
    fireEvent.change(input, { target: { value: 'GUESS' } });
    fireEvent.submit(promo);
    expect(await within(promo).findByText('This code is not valid for this event. Check the code and try again.')).toBeTruthy();

    fillBuyer();
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 2'), 'Runner 1', '+91 98765 43211');
    fillAttendee(attendeeForm('Half Marathon, participant 2 of 2'), 'Runner 2', '+91 98765 43212');
    const body = await payAndSend(api, 'Pay ₹2,400');
    expect(body).not.toHaveProperty('promoCode');
  }, 15_000);

  it('brings a refused code and its message clear of the phone booking bar, then puts the keyboard in the field', async () => {
    const scrolled: { element: Element; options: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    } as typeof Element.prototype.scrollIntoView;
    try {
      renderDetail({ route: '/event/5', api: { 'POST /api/orders/quote': quote, ...PAID } });
      await pick([[half, 2]]);
      const promo = await openPromo();
      scrolled.length = 0;
      fireEvent.change(within(promo).getByLabelText('Promo code'), { target: { value: 'OLD' } });
      fireEvent.click(within(promo).getByRole('button', { name: 'Apply' }));
      const message = await within(promo).findByText('This code is no longer valid.');
      const input = within(promo).getByLabelText('Promo code');
      // The field with its message is centred on screen (not left at the bottom, under the bar); the
      // keyboard was already in the field, so wait for the refusal's effect rather than for focus.
      await waitFor(() => {
        const toMessage = scrolled.find(({ element }) => element.contains(message) && element.contains(input));
        expect(toMessage?.options).toEqual({ block: 'center' });
      });
      expect(document.activeElement).toBe(input);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('lets the buyer remove an applied code: the order is priced without it again', async () => {
    renderDetail({ route: '/event/5', api: { 'POST /api/orders/quote': quote, ...PAID } });
    await pick([[half, 2]]);
    const promo = await openPromo();
    fireEvent.change(within(promo).getByLabelText('Promo code'), { target: { value: 'EARLY10' } });
    fireEvent.submit(promo);
    const applied = await within(summary()).findByTestId('promo-applied');
    fireEvent.click(within(applied).getByRole('button', { name: 'Remove promo code EARLY10' }));
    await waitFor(() => expect(within(summary()).getByTestId('booking-subtotal').textContent).toBe('₹2,400'));
    expect(within(summary()).queryByTestId('summary-promo')).toBeNull();
    const toggle = within(summary()).getByRole('button', { name: 'Have a promo code?' });
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  it('keeps an applied code through a change of tickets, and sends the buyer e-mail typed for its per-e-mail limit', async () => {
    const { api } = renderDetail({ route: '/event/5', api: { 'POST /api/orders/quote': quote, ...PAID } });
    await pick([[half, 1]]);
    fill(buyerForm(), /^Email/, 'asha@example.com');
    const promo = await openPromo();
    fireEvent.change(within(promo).getByLabelText('Promo code'), { target: { value: 'EARLY10' } });
    fireEvent.submit(promo);
    await within(summary()).findByTestId('promo-applied');
    expect(api.calls('POST /api/orders/quote').at(-1)!.body).toMatchObject({
      promoCode: 'EARLY10',
      buyerEmail: 'asha@example.com',
    });
    openTab(screen.getByRole('tab', { name: 'Tickets' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Increase Half Marathon' }));
    await waitFor(() =>
      expect(api.calls('POST /api/orders/quote').at(-1)!.body).toMatchObject({
        attendees: [{ ticketId: 9 }, { ticketId: 9 }],
        promoCode: 'EARLY10',
      }),
    );
    expect(await within(summary()).findByTestId('summary-promo')).toBeTruthy();
    expect(within(summary()).getByTestId('promo-applied').textContent).toContain('EARLY10');
  });

  it('says too many wrong codes on the field, in its own words, when create-order refuses them all', async () => {
    const { api } = renderDetail({
      route: '/event/5',
      api: {
        'POST /api/orders/quote': quote,
        'POST /api/cashfree/create-order': () => errorResponse(429, 'rate_limited', 'validation.promoTooManyTries?minutes=10'),
      },
    });
    await pick([[half, 2]]);
    const promo = await openPromo();
    fireEvent.change(within(promo).getByLabelText('Promo code'), { target: { value: 'EARLY10' } });
    fireEvent.submit(promo);
    await within(summary()).findByTestId('promo-applied');
    fillBuyer();
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 2'), 'Runner 1', '+91 98765 43211');
    fillAttendee(attendeeForm('Half Marathon, participant 2 of 2'), 'Runner 2', '+91 98765 43212');
    await payAndSend(api, 'Pay ₹2,160');
    const field = await within(summary()).findByRole('form', { name: 'Promo code' });
    expect(await within(field).findByText('Too many wrong codes were tried. Please try again in 10 minutes.')).toBeTruthy();
    expect(screen.queryByText('Too many tickets', { exact: false })).toBeNull();
  }, 15_000);

  it('says on the field when create-order refuses the code, and prices the order again without it', async () => {
    const { api } = renderDetail({
      route: '/event/5',
      api: {
        'POST /api/orders/quote': quote,
        'POST /api/cashfree/create-order': () =>
          errorResponse(409, 'promo_refused', 'This code has been used up.', { promoCode: 'validation.promoUsedUp' }),
      },
    });
    await pick([[half, 2]]);
    const promo = await openPromo();
    fireEvent.change(within(promo).getByLabelText('Promo code'), { target: { value: 'EARLY10' } });
    fireEvent.submit(promo);
    await within(summary()).findByTestId('promo-applied');
    fillBuyer();
    fillAttendee(attendeeForm('Half Marathon, participant 1 of 2'), 'Runner 1', '+91 98765 43211');
    fillAttendee(attendeeForm('Half Marathon, participant 2 of 2'), 'Runner 2', '+91 98765 43212');
    await payAndSend(api, 'Pay ₹2,160');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const field = await within(summary()).findByRole('form', { name: 'Promo code' });
    expect(within(field).getByText('This code has been used up.')).toBeTruthy();
    await waitFor(() => expect(within(summary()).getByTestId('booking-subtotal').textContent).toBe('₹2,400'));
    expect(within(form()).getByRole('button', { name: 'Pay ₹2,400' })).toBeTruthy();
  }, 15_000);
});
