import { z } from 'zod';
import type { WaitingListStatus } from './constants';
import { MAX_TICKETS_PER_LINE } from './checkout';
import { LANGUAGES } from './language';
import { buyerSchema } from './registration';
import { messageKey } from './validation-messages';

// The waiting list of a sold-out ticket type (decision 024), shared by the storefront's form, the
// API and the console.

/** POST /api/events/:id/waiting-list: who waits, for which ticket type, and for how many seats. */
export const joinWaitingListBodySchema = buyerSchema.extend({
  ticketId: z
    .number({ error: 'validation.waitingListTicket' })
    .int('validation.waitingListTicket')
    .positive('validation.waitingListTicket'),
  quantity: z
    .number({ error: messageKey('validation.waitingListQuantity', { max: MAX_TICKETS_PER_LINE }) })
    .int(messageKey('validation.waitingListQuantity', { max: MAX_TICKETS_PER_LINE }))
    .min(1, messageKey('validation.waitingListQuantity', { max: MAX_TICKETS_PER_LINE }))
    .max(MAX_TICKETS_PER_LINE, messageKey('validation.waitingListQuantity', { max: MAX_TICKETS_PER_LINE })),
  /** The entry's language: its e-mails are written in it. Anything else reads as English. */
  language: z.enum(LANGUAGES).optional().catch(undefined),
});
export type JoinWaitingListBody = z.input<typeof joinWaitingListBodySchema>;

/** The same answer for a new entry and a repeat (which updated the entry). */
/** POST /api/events/:id/waiting-list/confirm: the token of the link mailed to a new entry (issue 40). */
export const confirmWaitingListBodySchema = z.object({ token: z.string().trim().min(1).max(200) });

export interface JoinWaitingListResponse {
  ticketId: number;
  ticketName: string;
  quantity: number;
  /** 1 for the first in line; before the e-mail is confirmed, the place it would take now. */
  place: number;
  /**
   * Whether the e-mail is confirmed (issue 40). A new entry is not: it holds no place and is offered
   * nothing until the link mailed to it is opened (`POST /api/events/:id/waiting-list/confirm`).
   */
  confirmed: boolean;
}

/** GET /api/waiting-list/offers/:token: what the offer's link fills in at checkout. */
export interface WaitingListOfferResponse {
  eventId: number;
  ticketId: number;
  ticketName: string;
  quantity: number;
  name: string;
  email: string;
  phone: string;
  /** 'offered' while it may be used (until expiresAt); otherwise why not. */
  status: WaitingListStatus;
  expiresAt: string | null;
}

/** An offer token as a link carries it. */
export const offerTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid offer');

/** One entry as the console shows it. */
export interface WaitingListEntryView {
  id: number;
  /** Its place among those still waiting or offered (null once used, expired, removed). */
  place: number | null;
  name: string;
  /** Left out for a role that does not see contacts (decision 047). */
  email?: string;
  phone?: string;
  quantity: number;
  status: WaitingListStatus;
  joinedAt: string;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  orderId: string | null;
}

/** GET /api/admin/tickets/:id/waiting-list */
export interface WaitingListResponse {
  ticket: { id: number; name: string; eventId: number; eventName: string; available: number };
  /** Waiting and offered first (in order), then the ended ones, newest first. */
  entries: WaitingListEntryView[];
  /** "N people want M seats": those still waiting, who would buy if capacity were added. */
  waiting: { people: number; seats: number };
}

/** POST /api/admin/tickets/:id/waiting-list/:entryId/move */
export const moveWaitingListEntrySchema = z.object({ direction: z.enum(['up', 'down']) });
