import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aRegistration } from '../testing/fixtures';
import { renderWithPlatform } from '../testing/render-with-platform';
import { AttendeeTicketCard } from './attendee-ticket-card';

const vikram = aRegistration({
  registrationNumber: 'REGMI3X9ABCD02',
  bookingReference: 'REGMI3X9ABCD',
  position: 2,
  orderSize: 3,
  detailsMissing: false,
  answers: {},
  ticketName: '5K Kids',
  amount: 399,
  qrCode: 'TDK-REGMI3X9ABCD02-7-Ab3dEf9hIj',
  participantInfo: { ...aRegistration().participantInfo, firstName: 'Vikram', lastName: 'Rao' },
});

describe('AttendeeTicketCard', () => {
  it("shows the attendee's name, place in the order, ticket type, price paid, ticket number, status and QR", () => {
    renderWithPlatform(<AttendeeTicketCard registration={vikram} />);
    const card = screen.getByRole('article', { name: 'Vikram Rao' });
    expect(within(card).getByRole('heading', { name: 'Vikram Rao' })).toBeTruthy();
    for (const text of ['Participant 2 of 3', '5K Kids', '₹399', 'REGMI3X9ABCD02', 'Confirmed']) {
      expect(within(card).getByText(text), text).toBeTruthy();
    }
    expect(within(card).getByTitle('Ticket code TDK-REGMI3X9ABCD02-7-Ab3dEf9hIj')).toBeTruthy();
    expect(within(card).getByText('TDK-REGMI3X9ABCD02-7-Ab3dEf9hIj')).toBeTruthy();
    expect(within(card).queryByText(/Checked in/)).toBeNull();
    expect(within(card).queryByText('Bib')).toBeNull();
  });

  it('shows the bib when the event numbers the ticket type, and nothing of a bib when it does not', () => {
    renderWithPlatform(<AttendeeTicketCard registration={{ ...vikram, bib: 1005 }} />);
    const card = screen.getByRole('article', { name: 'Vikram Rao' });
    expect(within(card).getByText('Bib')).toBeTruthy();
    expect(within(card).getByText('1005')).toBeTruthy();
  });

  it('says when the attendee was let in', () => {
    renderWithPlatform(
      <AttendeeTicketCard registration={{ ...vikram, status: 'Checked-In', checkInTime: '2026-12-05T00:40:00.000Z' }} />,
    );
    expect(screen.getByText('Checked-In')).toBeTruthy();
    expect(screen.getByText('Checked in 5 Dec 2026, 6:10 am')).toBeTruthy();
  });

  it('shows that the details are to be completed instead of a name, for a migrated attendee', () => {
    renderWithPlatform(<AttendeeTicketCard registration={{ ...vikram, detailsMissing: true }} />);
    expect(screen.getByRole('heading', { name: 'Details to be completed — contact the organiser' })).toBeTruthy();
    expect(screen.queryByText('Vikram Rao')).toBeNull();
  });
});
