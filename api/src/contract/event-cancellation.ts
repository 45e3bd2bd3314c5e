// Cancelling an event (decision 025): what staff send, and the progress the console shows.
// Amounts are rupees on the wire, paise in the database.
import { z } from 'zod';
import { REFUND_REASON_MAX } from './refunds';
import { plainText } from './registration';

/** POST /api/admin/events/:id/cancel */
export const cancelEventSchema = z.object({
  /** The event's title, typed again to confirm. */
  confirmTitle: plainText("Type the event's title to confirm").trim().min(1, "Type the event's title to confirm"),
  /** Rupees kept per paid attendee; 0 refunds every attendee in full. */
  fee: z
    .number({ error: 'The fee must be a number' })
    .min(0, 'The fee cannot be negative')
    .max(10_000_000, 'The fee is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The fee may have at most 2 decimals'),
  reason: plainText('A reason is required')
    .trim()
    .min(1, 'A reason is required')
    .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
});
export type CancelEventInput = z.input<typeof cancelEventSchema>;

/** A paid order whose cancellation refund the provider failed or cancelled: staff may retry it. */
export interface CancellationFailure {
  orderId: string;
  bookingReference: string;
  customerName: string;
  customerEmail: string;
  refundId: number;
  amount: number;
  note: string;
}

/** GET /api/admin/events/:id/cancellation (and the answer to cancel and retry). */
export interface EventCancellationView {
  eventId: number;
  reason: string;
  fee: number;
  cancelledBy: string;
  cancelledAt: string;
  completedAt: string | null;
  /** Paid orders the cancellation refunds. */
  orders: number;
  /** Not yet decided (the job works through them). */
  toRefund: number;
  /** Asked of the provider, not yet settled. */
  refunding: number;
  refunded: number;
  /** Already refunded before the cancellation. */
  nothingToRefund: number;
  failed: number;
  failures: CancellationFailure[];
}
