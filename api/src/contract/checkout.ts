import { z } from 'zod';
import { ageSchema, plainText, registrationFormSchema } from './registration';
import { LANGUAGES } from './language';

// Checkout bodies of DESIGN.md section 5, shared by the API and the storefront.

export const MAX_TICKETS_PER_LINE = 10;
export const MAX_TICKET_LINES = 10;

// JSON numbers must be numbers: "0x3", true or [23] are refused, never coerced.
const positiveId = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`);

export const checkoutLineSchema = z.object({
  ticketId: positiveId('Ticket'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_TICKETS_PER_LINE, `At most ${MAX_TICKETS_PER_LINE} tickets of one type per order`),
});

/** POST /api/cashfree/create-order. */
export const createOrderBodySchema = z.object({
  eventId: positiveId('Event'),
  tickets: z
    .array(checkoutLineSchema, { error: 'validation.selectTicket' })
    .min(1, 'validation.selectTicket')
    .max(MAX_TICKET_LINES, `At most ${MAX_TICKET_LINES} ticket types per order`)
    .refine((lines) => new Set(lines.map((l) => l.ticketId)).size === lines.length, 'Each ticket type may appear once'),
  // The form's rules, with the age as the JSON number the form sends.
  participant: registrationFormSchema.extend({ age: ageSchema }),
  /** Rupees, as the browser showed them; checked against the server's own total. */
  orderAmount: z.number({ error: 'Order amount must be a number' }).min(0).optional(),
  orderNote: plainText().trim().max(200, 'Order note must be at most 200 characters').optional(),
  /** The buyer's language (decision 019): their e-mails, ticket and PDF are in it. Anything else reads as English. */
  language: z.enum(LANGUAGES).optional().catch(undefined),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

/**
 * What checkout tells the browser of a confirmed registration: its number and the signed link to
 * the attendee's ticket page, never the participant's personal data (the order id travels in
 * return URLs, so whoever holds it must learn nothing more).
 */
export interface IssuedTicket {
  registrationNumber: string;
  /** `/ticket/{registrationNumber}?t={token}`, on this site. */
  ticketUrl: string;
}

export interface CreateOrderResponse {
  orderId: string;
  /** Rupees. */
  orderAmount: number;
  /** null for a free order, which is confirmed at once (see `registration`). */
  payment_session_id: string | null;
  registration?: IssuedTicket;
}

export type CheckoutStatus = 'PAID' | 'PENDING' | 'FAILED' | 'EXPIRED';

export interface VerifyPaymentResponse {
  orderId: string;
  status: CheckoutStatus;
  registration?: IssuedTicket;
  /** Paid after the tickets were gone: staff will refund; no registration exists. */
  refundRequired?: boolean;
  message?: string;
}

/** POST /api/send-ticket-email and /api/send-payment-emails (SPEC.md section 7); only the number is trusted. */
export const resendEmailBodySchema = z
  .object({
    registrationNumber: z
      .string({ error: 'Registration number is required' })
      .trim()
      .min(1, 'Registration number is required')
      .max(64),
  })
  .passthrough();
