// A booking (order) as the console shows it (decision 021, GET /api/admin/orders/:orderId): its
// status, its lines and the e-mails sent about it, in staff's words.
import type { AdminOrderResponse } from '@tdk/api/contract';

export type AdminOrder = AdminOrderResponse['order'];
export type OrderLine = AdminOrder['lines'][number];
export type OrderMessage = AdminOrderResponse['messages'][number];

const ORDER_STATUS_WORDS: Record<string, string> = {
  CREATED: 'Awaiting payment',
  PAID: 'Paid',
  FAILED: 'Payment failed',
  EXPIRED: 'Expired unpaid',
  REFUND_REQUIRED: 'Refund required',
};

/** 'Paid', 'Refund required'…; a status the console does not know, as it came. */
export const orderStatusText = (status: string): string => ORDER_STATUS_WORDS[status] ?? status;

/** The tone of an order's status badge. */
export const orderStatusTone = (status: string): 'green' | 'yellow' | 'red' | 'grey' =>
  status === 'PAID' ? 'green' : status === 'CREATED' ? 'yellow' : status === 'EXPIRED' ? 'grey' : 'red';

const MESSAGE_KIND_WORDS: Record<string, string> = {
  participant_confirmation: 'Booking confirmation to the buyer',
  attendee_ticket: "Attendee's own ticket",
  admin_notification: 'Staff notification',
  new_event_alert: 'New event alert',
  login_notification: 'Sign-in notice',
  weekly_report: 'Weekly report',
  refund_notice: 'Refund notice to the buyer',
};

/** A message's kind in words; an unknown kind with its underscores as spaces. */
export const messageKindText = (kind: string): string => {
  const words = MESSAGE_KIND_WORDS[kind];
  if (words) return words;
  const spaced = kind.replace(/_/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** 'Sent', 'Failed after 5 attempts', 'Waiting (2 attempts so far)'. */
export function messageStatusText(message: Pick<OrderMessage, 'status' | 'attempts'>): string {
  const attempts = `${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (message.status) {
    case 'sent':
      return 'Sent';
    case 'failed':
      return `Failed after ${attempts}`;
    case 'pending':
      return message.attempts > 0 ? `Waiting to retry (${attempts} so far)` : 'Waiting to be sent';
    default:
      return message.status;
  }
}

/** What one line of the order cost in all, in rupees. */
export const lineTotal = (line: Pick<OrderLine, 'quantity' | 'unitPrice'>): number =>
  Math.round(line.quantity * line.unitPrice * 100) / 100;
