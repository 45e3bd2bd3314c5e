// Payments and refunds of an order (decision 022): what staff send to refund attendees, and how the
// order view shows the money. Amounts are rupees on the wire (as everywhere in the API), paise in
// the database.
import { z } from 'zod';
import { plainText } from './registration';

export const REFUND_REASON_MAX = 500;

/** POST /api/admin/orders/:orderId/refunds */
export const refundRequestSchema = z.object({
  /** The attendees (registration ids) to refund and cancel, or every attendee of the order not yet refunded. */
  attendeeIds: z.union(
    [
      z.literal('all'),
      z
        .array(z.number({ error: 'Attendee must be a number' }).int().positive(), { error: 'Choose the attendees to refund' })
        .min(1, 'Choose at least one attendee')
        .max(500, 'At most 500 attendees at a time'),
    ],
    { error: "Choose the attendees to refund, or 'all'" },
  ),
  /** Rupees; defaults to the chosen attendees' prices (what is left of them). Less for a partial refund. */
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('The amount must be more than ₹0')
    .max(10_000_000, 'The amount is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The amount may have at most 2 decimals')
    .optional(),
  reason: plainText('A reason is required')
    .trim()
    .min(1, 'A reason is required')
    .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

/**
 * POST /api/admin/registrations/:id/offline-refund (decision 045): staff record that an attendee
 * who paid offline (cash) was given their money back; no payment provider is asked.
 */
export const offlineRefundRequestSchema = refundRequestSchema.pick({ amount: true, reason: true });
export type OfflineRefundRequestInput = z.input<typeof offlineRefundRequestSchema>;
export type RefundRequest = z.output<typeof refundRequestSchema>;

export const REFUND_STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  succeeded: 'Refunded',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;
export type RefundStatus = keyof typeof REFUND_STATUS_LABELS;

export interface OrderPaymentView {
  id: number;
  providerPaymentId: string | null;
  /** Rupees. */
  amount: number;
  method: string;
  status: string;
  paidAt: string;
}

export interface OrderRefundView {
  id: number;
  providerRefundId: string | null;
  /** Rupees. */
  amount: number;
  status: RefundStatus;
  reason: string;
  /** Who asked: a staff member's e-mail, 'system' or 'buyer'. */
  requestedBy: string;
  attendeeIds: number[];
  createdAt: string;
  processedAt: string | null;
  /** The provider's words on a final status, or the last error while it is retried. */
  note: string | null;
  /** Given back outside the payment provider (cash, a bank transfer), recorded by staff (decision 045). */
  offline: boolean;
}

/** An order's money, derived from its payments and refunds (rupees). */
export interface OrderMoneyView {
  paid: number;
  /** Refunds the provider completed. */
  refunded: number;
  /** Refunds asked for and not settled yet: still owed to the buyer. */
  due: number;
  /** What may still be refunded: paid less refunded and due. */
  refundable: number;
}

/** The answer of a refund: the refund row and the order's money after it. */
export interface RefundResponse {
  refund: OrderRefundView;
  money: OrderMoneyView;
}

/** The answer to an offline refund: the refund, its order's money, and the order it belongs to. */
export interface OfflineRefundResponse extends RefundResponse {
  orderId: string;
}
