import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withoutContacts, withoutField, type Registration, type RegistrationPage } from '@tdk/api/contract';
import {
  aRegistration,
  aStaffUser,
  aTicket,
  errorResponse,
  renderWithPlatform,
  type StubbedRequest,
  type StubRoutes,
} from '@tdk/shared-ui/testing';
import { RegistrationManagementPage } from './registration-management-page';

const STATS = {
  totalRegistrations: 12,
  confirmedRegistrations: 9,
  pendingRegistrations: 2,
  cancelledRegistrations: 1,
  checkedInRegistrations: 0,
  paidRegistrations: 9,
  totalRevenue: 15980,
};
/** The figures as the API answers a role that does not see revenue (decision 047). */
const withoutRevenue = withoutField(STATS, 'totalRevenue');
/** An attendee (decision 021): an order of one unless told otherwise. */
const anAttendee = (change: Partial<Registration> = {}): Registration => {
  const registrationNumber = change.registrationNumber ?? 'TDK-2026-000123';
  return aRegistration({
    bookingReference: registrationNumber,
    position: 1,
    orderSize: 1,
    detailsMissing: false,
    answers: {},
    ...change,
  });
};
const paid = anAttendee({ id: 7, registrationNumber: 'REGPAID0001', paymentStatus: 'Paid', status: 'Confirmed' });
const pending = anAttendee({ id: 8, registrationNumber: 'REGPEND0002', paymentStatus: 'Pending', status: 'Pending' });
const noDetails = { ...paid.participantInfo, firstName: '', lastName: '', email: '', phone: '', dateOfBirth: null };
/** An order of three: Asha, then two attendees of a group booking from before attendees were recorded. */
const order = [1, 2, 3].map((position) =>
  anAttendee({
    id: 20 + position,
    registrationNumber: `REGGROUP00${position}`,
    bookingReference: 'REGGROUP00',
    position,
    orderSize: 3,
    detailsMissing: position > 1,
    ticketName: position === 3 ? 'Kids 2K' : 'General',
    ...(position > 1 ? { participantInfo: noDetails } : {}),
    answers: position === 1 ? { club: 'Pune Striders', firstRace: true, diet: ['Vegetarian', 'No nuts'] } : {},
  }),
);
const page = (registrations: Registration[]): RegistrationPage => ({
  registrations,
  total: registrations.length,
  page: 1,
  pageSize: 25,
});

function renderConsole(
  routes: StubRoutes = {},
  role: 'support' | 'coordinator' | 'manager' = 'manager',
  route = '/admin/registrations',
) {
  return renderWithPlatform(<RegistrationManagementPage />, {
    session: aStaffUser({ role }),
    route,
    api: {
      'GET /api/admin/registrations': page([paid, pending]),
      'GET /api/admin/registrations/stats': STATS,
      'GET /api/admin/events/options': { events: [] },
      ...routes,
    },
  });
}

const openMenu = async (number: string) => {
  const trigger = await screen.findByRole('button', { name: `Actions for ${number}` });
  // By keyboard, as a menu button opens (jsdom has no pointer events for Radix's pointer path).
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
};

/** Ticks (or unticks) a column in the table's column chooser. */
function setColumn(name: string, shown: boolean) {
  const box = within(screen.getByRole('group', { name: 'Columns shown' })).getByLabelText(name) as HTMLInputElement;
  if (box.checked !== shown) fireEvent.click(box);
}
const showColumn = (name: string) => setColumn(name, true);
const hideColumn = (name: string) => setColumn(name, false);

