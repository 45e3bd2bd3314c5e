// The self-service policy's shape and its reading, zod-free: the event page states it on its
// first screen (issue 26's first-load budget); my-bookings.ts re-exports them with its schemas.

/**
 * What buyers may do themselves after the sale, per event; null (or absent when stored) is not
 * allowed. Each is allowed until its time before the event's start (its date and time in India).
 */
export interface SelfServicePolicy {
  /** Cancel until `daysBefore` whole days before the start, the platform keeping `feePercent` of the price. */
  cancel: { daysBefore: number; feePercent: number } | null;
  /** Transfer a ticket to another person until `hoursBefore` hours before the start. */
  transfer: { hoursBefore: number } | null;
  /** Change an attendee's details until `hoursBefore` hours before the start. */
  changeDetails: { hoursBefore: number } | null;
  /**
   * Decision 071: moving an attendee to another race (ticket type) of the event, and deferring them
   * to the organiser's next edition as a credit, until `until` (India time, YYYY-MM-DDTHH:mm), each
   * change costing `feePaise`.
   */
  raceChange?: RaceChangePolicy | null;
}

export interface RaceChangePolicy {
  swap: boolean;
  defer: boolean;
  /** The last moment, India time: `YYYY-MM-DDTHH:mm`. */
  until: string;
  /** The fee per change, in paise. */
  feePaise: number;
}

/** Nothing is allowed until staff say so. */
export const NO_SELF_SERVICE: SelfServicePolicy = { cancel: null, transfer: null, changeDetails: null, raceChange: null };

/** The stored policy (JSON, '{}' by default) with every part present. */
export const selfServiceOf = (stored: Partial<SelfServicePolicy> | null | undefined): SelfServicePolicy => ({
  cancel: stored?.cancel ?? null,
  transfer: stored?.transfer ?? null,
  changeDetails: stored?.changeDetails ?? null,
  raceChange: stored?.raceChange ?? null,
});

/**
 * What moving from a race paid `paidPaise` to one priced `pricePaise` costs (decision 071): a dearer
 * (or equal) race is paid for, difference plus the fee; a cheaper one gives back the difference less
 * the fee, never below zero (the fee is never charged on top of a cheaper race).
 */
export function raceSwapTerms(
  paidPaise: number,
  pricePaise: number,
  feePaise: number,
): { payPaise: number; refundPaise: number } {
  if (pricePaise < paidPaise) return { payPaise: 0, refundPaise: Math.max(0, paidPaise - pricePaise - feePaise) };
  return { payPaise: pricePaise - paidPaise + feePaise, refundPaise: 0 };
}

/** A deferral's credit: what was paid for the attendee less the fee, never below zero. */
export const deferralCreditPaise = (paidPaise: number, feePaise: number) => Math.max(0, paidPaise - feePaise);
