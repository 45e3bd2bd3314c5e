import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aStaffUser, aTicket, anEvent, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import type { CheckInListView } from '@tdk/api/contract';
import { CheckInListsDialog } from './check-in-lists-dialog';

const event = anEvent({ id: 3, title: 'Pune Hill Run', status: 'Active' });
const tenK = aTicket({ id: 21, eventId: 3, name: '10K' });
const half = aTicket({ id: 22, eventId: 3, name: 'Half Marathon' });
const BUILT_IN: CheckInListView[] = [
  { id: 'entry', name: '', builtIn: true, ticketTypeIds: [] },
  { id: 'kit', name: '', builtIn: true, ticketTypeIds: [] },
];

function renderDialog(role: 'manager' | 'support' = 'manager') {
  let lists: CheckInListView[] = [...BUILT_IN, { id: '9', name: 'VIP enclosure', builtIn: false, ticketTypeIds: [22] }];
  return renderWithPlatform(<CheckInListsDialog event={event} canWrite={role === 'manager'} onClose={vi.fn()} />, {
    session: aStaffUser({ role }),
    api: {
      'GET /api/admin/tickets': () => ({ tickets: [tenK, half], total: 2, page: 1, pageSize: 100 }),
      'GET /api/admin/events/:id/check-in-lists': () => ({ lists }),
      'GET /api/admin/events/:id/check-in-counts': () => ({
        lists: [
          { id: 'entry', name: '', builtIn: true, checkedIn: 120, eligible: 400, gates: [{ gate: 'North', count: 120 }] },
          {
            id: 'kit',
            name: '',
            builtIn: true,
            checkedIn: 310,
            eligible: 400,
            gates: [
              { gate: 'Expo 1', count: 200 },
              { gate: 'Expo 2', count: 110 },
            ],
          },
          { id: '9', name: 'VIP enclosure', builtIn: false, checkedIn: 0, eligible: 12, gates: [] },
        ],
      }),
      'POST /api/admin/events/:id/check-in-lists': ({ body }: StubbedRequest) => {
        const added = { ...(body as { name: string; ticketTypeIds: number[] }), id: '10', builtIn: false };
        lists = [...lists, added];
        return { list: added };
      },
      'DELETE /api/admin/events/:id/check-in-lists/:listId': ({ path }: StubbedRequest) => {
        lists = lists.filter((l) => !path.endsWith(`/${l.id}`));
        return null;
      },
    },
  });
}

describe('CheckInListsDialog', () => {
  it('shows entry, kit and the organiser’s lists with their counts by gate', async () => {
    renderDialog('support');
    const dialog = await screen.findByRole('dialog', { name: 'Check-in lists: Pune Hill Run' });
    const kit = (await within(dialog).findByText('Kit collection')).closest('tr')!;
    await within(kit).findByText('310 / 400');
    expect(within(kit).getByText('Expo 1: 200, Expo 2: 110')).toBeTruthy();
    const vip = within(dialog).getByText('VIP enclosure').closest('tr')!;
    await within(vip).findByText('Half Marathon');
    expect(within(dialog).queryByRole('button', { name: 'Add check-in list' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete VIP enclosure' })).toBeNull();
  });

  it('lets a manager add a list for chosen ticket types and delete one', async () => {
    const { api } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Check-in lists: Pune Hill Run' });
    await within(dialog).findByText('VIP enclosure');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add check-in list' }));
    const form = within(dialog).getByRole('form', { name: 'New check-in list' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Day 2' } });
    fireEvent.click(await within(form).findByLabelText('10K'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save check-in list' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/check-in-lists')).toHaveLength(1));
    expect(api.calls('POST /api/admin/events/:id/check-in-lists')[0]!.body).toEqual({ name: 'Day 2', ticketTypeIds: [21] });
    expect(await within(dialog).findByText('Day 2')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete VIP enclosure' }));
    await waitFor(() => expect(within(dialog).queryByText('VIP enclosure')).toBeNull());
    expect(api.calls('DELETE /api/admin/events/:id/check-in-lists/:listId')[0]!.path).toBe(
      '/api/admin/events/3/check-in-lists/9',
    );
  });
});
