// Refunds in the booking view (decision 022): who can still be refunded, what a refund of them
// comes to by default, and the words for a refund's state. The server decides; this only proposes.
import type { AdminOrderResponse, OrderRefundView, Registration } from '@tdk/api/contract';
import { REFUND_STATUS_LABELS } from '@tdk/api/contract';

/** The attendees whose tickets can still be refunded (a refunded one stays refunded). */
export const refundableAttendees = (attendees: readonly Registration[]): Registration[] =>
  attendees.filter((a) => a.paymentStatus !== 'Refunded');

/** Rupees to the paisa, without binary fractions (19.99 + 0.01 is 20, not 20.000000000000004). */
const rupees = (value: number) => Math.round(value * 100) / 100;

/**
 * What refunding these attendees comes to unless staff type less: their prices, at most what is
 * left to refund on the order. The whole order ('all') with no attendees left (a late payment)
 * is everything refundable.
 */
export function defaultRefundAmount(
  order: Pick<AdminOrderResponse, 'attendees' | 'money'>,
  chosen: readonly number[] | 'all',
): number {
  const candidates = refundableAttendees(order.attendees);
  const picked = chosen === 'all' ? candidates : candidates.filter((a) => chosen.includes(a.id));
  if (chosen === 'all' && candidates.length === 0) return order.money.refundable;
  return rupees(
    Math.min(
      order.money.refundable,
      picked.reduce((sum, a) => sum + a.amount, 0),
    ),
  );
}

/** Whether the booking can be refunded at all: something paid is left, or a refund is owed with nobody to cancel. */
export const canRefundOrder = (order: Pick<AdminOrderResponse, 'money' | 'order'>): boolean =>
  (order.order.status === 'PAID' || order.order.status === 'REFUND_REQUIRED') && order.money.refundable > 0;

/** 'Refunded', 'Pending', 'Failed'… */
export const refundStatusText = (status: OrderRefundView['status']): string => REFUND_STATUS_LABELS[status] ?? status;

/** The tone of a refund's badge. */
export const refundStatusTone = (status: OrderRefundView['status']): 'green' | 'yellow' | 'red' | 'grey' =>
  status === 'succeeded' ? 'green' : status === 'pending' || status === 'processing' ? 'yellow' : 'red';

/** Who asked for a refund, in staff's words. */
export const requestedByText = (requestedBy: string): string =>
  requestedBy === 'system' ? 'Automatic (late payment)' : requestedBy === 'buyer' ? 'The buyer' : requestedBy;

/** The names of the attendees a refund covers, for its row ('Asha Rao, Ravi Rao'); '–' for none. */
export function refundedNames(refund: Pick<OrderRefundView, 'attendeeIds'>, attendees: readonly Registration[]): string {
  const names = refund.attendeeIds.map((id) => {
    const a = attendees.find((attendee) => attendee.id === id);
    if (!a) return `#${id}`;
    const name = `${a.participantInfo.firstName} ${a.participantInfo.lastName}`.trim();
    return name || a.registrationNumber;
  });
  return names.length > 0 ? names.join(', ') : '–';
}
