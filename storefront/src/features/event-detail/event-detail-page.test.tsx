import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anEvent, aTicket, renderWithPlatform } from '@tdk/shared-ui/testing';
import { EventDetailPage } from './event-detail-page';

const event = anEvent({ id: 5, title: 'Pune Hill Run', price: 500, startingPrice: 500 });
const ticket = aTicket({ id: 9, eventId: 5, name: 'General', price: 500, available: 20 });

function renderDetail(route = '/event/5?register=true') {
  return renderWithPlatform(<EventDetailPage />, {
    path: '/event/:id',
    route,
    api: { 'GET /api/events/:id': { event }, 'GET /api/events/:id/tickets': { tickets: [ticket] } },
  });
}

const form = () => screen.getByTestId('registration-form');

describe('Event detail: registration form', () => {
  it('marks every required field and says what is missing, sending nothing', async () => {
    const { api } = renderDetail();
    fireEvent.click(
      await within(await screen.findByTestId('registration-form')).findByRole('button', { name: 'Proceed to Payment' }),
    );
    expect(await screen.findByText('Missing information')).toBeTruthy();
    expect(within(form()).getByText('Full name is required')).toBeTruthy();
    expect(within(form()).getByText('Emergency phone is required')).toBeTruthy();
    expect(
      within(form())
        .getByLabelText(/Full Name/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.calls('POST /api/cashfree/create-order')).toHaveLength(0);
  });

  it('clears a field error as soon as the field is edited', async () => {
    renderDetail();
    fireEvent.click(
      await within(await screen.findByTestId('registration-form')).findByRole('button', { name: 'Proceed to Payment' }),
    );
    await within(form()).findByText('Full name is required');
    fireEvent.change(within(form()).getByLabelText(/Full Name/), { target: { value: 'Asha Rao' } });
    await waitFor(() => expect(within(form()).queryByText('Full name is required')).toBeNull());
    expect(within(form()).getByText('Emergency phone is required')).toBeTruthy();
  });

  it('asks for a ticket once the participant is complete', async () => {
    renderDetail();
    const registration = await screen.findByTestId('registration-form');
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(registration).getByLabelText(label), { target: { value } });
    fill(/Full Name/, 'Asha Rao');
    fill(/^Email/, 'asha@example.com');
    fill(/Phone Number/, '9820012345');
    fill(/Age/, '24');
    fill(/Emergency Contact Name/, 'Ravi Rao');
    fill(/Emergency Contact Phone/, '9820054321');
    fireEvent.click(within(registration).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('No tickets selected')).toBeTruthy();
    expect(within(registration).queryByRole('alert')).toBeNull();
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
