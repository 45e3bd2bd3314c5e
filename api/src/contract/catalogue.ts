// The admin event and ticket forms (issue 9, SPEC.md section 5): one schema each for the form and
// the API, with the spec's messages. JSON numbers must be numbers (the forms convert their inputs).
import { selfServicePolicySchema } from './my-bookings';
import { GST_RATES, STATE_CODES } from './gst';
import { z } from 'zod';
import { ageGroupsSchema } from './age-groups';
import { waveQuestionIdSchema, wavesSchema } from './waves';
import { parseRaceTime } from './race-times';
import {
  EVENT_CATEGORIES,
  EDITABLE_EVENT_STATUSES,
  GENDERS,
  LIMITS,
  ONLINE_CITY,
  PUBLIC_CITIES,
  TICKET_CATEGORIES,
  TICKET_SALE_SETTINGS,
} from './constants';
import { EMAIL_PATTERN, plainText } from './registration';
import { UPLOADED_IMAGE_URL } from './image-variants';
import { eventQuestionsSchema, participantFieldModesSchema } from './questions';
import { TEAM_PRICINGS } from './teams';
import { MAX_ATTENDEES_PER_ORDER } from './checkout';
import { EVENT_NOTE_MAX_LENGTH } from './event-notes';
import type { Ticket } from './types';

const required = (label: string, max: number) =>
  plainText(`${label} is required`)
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required`, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${label} must be a real date`,
    );

/** A list typed a line at a time: blank lines are dropped, each line trimmed. */
const listOfLines = (label: string) =>
  z
    .array(z.string({ error: `${label} must be text` }), { error: `${label} must be a list` })
    .transform((lines) => lines.map((line) => line.trim()).filter(Boolean))
    .pipe(
      z.array(plainText().max(300, `${label}: each line at most 300 characters`)).max(30, `At most 30 ${label.toLowerCase()}`),
    );

/** What a NEW ticket type includes until staff say otherwise (SPEC.md's three perks); never a constant shown on every ticket. */
export const DEFAULT_TICKET_INCLUSIONS: readonly string[] = ['Event access', 'Official merchandise', 'Certificate'];

export const EVENT_CITY_OPTIONS = [...PUBLIC_CITIES, ONLINE_CITY] as const;

