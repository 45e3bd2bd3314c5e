import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { aStaffUser, renderWithPlatform } from '@tdk/shared-ui/testing';
import { SiteHeader } from './site-header';

describe("SiteHeader's Create Event", () => {
  it('leads a visitor to "Sell tickets" (the organiser sign-up, decision 053)', () => {
    renderWithPlatform(<SiteHeader />, { route: '/events' });
    const sell = screen.getByTestId('header-sell');
    expect(sell.getAttribute('href')).toBe('/sell');
    expect(sell.textContent).toContain('Create Event');
  });

  it("leads a signed-in manager to their admin's new event instead", () => {
    renderWithPlatform(<SiteHeader />, { route: '/events', session: aStaffUser({ role: 'manager' }) });
    expect(screen.queryByTestId('header-sell')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create Event' }).getAttribute('href')).toBe('/admin/events?create=1');
  });
});
