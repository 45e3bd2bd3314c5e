import { z } from 'zod';
import { EVENT_CATEGORIES, ROLES } from './constants';

/** GET /api/events query (SPEC.md section 9: category case-insensitive, location contains city). */
export const eventsQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .max(40, 'Category is too long')
    .regex(/^[A-Za-z ]*$/, 'Category must be letters only')
    .optional(),
  city: z.string().trim().max(60, 'City is too long').optional(),
  q: z.string().trim().max(100, 'Search is too long').optional(),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Id must be a number' }).int('Id must be a whole number').positive('Id must be positive'),
});

export const isKnownEventCategory = (value: string) =>
  EVENT_CATEGORIES.some((c) => c.toLowerCase() === value.toLowerCase());

export const navItemSchema = z.object({
  label: z.string().min(1),
  path: z.string().startsWith('/'),
  icon: z.string().min(1),
  minRole: z.enum(ROLES),
  order: z.number().optional(),
});

/** One entry of GET /remotes.json; `entry` is the URL (absolute or root-relative) of mf-manifest.json. */
export const remoteEntrySchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'Remote names are lower-case letters, digits and hyphens'),
  entry: z.string().min(1),
  basePath: z.string().startsWith('/'),
  nav: z.array(navItemSchema),
});
