// Postponing an event (issue 24, decision 025): a new date and time, every buyer told, and a full
// refund in My bookings until a deadline staff set, whatever the event's own cancel policy says.
import { z } from 'zod';
import { eventInputSchema } from './catalogue';
import { REFUND_REASON_MAX } from './refunds';
import { plainText } from './registration';

/** POST /api/admin/events/:id/postpone */
export const postponeEventSchema = z
  .object({
    date: eventInputSchema.shape.date,
    time: eventInputSchema.shape.time,
    /** The last India day on which a buyer may cancel for a full refund (inclusive). */
    refundUntil: eventInputSchema.shape.date,
    reason: plainText('A reason is required')
      .trim()
      .min(1, 'A reason is required')
      .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
  })
  .refine((input) => input.refundUntil < input.date, {
    path: ['refundUntil'],
    message: 'The refund deadline must be before the new date',
  });
export type PostponeEventInput = z.input<typeof postponeEventSchema>;

/** What the event keeps of its postponement: shown on its page, and what My bookings honours. */
export interface EventPostponement {
  previousDate: string;
  previousTime: string;
  /** India day, inclusive: a full refund may be asked for until its end. */
  refundUntil: string;
  reason: string;
  /** When staff postponed it. */
  at: string;
}

/** The instant a postponement's refund window closes: the end of its last India day. */
export const refundWindowEnd = (postponement: Pick<EventPostponement, 'refundUntil'>): Date =>
  new Date(Date.parse(`${postponement.refundUntil}T23:59:59.999+05:30`));

/** POST /api/admin/events/:id/postpone's answer. */
export interface PostponeEventResponse {
  postponement: EventPostponement;
  /** Buyers e-mailed (one per paid order). */
  buyersNotified: number;
}
