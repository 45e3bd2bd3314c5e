// The storefront's waiting list (decision 024): a sold-out ticket offers it instead of the
// quantity, the form joins it and shows the place; an offer's link fills checkout in.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ticket, WaitingListOfferResponse } from '@tdk/api/contract';
import { anEvent, aTicket, errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { EventDetailPage } from '../event-detail/event-detail-page';

const EVENT_DATE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const event = anEvent({ id: 5, title: 'Pune Hill Run', date: EVENT_DATE, price: 600, startingPrice: 600 });
const open = { minAge: null, maxAge: null, gender: null } as const;
const soldOut = aTicket({ id: 9, eventId: 5, name: 'Half Marathon', price: 1200, available: 0, ...open });
const onSale = aTicket({ id: 10, eventId: 5, name: '10K', price: 600, available: 20, ...open });

function renderDetail(route: string, api: StubRoutes = {}, tickets: Ticket[] = [soldOut, onSale]) {
  return renderWithPlatform(<EventDetailPage />, {
    path: '/event/:id',
    route,
    api: { 'GET /api/events/:id': { event }, 'GET /api/events/:id/tickets': { tickets }, ...api },
  });
}

const openTickets = async () => fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Tickets' }), { button: 0 });

describe('Joining the waiting list', () => {
  it('offers the waiting list for a sold-out ticket only, joins it and asks to confirm the e-mail (issue 40)', async () => {
    const { api } = renderDetail('/event/5', {
      'POST /api/events/:id/waiting-list': { ticketId: 9, ticketName: 'Half Marathon', quantity: 2, place: 3, confirmed: false },
    });
    await openTickets();
    const cards = await screen.findAllByTestId('ticket-option');
    expect(within(cards.find((c) => c.dataset.ticketId === '9')!).queryByRole('button', { name: /Increase/ })).toBeNull();
    expect(within(cards.find((c) => c.dataset.ticketId === '10')!).queryByRole('button', { name: /waiting list/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waiting list for Half Marathon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waiting list: Half Marathon' });
    fireEvent.change(within(dialog).getByLabelText(/Full Name/), { target: { value: 'Asha Rao' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone Number/), { target: { value: '98765 43210' } });
    fireEvent.change(within(dialog).getByLabelText(/How many tickets/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(
      await screen.findByText(
        'Almost there: open the link we have e-mailed you to confirm your address. Your place in line counts from then.',
      ),
    ).toBeTruthy();
    expect(api.calls('POST /api/events/:id/waiting-list')[0]!.body).toEqual({
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+919876543210',
      quantity: 2,
      ticketId: 9,
      language: 'en',
    });
  });

  it('marks a bad phone on its field and sends nothing; shows the server’s refusal on its field', async () => {
    const { api } = renderDetail('/event/5', {
      'POST /api/events/:id/waiting-list': errorResponse(400, 'validation_error', 'Invalid', { email: 'Invalid email format' }),
    });
    await openTickets();
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waiting list for Half Marathon' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Full Name/), { target: { value: 'Asha Rao' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone Number/), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(await within(dialog).findByText('Enter an Indian phone number, like 98765 43210')).toBeTruthy();
    expect(api.calls('POST /api/events/:id/waiting-list')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Phone Number/), { target: { value: '98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeTruthy();
  });

  it('says the tickets are on sale again when the server finds seats, and closes', async () => {
    renderDetail('/event/5', {
      'POST /api/events/:id/waiting-list': errorResponse(409, 'conflict', '"Half Marathon" is not sold out'),
    });
    await openTickets();
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waiting list for Half Marathon' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Full Name/), { target: { value: 'Asha Rao' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone Number/), { target: { value: '98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    expect(
      await screen.findByText('Tickets are on sale again: choose how many on the Tickets tab and buy them instead.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('An offer’s link', () => {
  const offer = (status: WaitingListOfferResponse['status']): WaitingListOfferResponse => ({
    eventId: 5,
    ticketId: 9,
    ticketName: 'Half Marathon',
    quantity: 2,
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '+919876543210',
    status,
    expiresAt: '2030-01-02T04:30:00.000Z',
  });

  it('opens checkout with the offered ticket, its quantity and the buyer filled in, and sends the token', async () => {
    const { api } = renderDetail('/event/5?offer=abcdefghijklmnopqrstuvwx', {
      'GET /api/events/:id/waiting-list/offers/:token': { offer: offer('offered') },
      'POST /api/cashfree/create-order': errorResponse(409, 'conflict', 'This waiting-list offer has already been used'),
    });
    const form = await screen.findByTestId('registration-form');
    expect(
      await screen.findByText(/Your waiting-list offer: 2 Half Marathon tickets are held for you until 2 Jan 2030, 10:00 am/),
    ).toBeTruthy();
    await waitFor(() => expect(within(form).getAllByTestId('attendee-form')).toHaveLength(2));
    const buyer = within(form).getByRole('group', { name: 'Buyer details' });
    expect((within(buyer).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('asha@example.com');
    expect((within(buyer).getByLabelText(/Full Name/) as HTMLInputElement).value).toBe('Asha Rao');
    expect(api.calls('GET /api/events/:id/waiting-list/offers/:token')).toHaveLength(1);
  });

  it('sends the offer’s token with the order', async () => {
    const { api } = renderDetail('/event/5?offer=abcdefghijklmnopqrstuvwx', {
      'GET /api/events/:id/waiting-list/offers/:token': { offer: { ...offer('offered'), quantity: 1 } },
      'POST /api/cashfree/create-order': {
        orderId: 'order_1',
        orderAmount: 0,
        payment_session_id: null,
        registration: { registrationNumber: 'REGX01', ticketUrl: '/ticket/REGX01?t=abc' },
      },
    });
    const form = await screen.findByTestId('registration-form');
    await waitFor(() => expect(within(form).getAllByTestId('attendee-form')).toHaveLength(1));
    const attendee = within(form).getByTestId('attendee-form');
    for (const [label, value] of [
      [/Full Name/, 'Asha Rao'],
      [/Phone Number/, '98765 43210'],
      [/Date of Birth/, '1990-04-01'],
      [/Gender/, 'female'],
      [/Emergency Contact Name/, 'Ravi Rao'],
      [/Emergency Contact Phone/, '98765-43211'],
    ] as const) {
      fireEvent.change(within(attendee).getByLabelText(label), { target: { value } });
    }
    // The privacy notice's box (decision 030), ticked as a buyer must.
    fireEvent.click(within(form).getByLabelText(/I have read the privacy notice/));
    fireEvent.click(within(form).getByRole('button', { name: 'Pay ₹1,200' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ₹1,200' }));
    await waitFor(() => expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(1));
    expect(api.calls('POST /api/cashfree/create-order')[0]!.body).toMatchObject({
      offerToken: 'abcdefghijklmnopqrstuvwx',
      buyer: { email: 'asha@example.com' },
      attendees: [{ ticketId: 9 }],
    });
  });

  it('says when the offer has expired, and sells nothing from it', async () => {
    renderDetail('/event/5?offer=abcdefghijklmnopqrstuvwx&register=true', {
      'GET /api/events/:id/waiting-list/offers/:token': { offer: offer('expired') },
    });
    expect(
      await screen.findByText('This waiting-list offer has expired: its seats passed to the next person in line.'),
    ).toBeTruthy();
    await openTickets();
    expect(await screen.findByRole('button', { name: 'Join the waiting list for Half Marathon' })).toBeTruthy();
  });
});
