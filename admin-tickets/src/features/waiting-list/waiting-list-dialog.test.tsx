import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WaitingListResponse } from '@tdk/api/contract';
import { aStaffUser, renderWithPlatform } from '@tdk/shared-ui/testing';
import { WaitingListDialog } from './waiting-list-dialog';

const LIST: WaitingListResponse = {
  ticket: { id: 5, name: 'Early Bird', eventId: 1, eventName: 'Pune Hill Run', available: 0 },
  entries: [
    {
      id: 11,
      place: 1,
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+919876543210',
      quantity: 2,
      status: 'offered',
      joinedAt: '2026-02-28T04:30:00.000Z',
      offeredAt: '2026-03-01T20:00:00.000Z',
      offerExpiresAt: '2026-03-02T20:00:00.000Z',
      orderId: null,
    },
    {
      id: 12,
      place: 2,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '+919876500000',
      quantity: 3,
      status: 'waiting',
      joinedAt: '2026-02-28T05:30:00.000Z',
      offeredAt: null,
      offerExpiresAt: null,
      orderId: null,
    },
    {
      id: 10,
      place: null,
      name: 'Meera Iyer',
      email: 'meera@example.com',
      phone: '+919876511111',
      quantity: 1,
      status: 'expired',
      joinedAt: '2026-02-27T05:30:00.000Z',
      offeredAt: '2026-02-27T06:30:00.000Z',
      offerExpiresAt: '2026-02-28T06:30:00.000Z',
      orderId: null,
    },
  ],
  waiting: { people: 1, seats: 3 },
};

const ticket = { id: 5, name: 'Early Bird', eventName: 'Pune Hill Run' };

function renderDialog(role: 'manager' | 'support') {
  return renderWithPlatform(<WaitingListDialog ticket={ticket} onClose={() => undefined} />, {
    session: aStaffUser({ role }),
    api: {
      'GET /api/admin/tickets/:id/waiting-list': LIST,
      'POST /api/admin/tickets/:id/waiting-list/:entryId/move': LIST,
      'DELETE /api/admin/tickets/:id/waiting-list/:entryId': { removed: true },
    },
  });
}

describe('Waiting list dialog', () => {
  it('shows the line in order with each offer, and the demand', async () => {
    renderDialog('support');
    const dialog = await screen.findByRole('dialog', { name: 'Waiting list: Early Bird' });
    expect(await within(dialog).findByText('1 person wants 3 seats')).toBeTruthy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '—']);
    expect(within(rows[0]!).getByText('Offered until 3 Mar 2026, 1:30 am')).toBeTruthy();
    expect(within(rows[1]!).getByText('Waiting')).toBeTruthy();
    expect(within(rows[2]!).getByText('Expired')).toBeTruthy();
    // Support reads only.
    expect(within(dialog).queryByRole('button', { name: /Move|Remove/ })).toBeNull();
  });

  it('lets a manager move an entry and remove one after confirming', async () => {
    const { api } = renderDialog('manager');
    const dialog = await screen.findByRole('dialog', { name: 'Waiting list: Early Bird' });
    expect((await within(dialog).findByRole('button', { name: 'Move Asha Rao up' })).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Ravi Kumar up' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets/:id/waiting-list/:entryId/move')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets/:id/waiting-list/:entryId/move')[0]!.body).toEqual({ direction: 'up' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Asha Rao' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from the waiting list?' });
    expect(within(confirm).getByText('The seats offered to them pass to the next entry in line.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls('DELETE /api/admin/tickets/:id/waiting-list/:entryId')).toHaveLength(1));
  });
});
