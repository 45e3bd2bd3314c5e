// Gate check-in (issue 11; DESIGN.md section 5): the scan, the offline batch, the event's list.
import { z } from 'zod';
import { plainText } from './registration';

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

/** POST /api/admin/registrations/check-in */
export const checkInSchema = z.object({
  code: codeSchema,
  gate: gateSchema.optional(),
  /** The event the gate admits; a ticket for another event is refused. */
  eventId: z.number({ error: 'Event must be a number' }).int().positive().optional(),
});
export type CheckInInput = z.input<typeof checkInSchema>;

/** POST /api/admin/registrations/check-in/sync: scans judged on a device while offline. */
export const checkInSyncSchema = z.object({
  eventId: z.number({ error: 'Event must be a number' }).int().positive().optional(),
  /** When the device downloaded the list it judged with: a scan from before it is refused. */
  listedAt: z.iso.datetime({ error: 'listedAt must be an ISO date-time' }).optional(),
  scans: z
    .array(
      z.object({
        code: codeSchema,
        scannedAt: z.iso.datetime({ error: 'scannedAt must be an ISO date-time' }),
        gate: gateSchema,
      }),
    )
    .min(1, 'Nothing to sync')
    .max(500, 'At most 500 scans at a time'),
});
export type CheckInSyncInput = z.input<typeof checkInSyncSchema>;

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
  ticketName: string;
  quantity: number;
  status: string;
  paymentStatus: string;
  checkInTime: string | null;
  gate: string | null;
}

export interface CheckInListResponse {
  eventId: number;
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
  cancelled: 'This registration is cancelled',
  unpaid: 'This ticket is not paid',
  otherEvent: 'This ticket is for another event',
  notToday: 'This event is not today',
  future: 'The scan time is in the future',
  beforeList: 'The scan is older than the list it was judged with',
} as const;
