import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aStaffUser, aTicket, anEvent, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import type { GroupDiscount } from '@tdk/api/contract';
import { GroupDiscountsDialog, ticketTypesText } from './group-discounts-dialog';

const event = anEvent({ id: 3, title: 'Pune Hill Run', status: 'Active' });
const tenK = aTicket({ id: 21, eventId: 3, name: '10K' });
const half = aTicket({ id: 22, eventId: 3, name: 'Half Marathon' });
const club: GroupDiscount = {
  id: 7,
  eventId: 3,
  name: 'Club of 4',
  minQuantity: 4,
  percent: 10,
  ticketTypeIds: [22],
  active: true,
  updatedAt: '2026-11-20T05:30:00.000Z',
};

function renderDialog(role: 'manager' | 'support' = 'manager') {
  let discounts: GroupDiscount[] = [club];
  return renderWithPlatform(<GroupDiscountsDialog event={event} canWrite={role === 'manager'} onClose={vi.fn()} />, {
    session: aStaffUser({ role }),
    api: {
      'GET /api/admin/tickets': () => ({ tickets: [tenK, half], total: 2, page: 1, pageSize: 100 }),
      'GET /api/admin/events/:id/group-discounts': () => ({ groupDiscounts: discounts }),
      'POST /api/admin/events/:id/group-discounts': ({ body }: StubbedRequest) => {
        const added = { ...(body as GroupDiscount), id: 8, eventId: 3, updatedAt: '2026-11-21T05:30:00.000Z' };
        discounts = [...discounts, added];
        return { groupDiscount: added };
      },
      'PUT /api/admin/events/:id/group-discounts/:discountId': ({ body }: StubbedRequest) => {
        discounts = discounts.map((d) => (d.id === 7 ? { ...d, ...(body as object) } : d));
        return { groupDiscount: discounts[0] };
      },
    },
  });
}

describe('GroupDiscountsDialog', () => {
  it('lists the rules with their ticket types, and a manager adds one for chosen types', async () => {
    const { api } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Group discounts: Pune Hill Run' });
    const row = (await within(dialog).findByText('Club of 4')).closest('tr')!;
    expect(within(row).getByText('4 tickets')).toBeTruthy();
    expect(within(row).getByText('10 %')).toBeTruthy();
    await within(row).findByText('Half Marathon');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add group discount' }));
    const form = within(dialog).getByRole('form', { name: 'New group discount' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Corporate team of 10' } });
    fireEvent.change(within(form).getByLabelText(/^Minimum tickets/), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText(/^Discount/), { target: { value: '15' } });
    fireEvent.click(within(form).getByLabelText('10K'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save group discount' }));

    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/group-discounts')).toHaveLength(1));
    expect(api.calls('POST /api/admin/events/:id/group-discounts')[0]!.body).toEqual({
      name: 'Corporate team of 10',
      minQuantity: 10,
      percent: 15,
      ticketTypeIds: [21],
      active: true,
    });
    expect(await within(dialog).findByText('Corporate team of 10')).toBeTruthy();
  });

  it("puts the contract's rules on the fields and sends nothing", async () => {
    const { api } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add group discount' }));
    const form = within(dialog).getByRole('form', { name: 'New group discount' });
    fireEvent.change(within(form).getByLabelText(/^Minimum tickets/), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText(/^Discount/), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save group discount' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Minimum tickets must be at least 2')).toBeTruthy();
    expect(within(form).getByText('Discount must be between 1 and 100 %')).toBeTruthy();
    expect(api.calls('POST /api/admin/events/:id/group-discounts')).toHaveLength(0);
  });

  it('a manager switches a rule off, keeping the rest of it', async () => {
    const { api } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'Club of 4 active' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id/group-discounts/:discountId')).toHaveLength(1));
    const call = api.calls('PUT /api/admin/events/:id/group-discounts/:discountId')[0]!;
    expect(call.body).toEqual({ name: 'Club of 4', minQuantity: 4, percent: 10, ticketTypeIds: [22], active: false });
    await waitFor(() =>
      expect(within(dialog).getByRole('switch', { name: 'Club of 4 active' }).getAttribute('aria-checked')).toBe('false'),
    );
  });

  it('support staff see the rules but cannot change them', async () => {
    renderDialog('support');
    const dialog = await screen.findByRole('dialog');
    const row = (await within(dialog).findByText('Club of 4')).closest('tr')!;
    expect(within(row).getByText('On')).toBeTruthy();
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Add group discount' })).toBeNull();
  });
});

describe('ticketTypesText', () => {
  it('names the chosen types, or all of them', () => {
    expect(ticketTypesText([], [])).toBe('All ticket types');
    expect(ticketTypesText([22, 99], [{ id: 22, name: 'Half Marathon' }])).toBe('Half Marathon, Ticket type #99');
  });
});
