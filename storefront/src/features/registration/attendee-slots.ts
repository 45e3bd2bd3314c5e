// One attendee form per ticket bought (issue 23, decision 021), and where the API's field errors
// belong among them. Pure and zod-free: the event page draws these from its first render.
import { ATTENDEE_FORM_DEFAULTS, BUYER_FORM_DEFAULTS, type Ticket } from '@tdk/api/contract';
import type { SelectionLine } from '../ticket-selection/quantity';

export type BuyerField = keyof typeof BUYER_FORM_DEFAULTS;
export type AttendeeField = keyof typeof ATTENDEE_FORM_DEFAULTS;

/** One attendee's place in the order. */
export interface AttendeeSlot {
  /**
   * The nth attendee of a ticket type keeps this key whatever else is picked, so what was typed
   * into their form stays theirs when quantities change. Never numeric: it names an object key
   * of the form's values, not an array index.
   */
  key: string;
  ticket: Ticket;
  /** 1-based place among the attendees of this ticket type, and how many of it are picked. */
  n: number;
  of: number;
}

export const slotKey = (ticketId: number, n: number) => `t${ticketId}n${n}`;

/** The attendees of the picked lines: grouped by ticket type, in the order of the lines. */
export function attendeeSlots(lines: readonly Pick<SelectionLine, 'ticket' | 'quantity'>[]): AttendeeSlot[] {
  return lines.flatMap(({ ticket, quantity }) =>
    Array.from({ length: Math.max(0, Math.floor(quantity)) }, (_, i) => ({
      key: slotKey(ticket.id, i + 1),
      ticket,
      n: i + 1,
      of: quantity,
    })),
  );
}

/** What 'Same as buyer' copies from the buyer to the first attendee, and keeps in step. */
export const SAME_AS_BUYER_FIELDS = ['fullName', 'email', 'phone'] as const satisfies readonly (BuyerField & AttendeeField)[];
/** What 'Copy … from participant 1' copies: how to reach them and whom to call, never who they are. */
export const COPY_FROM_FIRST_FIELDS = ['phone', 'emergencyContact', 'emergencyPhone'] as const satisfies readonly AttendeeField[];

/** A form field's name: `buyer.email` or `attendees.{slot key}.dateOfBirth`. */
export type CheckoutFieldName = `buyer.${BuyerField}` | `attendees.${string}.${AttendeeField}`;

export interface PlacedServerErrors {
  /** Messages for the form's own inputs, in the order the API gave them. */
  fields: { name: CheckoutFieldName; message: string }[];
  /** Messages about an attendee as a whole (their ticket type, answers or team), by slot key. */
  attendeeNotes: Record<string, string>;
  /** Messages about nothing the form shows (the event, the order as a whole). */
  unplaced: string[];
}

const isBuyerField = (name: string | undefined): name is BuyerField =>
  name !== undefined && Object.hasOwn(BUYER_FORM_DEFAULTS, name);
const isAttendeeField = (name: string | undefined): name is AttendeeField =>
  name !== undefined && Object.hasOwn(ATTENDEE_FORM_DEFAULTS, name);

/**
 * Where a create-order 400's `fields` belong. Its keys are dot paths of the body it was sent:
 * `buyer.email`, `attendees.2.participant.dateOfBirth` (the third attendee, who is `slots[2]`,
 * since the body lists them in form order), `attendees.0.ticketId`.
 */
export function placeServerErrors(
  fields: Readonly<Record<string, string>> | undefined,
  slots: readonly Pick<AttendeeSlot, 'key'>[],
): PlacedServerErrors {
  const placed: PlacedServerErrors = { fields: [], attendeeNotes: {}, unplaced: [] };
  const taken = new Set<string>();
  const put = (name: CheckoutFieldName, message: string) => {
    if (taken.has(name)) return;
    taken.add(name);
    placed.fields.push({ name, message });
  };
  for (const [path, message] of Object.entries(fields ?? {})) {
    const [root, second, third, fourth, ...rest] = path.split('.');
    if (root === 'buyer' && isBuyerField(second) && third === undefined) {
      put(`buyer.${second}`, message);
      continue;
    }
    const slot = root === 'attendees' && second !== undefined && /^\d+$/.test(second) ? slots[Number(second)] : undefined;
    if (slot && third === 'participant' && isAttendeeField(fourth) && rest.length === 0) {
      put(`attendees.${slot.key}.${fourth}`, message);
    } else if (slot) {
      placed.attendeeNotes[slot.key] ??= message;
    } else {
      placed.unplaced.push(message);
    }
  }
  return placed;
}
