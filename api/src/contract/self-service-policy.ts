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
}

/** Nothing is allowed until staff say so. */
export const NO_SELF_SERVICE: SelfServicePolicy = { cancel: null, transfer: null, changeDetails: null };

/** The stored policy (JSON, '{}' by default) with every part present. */
export const selfServiceOf = (stored: Partial<SelfServicePolicy> | null | undefined): SelfServicePolicy => ({
  cancel: stored?.cancel ?? null,
  transfer: stored?.transfer ?? null,
  changeDetails: stored?.changeDetails ?? null,
});
