// The waiting room of a sell-out on-sale (issue 29, decision 032): the settings staff give an
// event's room, what the console shows of it, and what a waiting browser reads.
import { z } from 'zod';
import { eventInputSchema } from './catalogue';

export const WAITING_ROOM_LIMITS = {
  rateMax: 100_000,
  finishMinutesMax: 60,
  capMax: 25,
  browsersPerAddressMax: 1_000,
} as const;

export const WAITING_ROOM_DEFAULTS = {
  ratePerMinute: 100,
  finishMinutes: 10,
  capPerEmail: 4,
  capPerPhone: 4,
  browsersPerAddress: 10,
} as const;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-IN')}`);

/** PUT /api/admin/events/:id/waiting-room: the room's settings (the rate may change while it runs). */
export const waitingRoomSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Choose whether the waiting room is on' }),
  /** The on-sale day and time, India time, as the event's own date and time are written. */
  onSaleDate: eventInputSchema.shape.date,
  onSaleTime: eventInputSchema.shape.time,
  ratePerMinute: whole('The admission rate', 1, WAITING_ROOM_LIMITS.rateMax),
  finishMinutes: whole('The time to finish', 1, WAITING_ROOM_LIMITS.finishMinutesMax),
  capPerEmail: whole('Tickets per buyer e-mail', 1, WAITING_ROOM_LIMITS.capMax),
  capPerPhone: whole('Tickets per phone', 1, WAITING_ROOM_LIMITS.capMax),
  browsersPerAddress: whole('Browsers per address', 1, WAITING_ROOM_LIMITS.browsersPerAddressMax),
});
export type WaitingRoomSettingsInput = z.input<typeof waitingRoomSettingsSchema>;

/**
 * Where a room stands: off; before its on-sale (the pre-queue); open (admitting at its rate);
 * paused by staff; sold out for now (every seat sold or held: a seat back from a lapsed hold goes to
 * the front of the line); closed (every seat sold, the queue ended).
 */
export type WaitingRoomState = 'off' | 'before' | 'open' | 'paused' | 'sold_out' | 'closed';

export interface WaitingRoomSettings {
  enabled: boolean;
  onSaleDate: string;
  onSaleTime: string;
  /** UTC ISO. */
  onSaleAt: string;
  ratePerMinute: number;
  finishMinutes: number;
  capPerEmail: number;
  capPerPhone: number;
  browsersPerAddress: number;
}

/** The live figures of a room, as the console shows them. */
export interface WaitingRoomFigures {
  state: WaitingRoomState;
  paused: boolean;
  /** Browsers in the pre-queue (before the shuffle) or in line not yet admitted. */
  waiting: number;
  /** Admitted, entry token not used yet. */
  admitted: number;
  /** Ordering (an unpaid order holds their seats). */
  inCheckout: number;
  /** Admitted browsers that bought. */
  bought: number;
  /** Entry tokens that lapsed unused: their turn passed on. */
  expired: number;
  /** Seats sold for the event. */
  sold: number;
  seatsLeft: number;
  openedAt: string | null;
  /** The recorded seed of the pre-queue's shuffle (audit). */
  shuffleSeed: string | null;
  preQueueCount: number;
  soldOutAt: string | null;
  closedAt: string | null;
}

export interface WaitingRoomAuditEntry {
  id: number;
  at: string;
  action: string;
  actorEmail: string;
  detail: Record<string, unknown> | null;
}

/** GET /api/admin/events/:id/waiting-room; null settings when the event never had a room. */
export interface AdminWaitingRoomResponse {
  eventId: number;
  settings: WaitingRoomSettings | null;
  figures: WaitingRoomFigures | null;
  audit: WaitingRoomAuditEntry[];
}

/** What a browser's place is now. */
export type QueuePlaceStatus = 'none' | 'waiting' | 'admitted' | 'in_checkout' | 'bought' | 'expired';

/** GET and POST /api/events/:id/queue: the room as this browser sees it, from a cached snapshot. */
export interface QueueStatusResponse {
  eventId: number;
  state: WaitingRoomState;
  /** UTC ISO. */
  onSaleAt: string | null;
  /** This browser's place. */
  place: QueuePlaceStatus;
  /** 1 for the next to be admitted; null before the shuffle or once admitted. */
  position: number | null;
  /** People ahead in line (position - 1). */
  ahead: number | null;
  /** Browsers in the pre-queue (before the on-sale) or in line. */
  inLine: number;
  /** At the current rate; null before the on-sale, while paused or once admitted. */
  estimatedWaitMinutes: number | null;
  ratePerMinute: number;
  seatsLeft: number;
  /** The entry token, for this browser only, once admitted; create-order wants it. */
  entryToken: string | null;
  /** UTC ISO: when the entry token lapses. */
  entryExpiresAt: string | null;
  /** When to ask again, in milliseconds (the client adds its own jitter). */
  retryAfterMs: number;
}
