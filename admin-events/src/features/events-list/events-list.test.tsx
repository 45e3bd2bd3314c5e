import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { anEvent, errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { EventsManagementPage } from './events-management-page';

describe('Events Management', () => {
  it('lists every event with its capacity and estimated revenue', async () => {
    renderWithPlatform(<EventsManagementPage />, {
      api: {
        'GET /api/admin/events': {
          events: [anEvent({ title: 'Pune Hill Run', price: 500, maxParticipants: 200, status: 'Draft' })],
        },
      },
    });
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    expect(within(row).getByText('200')).toBeTruthy();
    // SPEC.md section 2: revenue = price × max participants × 0.6.
    expect(within(row).getByText('₹60,000')).toBeTruthy();
    expect(within(row).getByText('Draft')).toBeTruthy();
  });

  it('says so when the events cannot be loaded', async () => {
    renderWithPlatform(<EventsManagementPage />, {
      api: { 'GET /api/admin/events': () => errorResponse(500, 'internal', 'boom') },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load events from database.');
  });
});
