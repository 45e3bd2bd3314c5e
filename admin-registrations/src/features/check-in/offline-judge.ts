// A scan judged on the device while the network is down (issue 11): the same checks, in the same
// order, as the server's judgeCode (api/src/services/check-in.ts). The device cannot verify a
// signature without the server's key, so it trusts exactly the signed codes of the event's list:
// a code in the right shape that the list does not hold was not issued by us. A typed booking
// reference of an order of several attendees admits nobody: it lists them to admit one by one
// (decision 021), as the server answers.
import { CHECK_IN_REFUSALS, ticketCodeShape, type CheckInListEntry, type CheckInListResponse } from '@tdk/api/contract';

export interface CheckInIndex {
  eventId: number;
  eventDate: string;
  byCode: Map<string, CheckInListEntry>;
  byNumber: Map<string, CheckInListEntry>;
  /** Each order's attendees by its booking reference, in ticket-number order. */
  byReference: Map<string, CheckInListEntry[]>;
}

export type Verdict =
  | { kind: 'admit'; entry: CheckInListEntry }
  | { kind: 'duplicate'; entry: CheckInListEntry; checkInTime: string; gate: string | null }
  | { kind: 'refuse'; reason: string }
  | { kind: 'choose'; bookingReference: string; entries: CheckInListEntry[] };

/** Maps for constant-time lookups: a 20,000-ticket list is indexed once, not searched per scan. */
export function indexList(list: Pick<CheckInListResponse, 'eventId' | 'eventDate' | 'entries'>): CheckInIndex {
  const byCode = new Map<string, CheckInListEntry>();
  const byNumber = new Map<string, CheckInListEntry>();
  const byReference = new Map<string, CheckInListEntry[]>();
  for (const entry of list.entries) {
    byCode.set(entry.code, entry);
    byNumber.set(entry.registrationNumber, entry);
    // A list kept from before orders held attendees has no references.
    if (entry.bookingReference)
      byReference.set(entry.bookingReference, [...(byReference.get(entry.bookingReference) ?? []), entry]);
  }
  for (const order of byReference.values()) order.sort((a, b) => a.registrationNumber.localeCompare(b.registrationNumber));
  return { eventId: list.eventId, eventDate: list.eventDate, byCode, byNumber, byReference };
}

/** The list's entry a scanned or typed code names, if the list holds it. */
export function findEntry(index: CheckInIndex, code: string): CheckInListEntry | undefined {
  const shape = ticketCodeShape(code);
  if (shape.kind === 'malformed') return undefined;
  return shape.kind === 'signed' ? index.byCode.get(code.trim()) : index.byNumber.get(shape.registrationNumber);
}

/** The verdict for `code` scanned on India day `today` (YYYY-MM-DD). */
export function judgeLocally(index: CheckInIndex, code: string, today: string): Verdict {
  const shape = ticketCodeShape(code);
  if (shape.kind === 'malformed') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  if (shape.kind === 'signed' && shape.eventId !== index.eventId) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.otherEvent };
  const entry = findEntry(index, code);
  if (entry) return judgeEntry(index, entry, today);
  // Not a ticket number: a typed booking reference names its order's attendees.
  if (shape.kind === 'typed') {
    const order = index.byReference.get(shape.registrationNumber) ?? [];
    if (order.length === 1) return judgeEntry(index, order[0]!, today);
    if (order.length > 1) return { kind: 'choose', bookingReference: shape.registrationNumber, entries: order };
  }
  return { kind: 'refuse', reason: shape.kind === 'signed' ? CHECK_IN_REFUSALS.forged : CHECK_IN_REFUSALS.unknown };
}

/** The verdict for one attendee of the list. */
function judgeEntry(index: CheckInIndex, entry: CheckInListEntry, today: string): Verdict {
  if (entry.paymentStatus === 'Refunded') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.refunded };
  if (entry.status === 'Cancelled') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.cancelled };
  if (entry.paymentStatus !== 'Paid') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unpaid };
  if (entry.checkInTime) return { kind: 'duplicate', entry, checkInTime: entry.checkInTime, gate: entry.gate };
  if (index.eventDate !== today) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.notToday };
  return { kind: 'admit', entry };
}

/** The entry as it stands once this device admitted it, so a second scan here answers amber. */
export const admitted = (entry: CheckInListEntry, at: string, gate: string): CheckInListEntry => ({
  ...entry,
  status: 'Checked-In',
  checkInTime: at,
  gate,
});

/** Checked in against confirmed (paid and not cancelled), as the server counts them: one per entry, a person each. */
export function attendance(entries: readonly CheckInListEntry[]): { checkedIn: number; confirmed: number } {
  let checkedIn = 0;
  let confirmed = 0;
  for (const entry of entries) {
    if (entry.paymentStatus !== 'Paid' || entry.status === 'Cancelled') continue;
    confirmed += 1;
    if (entry.checkInTime) checkedIn += 1;
  }
  return { checkedIn, confirmed };
}

/** The offline queue as sync requests: one per event and list, at most `size` scans each. */
export function syncBatches<T extends { eventId: number; listedAt: string }>(queue: readonly T[], size = 500): T[][] {
  const groups = new Map<string, T[]>();
  for (const scan of queue) {
    const key = `${scan.eventId} ${scan.listedAt}`;
    groups.set(key, [...(groups.get(key) ?? []), scan]);
  }
  return [...groups.values()].flatMap((group) =>
    Array.from({ length: Math.ceil(group.length / size) }, (_, i) => group.slice(i * size, (i + 1) * size)),
  );
}
