import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { aRegistration, errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { AttendeeTicketPage } from './attendee-ticket-page';

const ticket = aRegistration({ registrationNumber: 'REGMX12AB34', eventName: 'Pune Hill Run' });

describe("the attendee's ticket page", () => {
  it('shows the ticket with Download PDF and Add to calendar for a valid link', async () => {
    const { api } = renderWithPlatform(<AttendeeTicketPage />, {
      path: '/ticket/:registrationNumber',
      route: '/ticket/REGMX12AB34?t=the-token',
      api: { 'GET /api/tickets/:registrationNumber': { ticket, platformName: 'TDK Sports', supportEmail: 'help@tdksports.in' } },
    });
    expect(await screen.findByRole('heading', { name: 'Your ticket' })).toBeTruthy();
    expect(screen.getByText('OFFICIAL EVENT TICKET')).toBeTruthy();
    expect(screen.getByText('Pune Hill Run')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/tickets/REGMX12AB34/calendar.ics?t=the-token',
    );
    expect(api.calls('GET /api/tickets/:registrationNumber')[0]!.query.get('t')).toBe('the-token');
  });

  it('shows only that the link is not valid, for a wrong token', async () => {
    renderWithPlatform(<AttendeeTicketPage />, {
      path: '/ticket/:registrationNumber',
      route: '/ticket/REGMX12AB34?t=wrong',
      api: { 'GET /api/tickets/:registrationNumber': () => errorResponse(404, 'not_found', 'This ticket link is not valid') },
    });
    expect(await screen.findByRole('heading', { name: 'This ticket link is not valid' })).toBeTruthy();
    expect(screen.queryByText('OFFICIAL EVENT TICKET')).toBeNull();
  });

  it('asks nothing of the API without a token', async () => {
    const { api } = renderWithPlatform(<AttendeeTicketPage />, {
      path: '/ticket/:registrationNumber',
      route: '/ticket/REGMX12AB34',
      api: {},
    });
    expect(await screen.findByRole('heading', { name: 'This ticket link is not valid' })).toBeTruthy();
    expect(api.requests.filter((r) => r.path.startsWith('/api/tickets'))).toHaveLength(0);
  });
});
