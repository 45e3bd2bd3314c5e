import { describe, expect, it } from 'vitest';
import type { AdminOrderResponse } from '@tdk/api/contract';
import { aRegistration } from '@tdk/shared-ui/testing';
import {
  canRefundOrder,
  defaultRefundAmount,
  refundableAttendees,
  refundedNames,
  refundStatusText,
  requestedByText,
} from './refund';

const attendees = [
  aRegistration({
    id: 1,
    amount: 799.5,
    participantInfo: { ...aRegistration().participantInfo, firstName: 'Asha', lastName: 'Rao' },
  }),
  aRegistration({ id: 2, amount: 799.5, paymentStatus: 'Refunded', status: 'Cancelled' }),
  aRegistration({
    id: 3,
    amount: 499,
    participantInfo: { ...aRegistration().participantInfo, firstName: '', lastName: '' },
    registrationNumber: 'REGX03',
  }),
];
const order = (refundable: number, list = attendees) =>
  ({
    attendees: list,
    money: { paid: 2098, refunded: 799.5, due: 0, refundable },
    order: { status: 'PAID' },
  }) as unknown as AdminOrderResponse;

describe('refunds in the booking view', () => {
  it('offers only attendees not refunded yet', () => {
    expect(refundableAttendees(attendees).map((a) => a.id)).toEqual([1, 3]);
  });

  it('proposes the chosen attendees prices, at most what is left to refund', () => {
    expect(defaultRefundAmount(order(1298.5), [1])).toBe(799.5);
    expect(defaultRefundAmount(order(1298.5), 'all')).toBe(1298.5);
    expect(defaultRefundAmount(order(1298.5), [1, 3])).toBe(1298.5);
    expect(defaultRefundAmount(order(600), [1])).toBe(600);
    expect(defaultRefundAmount(order(1298.5), [])).toBe(0);
    // A late payment: nobody to cancel, everything paid is owed back.
    expect(defaultRefundAmount(order(1500, []), 'all')).toBe(1500);
  });

  it('can refund a paid booking with money left, not an unpaid or fully refunded one', () => {
    expect(canRefundOrder(order(1))).toBe(true);
    expect(canRefundOrder(order(0))).toBe(false);
    expect(canRefundOrder({ ...order(10), order: { status: 'CREATED' } } as unknown as AdminOrderResponse)).toBe(false);
  });

  it('speaks of refunds in staff words', () => {
    expect(refundStatusText('succeeded')).toBe('Refunded');
    expect(refundStatusText('processing')).toBe('Processing');
    expect(requestedByText('system')).toBe('Automatic (late payment)');
    expect(requestedByText('lead@tdksports.in')).toBe('lead@tdksports.in');
    expect(refundedNames({ attendeeIds: [1, 3, 9] }, attendees)).toBe('Asha Rao, REGX03, #9');
    expect(refundedNames({ attendeeIds: [] }, attendees)).toBe('–');
  });
});
