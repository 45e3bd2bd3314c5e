// Gate check-in (issue 11; DESIGN.md section 5): the scan, the offline batch, the event's list.
import { z } from 'zod';
import { TICKET_CODE_PREFIX } from './constants';
import { checkInListIdSchema, kitItemsSchema } from './check-in-lists';
import { plainText } from './registration';
import type { Registration } from './types';

const SIGNED_CODE = new RegExp(`^${TICKET_CODE_PREFIX}-([A-Z0-9]+)-(\\d+)-([A-Za-z0-9_-]{10})$`);
const PRINTED_CODE = new RegExp(`^${TICKET_CODE_PREFIX}-([A-Z0-9]+)-\\d+$`);

export type TicketCodeShape =
  | { kind: 'signed'; registrationNumber: string; eventId: number; unsigned: string; signature: string }
  | { kind: 'malformed' }
  | { kind: 'typed'; registrationNumber: string };

/**
 * What a scanned or typed code looks like, before anyone checks its signature: the full QR value
 * (`TDK-{number}-{event}-{signature}`), or what staff type off a ticket (the printed
 * `TDK-{number}-{event}` or the bare registration number). Anything else that starts with the
 * prefix is malformed. The server verifies the signature; a device offline finds the code in the
 * event's list, which holds every signed code of the event.
 */
export function ticketCodeShape(code: string): TicketCodeShape {
  const value = code.trim();
  // The signature is base64url and may itself hold '-' or '_': read it as all that follows.
  const signed = SIGNED_CODE.exec(value);
  if (signed) {
    const [, registrationNumber, event, signature] = signed as unknown as [string, string, string, string];
    return {
      kind: 'signed',
      registrationNumber,
      eventId: Number(event),
      unsigned: `${TICKET_CODE_PREFIX}-${registrationNumber}-${event}`,
      signature,
    };
  }
  if (value.startsWith(`${TICKET_CODE_PREFIX}-`) && value.split('-').length > 3) return { kind: 'malformed' };
  const printed = PRINTED_CODE.exec(value);
  if (printed) return { kind: 'typed', registrationNumber: printed[1]! };
  return { kind: 'typed', registrationNumber: value.toUpperCase() };
}

