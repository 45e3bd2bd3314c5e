// The REST API v1 for an organisation's own tools (issue 45, decision 062): the schemas its routes
// validate requests with and answer in, and from which GET /api/v1/openapi.json is generated (one
// source of truth). Entities in camelCase as DESIGN.md section 3; query keys and the page's
// `next_cursor` in snake case, as most REST APIs a developer meets (pretix, Stripe) spell them.
import { z } from 'zod';
import { EVENT_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES } from './constants';
import { gateSchema } from './check-in';
import { updateRegistrationSchema } from './registrations-admin';

export const V1_MAX_LIMIT = 100;
export const V1_DEFAULT_LIMIT = 50;

export const V1_MESSAGES = {
  missingToken: 'Send an API token as Authorization: Bearer <token>.',
  badToken: 'This API token is unknown, revoked or expired.',
  missingScope: (scope: string) => `This API token does not have the ${scope} scope.`,
  rateLimited: (seconds: number) => `Too many requests for this API token. Try again in ${seconds} seconds.`,
  ifMatchRequired: 'Send the ETag you read as If-Match to change this record.',
  stale: 'This record changed since you read it. Read it again and retry with its new ETag.',
  badCursor: 'This cursor is not one this API gave.',
} as const;

/** The error shape of DESIGN.md section 3. */
export const v1ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });

const isoTime = z.string().meta({ format: 'date-time' });

/** `?limit=&cursor=&updated_since=`: a page of at most 100, after the opaque cursor, changed since a time. */
export const v1ListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(V1_MAX_LIMIT, `limit must be at most ${V1_MAX_LIMIT}`)
    .optional()
    .meta({ description: `At most ${V1_MAX_LIMIT}; ${V1_DEFAULT_LIMIT} when left out.` }),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, V1_MESSAGES.badCursor)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page.' }),
  updated_since: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'updated_since must be an ISO 8601 time')
    .optional()
    .meta({
      description:
        'Only records changed at or after this time (ISO 8601). To keep in step, pass the time your previous sync started.',
    }),
});
export type V1ListQuery = z.output<typeof v1ListQuerySchema>;

export const v1IdParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const v1OrderIdParamSchema = z.object({ id: z.string().min(1).max(100) });

/** A page: the records, and the cursor of the next page (null on the last). */
export const v1Page = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() }).meta({ id });

export const v1EventSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    date: z.string().meta({ description: 'The day in India (YYYY-MM-DD).' }),
    time: z.string().meta({ description: 'The start in India (HH:MM).' }),
    venue: z.string(),
    location: z.string(),
    category: z.string(),
    status: z.enum(EVENT_STATUSES),
    maxParticipants: z.number().int().nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: 'Event' });
export type V1Event = z.infer<typeof v1EventSchema>;

export const v1TicketTypeSchema = z
  .object({
    id: z.number().int(),
    eventId: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.number().meta({ description: 'Rupees.' }),
    quantity: z.number().int(),
    sold: z.number().int(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    category: z.string(),
    updatedAt: isoTime,
  })
  .meta({ id: 'TicketType' });
export type V1TicketType = z.infer<typeof v1TicketTypeSchema>;

export const v1AttendeeSchema = z
  .object({
    id: z.number().int(),
    registrationNumber: z.string(),
    orderId: z.string().nullable(),
    eventId: z.number().int(),
    ticketTypeId: z.number().int().nullable(),
    ticketName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    status: z.enum(REGISTRATION_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    bib: z.number().int().nullable(),
    ticketCode: z.string().meta({ description: "The ticket's QR value, as a scanner reads it." }),
    checkedInAt: isoTime.nullable(),
    updatedAt: isoTime,
  })
  .meta({ id: 'Attendee' });
export type V1Attendee = z.infer<typeof v1AttendeeSchema>;

export const v1PaymentSchema = z
  .object({
    id: z.number().int(),
    amount: z.number(),
    method: z.string().nullable(),
    status: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });

export const v1RefundSchema = z
  .object({
    id: z.number().int(),
    amount: z.number(),
    status: z.string(),
    reason: z.string().nullable(),
    attendeeIds: z.array(z.number().int()),
    createdAt: isoTime,
    processedAt: z.string().nullable(),
  })
  .meta({ id: 'Refund' });

export const v1OrderSchema = z
  .object({
    id: z.string(),
    eventId: z.number().int().nullable(),
    bookingReference: z.string().nullable(),
    status: z.enum(['CREATED', 'PAID', 'FAILED', 'EXPIRED', 'REFUND_REQUIRED']),
    amount: z.number().meta({ description: 'Rupees charged.' }),
    buyer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: 'Order' });
export type V1Order = z.infer<typeof v1OrderSchema>;

export const v1OrderDetailSchema = v1OrderSchema
  .extend({
    attendees: z.array(v1AttendeeSchema),
    payments: z.array(v1PaymentSchema),
    refunds: z.array(v1RefundSchema),
  })
  .meta({ id: 'OrderDetail' });
export type V1OrderDetail = z.infer<typeof v1OrderDetailSchema>;

export const v1CheckInSchema = z
  .object({
    id: z.number().int(),
    attendeeId: z.number().int(),
    list: z.string(),
    gate: z.string().nullable(),
    via: z.string(),
    checkedInAt: isoTime,
  })
  .meta({ id: 'CheckIn' });
export type V1CheckIn = z.infer<typeof v1CheckInSchema>;

/** POST /api/v1/check-ins: admit the ticket whose QR value is `code`, or the attendee `attendeeId`. */
export const v1CheckInInputSchema = z
  .object({
    code: z.string().trim().min(1).max(100).optional(),
    attendeeId: z.number().int().positive().optional(),
    gate: gateSchema.optional(),
    eventId: z.number().int().positive().optional().meta({ description: 'The event the gate admits; another is refused.' }),
  })
  .refine((input) => (input.code === undefined) !== (input.attendeeId === undefined), {
    error: 'Send either code or attendeeId',
    path: ['code'],
  })
  .meta({ id: 'CheckInInput' });

export const v1CheckInResultSchema = z
  .object({ outcome: z.enum(['admitted', 'already_admitted']), attendee: v1AttendeeSchema, checkIn: v1CheckInSchema })
  .meta({ id: 'CheckInResult' });

/** PATCH /api/v1/attendees/:id: the attendee's name, e-mail and phone, by the console's rules. */
export const v1AttendeePatchSchema = updateRegistrationSchema
  .pick({ firstName: true, lastName: true, email: true, phone: true })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Nothing to change' })
  .meta({ id: 'AttendeePatch' });
export type V1AttendeePatch = z.output<typeof v1AttendeePatchSchema>;
