import { z } from 'zod';
import { attendeeDetailsSchema, buyerSchema, plainText } from './registration';
import { LANGUAGES } from './language';
import { gstinProblem } from './gst';
import { messageKey } from './validation-messages';
import { guardianSchema } from './personal-data';
import { buyerPromoCodeSchema, type QuotePromo } from './promo-codes';

// Checkout bodies of DESIGN.md section 5, shared by the API and the storefront.

import { MAX_ATTENDEES_PER_ORDER, MAX_TICKET_LINES } from './order-limits';

export { MAX_ATTENDEES_PER_ORDER, MAX_TICKET_LINES, MAX_TICKETS_PER_LINE } from './order-limits';

// JSON numbers must be numbers: "0x3", true or [23] are refused, never coerced.
const positiveId = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`);

/** The answer to one of an event's questions: text, a number, a yes/no, or the choices ticked. */
export const answerValueSchema = z.union([
  plainText().max(2000, 'Answer must be at most 2000 characters'),
  z.number(),
  z.boolean(),
  z.array(plainText().max(200)).max(50),
]);

/** One attendee of an order: their ticket type, details, answers and team (members of a team entry share both). */
export const checkoutAttendeeSchema = z.object({
  ticketId: positiveId('Ticket'),
  participant: attendeeDetailsSchema,
  answers: z.record(z.string().max(40), answerValueSchema).optional(),
  team: plainText().trim().min(1, 'Team name is required').max(100, 'Team name must be at most 100 characters').optional(),
  /** Required of an attendee under 18 on the event day (decision 030); ignored for an adult. */
  guardian: guardianSchema.optional(),
});
export type CheckoutAttendee = z.output<typeof checkoutAttendeeSchema>;
export type CheckoutAttendeeInput = z.input<typeof checkoutAttendeeSchema>;

/**
 * A business buying (decision 031): its GSTIN (format and check character validated) and name,
 * printed on the tax invoice so it can claim input tax credit. Optional; both or neither.
 */
export const buyerBusinessSchema = z.object({
  gstin: z
    .string({ error: 'validation.gstinInvalid' })
    .trim()
    .toUpperCase()
    .refine((gstin) => !['format', 'state'].includes(gstinProblem(gstin) ?? ''), {
      error: 'validation.gstinInvalid',
      abort: true,
    })
    .refine((gstin) => gstinProblem(gstin) !== 'checkDigit', 'validation.gstinCheckDigit'),
  name: plainText().trim().min(1, 'validation.businessNameRequired').max(120, 'validation.businessNameRequired'),
  address: plainText()
    .trim()
    .max(300, messageKey('validation.maxChars', { max: 300 }))
    .optional(),
});

/** POST /api/cashfree/create-order (DESIGN.md section 5): the buyer once, then one attendee per ticket. */
export const createOrderBodySchema = z.object({
  eventId: positiveId('Event'),
  buyer: buyerSchema,
  business: buyerBusinessSchema.optional(),
  /**
   * The version of the privacy notice the buyer read and ticked (GET /api/config's privacyNotice):
   * their consent, for themselves and each attendee (decision 030). A notice changed since is refused.
   */
  privacyNoticeVersion: z
    .number({ error: 'validation.privacyConsentRequired' })
    .int('validation.privacyConsentRequired')
    .positive('validation.privacyConsentRequired'),
  /**
   * The event's organisation's part of that version (the public event answer's
   * organiser.noticeVersion, decision 061). Left out or changed since: refused as a changed notice.
   */
  organiserNoticeVersion: z.number().int().positive().optional(),
  attendees: z
    .array(checkoutAttendeeSchema, { error: 'validation.selectTicket' })
    .min(1, 'validation.selectTicket')
    .max(MAX_ATTENDEES_PER_ORDER, `At most ${MAX_ATTENDEES_PER_ORDER} tickets per order`)
    .refine((attendees) => new Set(attendees.map((a) => a.ticketId)).size <= MAX_TICKET_LINES, {
      error: `At most ${MAX_TICKET_LINES} ticket types per order`,
    }),
  /** Rupees, as the browser showed them; checked against the server's own total. */
  orderAmount: z.number({ error: 'Order amount must be a number' }).min(0).optional(),
  orderNote: plainText().trim().max(200, 'Order note must be at most 200 characters').optional(),
  /** The buyer's language (decision 019): their e-mails, ticket and PDF are in it. Anything else reads as English. */
  language: z.enum(LANGUAGES).optional().catch(undefined),
  /** A waiting-list offer's token (decision 024): the order takes over the seats it holds. */
  offerToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid waiting-list offer')
    .optional(),
  /** A queued sale's entry token (decision 032): the waiting room gave it to this browser. */
  entryToken: z.string().max(120, 'Invalid entry token').optional(),
  /** A promo code of the event (decision 033), matched case-insensitively; refused (fields.promoCode) when it does not apply. */
  promoCode: buyerPromoCodeSchema,
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
  /** Whether a confirmation e-mail is on its way to the buyer (Settings' Email Notifications): the storefront says so only then. */
  confirmationEmail: boolean;
}

export interface CreateOrderResponse {
  orderId: string;
  /** Rupees. */
  orderAmount: number;
  /** null for a free order, which is confirmed at once (see `registration`). */
  payment_session_id: string | null;
  registration?: IssuedTicket;
  /**
   * A free order waits for its buyer to confirm their e-mail address (decision 027): a link was
   * sent to it; until it is followed the order is a hold that lapses like any unpaid one.
   */
  confirmationPending?: { email: string; holdExpiresAt: string };
}

/** POST /api/cashfree/confirm-email/:orderId: the token from the link e-mailed for a free order. */
export const confirmEmailBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This confirmation link is not valid'),
});

/** What confirming a free order answers: the registration, and the address it was confirmed for. */
export interface ConfirmEmailResponse {
  orderId: string;
  status: 'PAID';
  registration: IssuedTicket;
  email: string;
}

export type CheckoutStatus = 'PAID' | 'PENDING' | 'FAILED' | 'EXPIRED';

export interface VerifyPaymentResponse {
  orderId: string;
  status: CheckoutStatus;
  registration?: IssuedTicket;
  /** Paid after the tickets were gone: staff will refund; no registration exists. */
  refundRequired?: boolean;
  message?: string;
  /** FAILED: the provider's reason for the last refused payment, in its words, when it gave one. */
  reason?: string;
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

/** POST /api/orders/quote (decision 031): what the Booking Summary shows, priced by the server. */
export const orderQuoteBodySchema = z.object({
  eventId: positiveId('Event'),
  attendees: z
    .array(
      z.object({
        ticketId: positiveId('Ticket'),
        team: plainText().trim().max(100, 'Team name must be at most 100 characters').optional(),
      }),
      { error: 'validation.selectTicket' },
    )
    .min(1, 'validation.selectTicket')
    .max(MAX_ATTENDEES_PER_ORDER, `At most ${MAX_ATTENDEES_PER_ORDER} tickets per order`),
  /** A promo code (decision 033): the quote prices with it when it applies, and says why not when it does not. */
  promoCode: buyerPromoCodeSchema,
  /** The buyer's e-mail when known: the code's limit per e-mail is checked for it. */
  buyerEmail: z.string().trim().max(254).optional().catch(undefined),
});
export type OrderQuoteBody = z.input<typeof orderQuoteBodySchema>;

/** One ticket type of a priced order: each step in paise, summed over its attendees. */
export interface PricedLineView {
  ticketId: number;
  ticketName: string;
  quantity: number;
  unitPricePaise: number;
  grossPaise: number;
  groupDiscountPaise: number;
  promoDiscountPaise: number;
  netPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Percent; 0 when no GST is charged. */
  gstRate: number;
  /** Attendees exempt as admissions to a recognised sporting event at ₹500 or less. */
  exemptQuantity: number;
}

export interface OrderQuoteResponse {
  lines: PricedLineView[];
  /** 'none': the organiser charges no GST; 'intra': CGST + SGST (or UTGST); 'inter': IGST. */
  taxMode: 'none' | 'intra' | 'inter';
  placeOfSupply: { code: string; name: string } | null;
  localTaxLabel: 'SGST' | 'UTGST';
  groupDiscounts: { id: number; percent: number; minQuantity: number; discountPaise: number }[];
  /**
   * The promo code sent (decision 033): applied with what it took off, or why not. The API always
   * answers it (null when no code was sent); optional so that a quote from before codes still reads.
   */
  promo?: QuotePromo | null;
  totals: {
    grossPaise: number;
    discountPaise: number;
    netPaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    taxPaise: number;
    /** The fees' lines summed (fee + its GST); 0 without a convenience fee (decision 060). Optional: a quote from before fees still reads. */
    feesPaise?: number;
    /** What the buyer pays: netPaise + feesPaise. */
    payablePaise?: number;
  };
  /**
   * The platform's fees on the order (issue 42, decision 060; DESIGN.md §3 "money"), each its own line
   * of the Booking Summary: the convenience fee on `quantity` tickets and its 18 percent GST on top.
   * Empty when the event charges none (or every ticket is free). Optional: a quote from before fees still reads.
   */
  fees?: QuoteFeeLine[];
  /** Rupees, as create-order's orderAmount expects it back: the tickets plus the fees. */
  orderAmount: number;
}

/** A fee line of a quote or an order (decision 060). */
export interface QuoteFeeLine {
  kind: 'convenience';
  /** The tickets it is charged on (free tickets pay none). */
  quantity: number;
  feePaise: number;
  gstRate: number;
  gstPaise: number;
  /** feePaise + gstPaise. */
  totalPaise: number;
}
