// What a refund returns of a ticket's convenience fee and reverses of its commission (issue 42, decision 060).
//
// The fee is the platform's charge for the booking service it gave. When the buyer cancels, the
// service was given: the fee and its GST stay with the platform (Indian practice: BookMyShow,
// Townscript, KonfHub). When the organiser cancels or postpones the event and the buyer takes the
// refund, the buyer is made whole: the fee and its GST are refunded in full with the ticket's first
// refund. The commission follows the ticket money: the platform keeps commission only on what the
// organiser keeps, so a refund reverses the commission in proportion to the ticket money returned.
// Nothing is ever refunded beyond what was paid for that ticket.

/** Why money goes back: the buyer's own cancellation (or a goodwill refund), or the organiser cancelled or postponed the event. */
export type RefundCause = 'buyer' | 'event';

/** One attendee's frozen money (registrations, decision 036) and what is already refunded of it. */
export interface TicketMoney {
  /** The ticket's price after discounts, GST included (registrations.amount_paise). */
  netPaise: number;
  feePaise: number;
  feeGstPaise: number;
  commissionPaise: number;
  /** Already refunded of the ticket money, of the fee and its GST. */
  refundedPaise: number;
  feeRefundedPaise: number;
}

export interface TicketRefund {
  /** Ticket money going back (the organiser's, so it reduces their takings). */
  ticketPaise: number;
  /** Fee and fee GST going back (the platform's). */
  feePaise: number;
  feeGstPaise: number;
  /** Commission the platform gives up on the ticket money returned. */
  commissionReversedPaise: number;
  /** What the buyer gets back: ticket + fee + fee GST. */
  totalPaise: number;
}

/**
 * The refund of `askedPaise` of a ticket's money (null: all that is left of it) for `cause`.
 * Never more than what is left of the ticket; the fee only for an event the organiser cancelled or postponed.
 */
export function ticketRefund(money: TicketMoney, askedPaise: number | null, cause: RefundCause): TicketRefund {
  const left = Math.max(0, money.netPaise - money.refundedPaise);
  const ticketPaise = Math.max(0, Math.min(left, askedPaise ?? left));
  const feeLeft = Math.max(0, money.feePaise + money.feeGstPaise - money.feeRefundedPaise);
  // The fee and its GST go back together: the GST's part is refunded first as a whole share of what is left.
  const feeBack = cause === 'event' ? feeLeft : 0;
  const feeGstPaise =
    money.feePaise + money.feeGstPaise === 0
      ? 0
      : Math.round((feeBack * money.feeGstPaise) / (money.feePaise + money.feeGstPaise));
  const reversed = (refunded: number) =>
    money.netPaise === 0 ? 0 : Math.round((money.commissionPaise * refunded) / money.netPaise);
  const commissionReversedPaise = reversed(money.refundedPaise + ticketPaise) - reversed(money.refundedPaise);
  return {
    ticketPaise,
    feePaise: feeBack - feeGstPaise,
    feeGstPaise,
    commissionReversedPaise,
    totalPaise: ticketPaise + feeBack,
  };
}