describe('Registration Management', () => {
  it('shows the four figures, the rows and the export for a manager', async () => {
    renderConsole();
    expect(await screen.findByText('REGPAID0001')).toBeTruthy();
    expect(screen.getByText('₹15,980')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/registrations/export.csv');
  });

  it('sends the filters of the URL to the server', async () => {
    const { api } = renderConsole({}, 'manager', '/admin/registrations?search=asha&status=Pending&page=2');
    await screen.findByText('REGPAID0001');
    const query = api.calls('GET /api/admin/registrations')[0]!.query;
    expect(Object.fromEntries(query)).toEqual({ search: 'asha', status: 'Pending', page: '2', pageSize: '25' });
  });

  it('sends a typed search from 3 characters, and says so before', async () => {
    const { api } = renderConsole();
    await screen.findByText('REGPAID0001');
    const box = screen.getByRole('searchbox', { name: 'Search registrations' });
    fireEvent.change(box, { target: { value: 'as' } });
    expect(screen.getByText('Type at least 3 characters to search').id).toBe(box.getAttribute('aria-describedby'));
    fireEvent.change(box, { target: { value: 'ash' } });
    await waitFor(() => expect(api.calls('GET /api/admin/registrations').at(-1)!.query.get('search')).toBe('ash'));
    expect(api.calls('GET /api/admin/registrations').some((call) => call.query.get('search') === 'as')).toBe(false);
    expect(screen.queryByText('Type at least 3 characters to search')).toBeNull();
  });

  it('shows a broad search as more than the total the API counted, with Next and no last page', async () => {
    const { api } = renderConsole(
      {
        'GET /api/admin/registrations': { ...page([paid, pending]), total: 1000, totalIsAtLeast: true, pageSize: 2 },
      },
      'manager',
      '/admin/registrations?search=example.com&pageSize=2',
    );
    expect(await screen.findByText('1–2 of 1,000+')).toBeTruthy();
    expect(
      screen.getByText('More than 1,000 registrations match. Type more of the search or add a filter to count them exactly.'),
    ).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(screen.queryByText(/Page 1 of/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('GET /api/admin/registrations').at(-1)!.query.get('page')).toBe('2'));
  });

  it('counts a narrow search exactly', async () => {
    renderConsole(
      { 'GET /api/admin/registrations': { ...page([paid, pending]), total: 2 } },
      'manager',
      '/admin/registrations?search=reg',
    );
    expect(await screen.findByText('1–2 of 2')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.queryByText(/More than/)).toBeNull();
  });

  it('shows the empty state of the spec', async () => {
    renderConsole({ 'GET /api/admin/registrations': page([]) });
    expect(await screen.findByText('No registrations found.')).toBeTruthy();
    expect(screen.getByText('Registrations will appear here once participants register for events.')).toBeTruthy();
  });

  it('offers support staff what a caller needs (correct a name, cancel), but no edit, delete, export or revenue', async () => {
    renderConsole({ 'GET /api/admin/registrations/stats': withoutRevenue }, 'support');
    const menu = await openMenu('REGPAID0001');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'View Details',
      'Open Booking',
      'Correct Name',
      'Cancel Attendee',
      'View Ticket',
      'Download Ticket',
      'Send WhatsApp',
      'Send Email',
    ]);
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByText('Total Registrations')).toBeTruthy();
    expect(screen.queryByText('Total Revenue')).toBeNull();
    // The caller's contacts are there to be checked.
    expect(screen.getAllByText(paid.participantInfo.email!).length).toBeGreaterThan(0);
  });

  it('shows gate staff names, tickets and status, but no contacts, revenue, booking or caller actions (decision 047)', async () => {
    renderConsole(
      {
        'GET /api/admin/registrations': page([withoutContacts(paid), withoutContacts(pending)]),
        'GET /api/admin/registrations/stats': withoutRevenue,
      },
      'coordinator',
    );
    const menu = await openMenu('REGPAID0001');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View Details', 'View Ticket', 'Download Ticket', 'Send Email']);
    const row = screen.getByText('REGPAID0001').closest('tr')!;
    expect(within(row).getByText(`${paid.participantInfo.firstName} ${paid.participantInfo.lastName}`)).toBeTruthy();
    expect(within(row).getByText(paid.ticketName)).toBeTruthy();
    expect(screen.queryByText(paid.participantInfo.email!)).toBeNull();
    expect(screen.queryByText('Total Revenue')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search registrations' }).getAttribute('placeholder')).toBe(
      'Search name, ticket # or booking reference',
    );
    expect(screen.getByRole('link', { name: 'Gate check-in' })).toBeTruthy();

    // An attendee's details, as gate staff receive them, have no contact rows at all.
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'View Details' }));
    const details = await screen.findByRole('dialog', { name: 'Registration Details' });
    expect(within(details).getByText(paid.participantInfo.firstName, { exact: false })).toBeTruthy();
    for (const label of ['Email', 'Phone', 'Emergency contact']) expect(within(details).queryByText(label)).toBeNull();
  });

  it("corrects a caller's name: only the first and last name are sent", async () => {
    const { api } = renderConsole(
      {
        'PATCH /api/admin/registrations/:id/name': ({ body }: StubbedRequest) => ({
          registration: { ...paid, participantInfo: { ...paid.participantInfo, ...(body as object) } },
        }),
      },
      'support',
    );
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Correct Name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct Name' });
    const first = within(dialog).getByLabelText(/First name/) as HTMLInputElement;
    expect(first.value).toBe(paid.participantInfo.firstName);
    fireEvent.change(first, { target: { value: 'Aasha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(api.calls('PATCH /api/admin/registrations/:id/name')).toHaveLength(1));
    const call = api.calls('PATCH /api/admin/registrations/:id/name')[0]!;
    expect(call.path).toBe('/api/admin/registrations/7/name');
    expect(call.body).toEqual({ firstName: 'Aasha', lastName: paid.participantInfo.lastName });
    expect(await screen.findByText(`REGPAID0001 is now Aasha ${paid.participantInfo.lastName}.`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Correct Name' })).toBeNull());
  });

  it("cancels an attendee for a caller under the event's rules and says what is refunded; a refusal says why", async () => {
    let refuse = false;
    const { api } = renderConsole(
      {
        'POST /api/admin/registrations/:id/cancel': () =>
          refuse
            ? errorResponse(409, 'conflict', 'Cancellation closed on 12 Jan.')
            : { registration: { ...paid, status: 'Cancelled', paymentStatus: 'Refunded' }, refund: 449.1, fee: 49.9 },
      },
      'support',
    );
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Cancel Attendee' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Attendee' });
    expect(within(dialog).getByText('The event’s cancellation rules apply')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel attendee' }));
    expect(await screen.findByText('₹449.10 is being refunded to the buyer (₹49.90 cancellation fee kept).')).toBeTruthy();
    expect(api.calls('POST /api/admin/registrations/:id/cancel')[0]!.path).toBe('/api/admin/registrations/7/cancel');
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Cancel Attendee' })).toBeNull());

    refuse = true;
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Cancel Attendee' }));
    const again = await screen.findByRole('alertdialog', { name: 'Cancel Attendee' });
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel attendee' }));
    expect(await screen.findByText('Cancellation closed on 12 Jan.')).toBeTruthy();
  });

  it('offers no cancellation for an attendee without an online booking or already cancelled', async () => {
    const walkIn = anAttendee({ id: 40, registrationNumber: 'REGWALK0001', orderId: null, paymentStatus: 'Paid' });
    const cancelled = anAttendee({ id: 41, registrationNumber: 'REGGONE0001', status: 'Cancelled', paymentStatus: 'Refunded' });
    renderConsole({ 'GET /api/admin/registrations': page([walkIn, cancelled]) }, 'support');
    const walkInMenu = await openMenu('REGWALK0001');
    expect(within(walkInMenu).getByRole('menuitem', { name: 'Correct Name' })).toBeTruthy();
    expect(within(walkInMenu).queryByRole('menuitem', { name: 'Cancel Attendee' })).toBeNull();
    fireEvent.keyDown(walkInMenu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(within(await openMenu('REGGONE0001')).queryByRole('menuitem', { name: 'Cancel Attendee' })).toBeNull();
  });

  it("warns 'Payment Processed' before deleting a paid registration, and deletes on Delete Anyway", async () => {
    const { api } = renderConsole({ 'DELETE /api/admin/registrations/:id': { deleted: true } });
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Delete Registration' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Registration' });
    expect(within(dialog).getByText('Payment Processed')).toBeTruthy();
    expect(within(dialog).getByText(/manual refund processing/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Anyway' }));
    expect(await screen.findByText('Registration has been successfully deleted.')).toBeTruthy();
    expect(api.calls('DELETE /api/admin/registrations/:id')[0]!.path).toBe('/api/admin/registrations/7');
    // The list and the figures are fetched again.
    await waitFor(() => expect(api.calls('GET /api/admin/registrations/stats').length).toBeGreaterThan(1));
  });

  it('lets a manager record an offline refund for an attendee paid in cash, and offers it nowhere else', async () => {
    const cash = anAttendee({
      id: 31,
      registrationNumber: 'REGCASH0001',
      paymentStatus: 'Paid',
      status: 'Confirmed',
      paymentMethod: 'Cash',
      orderId: null,
      amount: 499,
    });
    const { api } = renderConsole({
      'GET /api/admin/registrations': page([paid, cash]),
      'POST /api/admin/registrations/:id/offline-refund': {
        orderId: 'OFFLINE_REGCASH0001',
        refund: {
          id: 9,
          providerRefundId: null,
          amount: 499,
          status: 'succeeded',
          reason: 'Paid back at the desk',
          requestedBy: 'manager@tdk.test',
          attendeeIds: [31],
          createdAt: '2026-11-28T06:00:00.000Z',
          processedAt: '2026-11-28T06:00:00.000Z',
          note: null,
          offline: true,
        },
        money: { paid: 499, refunded: 499, due: 0, refundable: 0 },
      },
    });
    // An attendee paid online is refunded from their booking, not here.
    expect(within(await openMenu('REGPAID0001')).queryByRole('menuitem', { name: 'Record Offline Refund' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(within(await openMenu('REGCASH0001')).getByRole('menuitem', { name: 'Record Offline Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record offline refund' });
    expect(within(dialog).getByText(/paid ₹499 offline \(Cash\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Paid back at the desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('Offline refund recorded')).toBeTruthy();
    const call = api.calls('POST /api/admin/registrations/:id/offline-refund')[0]!;
    expect(call.path).toBe('/api/admin/registrations/31/offline-refund');
    expect(call.body).toEqual({ amount: 499, reason: 'Paid back at the desk' });
  });

  it('offers the offline refund to no one below a manager', async () => {
    const cash = anAttendee({
      id: 32,
      registrationNumber: 'REGCASH0002',
      paymentStatus: 'Paid',
      paymentMethod: 'Cash',
      orderId: null,
    });
    renderConsole({ 'GET /api/admin/registrations': page([cash]) }, 'coordinator');
    expect(within(await openMenu('REGCASH0002')).queryByRole('menuitem', { name: 'Record Offline Refund' })).toBeNull();
  });

  it('opens WhatsApp to the phone without its plus sign, and records it only when staff say it was sent', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const whatsapp = anAttendee({
      id: 9,
      registrationNumber: 'REGWHATS003',
      participantInfo: { ...paid.participantInfo, phone: '+919820012345' },
    });
    const { api } = renderConsole({
      'GET /api/admin/registrations': page([whatsapp]),
      'PATCH /api/admin/registrations/:id': ({ body }: StubbedRequest) => ({
        registration: { ...whatsapp, ...(body as object) },
      }),
    });
    const menu = async () => within(await openMenu('REGWHATS003')).getByRole('menuitem', { name: 'Send WhatsApp' });
    fireEvent.click(await menu());
    expect(open.mock.calls[0]![0]).toMatch(/^https:\/\/wa\.me\/919820012345\?text=/);
    expect(await screen.findByText('Opened WhatsApp')).toBeTruthy();
    expect(screen.queryByText(/WhatsApp Sent/)).toBeNull();
    // Not sent: nothing is recorded.
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Was the WhatsApp message sent?' })).getByRole('button', {
        name: 'Not sent',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('PATCH /api/admin/registrations/:id')).toEqual([]);

    // Sent: recorded.
    fireEvent.click(await menu());
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Was the WhatsApp message sent?' })).getByRole('button', {
        name: 'Yes, it was sent',
      }),
    );
    await waitFor(() => expect(api.calls('PATCH /api/admin/registrations/:id')).toHaveLength(1));
    expect(api.calls('PATCH /api/admin/registrations/:id')[0]!.body).toEqual({ whatsappSent: true });
  });

  it('sends the ticket e-mail through the platform, and says so only once it is queued', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { api } = renderConsole({
      'POST /api/send-ticket-email': () => ({
        queued: true,
        registrationNumber: 'REGPAID0001',
        kind: 'participant_confirmation',
      }),
    });
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Send Email' }));
    expect(await screen.findByText('E-mail queued')).toBeTruthy();
    expect(api.calls('POST /api/send-ticket-email')[0]!.body).toEqual({ registrationNumber: 'REGPAID0001' });
    expect(window.open).not.toHaveBeenCalled();
  });

  it('says when the e-mail could not be queued, and claims nothing was sent', async () => {
    renderConsole({
      'POST /api/send-ticket-email': () => errorResponse(422, 'unprocessable', 'This registration has no e-mail address'),
    });
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Send Email' }));
    expect(await screen.findByText('This registration has no e-mail address')).toBeTruthy();
    expect(screen.queryByText('E-mail queued')).toBeNull();
  });

  it('edits with the contract rules, and a stale save tells staff to reopen', async () => {
    const { api } = renderConsole(
      {
        'PUT /api/admin/registrations/:id': () =>
          errorResponse(409, 'conflict', 'Someone else saved this registration after you opened it.'),
      },
      'manager',
    );
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Edit Registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Registration' });
    expect((within(dialog).getByLabelText('Ticket Number') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'asha@example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeTruthy();
    expect(api.calls('PUT /api/admin/registrations/:id')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Admin Notes'), { target: { value: 'Moved to wave 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Someone else saved this registration after you opened it.')).toBeTruthy();
    expect(api.calls('PUT /api/admin/registrations/:id')[0]!.body).toMatchObject({
      notes: 'Moved to wave 2',
      updatedAt: paid.updatedAt,
    });
  });

  it('shows one row per attendee: ticket number, place in the order and missing details; the booking reference on request', async () => {
    renderConsole({ 'GET /api/admin/registrations': page(order) });
    const row = (number: string) => screen.getByText(number).closest('tr') as HTMLElement;
    expect(await screen.findByText('REGGROUP001')).toBeTruthy();
    expect(within(row('REGGROUP001')).getByText('1 of 3')).toBeTruthy();
    expect(within(row('REGGROUP001')).getByText('Asha Rao')).toBeTruthy();
    expect(within(row('REGGROUP001')).queryByText('Details missing')).toBeNull();
    expect(within(row('REGGROUP003')).getByText('3 of 3')).toBeTruthy();
    expect(within(row('REGGROUP003')).getByText('Details missing')).toBeTruthy();
    expect(within(row('REGGROUP003')).getByText('Kids 2K')).toBeTruthy();
    expect(within(row('REGGROUP003')).getByText('Paid')).toBeTruthy();
    // The booking reference is the ticket number without its place: a column staff add when they want it.
    expect(screen.queryByRole('columnheader', { name: 'Booking' })).toBeNull();
    showColumn('Booking');
    expect(screen.getByRole('columnheader', { name: 'Booking' })).toBeTruthy();
    expect(within(row('REGGROUP001')).getByText('REGGROUP00')).toBeTruthy();
  });

  it('shows no place for an order of one, and an old single ticket as its own booking', async () => {
    const single = anAttendee({ id: 30, registrationNumber: 'REGSOLO0101', bookingReference: 'REGSOLO01' });
    renderConsole({ 'GET /api/admin/registrations': page([single, paid]) });
    const row = (number: string) => screen.getByText(number).closest('tr') as HTMLElement;
    expect(await screen.findByText('REGSOLO0101')).toBeTruthy();
    showColumn('Booking');
    expect(within(row('REGSOLO0101')).getByText('REGSOLO01')).toBeTruthy();
    expect(within(row('REGSOLO0101')).queryByText(/ of /)).toBeNull();
    expect(within(row('REGPAID0001')).getByText('Same as ticket #')).toBeTruthy();
  });

  it('keeps the amount and the actions in a table of eight columns by default, and remembers the columns chosen', async () => {
    const first = renderConsole({ 'GET /api/admin/registrations': page(order) });
    await screen.findByText('REGGROUP001');
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers()).toEqual(['Ticket #', 'Attendee', 'Event', 'Ticket type', 'Status', 'Payment (order)', 'Amount', 'Actions']);
    expect(screen.getByText('Columns (8 of 10)')).toBeTruthy();
    showColumn('Date');
    hideColumn('Event');
    expect(headers()).toEqual(['Ticket #', 'Attendee', 'Ticket type', 'Date', 'Status', 'Payment (order)', 'Amount', 'Actions']);
    // Required columns cannot be hidden.
    expect(
      (within(screen.getByRole('group', { name: 'Columns shown' })).getByLabelText(/Amount/) as HTMLInputElement).disabled,
    ).toBe(true);
    first.unmount();

    renderConsole({ 'GET /api/admin/registrations': page(order) });
    await screen.findByText('REGGROUP001');
    expect(headers()).toEqual(['Ticket #', 'Attendee', 'Ticket type', 'Date', 'Status', 'Payment (order)', 'Amount', 'Actions']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the default columns' }));
    expect(headers()).toEqual(['Ticket #', 'Attendee', 'Event', 'Ticket type', 'Status', 'Payment (order)', 'Amount', 'Actions']);
  });

  it("filters by one of the chosen event's ticket types, kept in the URL", async () => {
    const { api } = renderConsole(
      {
        'GET /api/admin/events/options': {
          events: [
            { id: 4, title: 'Pune Half Marathon', date: '2026-12-13', status: 'Active' },
            { id: 5, title: 'Pune Half Marathon Kids', date: '2026-12-14', status: 'Active' },
          ],
        },
        // The API lists one event's ticket types (GET /api/admin/tickets?eventId=).
        'GET /api/admin/tickets': ({ query }: StubbedRequest) => {
          const tickets = [
            aTicket({ id: 31, eventId: 4, eventName: 'Pune Half Marathon', name: 'Timed 21K' }),
            aTicket({ id: 32, eventId: 5, eventName: 'Pune Half Marathon Kids', name: 'Kids 2K' }),
            aTicket({ id: 33, eventId: 4, eventName: 'Pune Half Marathon', name: 'Fun Run 5K', status: 'Expired' }),
          ].filter((ticket) => String(ticket.eventId) === query.get('eventId'));
          return { tickets, total: tickets.length, page: 1, pageSize: 100 };
        },
      },
      'manager',
      '/admin/registrations?eventId=4',
    );
    const select = (await screen.findByRole('combobox', { name: 'Ticket type' })) as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All ticket types', 'Fun Run 5K', 'Timed 21K']),
    );
    expect(Object.fromEntries(api.calls('GET /api/admin/tickets')[0]!.query)).toEqual({
      eventId: '4',
      showExpired: 'true',
      pageSize: '100',
    });
    fireEvent.change(select, { target: { value: '31' } });
    await waitFor(() => expect(api.calls('GET /api/admin/registrations').at(-1)!.query.get('ticketId')).toBe('31'));
    expect(api.calls('GET /api/admin/registrations').at(-1)!.query.get('eventId')).toBe('4');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/registrations/export.csv?eventId=4&ticketId=31',
    );
    // Another event: its ticket types, and the first event's ticket type no longer filters.
    fireEvent.change(screen.getByRole('combobox', { name: 'Event' }), { target: { value: '5' } });
    await waitFor(() => expect(api.calls('GET /api/admin/registrations').at(-1)!.query.get('eventId')).toBe('5'));
    expect(api.calls('GET /api/admin/registrations').at(-1)!.query.get('ticketId')).toBeNull();
    expect(select.value).toBe('');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All ticket types', 'Kids 2K']),
    );
    expect(api.calls('GET /api/admin/tickets').at(-1)!.query.get('eventId')).toBe('5');
  });

  it('offers no ticket type before an event is chosen', async () => {
    const { api } = renderConsole();
    const select = (await screen.findByRole('combobox', { name: 'Ticket type' })) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(api.calls('GET /api/admin/tickets')).toHaveLength(0);
  });

  it("shows an attendee's booking, answers and the order's other attendees, each of them openable", async () => {
    const { api } = renderConsole({
      'GET /api/admin/registrations': ({ query }: StubbedRequest) =>
        // The search is a contains over numbers: a longer reference may come back too.
        query.get('search') === 'REGGROUP00'
          ? page([...order, anAttendee({ id: 40, registrationNumber: 'REGGROUP0099', bookingReference: 'REGGROUP0099' })])
          : page(order),
    });
    fireEvent.click(within(await openMenu('REGGROUP001')).getByRole('menuitem', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registration Details' });
    const booking = within(dialog).getByRole('region', { name: 'Booking' });
    expect(within(booking).getByText('REGGROUP00')).toBeTruthy();
    expect(within(booking).getByText('1 of 3')).toBeTruthy();
    const answers = within(dialog).getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('club').nextSibling?.textContent).toBe('Pune Striders');
    expect(within(answers).getByText('firstRace').nextSibling?.textContent).toBe('Yes');
    expect(within(answers).getByText('diet').nextSibling?.textContent).toBe('Vegetarian, No nuts');

    const others = within(dialog).getByRole('region', { name: 'Other attendees of this booking' });
    await waitFor(() => expect(within(others).getAllByRole('listitem')).toHaveLength(2));
    expect(api.calls('GET /api/admin/registrations').at(-1)!.query.get('search')).toBe('REGGROUP00');
    expect(within(others).queryByText('REGGROUP0099')).toBeNull();
    expect(within(others).getAllByText('Details missing')).toHaveLength(2);
    fireEvent.click(within(others).getByRole('button', { name: /^Open REGGROUP003/ }));
    await waitFor(() => expect(within(booking).getByText('3 of 3')).toBeTruthy());
    expect(within(dialog).getByText('Kids 2K')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /^Open REGGROUP001, Asha Rao/ })).toBeTruthy();
  });

  it('edits an attendee without their payment status, with a date of birth, and says when details are missing', async () => {
    const { api } = renderConsole(
      {
        'GET /api/admin/registrations': page(order),
        'PUT /api/admin/registrations/:id': ({ body }: StubbedRequest) => ({
          registration: { ...order[1]!, ...(body as object) },
        }),
      },
      'manager',
    );
    fireEvent.click(within(await openMenu('REGGROUP002')).getByRole('menuitem', { name: 'Edit Registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Registration' });
    expect(
      within(dialog).getByText(
        'This attendee was part of a group booking made before attendees were recorded one by one; complete their details.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Payment Status/)).toBeNull();
    expect(within(dialog).queryByText(/Payment/)).toBeNull();
    expect((within(dialog).getByLabelText('Booking Reference') as HTMLInputElement).value).toBe('REGGROUP00');
    const dateOfBirth = within(dialog).getByLabelText('Date of Birth') as HTMLInputElement;
    expect(dateOfBirth.type).toBe('date');
    expect(dateOfBirth.value).toBe('');
    fireEvent.change(within(dialog).getByLabelText(/^First Name/), { target: { value: 'Ishaan' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last Name/), { target: { value: 'Rao' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ishaan@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '+919820012345' } });
    fireEvent.change(dateOfBirth, { target: { value: '2015-04-09' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Registration details have been successfully updated.')).toBeTruthy();
    const [put] = api.calls('PUT /api/admin/registrations/:id');
    expect(put!.path).toBe('/api/admin/registrations/22');
    expect(put!.body).toMatchObject({ firstName: 'Ishaan', dateOfBirth: '2015-04-09', updatedAt: order[1]!.updatedAt });
    expect(put!.body).not.toHaveProperty('paymentStatus');
  });

  it('keeps an unknown date of birth empty when saving', async () => {
    const { api } = renderConsole(
      { 'PUT /api/admin/registrations/:id': ({ body }: StubbedRequest) => ({ registration: { ...paid, ...(body as object) } }) },
      'manager',
    );
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Edit Registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Registration' });
    expect(within(dialog).queryByText(/group booking/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/registrations/:id')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/registrations/:id')[0]!.body).toMatchObject({ dateOfBirth: '' });
  });
});
