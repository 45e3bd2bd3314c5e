import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  aTicket,
  aStaffUser,
  errorResponse,
  renderWithPlatform,
  type StubbedRequest,
  type StubRoutes,
} from '@tdk/shared-ui/testing';
import { TicketsManagementPage } from './tickets-management-page';

const earlyBird = aTicket({
  id: 5,
  name: 'Early Bird',
  eventName: 'Pune Hill Run',
  sold: 40,
  quantity: 50,
  price: 500,
  status: 'Sold Out',
  setting: 'Active',
  available: 0,
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
      'GET /api/admin/tickets': ({ query }: StubbedRequest) => {
        const tickets = query.get('showExpired') === 'true' ? [earlyBird, ended] : [earlyBird];
        return { tickets, total: tickets.length, page: 1, pageSize: 10 };
      },
      'GET /api/admin/tickets/summary': { activeQuantity: 150, activeTypes: 2, sold: 100, available: 80, revenue: 31000 },
      'GET /api/admin/events/options': { events: [{ id: 1, title: 'Pune Hill Run', date: '2027-01-20', status: 'Active' }] },
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
    expect(await screen.findByText('Last Year Pass')).toBeTruthy();
  });

  it("shows a ticket type's category, team and bibs under its name", async () => {
    const women = aTicket({ id: 7, name: 'Women Open', minAge: 18, gender: 'female' });
    const relay = aTicket({ id: 8, name: 'Relay', teamMin: 4, teamMax: 4, teamPricing: 'team' });
    const numbered = aTicket({ id: 9, name: 'Half Marathon', bibFrom: 1001, bibTo: 2999 });
    renderPage('manager', {
      'GET /api/admin/tickets': { tickets: [earlyBird, women, relay, numbered], total: 4, page: 1, pageSize: 10 },
    });
    const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    expect(within(await row('Women Open')).getByText('18+ · Women')).toBeTruthy();
    expect(within(await row('Relay')).getByText('Team of 4')).toBeTruthy();
    expect(within(await row('Half Marathon')).getByText('Bibs 1001–2999')).toBeTruthy();
    expect((await row('Early Bird')).textContent).not.toMatch(/Team of|Bibs|\+ ·/);
  });

  it("shows the server's sums in the four cards", async () => {
    renderPage();
    expect(await screen.findByText('₹31,000')).toBeTruthy();
    expect(screen.getByText('2 ticket types')).toBeTruthy();
    expect(screen.getByText('150')).toBeTruthy();
  });

  it('shows support the counts but no revenue card (decision 047)', async () => {
    renderPage('support', {
      'GET /api/admin/tickets/summary': { activeQuantity: 150, activeTypes: 2, sold: 100, available: 80 },
    });
    expect(await screen.findByText('2 ticket types')).toBeTruthy();
    expect(screen.getByText('Tickets Sold')).toBeTruthy();
    expect(screen.queryByText('Total Revenue')).toBeNull();
  });

  it('asks the server for the search once 3 characters are typed, and pages there', async () => {
    const { api } = renderPage('manager', {
      'GET /api/admin/tickets': ({ query }: StubbedRequest) => ({
        tickets: query.get('search') === 'old' ? [ended] : [earlyBird],
        total: query.get('search') === 'old' ? 1 : 12,
        page: Number(query.get('page') ?? 1),
        pageSize: 10,
      }),
    });
    await screen.findByText('Early Bird');
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('GET /api/admin/tickets').at(-1)!.query.get('page')).toBe('2'));
    const box = screen.getByPlaceholderText('Search tickets...');
    fireEvent.change(box, { target: { value: 'ol' } });
    expect(screen.getByText('Type at least 3 characters to search')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'old' } });
    expect(await screen.findByText('Last Year Pass')).toBeTruthy();
    const last = api.calls('GET /api/admin/tickets').at(-1)!;
    expect([last.query.get('search'), last.query.get('page')]).toEqual(['old', '1']);
  });

  it('shows "of 1,000+" for a search the server counts only to 1,000 (decision 018)', async () => {
    renderPage('manager', {
      'GET /api/admin/tickets': ({ query }: StubbedRequest) =>
        query.get('search') === 'bird'
          ? { tickets: [earlyBird], total: 1000, totalIsAtLeast: true, page: 1, pageSize: 10 }
          : { tickets: [earlyBird, ended], total: 2, page: 1, pageSize: 10 },
    });
    await screen.findByText('Last Year Pass');
    fireEvent.change(screen.getByPlaceholderText('Search tickets...'), { target: { value: 'bird' } });
    expect(await screen.findByText('1–10 of 1,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  it('edits whether a ticket is on sale; its sold count and Sold Out are shown, not edited', async () => {
    const { api } = renderPage('manager', {
      'PUT /api/admin/tickets/:id': { ticket: { ...earlyBird, status: 'Upcoming', setting: 'Upcoming' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Early Bird' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    expect(within(dialog).queryByLabelText('Sold Count')).toBeNull();
    expect(within(dialog).getByText(/Buyers see: Sold Out\. 40 sold, counted from paid attendees/)).toBeTruthy();
    const status = within(dialog).getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('Active');
    expect([...status.options].map((o) => o.textContent)).toEqual(['Active (on sale)', 'Upcoming (not on sale)']);
    fireEvent.change(status, { target: { value: 'Upcoming' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Ticket' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/tickets/:id')).toHaveLength(1));
    const body = api.calls('PUT /api/admin/tickets/:id')[0]!.body as Record<string, unknown>;
    expect(body.status).toBe('Upcoming');
    expect(body).not.toHaveProperty('sold');
  });

  it('warns before deleting a ticket with sales, with Delete Anyway', async () => {
    const { api } = renderPage('manager', { 'DELETE /api/admin/tickets/:id': { deleted: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Early Bird' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Ticket' });
    expect(
      within(dialog).getByText('This ticket type has 40 tickets sold. Deleting it may affect customer records and reports.'),
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