/** POST /api/admin/events and PUT /api/admin/events/:id (with `updatedAt` there). */
/** An event's convenience fee (DESIGN.md §3 "money"): a percentage of the ticket, or rupees per ticket. */
export const convenienceFeeSchema = z
  .object({
    kind: z.enum(['percent', 'amount'], { error: 'Choose a percentage or an amount' }),
    value: z.number({ error: 'Convenience fee must be a number' }).positive('Convenience fee must be more than 0'),
  })
  .superRefine((fee, ctx) => {
    if (fee.kind === 'percent' && fee.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Convenience fee must be at most 100 percent' });
    if (Math.round(fee.value * 100) !== fee.value * 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Convenience fee must have at most 2 decimals' });
  });
export type ConvenienceFeeInput = z.infer<typeof convenienceFeeSchema>;

export const eventInputSchema = z.object({
  title: required('Title', 150),
  description: required('Description', 5000),
  category: z.enum(EVENT_CATEGORIES, { error: 'Category is required' }),
  date: isoDate('Date'),
  time: z
    .string({ error: 'Time is required' })
    .min(1, { error: 'Time is required', abort: true })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be like 18:30'),
  city: z.enum(EVENT_CITY_OPTIONS, { error: 'City is required' }),
  venue: required('Venue', 200),
  maxParticipants: z
    .number({ error: 'Max participants must be a number' })
    .int('Max participants must be a whole number')
    .min(1, 'Max participants must be greater than 0')
    .max(1_000_000, 'Max participants must be at most 1,000,000'),
  price: z
    .number({ error: 'Entry fee must be a number' })
    .min(0, 'Price cannot be negative')
    .max(10_00_000, 'Entry fee is too high'),
  contactEmail: z
    .string({ error: 'Contact email is required' })
    .trim()
    .min(1, { error: 'Contact email is required', abort: true })
    .max(254, 'Invalid email format')
    .regex(EMAIL_PATTERN, 'Invalid email format'),
  contactPhone: plainText('Contact phone is required')
    .trim()
    .min(1, { error: 'Contact phone is required', abort: true })
    .max(20, 'Phone number must be 10 digits')
    .refine((value) => value.replace(/\D/g, '').length === LIMITS.phoneDigits, 'Phone number must be 10 digits'),
  status: z.enum(EDITABLE_EVENT_STATUSES, { error: `Status must be one of ${EDITABLE_EVENT_STATUSES.join(', ')}` }),
  imageUrl: z.string().regex(UPLOADED_IMAGE_URL, 'Please select a valid image file').nullable(),
  highlights: listOfLines('Highlights'),
  rules: listOfLines('Rules'),
  regulations: listOfLines('Regulations'),
  // Staff's own Hindi and Marathi title and description (decision 019): empty shows the original.
  titleHi: plainText().trim().max(150, 'Hindi title must be at most 150 characters').optional(),
  titleMr: plainText().trim().max(150, 'Marathi title must be at most 150 characters').optional(),
  descriptionHi: plainText().trim().max(5000, 'Hindi description must be at most 5000 characters').optional(),
  descriptionMr: plainText().trim().max(5000, 'Marathi description must be at most 5000 characters').optional(),
  // The event's own arrival and ID notes (issue 27): the default for its kind, or staff's words; '' shows none.
  arrivalNote: plainText()
    .trim()
    .max(EVENT_NOTE_MAX_LENGTH, `Arrival note must be at most ${EVENT_NOTE_MAX_LENGTH} characters`)
    .optional(),
  idNote: plainText().trim().max(EVENT_NOTE_MAX_LENGTH, `ID note must be at most ${EVENT_NOTE_MAX_LENGTH} characters`).optional(),
  // Questions per event (issue 23): staff's own, and which built-in fields are asked.
  questions: eventQuestionsSchema.optional(),
  participantFields: participantFieldModesSchema.optional(),
  // Why the event asks blood group or medical conditions (decision 030), shown beside them on the form.
  healthReason: plainText().trim().max(300, 'Reason must be at most 300 characters').optional(),
  // The waiting list (decision 024): how long an offer of freed seats holds them. Left out: unchanged (24 for a new event).
  offerHours: z
    .number({ error: 'Offer hours must be a number' })
    .int('Offer hours must be a whole number')
    .min(1, 'Offer hours must be at least 1')
    .max(168, 'Offer hours must be at most 168 (a week)')
    .optional(),
  // What buyers may do themselves after the sale (decision 023); a form that does not send it leaves it.
  selfService: selfServicePolicySchema.optional(),
  // GST (decision 031): a recognised sporting event's admissions up to ₹500 a person are exempt; the
  // state it takes place in is the place of supply (null: the organiser's own). Left out: unchanged.
  recognisedSport: z.boolean({ error: 'Recognised sporting event must be yes or no' }).optional(),
  gstState: z.enum(STATE_CODES, { error: 'Choose the state the event takes place in' }).nullable().optional(),
  // The convenience fee buyers pay per ticket (issue 42, decision 060), 18 percent GST added on top;
  // null: none. Left out: unchanged (none for a new event). The platform's maximum is checked by the server.
  convenienceFee: convenienceFeeSchema.nullable().optional(),
});
export type EventInput = z.input<typeof eventInputSchema>;

export const updateEventSchema = eventInputSchema.extend({
  /** The `updatedAt` the form was loaded with: a save over someone else's newer one is refused. */
  updatedAt: z.string({ error: 'updatedAt is required' }).min(1, 'updatedAt is required'),
});
export type UpdateEventInput = z.input<typeof updateEventSchema>;

const wholeOrNull = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .optional();

const optionalDate = (label: string) =>
  z
    .union([isoDate(label), z.literal('')])
    .nullable()
    .optional();

const ticketFields = {
  eventId: z
    .number({ error: 'Event selection is required' })
    .int('Event selection is required')
    .positive('Event selection is required'),
  name: required('Ticket name', 120),
  description: plainText().trim().max(2000, 'Description must be at most 2000 characters'),
  category: z.enum(TICKET_CATEGORIES, { error: 'Category is required' }),
  price: z.number({ error: 'Price must be a number' }).min(0, 'Price cannot be negative').max(10_00_000, 'Price is too high'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be greater than 0')
    .max(1_000_000, 'Quantity is too high'),
  validFrom: optionalDate('Valid from'),
  validUntil: optionalDate('Valid until'),
  // Staff set whether it is on sale; Sold Out and Expired follow from its seats and dates (decision 036).
  status: z.enum(TICKET_SALE_SETTINGS, {
    error: `Status must be ${TICKET_SALE_SETTINGS.join(' or ')}: Sold Out and Expired follow from the seats and dates`,
  }),
  // Categories and eligibility (issue 23): age on the event day, and one gender; null is open.
  minAge: wholeOrNull('Minimum age', 0, 120),
  maxAge: wholeOrNull('Maximum age', 0, 120),
  gender: z.enum(GENDERS, { error: 'Gender must be male, female or other' }).nullable().optional(),
  // Team entries: members per team, and whether the price is per member or per team.
  teamMin: wholeOrNull('Minimum team size', 2, 50),
  teamMax: wholeOrNull('Maximum team size', 2, 50),
  teamPricing: z.enum(TEAM_PRICINGS, { error: 'Team price must be per member or per team' }).optional(),
  // What the ticket includes, a line each (its storefront card lists them); a new type starts from
  // DEFAULT_TICKET_INCLUSIONS, an edit that leaves them out keeps them.
  inclusions: listOfLines('Inclusions').optional(),
  // GST (decision 031): the rate included in the price; left out, 18 % for a new type, unchanged on an edit.
  gstRate: z
    .number({ error: 'GST rate must be 0, 5, 18 or 40 %' })
    .refine((rate) => (GST_RATES as readonly number[]).includes(rate), 'GST rate must be 0, 5, 18 or 40 %')
    .optional(),
  // Bibs: the range this type's attendees are numbered from, in order of payment.
  bibFrom: wholeOrNull('First bib', 1, 999_999),
  bibTo: wholeOrNull('Last bib', 1, 999_999),
  // The most seats of this type one order may take (decision 027): 10 for a new type, an edit that
  // leaves it out keeps it. Up to a whole order's attendees (a squad on one team ticket).
  maxPerOrder: wholeOrNull('Maximum per order', 1, MAX_ATTENDEES_PER_ORDER),
  // A race's age groups and distance (decision 063): the categories its results rank in, and its pace.
  // Left out, an edit keeps them; null or [] means the default bands.
  ageGroups: ageGroupsSchema,
  distanceKm: z
    .number({ error: 'Distance must be a number of kilometres' })
    .positive('Distance must be more than 0 km')
    .max(1000, 'Distance must be at most 1000 km')
    .nullable()
    .optional(),
  // A race's cut-off (decision 070), H:MM:SS of gun time: the import refuses a finisher slower than it.
  // Left out, an edit keeps it; null or '' means none.
  cutOff: z
    .string()
    .trim()
    .refine((text) => text === '' || (parseRaceTime(text) ?? 0) > 0, 'Cut-off must be a time like 2:30:00')
    .nullable()
    .optional(),
  // A race's start waves and the question whose answer places runners in them (decision 068).
  // Left out, an edit keeps them; null or [] means none.
  waves: wavesSchema,
  waveQuestionId: waveQuestionIdSchema,
};

type TicketShape = {
  quantity: number;
  validFrom?: string | null;
  validUntil?: string | null;
  minAge?: number | null;
  maxAge?: number | null;
  teamMin?: number | null;
  teamMax?: number | null;
  bibFrom?: number | null;
  bibTo?: number | null;
  maxPerOrder?: number | null;
};
const ticketRules = <T extends TicketShape>(ticket: T, ctx: z.RefinementCtx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (ticket.minAge != null && ticket.maxAge != null && ticket.maxAge < ticket.minAge) {
    issue('maxAge', 'Maximum age cannot be below the minimum age');
  }
  if ((ticket.teamMin == null) !== (ticket.teamMax == null)) {
    issue(ticket.teamMin == null ? 'teamMin' : 'teamMax', 'Give both the minimum and maximum team size, or neither');
  } else if (ticket.teamMin != null && ticket.teamMax != null && ticket.teamMax < ticket.teamMin) {
    issue('teamMax', 'Maximum team size cannot be below the minimum');
  }
  if ((ticket.bibFrom == null) !== (ticket.bibTo == null)) {
    issue(ticket.bibFrom == null ? 'bibFrom' : 'bibTo', 'Give both the first and last bib, or neither');
  } else if (ticket.bibFrom != null && ticket.bibTo != null) {
    const size = ticket.bibTo - ticket.bibFrom + 1;
    if (size < 1) issue('bibTo', 'The last bib cannot be below the first');
    else if (ticket.quantity > size) {
      issue(
        'quantity',
        `Bibs ${ticket.bibFrom}–${ticket.bibTo} number ${size.toLocaleString('en-IN')} attendees: the quantity must be at most that`,
      );
    }
  }
  // A team of its fewest members must fit in one order (decision 027).
  if (ticket.maxPerOrder != null && ticket.teamMin != null && ticket.maxPerOrder < ticket.teamMin) {
    issue('maxPerOrder', 'Maximum per order cannot be below the minimum team size');
  }
  if (ticket.validFrom && ticket.validUntil && ticket.validFrom >= ticket.validUntil) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Start date must be before end date' });
  }
};

/** POST /api/admin/tickets. */
export const ticketInputSchema = z.object(ticketFields).superRefine(ticketRules);
export type TicketInput = z.input<typeof ticketInputSchema>;

/** PUT /api/admin/tickets/:id. */
export const updateTicketSchema = z
  .object({ ...ticketFields, updatedAt: z.string({ error: 'updatedAt is required' }).min(1, 'updatedAt is required') })
  .superRefine(ticketRules);
export type UpdateTicketInput = z.input<typeof updateTicketSchema>;

export interface TicketResponse {
  ticket: Ticket;
}
export interface UploadedImageResponse {
  /** Where the image is served: `/uploads/{generated name}`. */
  url: string;
}

export const IMAGE_MESSAGES = {
  invalid: 'Please select a valid image file',
  tooLarge: 'Image size must be less than 5MB',
  tooManyPixels: 'Image must be at most 40 megapixels (for example 8000 × 5000 pixels)',
} as const;
export const MAX_IMAGE_BYTES = LIMITS.imageBytes;
