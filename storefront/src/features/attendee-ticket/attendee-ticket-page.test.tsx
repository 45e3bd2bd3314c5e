import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Registration, TicketLinkResponse } from '@tdk/api/contract';
import { aRegistration, errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AttendeeTicketPage } from './attendee-ticket-page';
import { bookedState, type Booked } from './booked';

// Download draws the PDF with shared-ui's jsPDF code; here only what it was asked to save is kept
// (jsPDF's Node build would write the file into the working folder).
const saved = vi.hoisted(() => [] as { fileNumber: string; names: string[] }[]);
vi.mock('../../../../shared-ui/src/ticket/ticket-pdf', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  downloadTicketPdf: async (pages: { attendee: { value: string } }[], options: { fileNumber: string }) => {
    saved.push({ fileNumber: options.fileNumber, names: pages.map((page) => page.attendee.value) });
  },
}));
afterEach(() => {
  saved.length = 0;
});

const attendee = (position: number, firstName: string, ticketName: string, amount: number): Registration =>
  aRegistration({
    registrationNumber: `REGMI3X9ABCD0${position}`,
    bookingReference: 'REGMI3X9ABCD',
    position,
    orderSize: 3,
    detailsMissing: false,
    answers: {},
    eventName: 'Pune Hill Run',
    eventDate: '2026-12-05',
    eventTime: '06:30',
    eventVenue: 'Vetal Hill, Pune',
    ticketName,
    amount,
    qrCode: `TDK-REGMI3X9ABCD0${position}-7-Ab3dEf9hIj`,
    participantInfo: { ...aRegistration().participantInfo, firstName, lastName: 'Rao' },
  });

const order = [
  attendee(1, 'Asha', '10K Open', 799),
  attendee(2, 'Vikram', '10K Open', 799),
  attendee(3, 'Meera', '5K Kids', 399),
];
const answer = (tickets: Registration[]): TicketLinkResponse => ({
  bookingReference: 'REGMI3X9ABCD',
  notes: { arrivalNote: 'Report at the start pen by 5:15 am.', idNote: null, online: false },
  tickets,
  platformName: 'TDK Sports',
  supportEmail: 'help@tdksports.in',
});

const openLink = (number: string, tickets: Registration[]) =>
  renderWithPlatform(<AttendeeTicketPage />, {
    path: '/ticket/:registrationNumber',
    route: `/ticket/${number}#t=the-token`,
    api: { 'GET /api/tickets/:registrationNumber': answer(tickets) },
  });

