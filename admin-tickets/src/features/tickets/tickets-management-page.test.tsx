import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { aTicket, aStaffUser, anEvent, errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { TicketsManagementPage } from './tickets-management-page';

const earlyBird = aTicket({
  id: 5,
  name: 'Early Bird',
  eventName: 'Pune Hill Run',
  sold: 40,
  quantity: 50,
  price: 500,
  status: 'Sold Out',
});
const ended = aTicket({
  id: 6,
  name: 'Last Year Pass',
  eventName: 'Old Run',
  validFrom: '2020-01-01',
  validUntil: '2020-02-01',
  sold: 0,
});

function renderPage(role: 'manager' | 'support' = 'manager', routes: StubRoutes = {}) {
  return renderWithPlatform(<TicketsManagementPage />, {
    session: aStaffUser({ role }),
    api: {
      'GET /api/admin/tickets': { tickets: [earlyBird, ended] },
      'GET /api/admin/events': { events: [anEvent({ id: 1, title: 'Pune Hill Run' })] },
      ...routes,
    },
  });
}

describe('Tickets Management', () => {
  it('lists tickets with Sold/Total and hides those outside their window until asked', async () => {
    renderPage();
    const row = (await screen.findByText('Early Bird')).closest('tr')!;
    expect(within(row).getByText('40/50')).toBeTruthy();
    expect(within(row).getByText('Anytime')).toBeTruthy();
    expect(screen.queryByText('Last Year Pass')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show expired tickets' }));
    expect(screen.getByText('Last Year Pass')).toBeTruthy();
  });

  it('warns before deleting a ticket with sales, with Delete Anyway', async () => {
    const { api } = renderPage('manager', { 'DELETE /api/admin/tickets/:id': { deleted: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Early Bird' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Ticket' });
    expect(
      within(dialog).getByText('This ticket has 40 sold tickets. Deleting it may affect customer records and reports.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Anyway' }));
    expect(await screen.findByText('Early Bird has been removed successfully')).toBeTruthy();
    expect(api.calls('DELETE /api/admin/tickets/:id')[0]!.path).toBe('/api/admin/tickets/5');
  });

  it("checks the ticket form with the spec's messages before sending", async () => {
    const { api } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Ticket' });
    expect(within(dialog).queryByLabelText('Sold Count')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await within(dialog).findByText('Ticket name is required')).toBeTruthy();
    expect(within(dialog).getByText('Event selection is required')).toBeTruthy();
    expect(within(dialog).getByText('Quantity must be greater than 0')).toBeTruthy();
    expect(api.calls('POST /api/admin/tickets')).toHaveLength(0);
  });

  it('shows support staff no write controls', async () => {
    renderPage('support');
    await screen.findByText('Early Bird');
    expect(screen.queryByRole('button', { name: 'Create Ticket' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Early Bird' })).toBeNull();
  });

  it('says so when the tickets cannot be loaded', async () => {
    renderPage('manager', { 'GET /api/admin/tickets': () => errorResponse(500, 'internal_error', 'boom') });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load tickets and events.');
  });
});
