import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrderResponse, RefundResponse } from '@tdk/api/contract';
import { aRegistration, aStaffUser, errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { OrderDialog } from './order-dialog';
import { RefundDialog } from './refund-dialog';

const person = (firstName: string, lastName: string) => ({ ...aRegistration().participantInfo, firstName, lastName });
/** A paid booking of two (₹799 each) where nothing is refunded yet. */
const ORDER: AdminOrderResponse = {
  documents: [],
  order: {
    orderId: 'order_88',
    bookingReference: 'REGPAIR00',
    status: 'PAID',
    amount: 1598,
    paymentMethod: 'UPI',
    cfPaymentId: 'cf_pay_1',
    buyer: { name: 'Ravi Rao', email: 'ravi@example.com', phone: '+919820054321' },
    language: 'en',
    createdAt: '2026-11-02T10:15:00.000Z',
    lines: [{ ticketId: 1, ticketName: 'General', quantity: 2, unitPrice: 799 }],
  },
  attendees: [
    aRegistration({
      id: 71,
      registrationNumber: 'REGPAIR0001',
      bookingReference: 'REGPAIR00',
      orderId: 'order_88',
      amount: 799,
      participantInfo: person('Ravi', 'Rao'),
    }),
    aRegistration({
      id: 72,
      registrationNumber: 'REGPAIR0002',
      bookingReference: 'REGPAIR00',
      orderId: 'order_88',
      amount: 799,
      participantInfo: person('Asha', 'Rao'),
    }),
  ],
  messages: [],
  payments: [
    { id: 1, providerPaymentId: 'cf_pay_1', amount: 1598, method: 'UPI', status: 'SUCCESS', paidAt: '2026-11-02T10:15:00.000Z' },
  ],
  refunds: [],
  money: { paid: 1598, refunded: 0, due: 0, refundable: 1598 },
};

const REFUNDED: RefundResponse = {
  refund: {
    id: 5,
    providerRefundId: 'TDK_RF_5',
    offline: false,
    amount: 500,
    status: 'processing',
    reason: 'Injured',
    requestedBy: 'lead@tdksports.in',
    attendeeIds: [72],
    createdAt: '2026-11-03T10:00:00.000Z',
    processedAt: null,
    note: null,
  },
  money: { paid: 1598, refunded: 0, due: 500, refundable: 1098 },
};

async function renderRefund(answer: unknown = REFUNDED) {
  const onClose = vi.fn();
  const result = renderWithPlatform(<RefundDialog order={ORDER} onClose={onClose} />, {
    session: aStaffUser({ role: 'manager' }),
    api: { 'POST /api/admin/orders/:orderId/refunds': () => answer },
  });
  return { ...result, onClose, dialog: await screen.findByRole('dialog', { name: 'Refund' }) };
}

describe('the Refund dialog', () => {
  it('proposes the chosen attendee price, takes a lower amount and a reason, and refunds after a confirm step', async () => {
    const { api, dialog, onClose } = await renderRefund();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Asha Rao · General · ₹799/ }));
    const amount = within(dialog).getByLabelText(/Amount/) as HTMLInputElement;
    expect(amount.value).toBe('799');
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Injured' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    expect(await within(dialog).findByText('Refund ₹500?')).toBeTruthy();
    expect(within(dialog).getByText(/To Ravi Rao, for Asha Rao\. Their tickets stop admitting at once/)).toBeTruthy();
    expect(api.calls('POST /api/admin/orders/:orderId/refunds')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.calls('POST /api/admin/orders/:orderId/refunds');
    expect(call!.path).toBe('/api/admin/orders/order_88/refunds');
    expect(call!.body).toEqual({ attendeeIds: [72], amount: 500, reason: 'Injured' });
    expect(await screen.findByText('₹500 to Ravi Rao: Processing.')).toBeTruthy();
  });

  it('refunds the whole booking, and refuses more than is left before asking the server', async () => {
    const { api, dialog } = await renderRefund();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Whole booking/ }));
    const amount = within(dialog).getByLabelText(/Amount/) as HTMLInputElement;
    expect(amount.value).toBe('1598');
    expect((within(dialog).getByRole('checkbox', { name: /Ravi Rao · General/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Event moved' } });
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('At most ₹1,598 is left to refund')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1598' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(api.calls('POST /api/admin/orders/:orderId/refunds')).toHaveLength(1));
    expect(api.calls('POST /api/admin/orders/:orderId/refunds')[0]!.body).toEqual({
      attendeeIds: 'all',
      amount: 1598,
      reason: 'Event moved',
    });
  });

  it('shows the server refusal (another desk refunded first) and keeps the dialog open', async () => {
    const { dialog, onClose } = await renderRefund(errorResponse(409, 'conflict', 'Asha Rao is already refunded'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Asha Rao · General/ }));
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Injured' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Asha Rao is already refunded');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('payments and refunds in the booking view', () => {
  const refunded: AdminOrderResponse = {
    ...ORDER,
    attendees: [ORDER.attendees[0]!, { ...ORDER.attendees[1]!, status: 'Cancelled', paymentStatus: 'Refunded' }],
    refunds: [
      { ...REFUNDED.refund, status: 'succeeded', processedAt: '2026-11-03T10:05:00.000Z', note: 'Refund processed successfully' },
    ],
    money: { paid: 1598, refunded: 500, due: 0, refundable: 1098 },
  };
  const renderOrder = (role: 'manager' | 'coordinator') =>
    renderWithPlatform(
      <OrderDialog
        booking={{ orderId: 'order_88', bookingReference: 'REGPAIR00' }}
        onClose={() => undefined}
        onAction={() => undefined}
        can={(action) => action !== 'refund' || role === 'manager'}
      />,
      { session: aStaffUser({ role }), api: { 'GET /api/admin/orders/:orderId': refunded } },
    );

  it('lists the payments and refunds with the paid, refunded and due figures, and offers Refund to a manager', async () => {
    renderOrder('manager');
    const section = await screen.findByRole('region', { name: 'Payments and refunds' });
    const figures = within(section).getByLabelText('Money of this booking');
    expect(figures.textContent).toContain('Paid₹1,598');
    expect(figures.textContent).toContain('Refunded₹500');
    expect(figures.textContent).toContain('Refund due₹0');
    expect(figures.textContent).toContain('Left to refund₹1,098');
    const refunds = within(section).getByRole('table', { name: 'Refunds of this booking' });
    expect(refunds.textContent).toContain('Refunded');
    expect(refunds.textContent).toContain('Asha Rao');
    expect(refunds.textContent).toContain('TDK_RF_5');
    expect(within(section).getByRole('table', { name: 'Payments of this booking' }).textContent).toContain('cf_pay_1');
    // The refunded attendee shows as cancelled and refunded.
    const asha = screen.getByRole('row', { name: /REGPAIR0002/ });
    expect(within(asha).getByText('Cancelled')).toBeTruthy();
    expect(within(asha).getByText('Refunded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('dialog', { name: 'Refund' })).toBeTruthy();
  });

  it('offers no Refund to a coordinator', async () => {
    renderOrder('coordinator');
    await screen.findByRole('region', { name: 'Payments and refunds' });
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