describe("the attendee's ticket page", () => {
  it("shows every attendee's ticket of the order, for the order's link, and the event and booking reference once", async () => {
    const { api } = openLink('REGMI3X9ABCD', order);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your tickets' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Asha Rao', 'Vikram Rao', 'Meera Rao']);
    const expected = [
      ['10K Open', '₹799', 'Participant 1 of 3', 'REGMI3X9ABCD01'],
      ['10K Open', '₹799', 'Participant 2 of 3', 'REGMI3X9ABCD02'],
      ['5K Kids', '₹399', 'Participant 3 of 3', 'REGMI3X9ABCD03'],
    ];
    cards.forEach((card, index) => {
      for (const text of expected[index]!) expect(within(card).getByText(text), text).toBeTruthy();
      expect(within(card).getByTitle(`Ticket code ${order[index]!.qrCode}`)).toBeTruthy();
    });
    expect(screen.getAllByText('Pune Hill Run')).toHaveLength(1);
    expect(screen.getAllByText('REGMI3X9ABCD')).toHaveLength(1);
    expect(screen.getByText('Saturday, 5 December 2026')).toBeTruthy();
    // The token travels in a header (decision 043), in no URL a server or proxy logs.
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/tickets/REGMI3X9ABCD/calendar.ics',
    );
    const [call] = api.calls('GET /api/tickets/:registrationNumber');
    expect(call!.headers.get('X-Ticket-Token')).toBe('the-token');
    expect(call!.query.has('t')).toBe(false);
  });

  it('opens a link mailed before the token moved to the fragment (?t=), sending the token in its header', async () => {
    const { api } = renderWithPlatform(<AttendeeTicketPage />, {
      path: '/ticket/:registrationNumber',
      route: '/ticket/REGMI3X9ABCD?t=old-token',
      api: { 'GET /api/tickets/:registrationNumber': answer(order) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your tickets' })).toBeTruthy();
    const calls = api.calls('GET /api/tickets/:registrationNumber');
    expect(calls.map((c) => [c.headers.get('X-Ticket-Token'), c.query.has('t')])).toContainEqual(['old-token', false]);
  });

  it('never breaks the booking reference or a ticket number inside the code (a 360 px phone)', async () => {
    openLink('REGMI3X9ABCD', order);
    const reference = await screen.findByTestId('booking-reference');
    const codes = [reference, screen.getByText('REGMI3X9ABCD01'), screen.getByText('REGMI3X9ABCD02')];
    for (const code of codes) {
      const style = getComputedStyle(code);
      expect(style.whiteSpace, code.textContent!).toBe('nowrap');
      expect(style.overflowWrap, code.textContent!).toBe('normal');
      expect(style.wordBreak, code.textContent!).toBe('keep-all');
    }
    // The reference has the row to itself, so the whole code has room on a narrow screen.
    expect(reference.parentElement!.className).toContain('wide');
  });

  it("shows the event's own arrival and ID notes, as its page and e-mails do", async () => {
    openLink('REGMI3X9ABCD', order);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Important Information' });
    const items = within(heading.parentElement!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.slice(0, 2)).toEqual([
      'Report at the start pen by 5:15 am.',
      'Carry a valid photo ID: it is checked at the gate with your ticket.',
    ]);
    expect(screen.queryByText(/30 minutes/)).toBeNull();
  });

  it("shows only that attendee's ticket, for their own link", async () => {
    openLink('REGMI3X9ABCD02', [order[1]!]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your ticket' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByRole('heading', { name: 'Vikram Rao' })).toBeTruthy();
    expect(within(cards[0]!).getByText('Participant 2 of 3')).toBeTruthy();
    expect(screen.queryByText('Asha Rao')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/tickets/REGMI3X9ABCD02/calendar.ics',
    );
  });

  it('says the details are to be completed for an attendee staff have not yet named', async () => {
    openLink('REGMI3X9ABCD', [order[0]!, { ...order[1]!, detailsMissing: true }]);
    expect(await screen.findByRole('heading', { name: 'Details to be completed — contact the organiser' })).toBeTruthy();
    expect(screen.queryByText('Vikram Rao')).toBeNull();
  });

  it("downloads one PDF page per attendee, named by the link's number", async () => {
    const { unmount } = openLink('REGMI3X9ABCD', order);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual([{ fileNumber: 'REGMI3X9ABCD', names: ['Asha Rao', 'Vikram Rao', 'Meera Rao'] }]));
    unmount();
    saved.length = 0;
    openLink('REGMI3X9ABCD02', [order[1]!]);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual([{ fileNumber: 'REGMI3X9ABCD02', names: ['Vikram Rao'] }]));
  });

  it('shows only that the link is not valid, for a wrong token', async () => {
    renderWithPlatform(<AttendeeTicketPage />, {
      path: '/ticket/:registrationNumber',
      route: '/ticket/REGMX12AB34#t=wrong',
      api: { 'GET /api/tickets/:registrationNumber': () => errorResponse(404, 'not_found', 'This ticket link is not valid') },
    });
    expect(await screen.findByRole('heading', { name: 'This ticket link is not valid' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
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

describe('the ticket page right after booking', () => {
  /** Opens the page as the checkout does: with the booking in the router state. */
  const openAfterBooking = (booked: Booked) =>
    renderWithPlatform(
      <Routes>
        <Route path="/event/5" element={<Navigate to="/ticket/REGMI3X9ABCD?t=the-token" state={bookedState(booked)} replace />} />
        <Route path="/ticket/:registrationNumber" element={<AttendeeTicketPage />} />
      </Routes>,
      { route: '/event/5', api: { 'GET /api/tickets/:registrationNumber': answer(order) } },
    );

  it('says it went through, at the top, with the focus on it, and where the e-mail went', async () => {
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    openAfterBooking({ amount: 1_798, confirmationEmail: true, email: 'asha@example.com' });
    const booked = await screen.findByTestId('booked');
    const heading = within(booked).getByRole('heading', { name: 'Payment & Registration successful!' });
    expect(booked.textContent).toContain('₹1,798 paid. Booking REGMI3X9ABCD is confirmed.');
    expect(booked.textContent).toContain('A confirmation e-mail is on its way to asha@example.com.');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
    // Above the tickets.
    expect(
      booked.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('promises no e-mail when none was queued, and says a free registration is confirmed', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    openAfterBooking({ amount: 0, confirmationEmail: false, email: 'asha@example.com' });
    const booked = await screen.findByTestId('booked');
    expect(within(booked).getByRole('heading', { name: 'Registration successful!' })).toBeTruthy();
    expect(booked.textContent).toContain('Booking REGMI3X9ABCD is confirmed.');
    expect(booked.textContent).not.toMatch(/e-mail|paid/);
  });

  it('shows no success line on a link opened from an e-mail or shared', async () => {
    openLink('REGMI3X9ABCD', order);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('booked')).toBeNull();
  });
});
