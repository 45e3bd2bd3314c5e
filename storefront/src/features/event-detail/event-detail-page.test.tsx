import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ticket } from '@tdk/api/contract';
import { anEvent, aTicket, errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
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
}: { tickets?: Ticket[]; route?: string; api?: StubRoutes } = {}) {
  return renderWithPlatform(<EventDetailPage />, {
    path: '/event/:id',
    route,
    api: { 'GET /api/events/:id': { event }, 'GET /api/events/:id/tickets': { tickets }, ...api },
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
}

function fillAttendee(group: HTMLElement, name: string, phone: string, dateOfBirth = '1990-04-01') {
  fill(group, /Full Name/, name);
  fill(group, /Phone Number/, phone);
  fill(group, /Date of Birth/, dateOfBirth);
  fill(group, /Gender/, 'female');
  fill(group, /Emergency Contact Name/, 'Ravi Rao');
  fill(group, /Emergency Contact Phone/, '98765-43211');
}

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

  it('sends the buyer once and one attendee per ticket, in form order, with phones in E.164', async () => {
    const { api } = renderDetail({
      route: '/event/5',
      api: {
        'POST /api/cashfree/create-order': {
          orderId: 'order_1',
          orderAmount: 3000,
          payment_session_id: null,
          registration: { registrationNumber: 'REGX01', ticketUrl: '/ticket/REGX01?t=abc' },
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
    fillAttendee(attendeeForm('10K, participant 1 of 1'), 'Kabir Rao', '98765-43213', '2012-05-20');
    fireEvent.click(within(form()).getByRole('button', { name: 'Pay ₹3,000' }));
    const dialog = await screen.findByRole('dialog');
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
