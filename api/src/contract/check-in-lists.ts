// Check-in lists (issue 43, decision 065): the built-in 'entry' (race-day entry) and 'kit' (kit
// collection at the expo), and the lists an organiser adds (a VIP enclosure, a second day). A
// check-in names its list by 'entry', 'kit' or an organiser's list's id; an attendee is admitted
// once per list. DESIGN.md section 3 ("race day").
import { z } from 'zod';
import { plainText } from './registration';

export const ENTRY_LIST_ID = 'entry';
export const KIT_LIST_ID = 'kit';
export const BUILT_IN_LISTS = [ENTRY_LIST_ID, KIT_LIST_ID] as const;

/** A list as the API names it: 'entry', 'kit' or an organiser's list's id as text. */
export const checkInListIdSchema = z
  .string({ error: 'List must be entry, kit or a list of the event' })
  .regex(/^(entry|kit|[1-9]\d{0,9})$/, 'List must be entry, kit or a list of the event');

/** What the expo desk hands over with a kit, ticked on the screen and kept on the check-in. */
export const KIT_ITEMS = ['bib', 'tshirt', 'medal', 'goodies'] as const;
export type KitItem = (typeof KIT_ITEMS)[number];
export const kitItemsSchema = z
  .array(z.enum(KIT_ITEMS, { error: 'Items must be bib, tshirt, medal or goodies' }))
  .max(KIT_ITEMS.length)
  .transform((items) => KIT_ITEMS.filter((item) => items.includes(item)));

/** Whether a list id names a built-in list. */
export const isBuiltInList = (list: string): list is (typeof BUILT_IN_LISTS)[number] =>
  (BUILT_IN_LISTS as readonly string[]).includes(list);

/** POST/PUT /api/admin/events/:id/check-in-lists[/:listId] */
export const checkInListInputSchema = z.object({
  name: plainText().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  /** The ticket types the list admits; none: every ticket type of the event. */
  ticketTypeIds: z
    .array(z.number({ error: 'Ticket type must be a number' }).int().positive())
    .max(100)
    .default([]),
});
export type CheckInListInput = z.input<typeof checkInListInputSchema>;

/** One list of an event, built-in or the organiser's. */
export interface CheckInListView {
  /** 'entry', 'kit' or the organiser's list's id as text: what a check-in's `list` names. */
  id: string;
  /** The organiser's name for its list; empty for built-in lists (the screen names them in its language). */
  name: string;
  builtIn: boolean;
  ticketTypeIds: number[];
}

export interface CheckInListsResponse {
  lists: CheckInListView[];
}

/** GET /api/admin/events/:id/check-in-counts: per list, the attendees admitted, by gate. */
export interface CheckInCountsResponse {
  lists: {
    id: string;
    name: string;
    builtIn: boolean;
    /** Admitted on this list. */
    checkedIn: number;
    /** Confirmed, paid attendees the list admits. */
    eligible: number;
    gates: { gate: string | null; count: number }[];
  }[];
}

/** The standing check-in a second scan on the same list is answered with (409). */
export interface StandingCheckIn {
  list: string;
  checkInTime: string;
  gate: string | null;
  staffEmail: string;
  items: KitItem[] | null;
  collectorName: string | null;
}
