import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Registration, RegistrationPage } from '@tdk/api/contract';
import {
  aRegistration,
  aStaffUser,
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
const paid = aRegistration({ id: 7, registrationNumber: 'REGPAID0001', paymentStatus: 'Paid', status: 'Confirmed' });
const pending = aRegistration({ id: 8, registrationNumber: 'REGPEND0002', paymentStatus: 'Pending', status: 'Pending' });
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

  it('offers support staff no edit, delete or export', async () => {
    renderConsole({}, 'support');
    const menu = await openMenu('REGPAID0001');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['View Details', 'View Ticket', 'Download Ticket', 'Send WhatsApp', 'Send Email']);
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
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

  it("sends WhatsApp to the phone without its plus sign and records the flag, with the spec's toast", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const whatsapp = aRegistration({
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
    fireEvent.click(within(await openMenu('REGWHATS003')).getByRole('menuitem', { name: 'Send WhatsApp' }));
    expect(await screen.findByText('WhatsApp message opened in new tab')).toBeTruthy();
    expect(open.mock.calls[0]![0]).toMatch(/^https:\/\/wa\.me\/919820012345\?text=/);
    expect(api.calls('PATCH /api/admin/registrations/:id')[0]!.body).toEqual({ whatsappSent: true });
  });

  it('says when a flag could not be recorded', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    renderConsole({ 'PATCH /api/admin/registrations/:id': () => errorResponse(500, 'internal_error', 'boom') });
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Send Email' }));
    expect(await screen.findByText('Failed to update email status')).toBeTruthy();
  });

  it('edits with the contract rules, and a stale save tells staff to reopen', async () => {
    const { api } = renderConsole(
      {
        'PUT /api/admin/registrations/:id': () =>
          errorResponse(409, 'conflict', 'Someone else saved this registration after you opened it.'),
      },
      'coordinator',
    );
    fireEvent.click(within(await openMenu('REGPAID0001')).getByRole('menuitem', { name: 'Edit Registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Registration' });
    expect((within(dialog).getByLabelText('Registration Number') as HTMLInputElement).readOnly).toBe(true);
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
});
