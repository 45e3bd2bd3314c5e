import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aStaffUser, aTicket, anEvent, errorResponse, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import type { PromoCode } from '@tdk/api/contract';
import { PromoCodesDialog } from './promo-codes-dialog';

const event = anEvent({ id: 3, title: 'Pune Hill Run', status: 'Active' });
const tenK = aTicket({ id: 21, eventId: 3, name: '10K' });
const half = aTicket({ id: 22, eventId: 3, name: 'Half Marathon' });
const early: PromoCode = {
  id: 7,
  eventId: 3,
  code: 'EARLY10',
  kind: 'percent',
  value: 10,
  ticketTypeIds: [22],
  validFrom: null,
  validUntil: '2026-12-31T23:59',
  maxUses: 100,
  maxUsesPerEmail: 2,
  reservedSeats: null,
  active: true,
  status: 'active',
  uses: 3,
  held: 1,
  usesLeft: 96,
  revenuePaise: 323640,
  discountPaise: 35960,
  reservedLeft: null,
  createdAt: '2026-11-20T05:30:00.000Z',
  updatedAt: '2026-11-20T05:30:00.000Z',
};
const sponsor: PromoCode = {
  ...early,
  id: 8,
  code: 'TATA-SPONSOR',
  kind: 'price',
  value: 0,
  ticketTypeIds: [21],
  validUntil: null,
  maxUses: 20,
  maxUsesPerEmail: null,
  reservedSeats: 20,
  reservedLeft: 15,
  uses: 5,
  held: 0,
  revenuePaise: 0,
};

function renderDialog(role: 'manager' | 'support' = 'manager') {
  let codes: PromoCode[] = [early, sponsor];
  const activeSwitch =
    (active: boolean) =>
    ({ params }: StubbedRequest) => {
      codes = codes.map((c) => (c.id === Number(params.codeId) ? { ...c, active, status: active ? 'active' : 'disabled' } : c));
      return { promoCode: codes.find((c) => c.id === Number(params.codeId)) };
    };
  return renderWithPlatform(
    <PromoCodesDialog event={event} canWrite={role === 'manager'} seesRevenue={role === 'manager'} onClose={vi.fn()} />,
    {
      session: aStaffUser({ role }),
      api: {
        'GET /api/admin/tickets': () => ({ tickets: [tenK, half], total: 2, page: 1, pageSize: 100 }),
        'GET /api/admin/events/:id/promo-codes': () => ({ promoCodes: codes }),
        'POST /api/admin/events/:id/promo-codes': ({ body }: StubbedRequest) => {
          const input = body as PromoCode;
          if (input.code.toUpperCase() === 'EARLY10')
            return errorResponse(409, 'conflict', 'A code EARLY10 exists', { code: 'This event already has the code EARLY10' });
          const added: PromoCode = {
            ...early,
            ...input,
            id: 9,
            status: 'active',
            uses: 0,
            held: 0,
            revenuePaise: 0,
            discountPaise: 0,
          };
          codes = [...codes, added];
          return { promoCode: added };
        },
        'POST /api/admin/events/:id/promo-codes/:codeId/disable': activeSwitch(false),
        'POST /api/admin/events/:id/promo-codes/:codeId/enable': activeSwitch(true),
      },
    },
  );
}

const rowOf = async (dialog: HTMLElement, code: string) => (await within(dialog).findByText(code)).closest('tr')!;

describe('PromoCodesDialog', () => {
  it('lists each code with its discount, types, validity, uses, held tickets, revenue and reserved seats', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Promo codes: Pune Hill Run' });
    const row = await rowOf(dialog, 'EARLY10');
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('10 % off')).toBeTruthy();
    await within(row).findByText('Half Marathon');
    expect(within(row).getByText('Until 31 Dec 2026, 11:59 pm')).toBeTruthy();
    expect(within(row).getByText('3 / 100 (at most 2 per e-mail)')).toBeTruthy();
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(row).getByText('₹3,236.40')).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    const block = await rowOf(dialog, 'TATA-SPONSOR');
    expect(within(block).getByText('Each ticket free')).toBeTruthy();
    expect(within(block).getByText('15 of 20')).toBeTruthy();
    expect(within(block).getByText('5 / 20')).toBeTruthy();
    const csv = within(dialog).getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/events/3/promo-codes/export.csv');
  });

  it('a manager disables a code and enables it again', async () => {
    const { api } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'EARLY10 active' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/promo-codes/:codeId/disable')).toHaveLength(1));
    expect(api.calls('POST /api/admin/events/:id/promo-codes/:codeId/disable')[0]!.path).toBe(
      '/api/admin/events/3/promo-codes/7/disable',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('switch', { name: 'EARLY10 active' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect(within(await rowOf(dialog, 'EARLY10')).getByText('Disabled')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'EARLY10 active' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/promo-codes/:codeId/enable')).toHaveLength(1));
  });

  it("a manager creates a code: the contract's rules on the fields first, then the code as typed", async () => {
    const { api } = renderDialog();
    const list = await screen.findByRole('dialog', { name: 'Promo codes: Pune Hill Run' });
    fireEvent.click(within(list).getByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    const form = within(dialog).getByRole('form', { name: 'New promo code' });
    fireEvent.change(within(form).getByLabelText(/^Discount \(%\)/), { target: { value: '120' } });
    fireEvent.change(within(form).getByLabelText(/^Reserved seats/), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('Code is required')).toBeTruthy();
    // With a code, the rules across fields are said too.
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'CLUB200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('Discount must be a whole percentage between 1 and 100 %')).toBeTruthy();
    expect(within(form).getByText('Reserved seats need exactly one ticket type')).toBeTruthy();
    expect(api.calls('POST /api/admin/events/:id/promo-codes')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'amount' } });
    fireEvent.change(within(form).getByLabelText(/^Amount off \(₹\)/), { target: { value: '200' } });
    fireEvent.click(within(form).getByLabelText('10K'));
    fireEvent.change(within(form).getByLabelText(/^Valid from/), { target: { value: '2026-12-01T18:30' } });
    fireEvent.change(within(form).getByLabelText(/^Total uses/), { target: { value: '50' } });
    fireEvent.change(within(form).getByLabelText(/^Reserved seats/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/promo-codes')).toHaveLength(1));
    expect(api.calls('POST /api/admin/events/:id/promo-codes')[0]!.body).toEqual({
      code: 'CLUB200',
      kind: 'amount',
      value: 200,
      ticketTypeIds: [21],
      validFrom: '2026-12-01T18:30',
      validUntil: null,
      maxUses: 50,
      maxUsesPerEmail: null,
      reservedSeats: null,
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New promo code' })).toBeNull());
    expect(await within(list).findByText('CLUB200')).toBeTruthy();
  }, 15_000);

  it("puts the server's refusal of a taken code on the code's field", async () => {
    renderDialog();
    const list = await screen.findByRole('dialog', { name: 'Promo codes: Pune Hill Run' });
    fireEvent.click(within(list).getByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'early10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('This event already has the code EARLY10')).toBeTruthy();
  });

  it('support staff see the codes but cannot change or export them, nor see their revenue', async () => {
    renderDialog('support');
    const dialog = await screen.findByRole('dialog');
    const row = await rowOf(dialog, 'EARLY10');
    expect(within(row).getByText('On')).toBeTruthy();
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'New code' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Export CSV' })).toBeNull();
    // What buyers paid with each code is revenue: managers' and admins' (decision 047).
    expect(within(dialog).queryByRole('columnheader', { name: 'Revenue' })).toBeNull();
  });
});
