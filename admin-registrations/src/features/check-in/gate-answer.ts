// What the gate shows after a scan (issue 11), and the list of an order's attendees that a typed
// booking reference answers (decision 021): nobody is admitted until staff admit each one, by
// their own ticket number. Pure, so the page and the tests share it.
import type { AssignedWave, CheckInListEntry, KitItem, Registration } from '@tdk/api/contract';

/** One attendee of an order at the gate, from the server's answer or the device's list. */
export interface GateAttendee {
  registrationNumber: string;
  /** '' when the order's attendees were not recorded one by one (details missing). */
  name: string;
  ticketName: string;
  status: string;
  paymentStatus: string;
  checkInTime: string | null;
  gate: string | null;
  /** What admitting this attendee answered, once staff tried. */
  outcome?: { tone: 'green' | 'amber' | 'red'; message: string; offline?: boolean };
}

/** What the kit desk checks and hands over (decision 065): bib, T-shirt size, start wave (068), the ID to check. */
export interface KitDetails {
  bib: number | null;
  shirtSize: string;
  /** The runner's start wave and its start time (decision 068); null when the race has no waves. */
  wave: AssignedWave | null;
  dateOfBirth: string | null;
  items: KitItem[];
  collectorName: string | null;
}

export type ScanAnswer =
  | {
      tone: 'green';
      name: string;
      ticketName: string;
      registrationNumber: string;
      /** The check-in that stands: when, and by which gate. */
      checkInTime: string;
      gate: string | null;
      /** Judged on this device while offline: the server has not seen it yet. */
      offline: boolean;
      /** At kit collection, online: what to check and what was handed over. */
      kit?: KitDetails;
    }
  | { tone: 'amber'; message: string; name?: string }
  | { tone: 'red'; message: string }
  | {
      /** A typed booking reference of an order of several: choose whom to admit. */
      tone: 'choose';
      bookingReference: string;
      attendees: GateAttendee[];
      offline: boolean;
    };

export type OrderChoice = Extract<ScanAnswer, { tone: 'choose' }>;

export const fullName = (registration: Pick<Registration, 'participantInfo'>): string =>
  `${registration.participantInfo.firstName} ${registration.participantInfo.lastName}`.trim();

/** The server's `{ bookingReference, attendees }` as the list to choose from. */
export const choiceFromRegistrations = (bookingReference: string, attendees: readonly Registration[]): OrderChoice => ({
  tone: 'choose',
  bookingReference,
  offline: false,
  attendees: [...attendees]
    .sort((a, b) => a.position - b.position)
    .map((r) => ({
      registrationNumber: r.registrationNumber,
      name: fullName(r),
      ticketName: r.ticketName,
      status: r.status,
      paymentStatus: r.paymentStatus,
      checkInTime: r.checkInTime,
      gate: r.checkInGate,
    })),
});

/** The device's verdict on a booking reference, offline, as the same list. */
export const choiceFromEntries = (bookingReference: string, entries: readonly CheckInListEntry[]): OrderChoice => ({
  tone: 'choose',
  bookingReference,
  offline: true,
  attendees: entries.map((entry) => ({
    registrationNumber: entry.registrationNumber,
    name: entry.name,
    ticketName: entry.ticketName,
    status: entry.status,
    paymentStatus: entry.paymentStatus,
    checkInTime: entry.checkInTime,
    gate: entry.gate,
  })),
});

/**
 * Where an attendee of the list stands: in (with time and gate), not admissible (cancelled or not
 * paid: the order's payment), or waiting to be admitted.
 */
export function attendeeState(attendee: GateAttendee): 'in' | 'already' | 'refunded' | 'cancelled' | 'unpaid' | 'waiting' {
  if (attendee.checkInTime) return 'in';
  if (attendee.outcome?.tone === 'amber') return 'already';
  if (attendee.paymentStatus === 'Refunded') return 'refunded';
  if (attendee.status === 'Cancelled') return 'cancelled';
  if (attendee.paymentStatus !== 'Paid') return 'unpaid';
  return 'waiting';
}

/** The list once admitting `registrationNumber` was answered with `answer`. */
export function withOutcome(choice: OrderChoice, registrationNumber: string, answer: ScanAnswer): OrderChoice {
  return {
    ...choice,
    attendees: choice.attendees.map((attendee) => {
      if (attendee.registrationNumber !== registrationNumber) return attendee;
      switch (answer.tone) {
        case 'green':
          return {
            ...attendee,
            status: 'Checked-In',
            checkInTime: answer.checkInTime,
            gate: answer.gate,
            outcome: { tone: 'green', message: '', offline: answer.offline },
          };
        case 'amber':
        case 'red':
          return { ...attendee, outcome: { tone: answer.tone, message: answer.message } };
        default:
          // A ticket number never names an order: nothing to show for it.
          return attendee;
      }
    }),
  };
}

/**
 * What the gate shows once a sync answered: a scan this device admitted offline that the server
 * refused (a refunded ticket, another day) is not shown as admitted any more, but red with the
 * server's reason. `refused` maps ticket numbers to the reasons.
 */
export function refusedOnSync(shown: ScanAnswer | null, refused: ReadonlyMap<string, string>): ScanAnswer | null {
  const reason = (number: string) => refused.get(number) || 'Refused by the server';
  if (shown?.tone === 'green' && shown.offline && refused.has(shown.registrationNumber)) {
    return { tone: 'red', message: reason(shown.registrationNumber) };
  }
  if (shown?.tone === 'choose') {
    return {
      ...shown,
      attendees: shown.attendees.map((attendee) =>
        attendee.outcome?.offline && refused.has(attendee.registrationNumber)
          ? { ...attendee, checkInTime: null, gate: null, outcome: { tone: 'red', message: reason(attendee.registrationNumber) } }
          : attendee,
      ),
    };
  }
  return shown;
}
