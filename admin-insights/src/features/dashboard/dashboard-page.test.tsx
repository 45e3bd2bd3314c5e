import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { aStaffUser, renderWithPlatform } from '@tdk/shared-ui/testing';
import { DashboardPage } from './dashboard-page';

describe('Dashboard', () => {
  it("shows the platform's figures, recent events and top cities", async () => {
    renderWithPlatform(<DashboardPage />, {
      // Revenue is a manager's and an admin's (decision 047).
      session: aStaffUser({ role: 'manager' }),
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

  it('shows gate staff and support the counts but no revenue (decision 047)', async () => {
    for (const role of ['coordinator', 'support'] as const) {
      const { unmount } = renderWithPlatform(<DashboardPage />, {
        session: aStaffUser({ role }),
        api: {
          'GET /api/admin/insights/dashboard': {
            totalEvents: 24,
            activeEvents: 18,
            activeUsers: 12,
            totalRegistrations: 31,
            cities: 7,
            recentEvents: [],
            topCities: [],
          },
        },
      });
      expect(await screen.findByText('18 active')).toBeTruthy();
      expect(screen.queryByText('Revenue')).toBeNull();
      expect(screen.queryByText(/₹/)).toBeNull();
      unmount();
    }
  });

  it('writes one of anything in the singular', async () => {
    renderWithPlatform(<DashboardPage />, {
      // Revenue is a manager's and an admin's (decision 047).
      session: aStaffUser({ role: 'manager' }),
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
