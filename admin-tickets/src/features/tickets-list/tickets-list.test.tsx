import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aTicket, errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { TicketsManagementPage } from './tickets-management-page';

describe('Tickets Management', () => {
  it('lists every ticket type with its event, sales and status', async () => {
    renderWithPlatform(<TicketsManagementPage />, {
      api: {
        'GET /api/admin/tickets': {
          tickets: [aTicket({ name: 'Early Bird', eventName: 'Pune Hill Run', sold: 40, quantity: 50, status: 'Sold Out' })],
        },
      },
    });
    const row = (await screen.findByText('Early Bird')).closest('tr')!;
    expect(within(row).getByText('Pune Hill Run')).toBeTruthy();
    expect(within(row).getByText('40/50')).toBeTruthy();
    expect(within(row).getByText('Sold Out')).toBeTruthy();
  });

  it('says so when the tickets cannot be loaded', async () => {
    renderWithPlatform(<TicketsManagementPage />, {
      api: { 'GET /api/admin/tickets': () => errorResponse(500, 'internal', 'boom') },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load tickets and events.');
  });
});
