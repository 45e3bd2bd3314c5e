// What the console says of an entry's offer (decision 024): pure, so its words are tested alone.
import type { WaitingListEntryView } from '@tdk/api/contract';
import { formatDateTime } from '@tdk/shared-ui';

export type OfferTone = 'grey' | 'blue' | 'green' | 'yellow' | 'red';

/** 'Waiting', 'Offered until 2 Mar 2026, 1:30 am', 'Expired', 'Used (order …)', 'Removed', 'Ended'. */
export function offerState(entry: Pick<WaitingListEntryView, 'status' | 'offerExpiresAt' | 'orderId'>): {
  label: string;
  tone: OfferTone;
} {
  switch (entry.status) {
    case 'waiting':
      return { label: 'Waiting', tone: 'grey' };
    case 'offered':
      return { label: `Offered until ${entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt) : '—'}`, tone: 'blue' };
    case 'used':
      return { label: entry.orderId ? `Used (order ${entry.orderId})` : 'Used', tone: 'green' };
    case 'expired':
      return { label: 'Expired', tone: 'yellow' };
    case 'removed':
      return { label: 'Removed', tone: 'red' };
    case 'ended':
      return { label: 'Ended', tone: 'grey' };
  }
}

/** "3 people want 5 seats": who would buy if capacity were added. */
export function demandLine(waiting: { people: number; seats: number }): string {
  if (waiting.people === 0) return 'Nobody is waiting';
  return `${waiting.people} ${waiting.people === 1 ? 'person wants' : 'people want'} ${waiting.seats} ${waiting.seats === 1 ? 'seat' : 'seats'}`;
}
