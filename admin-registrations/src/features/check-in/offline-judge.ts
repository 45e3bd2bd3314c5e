// A scan judged on the device while the network is down (issue 11): the same checks, in the same
// order, as the server's judgeCode (api/src/services/check-in.ts). The device cannot verify a
// signature without the server's key, so it trusts exactly the signed codes of the event's list:
// a code in the right shape that the list does not hold was not issued by us, and from the camera
// nothing else admits (issue 28). A typed booking reference or ticket number admits nobody: it
// lists the booking's attendees to admit one by one (decision 021), as the server answers.
import {
  CHECK_IN_REFUSALS,
  ENTRY_LIST_ID,
  KIT_AUTHORISATION_REFUSALS,
  KIT_LIST_ID,
  kitAuthorisationShape,
  ticketCodeShape,
  type CheckInEntry,
  type CheckInListEntry,
  type CheckInListResponse,
} from '@tdk/api/contract';

/** How a code reached the gate: the camera, typed by staff, or an attendee staff chose from a list. */
export type GateEntry = CheckInEntry;

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

/** The attendees of the booking a typed ticket number or booking reference names, if the list holds it. */
function bookingOf(index: CheckInIndex, typed: string): { bookingReference: string; entries: CheckInListEntry[] } | undefined {
  const ticket = index.byNumber.get(typed);
  const reference = ticket ? ticket.bookingReference || ticket.registrationNumber : typed;
  const entries = index.byReference.get(reference) ?? (ticket ? [ticket] : []);
  return entries.length > 0 ? { bookingReference: reference, entries } : undefined;
}

/**
 * The verdict for `code` on India day `today` (YYYY-MM-DD), as the server's judgeCode gives it
 * (issue 28): from the camera ('scan') only a signed code of the list admits, a printed code or a
 * bare number is forged; a 'typed' booking reference or ticket number lists its booking to choose
 * from; 'chosen' is the attendee staff picked from that list, by ticket number.
 */
export function judgeLocally(
  index: CheckInIndex,
  code: string,
  today: string,
  entry: GateEntry = 'scan',
  list: string = ENTRY_LIST_ID,
): Verdict {
  // A kit authorisation (decision 069) is single-use: only the server can tell whether it was used.
  if (kitAuthorisationShape(code)) return { kind: 'refuse', reason: KIT_AUTHORISATION_REFUSALS.offline };
  const shape = ticketCodeShape(code);
  if (shape.kind === 'malformed') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  if (entry === 'scan' && shape.kind !== 'signed') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  if (shape.kind === 'signed' && shape.eventId !== index.eventId) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.otherEvent };
  if (entry === 'typed' && shape.kind === 'typed') {
    const booking = bookingOf(index, shape.registrationNumber);
    if (booking) return { kind: 'choose', ...booking };
    return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unknown };
  }
  const found = findEntry(index, code);
  if (found) return judgeEntry(index, found, today, list);
  return { kind: 'refuse', reason: shape.kind === 'signed' ? CHECK_IN_REFUSALS.forged : CHECK_IN_REFUSALS.unknown };
}

/** The verdict for one attendee of the list. */
function judgeEntry(index: CheckInIndex, entry: CheckInListEntry, today: string, list: string): Verdict {
  if (entry.paymentStatus === 'Refunded') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.refunded };
  if (entry.status === 'Cancelled') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.cancelled };
  if (entry.paymentStatus !== 'Paid') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unpaid };
  if (entry.checkInTime) return { kind: 'duplicate', entry, checkInTime: entry.checkInTime, gate: entry.gate };
  // Kits are handed out at the expo on the days before the race (decision 065); every other list on the day.
  if (list === KIT_LIST_ID) {
    if (today > index.eventDate) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.kitAfterEvent };
  } else if (index.eventDate !== today) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.notToday };
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
export function syncBatches<T extends { eventId: number; listedAt: string; list?: string }>(
  queue: readonly T[],
  size = 500,
): T[][] {
  const groups = new Map<string, T[]>();
  for (const scan of queue) {
    const key = `${scan.eventId} ${scan.list ?? ENTRY_LIST_ID} ${scan.listedAt}`;
    groups.set(key, [...(groups.get(key) ?? []), scan]);
  }
  return [...groups.values()].flatMap((group) =>
    Array.from({ length: Math.ceil(group.length / size) }, (_, i) => group.slice(i * size, (i + 1) * size)),
  );
}
