// Promo codes (issue 25, decision 033): the console's form and the API's check (one schema, English
// messages: the console stays English), what the console reads of a code, and the words a buyer
// reads when a code is refused (keys of the validation catalogue, in en, hi and mr).
import { z } from 'zod';
import { messageKey } from './validation-messages';

export const PROMO_KINDS = ['percent', 'amount', 'price'] as const;
export type PromoCodeKind = (typeof PROMO_KINDS)[number];

/** 3 to 32 letters, digits, '-' or '_'. Matched case-insensitively; unique per event case-insensitively. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
/** The form a code is matched and kept unique in: 'early-Bird' and 'EARLY-BIRD' are one code. */
export const promoCodeKey = (code: string): string => code.trim().toUpperCase();

/** The most rupees a code may take off or set a ticket to: a ticket's highest price. */
export const PROMO_MAX_RUPEES = 10_00_000;
export const PROMO_MAX_USES = 1_000_000;

/** India wall-clock date and time, as `<input type="datetime-local">` writes it: '2026-12-01T18:30'. */
export const INDIA_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
const IST_OFFSET_MS = 330 * 60_000;

/** The instant (UTC ISO) of an India date-time '2026-12-01T18:30'; null when it is no real date. */
export function indiaDateTimeToIso(value: string): string | null {
  if (!INDIA_DATE_TIME_PATTERN.test(value)) return null;
  const [date = '', time = ''] = value.split('T');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(utc).toISOString().slice(0, 10) !== date) return null;
  return new Date(utc - IST_OFFSET_MS).toISOString();
}

/** An instant as India's date-time '2026-12-01T18:30' (what the form shows back). */
export const isoToIndiaDateTime = (iso: string): string => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);

const indiaDateTime = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .refine(
      (value) => value === '' || indiaDateTimeToIso(value) !== null,
      `${label} must be a real date and time, like 2026-12-01T18:30`,
    )
    .nullable()
    .optional()
    .transform((value) => value || null);

const countOrNull = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1 (leave it empty for no limit)`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-IN')}`)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/**
 * POST /api/admin/events/:id/promo-codes and PUT …/:codeId. `value` is a whole percentage (1 to 100)
 * for 'percent', and rupees (paise allowed, as a ticket's price) for 'amount' (off each ticket, more
 * than 0) and 'price' (each ticket's price with the code, 0 for free). Validity is India time; both
 * ends optional. Limits left empty are unlimited. `reservedSeats` (a sponsor's block) needs exactly
 * one ticket type: those seats are kept out of its general sale until the code's holders take them.
 */
