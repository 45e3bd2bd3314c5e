import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { aRegistration } from '../testing/fixtures';
import { renderWithPlatform } from '../testing/render-with-platform';
import { EventTicket } from './event-ticket';
import { TicketDialog } from './ticket-dialog';

const registration = aRegistration({
  registrationNumber: 'REGMX12AB34',
  eventName: 'Pune Hill Run',
  eventDate: '2026-12-05',
  eventTime: '18:30',
  eventVenue: 'Vetal Hill, Pune',
  ticketName: 'Early Bird',
  quantity: 2,
  amount: 1598,
  qrCode: 'TDK-REGMX12AB34-7-Ab3dEf9hIj',
});

describe('EventTicket', () => {
  it("shows the spec's texts: title, platform, number, long weekday date, 12-hour time and the participant", () => {
    renderWithPlatform(<EventTicket registration={registration} platformName="Khel Tickets" supportEmail="help@khel.in" />);
    const ticket = screen.getByTestId('event-ticket');
    for (const text of [
      'OFFICIAL EVENT TICKET',
      'Khel Tickets',
      'REGMX12AB34',
      'Pune Hill Run',
      'Saturday, 5 December 2026',
      '6:30 pm',
      'Vetal Hill, Pune',
      'Asha Rao',
      'asha@example.com',
      'Early Bird × 2',
      'Confirmed',
    ]) {
      expect(within(ticket).getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    expect(within(ticket).getByText('Scan this QR code at the venue for quick check-in')).toBeTruthy();
    expect(within(ticket).getByText('For any help, contact help@khel.in.')).toBeTruthy();
    expect(within(ticket).getByText(/₹1,598/)).toBeTruthy();
  });

  it('draws the signed ticket code as a 140-pixel QR code', () => {
    renderWithPlatform(<EventTicket registration={registration} platformName="TDK Sports" supportEmail="x@y.in" />);
    const qr = screen.getByTitle('Ticket code TDK-REGMX12AB34-7-Ab3dEf9hIj').closest('svg')!;
    expect(qr.getAttribute('height')).toBe('140');
  });

  it('shows the medical note in the Important Information only when there is one that is not None', () => {
    const { unmount } = renderWithPlatform(
      <EventTicket
        registration={aRegistration({ additionalInfo: { ...registration.additionalInfo, medicalConditions: 'Asthma' } })}
        platformName="T"
        supportEmail="s@t.in"
      />,
    );
    expect(screen.getByText('Medical note: Asthma')).toBeTruthy();
    unmount();
    renderWithPlatform(
      <EventTicket
        registration={aRegistration({ additionalInfo: { ...registration.additionalInfo, medicalConditions: 'None' } })}
        platformName="T"
        supportEmail="s@t.in"
      />,
    );
    expect(screen.queryByText(/Medical note/)).toBeNull();
  });
});

describe('TicketDialog', () => {
  it("is the 'Event Ticket' dialog, and Email without a handler says it is not configured", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithPlatform(<TicketDialog registration={registration} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Event Ticket' });
    for (const name of ['Download PDF', 'Share', 'Email', 'WhatsApp'])
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email' }));
    expect(await screen.findByText('Email functionality is not configured. Please contact administrator.')).toBeTruthy();
    expect(error).toHaveBeenCalled();
  });

  it("opens WhatsApp with the ticket for the participant's digits, and tells the parent", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const onWhatsApp = vi.fn();
    renderWithPlatform(
      <TicketDialog
        registration={aRegistration({ participantInfo: { ...registration.participantInfo, phone: '+91 98200-12345' } })}
        onClose={() => {}}
        onWhatsApp={onWhatsApp}
      />,
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'WhatsApp' }));
    expect(open.mock.calls[0]![0]).toMatch(/^https:\/\/wa\.me\/919820012345\?text=/);
    expect(onWhatsApp).toHaveBeenCalledTimes(1);
  });
});
