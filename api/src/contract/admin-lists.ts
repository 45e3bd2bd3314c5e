// The Events and Tickets Management lists, paged on the server (issue 14): at 10,000 events the
// browser gets a page and the totals, never the whole catalogue. Same shape as the registrations
// console's page (list-query.ts): page, pageSize, total.
import { z } from 'zod';
import { pageQuery, queryNumber, searchText, type ListPage } from './list-query';
import type { EventStatus, SportEvent, Ticket } from './types';

export const ADMIN_LIST_PAGE_SIZE = 10;

/** The Events Management table's sortable columns. */
export const EVENT_SORT_KEYS = ['title', 'category', 'date', 'location', 'participants', 'revenue', 'status'] as const;
export type EventSortKey = (typeof EVENT_SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** GET /api/admin/events: a page of every event, drafts included. */
export const adminEventListQuerySchema = z.object({
  /** Title, city or category (case-insensitive contains). */
  search: searchText,
  sort: z.enum(EVENT_SORT_KEYS, { error: `Sort must be one of ${EVENT_SORT_KEYS.join(', ')}` }).optional(),
  direction: z.enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' }).optional(),
  ...pageQuery,
});
export type AdminEventListQuery = z.output<typeof adminEventListQuerySchema>;

export interface AdminEventPage extends ListPage {
  events: SportEvent[];
}

/** GET /api/admin/events/options: every event for a picker (an event filter, a ticket's event). */
export interface EventOption {
  id: number;
  title: string;
  date: string;
  status: EventStatus;
}

/** GET /api/admin/tickets: a page of ticket types, newest first. */
export const adminTicketListQuerySchema = z.object({
  /** Ticket name, event name or category (case-insensitive contains). */
  search: searchText,
  /** 'true' lists tickets whose validity window excludes today too (Show expired tickets). */
  showExpired: z.enum(['true', 'false'], { error: 'showExpired must be true or false' }).optional(),
  /** One event's ticket types (the registrations console's ticket-type filter). */
  eventId: queryNumber('Event', 1, Number.MAX_SAFE_INTEGER).optional(),
  ...pageQuery,
});
export type AdminTicketListQuery = z.output<typeof adminTicketListQuerySchema>;

export interface AdminTicketPage extends ListPage {
  tickets: Ticket[];
}

/** GET /api/admin/tickets/summary: the four cards over every ticket type. */
export interface TicketSummary {
  /** Total quantity of Active ticket types, and how many they are. */
  activeQuantity: number;
  activeTypes: number;
  sold: number;
  /** Quantity minus sold, summed (never below 0 per type). */
  available: number;
  /** The money taken, in rupees; left out for a role that does not see revenue (decision 047). */
  revenue?: number;
}
