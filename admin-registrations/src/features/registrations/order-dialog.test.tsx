import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrderResponse, Registration, RegistrationPage } from '@tdk/api/contract';
import { aRegistration, aStaffUser, errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { RegistrationManagementPage } from './registration-management-page';

const blank = { ...aRegistration().participantInfo, firstName: '', lastName: '', email: '', phone: '', dateOfBirth: null };
/** A family's booking of three: Asha (checked in, bib 1005), a ticket from before attendees were recorded, and Ishaan. */
const family: Registration[] = [
  aRegistration({
    id: 51,
    registrationNumber: 'REGFAM0001',
    bookingReference: 'REGFAM00',
    orderId: 'order_77',
    position: 1,
    orderSize: 3,
    bib: 1005,
    amount: 799,
    checkInTime: '2026-12-13T00:45:00.000Z',
    checkInGate: 'Gate 2',
    additionalInfo: { ...aRegistration().additionalInfo, teamName: 'Rao Family' },
  }),
  aRegistration({
    id: 52,
    registrationNumber: 'REGFAM0002',
    bookingReference: 'REGFAM00',
    orderId: 'order_77',
    position: 2,
    orderSize: 3,
    detailsMissing: true,
    participantInfo: blank,
    amount: 799,
  }),
  aRegistration({
    id: 53,
    registrationNumber: 'REGFAM0003',
    bookingReference: 'REGFAM00',
    orderId: 'order_77',
    position: 3,
    orderSize: 3,
    ticketId: 2,
    ticketName: 'Kids 2K',
    ticketPrice: 499,
    amount: 499,
    status: 'Pending',
    participantInfo: { ...aRegistration().participantInfo, firstName: 'Ishaan', email: 'ishaan@example.com' },
  }),
];
const ORDER: AdminOrderResponse = {
  documents: [],
  order: {
    orderId: 'order_77',
    bookingReference: 'REGFAM00',
    status: 'PAID',
    amount: 2097,
    paymentMethod: 'UPI',
    cfPaymentId: 'cf_pay_884422',
    buyer: { name: 'Ravi Rao', email: 'ravi@example.com', phone: '+919820054321' },
    language: 'en',
    createdAt: '2026-11-02T10:15:00.000Z',
    lines: [
      { ticketId: 1, ticketName: 'General', quantity: 2, unitPrice: 799 },
      { ticketId: 2, ticketName: 'Kids 2K', quantity: 1, unitPrice: 499 },
    ],
    fees: [],
  },
  attendees: family,
  payments: [
    {
      id: 1,
      providerPaymentId: 'cf_pay_884422',
      amount: 2097,
      method: 'UPI',
      status: 'SUCCESS',
      paidAt: '2026-11-02T10:15:00.000Z',
    },
  ],
  refunds: [],
  money: { paid: 2097, refunded: 0, due: 0, refundable: 2097 },
  messages: [
    {
      id: 901,
      kind: 'participant_confirmation',
      to: 'ravi@example.com',
      subject: 'Your booking REGFAM00 is confirmed',
      status: 'sent',
      attempts: 1,
      createdAt: '2026-11-02T10:15:05.000Z',
      sentAt: '2026-11-02T10:15:09.000Z',
    },
    {
      id: 902,
      kind: 'attendee_ticket',
      to: 'ishaan@example.com',
      subject: 'Your ticket REGFAM0003',
      status: 'failed',
      attempts: 5,
      createdAt: '2026-11-02T10:15:05.000Z',
      sentAt: null,
    },
  ],
};
/** A registration recorded without an order. */
const orderless = aRegistration({ id: 60, registrationNumber: 'REGWALKIN01', bookingReference: 'REGWALKIN01', orderId: null });

const page = (registrations: Registration[]): RegistrationPage => ({
  registrations,
  total: registrations.length,
  page: 1,
  pageSize: 25,
});

// Support opens bookings for callers; gate staff do not (decision 047).
function renderConsole(routes: StubRoutes = {}, role: 'support' | 'coordinator' | 'manager' = 'support') {
  return renderWithPlatform(<RegistrationManagementPage />, {
    session: aStaffUser({ role }),
    route: '/admin/registrations',
    api: {
      'GET /api/admin/registrations': page([...family, orderless]),
      'GET /api/admin/registrations/stats': {
        totalRegistrations: 4,
        confirmedRegistrations: 3,
        pendingRegistrations: 1,
        cancelledRegistrations: 0,
        checkedInRegistrations: 1,
        paidRegistrations: 4,
        totalRevenue: 2896,
      },
      'GET /api/admin/events/options': { events: [] },
      'GET /api/admin/orders/:orderId': ORDER,
      ...routes,
    },
  });
}

const openMenu = async (number: string) => {
  const trigger = await screen.findByRole('button', { name: `Actions for ${number}` });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
};

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the booking (order) view', () => {
  it('shows the buyer, the payment, the lines, every attendee and the messages sent', async () => {
    const { api } = renderConsole({}, 'support');
    fireEvent.click(within(await openMenu('REGFAM0002')).getByRole('menuitem', { name: 'Open Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking' });
    const buyer = await within(dialog).findByRole('region', { name: 'Buyer' });
    expect(api.calls('GET /api/admin/orders/:orderId')[0]!.path).toBe('/api/admin/orders/order_77');
    expect(within(dialog).getByText('REGFAM00')).toBeTruthy();
    expect(within(buyer).getByText('Ravi Rao')).toBeTruthy();
    expect(within(buyer).getByText('ravi@example.com')).toBeTruthy();
    expect(within(buyer).getByText('+919820054321')).toBeTruthy();

    const payment = within(dialog).getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Paid')).toBeTruthy();
    expect(within(payment).getByText('Amount paid').nextSibling?.textContent).toBe('₹2,097');
    expect(within(payment).getByText('Method').nextSibling?.textContent).toBe('UPI');
    expect(within(payment).getByText('Cashfree payment ID').nextSibling?.textContent).toBe('cf_pay_884422');

    const lines = within(within(dialog).getByRole('region', { name: 'Tickets bought' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['General × 2 @ ₹799₹1,598', 'Kids 2K × 1 @ ₹499₹499']);

    const attendees = within(dialog).getByRole('region', { name: 'Attendees of this booking' });
    const rows = within(attendees).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // Ticket #, name, ticket type, price paid, team, bib, status, check-in.
    expect(cellTexts(rows[0]!).slice(0, 7)).toEqual([
      'REGFAM0001',
      'Asha Rao',
      'General',
      '₹799',
      'Rao Family',
      '1005',
      'Confirmed',
    ]);
    expect(cellTexts(rows[0]!)[7]).toMatch(/at Gate 2$/);
    expect(cellTexts(rows[1]!).slice(0, 8)).toEqual([
      'REGFAM0002',
      'Details missing',
      'General',
      '₹799',
      '–',
      '–',
      'Confirmed',
      'Not checked in',
    ]);
    expect(cellTexts(rows[2]!).slice(0, 8)).toEqual([
      'REGFAM0003',
      'Ishaan Rao',
      'Kids 2K',
      '₹499',
      '–',
      '–',
      'Pending',
      'Not checked in',
    ]);
    // Support staff may view an attendee, not edit one.
    expect(within(rows[0]!).getByRole('button', { name: 'View REGFAM0001, Asha Rao' })).toBeTruthy();
    expect(within(attendees).queryByRole('button', { name: /^Edit/ })).toBeNull();

    const messages = within(within(dialog).getByRole('region', { name: 'Messages sent about this booking' }))
      .getAllByRole('row')
      .slice(1);
    expect(cellTexts(messages[0]!).slice(0, 4)).toEqual([
      'Booking confirmation to the buyer',
      'ravi@example.com',
      'Your booking REGFAM00 is confirmed',
      'Sent',
    ]);
    expect(cellTexts(messages[0]!)[4]).not.toBe('Not sent');
    expect(cellTexts(messages[1]!)).toEqual([
      "Attendee's own ticket",
      'ishaan@example.com',
      'Your ticket REGFAM0003',
      'Failed after 5 attempts',
      'Not sent',
    ]);
  });

  it('lists the convenience fee and its GST as their own lines, so the lines add up to the amount paid (decision 060)', async () => {
    const withFee: AdminOrderResponse = {
      ...ORDER,
      order: {
        ...ORDER.order,
        amount: 2158.36,
        fees: [{ kind: 'convenience', quantity: 2, feePaise: 5_200, gstRate: 18, gstPaise: 936, totalPaise: 6_136 }],
      },
    };
    renderConsole({ 'GET /api/admin/orders/:orderId': withFee }, 'support');
    fireEvent.click(within(await openMenu('REGFAM0002')).getByRole('menuitem', { name: 'Open Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking' });
    const section = await within(dialog).findByRole('region', { name: 'Tickets bought' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'General × 2 @ ₹799₹1,598',
      'Kids 2K × 1 @ ₹499₹499',
      'Convenience fee (2 tickets)₹52',
      'GST on convenience fee (18%)₹9.36',
      'Total₹2,158.36',
    ]);
  });

  it("opens an attendee's details over the booking, and closing them returns to it", async () => {
    renderConsole();
    fireEvent.click(within(await openMenu('REGFAM0001')).getByRole('menuitem', { name: 'Open Booking' }));
    const booking = await screen.findByRole('dialog', { name: 'Booking' });
    fireEvent.click(await within(booking).findByRole('button', { name: 'View REGFAM0003, Ishaan Rao' }));
    const details = await screen.findByRole('dialog', { name: 'Registration Details' });
    const ticketNumber = () => within(within(details).getByRole('region', { name: 'Booking' })).getByText('Ticket number');
    expect(ticketNumber().nextSibling?.textContent).toBe('REGFAM0003');
    fireEvent.keyDown(details, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registration Details' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Booking' })).toBeTruthy();
  });

  it('edits an attendee from the booking (a manager)', async () => {
    renderConsole({}, 'manager');
    fireEvent.click(within(await openMenu('REGFAM0001')).getByRole('menuitem', { name: 'Open Booking' }));
    const booking = await screen.findByRole('dialog', { name: 'Booking' });
    fireEvent.click(await within(booking).findByRole('button', { name: 'Edit REGFAM0002' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Registration' });
    expect((within(edit).getByLabelText('Ticket Number') as HTMLInputElement).value).toBe('REGFAM0002');
  });

  it('opens the booking from the details dialog', async () => {
    renderConsole({}, 'support');
    fireEvent.click(within(await openMenu('REGFAM0003')).getByRole('menuitem', { name: 'View Details' }));
    const details = await screen.findByRole('dialog', { name: 'Registration Details' });
    fireEvent.click(within(details).getByRole('button', { name: 'Open Booking' }));
    const booking = await screen.findByRole('dialog', { name: 'Booking' });
    expect(await within(booking).findByText('Ravi Rao')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Registration Details' })).toBeNull();
  });

  it("lets support download the booking's invoice and credit note for a caller (decision 047)", async () => {
    renderConsole(
      {
        'GET /api/admin/orders/:orderId': {
          ...ORDER,
          documents: [
            { id: 11, number: 'INV/2627/000011', kind: 'invoice', issuer: 'organiser', issuedAt: '2026-05-01T04:30:00.000Z' },
            { id: 13, number: 'PF/2627/000040', kind: 'invoice', issuer: 'platform', issuedAt: '2026-05-01T04:30:00.000Z' },
            { id: 12, number: 'CRN/2627/000002', kind: 'credit_note', issuer: 'organiser', issuedAt: '2026-05-03T04:30:00.000Z' },
          ],
        },
      },
      'support',
    );
    fireEvent.click(within(await openMenu('REGFAM0002')).getByRole('menuitem', { name: 'Open Booking' }));
    const invoices = await within(await screen.findByRole('dialog', { name: 'Booking' })).findByRole('region', {
      name: 'Invoices',
    });
    const invoice = within(invoices).getByRole('link', { name: 'Download invoice INV/2627/000011' });
    expect(invoice.getAttribute('href')).toBe('/api/admin/invoices/11/pdf');
    expect(invoice.hasAttribute('download')).toBe(true);
    expect(within(invoices).getByRole('link', { name: 'Download credit note CRN/2627/000002' }).getAttribute('href')).toBe(
      '/api/admin/invoices/12/pdf',
    );
    // The platform's invoice for its convenience fee is named as the platform's (decision 067).
    expect(within(invoices).getByText(/Convenience fee invoice \(the platform's\)/)).toBeTruthy();
    expect(
      within(invoices).getByRole('link', { name: 'Download convenience fee invoice PF/2627/000040' }).getAttribute('href'),
    ).toBe('/api/admin/invoices/13/pdf');
  });

  it('offers gate staff no booking view: it holds the buyer, money and messages (decision 047)', async () => {
    const { api } = renderConsole({}, 'coordinator');
    const menu = await openMenu('REGFAM0002');
    expect(within(menu).queryByRole('menuitem', { name: 'Open Booking' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'View Details' }));
    const details = await screen.findByRole('dialog', { name: 'Registration Details' });
    expect(within(details).queryByRole('button', { name: 'Open Booking' })).toBeNull();
    expect(api.calls('GET /api/admin/orders/:orderId')).toHaveLength(0);
  });

  it('offers no booking for an attendee without an order', async () => {
    const { api } = renderConsole({}, 'support');
    const menu = await openMenu('REGWALKIN01');
    expect(within(menu).queryByRole('menuitem', { name: 'Open Booking' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'View Details' }));
    const details = await screen.findByRole('dialog', { name: 'Registration Details' });
    const bookingSection = within(details).getByRole('region', { name: 'Booking' });
    expect(within(bookingSection).getByText('Ticket number').nextSibling?.textContent).toBe('REGWALKIN01');
    expect(within(details).queryByRole('button', { name: 'Open Booking' })).toBeNull();
    expect(api.calls('GET /api/admin/orders/:orderId')).toHaveLength(0);
  });

  it('says when the booking cannot be loaded', async () => {
    renderConsole({ 'GET /api/admin/orders/:orderId': () => errorResponse(404, 'not_found', 'Order not found') });
    fireEvent.click(within(await openMenu('REGFAM0001')).getByRole('menuitem', { name: 'Open Booking' }));
    const booking = await screen.findByRole('dialog', { name: 'Booking' });
    expect(await within(booking).findByText('The booking could not be loaded.')).toBeTruthy();
  });
});
