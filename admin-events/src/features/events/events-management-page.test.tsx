import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  anEvent,
  aStaffUser,
  errorResponse,
  renderWithPlatform,
  type StubbedRequest,
  type StubRoutes,
} from '@tdk/shared-ui/testing';
import { DEFAULT_PLATFORM_CONFIG as DEFAULT_CONFIG } from '@tdk/shared-ui';
import { withoutField, type SportEvent } from '@tdk/api/contract';
import { EventsManagementPage } from './events-management-page';

const hillRun = anEvent({
  id: 3,
  title: 'Pune Hill Run',
  price: 500,
  maxParticipants: 200,
  registered: 42,
  moneyTaken: 20_500,
  status: 'Draft',
  venue: 'Vetal Hill, Pune',
  location: 'Pune',
  category: 'Running',
});
const swim = anEvent({ id: 4, title: 'Kochi Swim', venue: 'Marine Drive', category: 'Swimming', location: 'Kochi' });

/** The API's page of events: one page holding them all. */
const pageOf = (events: SportEvent[]) => ({ events, total: events.length, page: 1, pageSize: 10 });

function renderPage(role: 'manager' | 'coordinator' = 'manager', routes: StubRoutes = {}, route = '/admin/events') {
  return renderWithPlatform(<EventsManagementPage />, {
    session: aStaffUser({ role }),
    route,
    api: { 'GET /api/admin/events': pageOf([hillRun, swim]), ...routes },
  });
}

