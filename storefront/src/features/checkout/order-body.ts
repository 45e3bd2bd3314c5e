// What checkout sends (issue 23, decision 021): the validated form as create-order's body.
import type { AttendeeDetails, Buyer, CreateOrderBody } from '@tdk/api/contract';
import type { SelectionLine } from '../ticket-selection/quantity';

export interface CheckoutInput {
  eventId: number;
  eventTitle: string;
  lines: SelectionLine[];
  total: number;
  /** Who pays and gets the confirmation, asked once (decision 021). */
  buyer: Buyer;
  /** One per ticket, in form order, each with its ticket type. */
  attendees: { ticketId: number; participant: AttendeeDetails }[];
}

/** create-order's body (DESIGN.md section 5): the buyer once, one attendee per ticket; the total as shown. */
export function createOrderBody(input: CheckoutInput, language: CreateOrderBody['language']): CreateOrderBody {
  return {
    eventId: input.eventId,
    buyer: input.buyer,
    attendees: input.attendees.map(({ ticketId, participant }) => ({ ticketId, participant })),
    language,
    orderAmount: input.total,
    orderNote: `${input.eventTitle}: ${input.lines.map((l) => `${l.ticket.name} x${l.quantity}`).join(', ')}`.slice(0, 200),
  };
}
