import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aRegistration } from '../testing/fixtures';
import { renderWithPlatform } from '../testing/render-with-platform';
import { EventTicket } from './event-ticket';
import { TicketDialog } from './ticket-dialog';
import type { TicketPdfPage } from './ticket-text';

// What Download asked to save (jsPDF's Node build would write the file into the working folder).
const saved = vi.hoisted(() => [] as { fileNumber: string; pages: TicketPdfPage[] }[]);
vi.mock('./ticket-pdf', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  downloadTicketPdf: async (pages: TicketPdfPage[], options: { fileNumber: string }) => {
    saved.push({ fileNumber: options.fileNumber, pages });
  },
}));
afterEach(() => {
  saved.length = 0;
});

const registration = aRegistration({
  registrationNumber: 'REGMX12AB3402',
  bookingReference: 'REGMX12AB34',
  position: 2,
  orderSize: 3,
  detailsMissing: false,
  answers: {},
  eventName: 'Pune Hill Run',
  eventDate: '2026-12-05',
  eventTime: '18:30',
  eventVenue: 'Vetal Hill, Pune',
  ticketName: 'Early Bird',
  quantity: 1,
  amount: 799,
  qrCode: 'TDK-REGMX12AB3402-7-Ab3dEf9hIj',
});

describe('EventTicket', () => {
  it("shows the spec's texts: title, platform, numbers, long weekday date, 12-hour time and the attendee", () => {
    renderWithPlatform(<EventTicket registration={registration} platformName="Khel Tickets" supportEmail="help@khel.in" />);
    const ticket = screen.getByTestId('event-ticket');
    for (const text of [
      'OFFICIAL EVENT TICKET',
      'Khel Tickets',
      'REGMX12AB3402',
      'REGMX12AB34',
      'Pune Hill Run',
      'Saturday, 5 December 2026',
      '6:30 pm',
      'Vetal Hill, Pune',
      'Asha Rao',
      'asha@example.com',
      'Early Bird',
      'Participant 2 of 3',
      'Confirmed',
    ]) {
      expect(within(ticket).getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    expect(within(ticket).getByText('Scan this QR code at the venue for quick check-in')).toBeTruthy();
    expect(within(ticket).getByText('For any help, contact help@khel.in.')).toBeTruthy();
    expect(within(ticket).getByText(/Price paid: ₹799/)).toBeTruthy();
    expect(within(ticket).queryByText(/×/)).toBeNull();
  });

  it('says the details are still to be completed for an attendee of a migrated order', () => {
    renderWithPlatform(
      <EventTicket registration={{ ...registration, detailsMissing: true }} platformName="T" supportEmail="s@t.in" />,
    );
    expect(screen.getByText('Details to be completed — contact the organiser')).toBeTruthy();
    expect(screen.queryByText('Asha Rao')).toBeNull();
  });

  it('draws the signed ticket code as a 140-pixel QR code', () => {
    renderWithPlatform(<EventTicket registration={registration} platformName="TDK Sports" supportEmail="x@y.in" />);
    const qr = screen.getByTitle('Ticket code TDK-REGMX12AB3402-7-Ab3dEf9hIj').closest('svg')!;
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

  it("saves the attendee's own one-page PDF, named by their ticket number, and tells the parent", async () => {
    const onDownloaded = vi.fn();
    renderWithPlatform(<TicketDialog registration={registration} onClose={() => {}} onDownloaded={onDownloaded} />);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(onDownloaded).toHaveBeenCalledWith(registration));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.fileNumber).toBe('REGMX12AB3402');
    expect(saved[0]!.pages.map((page) => [page.attendee.value, page.ticketNumber.value, page.participant])).toEqual([
      ['Asha Rao', 'REGMX12AB3402', 'Participant 2 of 3'],
    ]);
  });
});
