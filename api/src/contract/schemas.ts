import { z } from 'zod';
import { EVENT_CATEGORIES } from './constants';
import { eventsCursorSchema, eventsLimitSchema } from './event-paging';
import { organiserSlugSchema } from './organisations';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './registration';

/**
 * GET /api/events query (SPEC.md section 9: category case-insensitive, location contains city),
 * paged: `limit` events (EVENTS_PAGE_SIZE when absent) after `cursor` (the last page's nextCursor).
 * `organiser` (a slug) keeps one approved organiser's events; an unknown one is an empty list (decision 054).
 */
export const eventsQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .max(40, 'Category is too long')
    .regex(/^[A-Za-z ]*$/, 'Category must be letters only')
    .optional(),
  // No control characters: a NUL in a crafted URL is a 400, never a database error (decision 029).
  city: z
    .string()
    .trim()
    .max(60, 'City is too long')
    .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
    .optional(),
  q: z
    .string()
    .trim()
    .max(100, 'Search is too long')
    .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
    .optional(),
  organiser: organiserSlugSchema.optional(),
  limit: eventsLimitSchema.optional(),
  cursor: eventsCursorSchema.optional(),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Id must be a number' }).int('Id must be a whole number').positive('Id must be positive'),
});

export const isKnownEventCategory = (value: string) => EVENT_CATEGORIES.some((c) => c.toLowerCase() === value.toLowerCase());