export const promoCodeInputSchema = z
  .object({
    code: z
      .string({ error: 'Code is required' })
      .trim()
      .min(1, { error: 'Code is required', abort: true })
      .regex(PROMO_CODE_PATTERN, 'Code must be 3 to 32 letters, digits, - or _'),
    kind: z.enum(PROMO_KINDS, { error: 'Choose a percentage, an amount off or a set price' }),
    value: z.number({ error: 'Value must be a number' }).min(0, 'Value cannot be negative'),
    /** Empty: every ticket type of the event. */
    ticketTypeIds: z.array(z.number().int().positive(), { error: 'Choose ticket types' }).max(50).default([]),
    /** India date-time '2026-12-01T18:30', or null / '' for no start. */
    validFrom: indiaDateTime('Valid from'),
    /** India date-time, or null / '' for no end. */
    validUntil: indiaDateTime('Valid until'),
    /** Tickets the code may discount in all (a use is one ticket); null: no limit. */
    maxUses: countOrNull('Total uses', PROMO_MAX_USES),
    /** Tickets one buyer e-mail may take with the code; null: no limit. */
    maxUsesPerEmail: countOrNull('Uses per buyer e-mail', PROMO_MAX_USES),
    /** Seats of its one ticket type kept for the code's holders; null: none. */
    reservedSeats: countOrNull('Reserved seats', PROMO_MAX_USES),
    active: z.boolean({ error: 'Active must be yes or no' }).default(true),
  })
  .superRefine((input, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.kind === 'percent') {
      if (!Number.isInteger(input.value) || input.value < 1 || input.value > 100)
        fail('value', 'Discount must be a whole percentage between 1 and 100 %');
    } else {
      if (Math.round(input.value * 100) !== Number((input.value * 100).toFixed(6)))
        fail('value', 'Value must be in rupees and paise (at most 2 decimals)');
      else if (input.value > PROMO_MAX_RUPEES) fail('value', 'Value is too high');
      else if (input.kind === 'amount' && input.value <= 0) fail('value', 'Amount off must be more than ₹0');
    }
    if (input.validFrom && input.validUntil && input.validUntil <= input.validFrom)
      fail('validUntil', 'Valid until must be after valid from');
    if (input.maxUses !== null && input.maxUsesPerEmail !== null && input.maxUsesPerEmail > input.maxUses)
      fail('maxUsesPerEmail', 'Uses per buyer e-mail cannot be more than the total uses');
    if (input.reservedSeats !== null) {
      if (new Set(input.ticketTypeIds).size !== 1) fail('reservedSeats', 'Reserved seats need exactly one ticket type');
      if (input.maxUses !== null && input.reservedSeats > input.maxUses)
        fail('reservedSeats', 'Reserved seats cannot be more than the total uses');
    }
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;
export type PromoCodeValues = z.output<typeof promoCodeInputSchema>;

/** Where a code stands now, as the console shows it. */
export type PromoCodeStatus = 'active' | 'disabled' | 'scheduled' | 'expired' | 'used_up';

/** A code as the console reads it (GET /api/admin/events/:id/promo-codes). */
export interface PromoCode {
  id: number;
  eventId: number;
  /** As staff typed it; matched case-insensitively. */
  code: string;
  kind: PromoCodeKind;
  /** Percent for 'percent'; rupees for 'amount' and 'price' (as sent). */
  value: number;
  /** Empty: every ticket type of the event. */
  ticketTypeIds: number[];
  /** India date-time '2026-12-01T18:30' or null (as the form sends it). */
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  reservedSeats: number | null;
  active: boolean;
  status: PromoCodeStatus;
  /** Tickets of paid orders the code discounted (refunded ones are given back). */
  uses: number;
  /** Tickets of unpaid orders holding the code now: they count against the limits while the hold lasts. */
  held: number;
  /** Uses still possible (maxUses − uses − held), or null without a limit. */
  usesLeft: number | null;
  /** What buyers paid for the tickets the code discounted (paid, less refunds), in paise; left out for a role that does not see revenue (decision 047). */
  revenuePaise?: number;
  /** What the code took off those tickets, in paise. */
  discountPaise: number;
  /** Seats the block still keeps out of the general sale (at most reservedSeats − uses − held; a refunded seat goes back to the sale, not the block); null without a block. */
  reservedLeft: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface PromoCodeListResponse {
  promoCodes: PromoCode[];
}
export interface PromoCodeResponse {
  promoCode: PromoCode;
}

/** Why a buyer's code was not applied. */
export const PROMO_REFUSALS = [
  'unknown',
  'notYetValid',
  'expired',
  'usedUp',
  'usesLeft',
  'perEmail',
  'notForTickets',
  'tooManyTries',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** The buyer-facing words of each refusal (keys of the validation catalogue; some carry values). */
export const PROMO_MESSAGES: Readonly<Record<PromoRefusal, string>> = {
  unknown: 'validation.promoUnknown',
  notYetValid: 'validation.promoNotYetValid',
  expired: 'validation.promoExpired',
  usedUp: 'validation.promoUsedUp',
  usesLeft: 'validation.promoUsesLeft',
  perEmail: 'validation.promoPerEmail',
  notForTickets: 'validation.promoNotForTickets',
  tooManyTries: 'validation.promoTooManyTries',
};

/** The message of a refusal with its values ({{count}} uses left, {{max}} per e-mail, {{minutes}} to wait). */
export const promoMessage = (reason: PromoRefusal, values?: Record<string, number>): string =>
  messageKey(PROMO_MESSAGES[reason], values);

/**
 * What a buyer types at checkout (create-order and the quote): trimmed; anything longer than a code
 * is refused as unknown (and counted as a wrong try). Empty is no code.
 */
export const buyerPromoCodeSchema = z
  .string({ error: 'validation.promoUnknown' })
  .trim()
  .max(64, 'validation.promoUnknown')
  .transform((value) => value || undefined)
  .optional();

/** The quote's answer about the code (null when none was sent). */
export type QuotePromo =
  | { code: string; applied: true; discountPaise: number }
  | {
      code: string;
      applied: false;
      reason: PromoRefusal;
      /** A validation key with its values (promoMessage), shown in the buyer's language. */
      message: string;
      discountPaise: 0;
    };

/** Wrong codes one client address may try in the window before every code from it is refused (429). */
export const PROMO_WRONG_TRIES = 10;
export const PROMO_WRONG_TRIES_WINDOW_MINUTES = 10;
