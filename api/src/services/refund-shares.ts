// A refund's amount shared among its attendees (decision 022): used by refunds and their credit notes (decision 031).
import type { registrations } from '../db/schema';

type RegistrationRow = typeof registrations.$inferSelect;

/**
 * A refund's amount shared among the attendees it covers, in proportion to their prices, to the
 * paisa (the first take the odd paise; equally when their tickets were free). Each attendee's
 * `refunded_paise` holds their shares, so revenue is paid less refunded, attendee by attendee.
 */
export function refundShares(amountPaise: number, attendees: Pick<RegistrationRow, 'id' | 'amountPaise'>[]): Map<number, number> {
  const shares = new Map<number, number>();
  if (attendees.length === 0) return shares;
  const total = attendees.reduce((n, a) => n + a.amountPaise, 0);
  let given = 0;
  for (const a of attendees) {
    const share = total === 0 ? Math.floor(amountPaise / attendees.length) : Math.floor((amountPaise * a.amountPaise) / total);
    shares.set(a.id, share);
    given += share;
  }
  for (let i = 0; given < amountPaise; i = (i + 1) % attendees.length, given++) {
    const id = attendees[i]!.id;
    shares.set(id, shares.get(id)! + 1);
  }
  return shares;
}
