import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@tdk/shared-ui/testing';
import { DashboardPage } from './dashboard-page';

describe('Dashboard', () => {
  it("shows the platform's figures, recent events and top cities", async () => {
    renderWithPlatform(<DashboardPage />, {
      api: {
        'GET /api/admin/insights/dashboard': {
          totalEvents: 24,
          activeEvents: 18,
          activeUsers: 12,
          totalRegistrations: 31,
          totalRevenue: 123456,
          cities: 7,
          recentEvents: [{ id: 3, title: 'Pune Hill Run', date: '2026-12-05', location: 'Pune', status: 'Active' }],
          topCities: [{ city: 'Mumbai', events: 6, registrations: 14 }],
        },
      },
    });
    expect(await screen.findByText('₹1,23,456')).toBeTruthy();
    expect(screen.getByText('18 active')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Total Events' }).getAttribute('href')).toBe('/admin/events');
    expect(screen.getByText('Pune Hill Run')).toBeTruthy();
    expect(screen.getByText('6 events · 14 registrations')).toBeTruthy();
    // The card says what it counts.
    expect(screen.getByText('Active participants, last 90 days')).toBeTruthy();
    expect(screen.queryByText('Active Users')).toBeNull();
  });

  it('writes one of anything in the singular', async () => {
    renderWithPlatform(<DashboardPage />, {
      api: {
        'GET /api/admin/insights/dashboard': {
          totalEvents: 1,
          activeEvents: 1,
          activeUsers: 1,
          totalRegistrations: 1,
          totalRevenue: 500,
          cities: 1,
          recentEvents: [],
          topCities: [{ city: 'Pune', events: 1, registrations: 1 }],
        },
      },
    });
    expect(await screen.findByText('1 event · 1 registration')).toBeTruthy();
    expect(screen.getByText('Paid · 1 registration')).toBeTruthy();
  });
});
