// What checkout sends (issue 23, decision 021): the validated form as create-order's body.
import type { AnswerValue, AttendeeDetails, Buyer, CreateOrderBody, GuardianInput } from '@tdk/api/contract';
import type { SummaryRow } from '../registration/order-summary';
import type { QuotedDiscount, QuotedFee, QuotedPromo } from '../registration/quote-summary';
import type { SelectionLine } from '../ticket-selection/quantity';

export interface CheckoutAttendeeInput {
  ticketId: number;
  participant: AttendeeDetails;
  /** The answers to the questions this attendee is asked (typedAnswers: empty ones left out). */
  answers?: Record<string, AnswerValue>;
  /** A team entry's member: their team's name, the same on each member. */
  team?: string;
  /** A child's parent or guardian, consenting (decision 030). */
  guardian?: GuardianInput;
}

export interface CheckoutInput {
  eventId: number;
  eventTitle: string;
  lines: SelectionLine[];
  /** What the order is, as the booking summary shows it (a team entry per team). */
  rows: SummaryRow[];
  /** Rupees: what the order charges, the server's quote when there is one (orderAmount). */
  total: number;
  /** The quote's group discounts (decision 031), listed between the rows and the total. */
  discounts?: QuotedDiscount[];
  /** The promo code the quote of this choice applied (issue 25): its line, and sent as `promoCode`. */
  promo?: QuotedPromo;
  /** The convenience fee the quote charged (decision 060): its lines, inside `total`. */
  fee?: QuotedFee;
  /** Who pays and gets the confirmation, asked once (decision 021). */
  buyer: Buyer;
  /** A business buying (decision 031): its GSTIN, name and address, printed on the tax invoice. */
  business?: { gstin: string; name: string; address?: string };
  /** One per ticket, in form order, each with its ticket type. */
  attendees: CheckoutAttendeeInput[];
  /** A waiting-list offer's token (decision 024): the order takes over the seats it holds. */
  offerToken?: string;
  /** A queued sale's entry token (decision 032): this browser's turn to book. */
  entryToken?: string;
  /** The version of the privacy notice the buyer read and ticked (decision 030): the platform's part… */
  privacyNoticeVersion: number;
  /** …and the event's organisation's part (decision 061), from the event's answer. */
  organiserNoticeVersion?: number;
}

/** A row for the payment provider's note: 'Half Marathon x2', 'Relay 4×5K (Marine Drive Gazelles) x4'. */
const noteOf = (row: SummaryRow) => `${row.ticket.name}${row.team?.name ? ` (${row.team.name})` : ''} x${row.quantity}`;

/**
 * create-order's body (DESIGN.md section 5): the buyer once, one attendee per ticket with their
 * answers (when they gave any) and team; the total as shown.
 */
export function createOrderBody(input: CheckoutInput, language: CreateOrderBody['language']): CreateOrderBody {
  return {
    eventId: input.eventId,
    buyer: input.buyer,
    privacyNoticeVersion: input.privacyNoticeVersion,
    ...(input.organiserNoticeVersion !== undefined ? { organiserNoticeVersion: input.organiserNoticeVersion } : {}),
    ...(input.business
      ? {
          business: {
            gstin: input.business.gstin,
            name: input.business.name,
            ...(input.business.address ? { address: input.business.address } : {}),
          },
        }
      : {}),
    attendees: input.attendees.map(({ ticketId, participant, answers, team, guardian }) => ({
      ticketId,
      participant,
      ...(answers && Object.keys(answers).length > 0 ? { answers } : {}),
      ...(team ? { team } : {}),
      ...(guardian ? { guardian } : {}),
    })),
    language,
    orderAmount: input.total,
    ...(input.promo ? { promoCode: input.promo.code } : {}),
    orderNote: `${input.eventTitle}: ${input.rows.map(noteOf).join(', ')}`.slice(0, 200),
    ...(input.offerToken ? { offerToken: input.offerToken } : {}),
    ...(input.entryToken ? { entryToken: input.entryToken } : {}),
  };
}