/** A device name as staff type it: letters, digits and simple punctuation, never markup. */
export const gateSchema = plainText()
  .trim()
  .min(1, 'Gate name is required')
  .max(40, 'Gate name must be at most 40 characters')
  .regex(/^[\p{L}\p{N} .,'()#/_-]+$/u, "Gate name may contain letters, digits, spaces and . , ' ( ) # / _ -");

const codeSchema = z
  .string({ error: 'Ticket code is required' })
  .trim()
  .min(1, 'Ticket code is required')
  .max(100, 'This is not a ticket code');

/**
 * How a code reached the gate (issue 28): 'scan' from the camera admits only a signed QR value (a
 * printed code or a bare number is refused as forged); 'typed' by staff, a booking reference or a
 * ticket number, lists that booking's attendees and admits nobody; 'chosen', one attendee of that
 * list admitted by staff, audited as a manual admission.
 */
export const CHECK_IN_ENTRIES = ['scan', 'typed', 'chosen'] as const;
export type CheckInEntry = (typeof CHECK_IN_ENTRIES)[number];
const entrySchema = z.enum(CHECK_IN_ENTRIES, { error: 'Entry must be scan, typed or chosen' });

/** POST /api/admin/registrations/check-in */
export const checkInSchema = z.object({
  code: codeSchema,
  /** Absent means a camera scan: the strictest. */
  entry: entrySchema.optional(),
  gate: gateSchema.optional(),
  /** The event the gate admits; a ticket for another event is refused. */
  eventId: z.number({ error: 'Event must be a number' }).int().positive().optional(),
  /** The list admitted to (decision 065): 'entry' by default, 'kit', or an organiser's list's id. */
  list: checkInListIdSchema.optional(),
  /** At kit collection: what was handed over. */
  items: kitItemsSchema.optional(),
});
export type CheckInInput = z.input<typeof checkInSchema>;

/** POST /api/admin/registrations/check-in/sync: scans judged on a device while offline. */
export const checkInSyncSchema = z.object({
  eventId: z.number({ error: 'Event must be a number' }).int().positive().optional(),
  /** When the device downloaded the list it judged with: a scan from before it is refused. */
  listedAt: z.iso.datetime({ error: 'listedAt must be an ISO date-time' }).optional(),
  /** The list the device judged for (decision 065): 'entry' by default. */
  list: checkInListIdSchema.optional(),
  scans: z
    .array(
      z.object({
        code: codeSchema,
        scannedAt: z.iso.datetime({ error: 'scannedAt must be an ISO date-time' }),
        gate: gateSchema,
        /** 'chosen' when staff admitted the attendee from a typed booking's list; a scan otherwise. */
        entry: z.enum(['scan', 'chosen'], { error: 'Entry must be scan or chosen' }).optional(),
      }),
    )
    .min(1, 'Nothing to sync')
    .max(500, 'At most 500 scans at a time'),
});
export type CheckInSyncInput = z.input<typeof checkInSyncSchema>;

/**
 * POST /api/admin/registrations/check-in answers 200 `{ registration }` for the attendee it
 * admitted, or, for a typed booking reference or ticket number (or an old group ticket's QR), 200
 * with the booking's attendees to admit one by one (nothing is admitted).
 */
export type CheckInResponse = { registration: Registration } | { bookingReference: string; attendees: Registration[] };

export type CheckInOutcome = 'checked-in' | 'duplicate' | 'refused';

export interface CheckInResult {
  code: string;
  outcome: CheckInOutcome;
  /** The first (standing) check-in's time and gate, for checked-in and duplicate. */
  checkInTime: string | null;
  gate: string | null;
  reason?: string;
}

export interface CheckInSyncResponse {
  results: CheckInResult[];
}

/** One line of the event's check-in list, as a device keeps it for offline judging. */
export interface CheckInListEntry {
  code: string;
  registrationNumber: string;
  name: string;
  /** The order's booking reference: typed at the gate, it lists the order's attendees. */
  bookingReference: string;
  ticketName: string;
  status: string;
  paymentStatus: string;
  checkInTime: string | null;
  gate: string | null;
}

export interface CheckInListResponse {
  eventId: number;
  /** The check-in list it is for (decision 065): 'entry', 'kit' or an organiser's list's id. */
  list?: string;
  eventTitle: string;
  /** The event's India day (YYYY-MM-DD): a device offline refuses tickets on any other day. */
  eventDate: string;
  generatedAt: string;
  entries: CheckInListEntry[];
  /** Checked in against confirmed, for the live count. */
  checkedIn: number;
  confirmed: number;
}

/** Why a code is refused at the gate; the words the screen shows in red. */
export const CHECK_IN_REFUSALS = {
  forged: 'This ticket was not issued by us',
  unknown: 'No ticket with this code',
  transferred: 'This ticket was transferred to another person: its old code no longer admits',
  group: "This booking holds several tickets: scan each attendee's own QR",
  cancelled: 'This registration is cancelled',
  refunded: 'This ticket was refunded',
  unpaid: 'This ticket is not paid',
  otherEvent: 'This ticket is for another event',
  notToday: 'This event is not today',
  notOnList: 'This ticket is not on this list',
  kitAfterEvent: 'Kit collection has closed: the event is over',
  noSuchList: 'This event has no such check-in list',
  future: 'The scan time is in the future',
  beforeList: 'The scan is older than the list it was judged with',
  stale: 'The scan is more than a day old',
} as const;

/** '6:42 pm, 13 Dec' in India's time (when a ticket was first checked in, a sign-in, …). */
export const formatIndiaTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: 'numeric',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso));

/** The amber answer at the gate, the same from the server and from a device offline. */
export const alreadyCheckedInMessage = (checkInTime: string, gate: string | null): string =>
  `Already checked in at ${formatIndiaTime(checkInTime)}${gate ? ` by ${gate}` : ''}`;
