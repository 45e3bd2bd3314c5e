import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { aRegistration, renderWithPlatform } from '@tdk/shared-ui/testing';
import { RegistrationManagementPage } from './registration-management-page';

describe('Registration Management', () => {
  it('shows the four figures and the registrations', async () => {
    renderWithPlatform(<RegistrationManagementPage />, {
      api: {
        'GET /api/admin/registrations': { registrations: [aRegistration({ registrationNumber: 'TDK-2026-000777' })] },
        'GET /api/admin/registrations/stats': {
          totalRegistrations: 12,
          confirmedRegistrations: 9,
          pendingRegistrations: 2,
          cancelledRegistrations: 1,
          checkedInRegistrations: 0,
          totalRevenue: 15980,
        },
      },
    });
    expect(await screen.findByText('TDK-2026-000777')).toBeTruthy();
    expect(await screen.findByText('₹15,980')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
  });
});
