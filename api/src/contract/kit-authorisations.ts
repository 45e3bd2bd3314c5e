// A participant's authorisation for someone else to collect their kit at the expo (issue 43,
// decision 069): asked for in My bookings, shown there as a QR, scanned at the kit desk.
import { z } from 'zod';
import { TICKET_CODE_PREFIX } from './constants';
import { messageKey } from './validation-messages';
import { plainText } from './registration';

/** The QR value's prefix: `TDK-KIT-{id}-{signature}`. */
export const KIT_AUTHORISATION_PREFIX = `${TICKET_CODE_PREFIX}-KIT`;
const SIGNED = new RegExp(`^${KIT_AUTHORISATION_PREFIX}-(\\d{1,12})-([A-Za-z0-9_-]{10})$`);

export type KitAuthorisationShape = { id: number; unsigned: string; signature: string } | { malformed: true };

/**
 * What a scanned kit authorisation holds before its signature is checked; undefined for a code that
 * is not one (a ticket's own code). A code with the prefix that is not whole is malformed.
 */
export function kitAuthorisationShape(code: string): KitAuthorisationShape | undefined {
  const value = code.trim();
  if (!value.startsWith(`${KIT_AUTHORISATION_PREFIX}-`)) return undefined;
  const signed = SIGNED.exec(value);
  if (!signed) return { malformed: true };
  return { id: Number(signed[1]), unsigned: `${KIT_AUTHORISATION_PREFIX}-${signed[1]}`, signature: signed[2]! };
}

/** POST /api/bookings/attendees/:ticketNumber/kit-authorisation: who collects the kit. */
export const kitAuthorisationSchema = z.object({
  collectorName: plainText('validation.collectorNameRequired')
    .trim()
    .min(2, 'validation.collectorNameRequired')
    .max(80, messageKey('validation.maxChars', { max: 80 })),
});
export type KitAuthorisationInput = z.input<typeof kitAuthorisationSchema>;

/** An attendee's authorisation as My bookings shows it. */
export interface KitAuthorisationView {
  /** The QR value the collector shows at the kit desk. */
  code: string;
  collectorName: string;
  createdAt: string;
  /** When the kit was handed over on it; null while it waits. */
  usedAt: string | null;
}

/** What the kit desk answers to an authorisation it cannot use (the gate translates them). */
export const KIT_AUTHORISATION_REFUSALS = {
  otherList: 'A kit authorisation is used at kit collection only',
  withdrawn: 'This kit authorisation was withdrawn by the participant',
  used: 'This kit authorisation has already been used',
  offline: 'A kit authorisation is checked online only: wait for the network or ask for the ticket itself',
} as const;
