import { selfServiceOf, type EventPostponement, type SelfServicePolicy } from '@tdk/api/contract';

/** A note's words: a catalogue key, its values, and a date (India day) for the page to format. */
export interface PolicyNote {
  key: string;
  values?: Record<string, number>;
  date?: string;
}

/**
 * What the event page promises about cancelling and transferring, from the event's own policy
 * (decision 023), never a fixed 'non-refundable and non-transferable': a buyer may cancel in My
 * bookings until its deadline (the fee kept, or a full refund), and may hand a ticket to someone
 * else until its own. With no cancellation allowed, the refund that still happens (the event
 * cancelled) is named.
 */
export function policyNotes(
  stored: Partial<SelfServicePolicy> | undefined,
  postponement: Pick<EventPostponement, 'refundUntil'> | null | undefined,
  today: string,
): PolicyNote[] {
  const { cancel, transfer } = selfServiceOf(stored);
  return [
    // A postponed event's full refund (decision 025) stands in for the policy until its last day.
    postponement && today <= postponement.refundUntil
      ? { key: 'notice.postponedRefund', date: postponement.refundUntil }
      : cancel === null
        ? { key: 'notice.noCancel' }
        : cancel.feePercent === 0
          ? { key: 'notice.cancelFree', values: { count: cancel.daysBefore } }
          : { key: 'notice.cancelWithFee', values: { count: cancel.daysBefore, fee: cancel.feePercent } },
    transfer === null ? { key: 'notice.noTransfer' } : { key: 'notice.transfer', values: { count: transfer.hoursBefore } },
  ];
}