describe('Events Management', () => {
  it("lists events with tickets sold of capacity, the money taken and the event's city", async () => {
    renderPage();
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    expect(within(row).getByText('42 / 200')).toBeTruthy();
    // The money the API says was taken, never price × capacity × 0.6 (₹60,000).
    expect(within(row).getByText('₹20,500')).toBeTruthy();
    expect(within(row).queryByText('₹60,000')).toBeNull();
    expect(within(row).getByText('Pune')).toBeTruthy();
    // Its stored city, though its venue names none.
    expect(within(screen.getByText('Kochi Swim').closest('tr')!).getByText('Kochi')).toBeTruthy();
  });

  it('keeps the money and the actions in view: fewer columns by default, the rest from the column chooser', async () => {
    renderPage();
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers()).toEqual(['Event Name', 'Date ▲', 'Location', 'Participants', 'Revenue', 'Status', 'Actions']);
    expect(within(row).queryByText('Running')).toBeNull();
    fireEvent.click(within(screen.getByRole('group', { name: 'Columns shown' })).getByLabelText('Category'));
    expect(headers()).toEqual(['Event Name', 'Category', 'Date ▲', 'Location', 'Participants', 'Revenue', 'Status', 'Actions']);
    expect(within(screen.getByText('Pune Hill Run').closest('tr')!).getByText('Running')).toBeTruthy();
    expect(screen.getByText('Columns (8 of 9)')).toBeTruthy();
  });

  it('asks the server for the search once 3 characters are typed, and says so before', async () => {
    const { api } = renderPage('manager', {
      'GET /api/admin/events': ({ query }: StubbedRequest) => pageOf(query.get('search') === 'swimm' ? [swim] : [hillRun, swim]),
    });
    await screen.findByText('Pune Hill Run');
    const box = screen.getByPlaceholderText('Search events...');
    fireEvent.change(box, { target: { value: 'sw' } });
    expect(screen.getByText('Type at least 3 characters to search').getAttribute('id')).toBe('events-search-hint');
    expect(box.getAttribute('aria-describedby')).toBe('events-search-hint');
    fireEvent.change(box, { target: { value: 'swimm' } });
    await waitFor(() => expect(screen.queryByText('Pune Hill Run')).toBeNull());
    expect(screen.getByText('Kochi Swim')).toBeTruthy();
    expect(screen.getByText('1 event')).toBeTruthy();
    expect(api.calls('GET /api/admin/events').some((call) => call.query.get('search') === 'sw')).toBe(false);
  });

  it('says "1,000+ events" for a search the server counts only to 1,000, and pages on past it', async () => {
    const { api } = renderPage('manager', {
      'GET /api/admin/events': ({ query }: StubbedRequest) =>
        query.get('search') === 'run'
          ? { events: [hillRun], total: 1000, totalIsAtLeast: true, page: Number(query.get('page') ?? 1), pageSize: 10 }
          : pageOf([hillRun, swim]),
    });
    await screen.findByText('Kochi Swim');
    fireEvent.change(screen.getByPlaceholderText('Search events...'), { target: { value: 'run' } });
    expect(await screen.findByText('1,000+ events')).toBeTruthy();
    expect(screen.getByText('1–10 of 1,000+')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('GET /api/admin/events').at(-1)!.query.get('page')).toBe('2'));
  });

  it('sorts and pages on the server', async () => {
    const { api } = renderPage('manager', {
      'GET /api/admin/events': ({ query }: StubbedRequest) => ({
        events: query.get('page') === '2' ? [swim] : [hillRun],
        total: 11,
        page: Number(query.get('page') ?? 1),
        pageSize: 10,
      }),
    });
    await screen.findByText('Pune Hill Run');
    expect(screen.getByText('1–10 of 11')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Kochi Swim')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Revenue' }));
    await waitFor(() => {
      const last = api.calls('GET /api/admin/events').at(-1)!;
      expect([last.query.get('sort'), last.query.get('direction'), last.query.get('page')]).toEqual(['revenue', 'asc', '1']);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Revenue' }));
    await waitFor(() => expect(api.calls('GET /api/admin/events').at(-1)!.query.get('direction')).toBe('desc'));
  });

  it('shows a coordinator the list read-only, without the money taken (decision 047)', async () => {
    // As the API answers a role that does not see revenue: no moneyTaken.
    const withoutMoney = pageOf([hillRun, swim].map((event) => withoutField(event, 'moneyTaken')));
    renderPage('coordinator', { 'GET /api/admin/events': withoutMoney });
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Sort by Revenue' })).toBeNull();
    expect(within(row).queryByText('₹0')).toBeNull();
    expect(within(row).getByText('42 / 200')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Pune Hill Run' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View Pune Hill Run' })).toBeTruthy();
  });

  it("opens 'Create New Event' from ?create=1, as a Draft, and checks the spec's rules before sending", async () => {
    const { api } = renderPage('manager', {}, '/admin/events?create=1');
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('Draft');
    fireEvent.change(within(dialog).getByLabelText(/Contact Email/), { target: { value: 'x@y' } });
    fireEvent.change(within(dialog).getByLabelText(/Contact Phone/), { target: { value: '12345' } });
    fireEvent.change(within(dialog).getByLabelText(/Max Participants/), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email format')).toBeTruthy();
    expect(within(dialog).getByText('Phone number must be 10 digits')).toBeTruthy();
    // A non-number counts as 0 (SPEC.md section 5), which the minimum refuses.
    expect(within(dialog).getByText('Max participants must be greater than 0')).toBeTruthy();
    expect(api.calls('POST /api/admin/events')).toHaveLength(0);
  });

  it("refuses more participants than Settings' max event capacity before sending", async () => {
    const { api } = renderWithPlatform(<EventsManagementPage />, {
      session: aStaffUser({ role: 'manager' }),
      route: '/admin/events',
      config: { ...DEFAULT_CONFIG, maxEventCapacity: 500 },
      api: { 'GET /api/admin/events': pageOf([hillRun]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Pune Hill Run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    fireEvent.change(within(dialog).getByLabelText(/Max Participants/), { target: { value: '600' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Update Event|Save/ }));
    expect(
      await within(dialog).findByText("Max participants must be at most 500 (the platform's max event capacity)"),
    ).toBeTruthy();
    expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(0);
  });

  it('shows an event submitted for review, with nothing for an organisation to approve (decision 052)', async () => {
    renderWithPlatform(<EventsManagementPage />, {
      session: aStaffUser({ role: 'admin' }),
      route: '/admin/events',
      api: { 'GET /api/admin/events': pageOf([{ ...hillRun, status: 'Draft' as const, pendingStatus: 'Active' as const }]) },
    });
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    expect(within(row).getByText('Submitted for review (Active)')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Approve Pune Hill Run' })).toBeNull();
  });

  it('shows an event platform staff sent back with their reason, in its status (decision 052)', async () => {
    renderWithPlatform(<EventsManagementPage />, {
      session: aStaffUser({ role: 'admin' }),
      route: '/admin/events',
      api: {
        'GET /api/admin/events': pageOf([
          { ...hillRun, status: 'Draft' as const, pendingStatus: null, reviewNote: 'Add the route map and the cut-off times' },
        ]),
      },
    });
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    expect(within(row).getByText('Sent back: Add the route map and the cut-off times')).toBeTruthy();
    expect(within(row).queryByText(/Submitted for review/)).toBeNull();
  });

  it('says so when the events cannot be loaded', async () => {
    renderPage('manager', { 'GET /api/admin/events': () => errorResponse(500, 'internal_error', 'boom') });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load events from database.');
  });
});

const STATS = {
  totalRegistrations: 3,
  confirmedRegistrations: 3,
  pendingRegistrations: 0,
  cancelledRegistrations: 0,
  checkedInRegistrations: 0,
  paidRegistrations: 3,
  totalRevenue: 1500,
};

const cancellation = (overrides = {}) => ({
  eventId: 3,
  reason: 'Flooding on the course',
  fee: 50,
  cancelledBy: 'test-manager@tdk.test',
  cancelledAt: '2026-11-24T10:00:00.000Z',
  completedAt: null,
  orders: 3,
  toRefund: 3,
  refunding: 0,
  refunded: 0,
  nothingToRefund: 0,
  failed: 0,
  failures: [],
  ...overrides,
});

describe('Delete Event', () => {
  it('deletes an event nobody paid for', async () => {
    const { api } = renderPage('manager', {
      'GET /api/admin/registrations/stats': { ...STATS, paidRegistrations: 0, totalRevenue: 0 },
      'DELETE /api/admin/events/:id': { deleted: { tickets: 1, registrations: 0 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Pune Hill Run' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Event' });
    expect(within(dialog).getByText('Are you sure you want to delete "Pune Hill Run"?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Event deleted successfully')).toBeTruthy();
    expect(api.calls('DELETE /api/admin/events/:id')[0]!.path).toBe('/api/admin/events/3');
  });

  it('offers Cancel Event instead for an event with paid registrations, and never deletes it', async () => {
    const { api } = renderPage('manager', { 'GET /api/admin/registrations/stats': STATS });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Pune Hill Run' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Event' });
    expect(await within(dialog).findByText(/3 paid registrations worth ₹1,500/)).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel event instead…' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancel Event' })).toBeTruthy();
    expect(api.calls('DELETE /api/admin/events/:id')).toHaveLength(0);
  });
});

describe('Cancel Event', () => {
  async function openCancel(routes: StubRoutes = {}) {
    const rendered = renderPage('manager', { 'GET /api/admin/registrations/stats': STATS, ...routes });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Pune Hill Run' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel event instead…' }));
    return { ...rendered, dialog: await screen.findByRole('alertdialog', { name: 'Cancel Event' }) };
  }

  it('needs the title typed, sends the fee and the reason, and says how many orders are being refunded', async () => {
    const { api, dialog } = await openCancel({ 'POST /api/admin/events/:id/cancel': { cancellation: cancellation() } });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel event and refund' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Type the event's title/), { target: { value: 'Pune Hill' } });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Type the event's title/), { target: { value: 'Pune Hill Run' } });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    // No reason yet: the contract's message, nothing sent.
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    expect(api.calls('POST /api/admin/events/:id/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByLabelText(/Keep a fee per ticket/));
    fireEvent.change(within(dialog).getByLabelText(/Fee kept per ticket/), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Flooding on the course' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('3 paid orders are being refunded.')).toBeTruthy();
    const [call] = api.calls('POST /api/admin/events/:id/cancel');
    expect(call!.path).toBe('/api/admin/events/3/cancel');
    expect(call!.body).toEqual({ confirmTitle: 'Pune Hill Run', fee: 50, reason: 'Flooding on the course' });
  });

  it("shows the server's word on a fee above the price", async () => {
    const { dialog } = await openCancel({
      'POST /api/admin/events/:id/cancel': errorResponse(400, 'validation_error', 'Validation failed', {
        fee: 'The fee must be less than 500 rupees, the lowest price an attendee paid',
      }),
    });
    fireEvent.click(within(dialog).getByLabelText(/Keep a fee per ticket/));
    fireEvent.change(within(dialog).getByLabelText(/Fee kept per ticket/), { target: { value: '600' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Storm' } });
    fireEvent.change(within(dialog).getByLabelText(/Type the event's title/), { target: { value: 'Pune Hill Run' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel event and refund' }));
    expect(await within(dialog).findByText(/The fee must be less than 500 rupees/)).toBeTruthy();
  });
});

describe('Postpone Event', () => {
  async function openPostpone(routes: StubRoutes = {}) {
    const rendered = renderPage('manager', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'View Pune Hill Run' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Postpone' }));
    return { ...rendered, dialog: await screen.findByRole('alertdialog', { name: 'Postpone Event' }) };
  }

  it('checks the dates before sending, sends the new date, time, deadline and reason, and says how many buyers are told', async () => {
    const postponement = {
      previousDate: hillRun.date,
      previousTime: hillRun.time,
      refundUntil: '2030-02-10',
      reason: 'Rain',
      at: '',
    };
    const { api, dialog } = await openPostpone({
      'POST /api/admin/events/:id/postpone': { postponement, buyersNotified: 4 },
    });
    const confirm = within(dialog).getByRole('button', { name: 'Postpone and tell buyers' });
    fireEvent.change(within(dialog).getByLabelText('New date'), { target: { value: '2030-02-20' } });
    fireEvent.change(within(dialog).getByLabelText(/Full refund until/), { target: { value: '2030-02-25' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Cyclone warning' } });
    fireEvent.click(confirm);
    // The contract's rule, in the form: nothing sent.
    expect(await within(dialog).findByText('The refund deadline must be before the new date')).toBeTruthy();
    expect(api.calls('POST /api/admin/events/:id/postpone')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Full refund until/), { target: { value: '2030-02-10' } });
    fireEvent.change(within(dialog).getByLabelText('New time'), { target: { value: '07:30' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('4 buyers are being e-mailed the new date.')).toBeTruthy();
    const [call] = api.calls('POST /api/admin/events/:id/postpone');
    expect(call!.path).toBe('/api/admin/events/3/postpone');
    expect(call!.body).toEqual({ date: '2030-02-20', time: '07:30', refundUntil: '2030-02-10', reason: 'Cyclone warning' });
  });

  it("puts the server's word on its field", async () => {
    const { dialog } = await openPostpone({
      'POST /api/admin/events/:id/postpone': errorResponse(400, 'validation_error', 'Validation failed', {
        date: 'The new date and time must be later than the present ones',
      }),
    });
    fireEvent.change(within(dialog).getByLabelText('New date'), { target: { value: '2030-02-20' } });
    fireEvent.change(within(dialog).getByLabelText(/Full refund until/), { target: { value: '2030-02-10' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Rain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Postpone and tell buyers' }));
    expect(await within(dialog).findByText('The new date and time must be later than the present ones')).toBeTruthy();
  });
});

describe('A cancelled event', () => {
  const cancelled = anEvent({ id: 3, title: 'Pune Hill Run', status: 'Cancelled' });

  it('shows the refunds: progress, failures and Retry', async () => {
    const { api } = renderWithPlatform(<EventsManagementPage />, {
      session: aStaffUser({ role: 'manager' }),
      route: '/admin/events',
      api: {
        'GET /api/admin/events': pageOf([cancelled]),
        'GET /api/admin/events/:id/cancellation': {
          cancellation: cancellation({
            toRefund: 0,
            refunded: 2,
            failed: 1,
            completedAt: '2026-11-24T10:01:00.000Z',
            failures: [
              {
                orderId: 'ORD1',
                bookingReference: 'TDK-AB12',
                customerName: 'Asha Rao',
                customerEmail: 'asha@example.com',
                refundId: 41,
                amount: 449,
                note: 'The payment provider refused the refund: account closed',
              },
            ],
          }),
        },
        'POST /api/admin/events/:id/cancellation/refunds/:refundId/retry': {
          cancellation: cancellation({ toRefund: 0, refunded: 2, refunding: 1 }),
        },
      },
    });
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Delete Pune Hill Run' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit Pune Hill Run' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'View Pune Hill Run' }));
    const details = await screen.findByRole('dialog', { name: 'Pune Hill Run' });
    expect(within(details).queryByRole('button', { name: 'Edit Event' })).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'Refunds' }));
    const refunds = await screen.findByRole('dialog', { name: 'Refunds: Pune Hill Run' });
    expect((await within(refunds).findByTestId('cancellation-progress')).textContent).toContain('2 of 3 orders refunded');
    expect(within(refunds).getByText(/TDK-AB12 · Asha Rao/)).toBeTruthy();
    fireEvent.click(within(refunds).getByRole('button', { name: 'Retry the refund of TDK-AB12' }));
    expect(await screen.findByText('Refund sent again')).toBeTruthy();
    expect(api.calls('POST /api/admin/events/:id/cancellation/refunds/:refundId/retry')[0]!.path).toBe(
      '/api/admin/events/3/cancellation/refunds/41/retry',
    );
  });
});
