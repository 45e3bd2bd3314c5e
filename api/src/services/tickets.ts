import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Ticket } from '../contract';
import type { Db } from '../db/client';
import { events, ticketTypes } from '../db/schema';
import { toRupees } from './money';

const ticketWithEvent = {
  ...getTableColumns(ticketTypes),
  eventName: sql<string>`coalesce(${events.title}, 'Unknown Event')`.as('event_name'),
  eventDate: events.date,
};

type TicketRow = typeof ticketTypes.$inferSelect & { eventName: string; eventDate: string | null };

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    eventDate: row.eventDate,
    name: row.name,
    description: row.description,
    price: toRupees(row.pricePaise),
    quantity: row.quantity,
    sold: row.sold,
    held: row.held,
    available: Math.max(0, row.quantity - row.sold - row.held),
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    status: row.status,
    category: row.category,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The tickets the public may buy for an event: its Active ones, cheapest first. */
export function listActiveTicketsForEvent(db: Db, eventId: number): Ticket[] {
  return db
    .select(ticketWithEvent)
    .from(ticketTypes)
    .leftJoin(events, eq(events.id, ticketTypes.eventId))
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.status, 'Active')))
    .orderBy(ticketTypes.pricePaise, ticketTypes.id)
    .all()
    .map(toTicket);
}

/** Every ticket type with its event's title, newest first (the admin list). */
export function listAllTickets(db: Db): Ticket[] {
  return db
    .select(ticketWithEvent)
    .from(ticketTypes)
    .leftJoin(events, eq(events.id, ticketTypes.eventId))
    .orderBy(desc(ticketTypes.createdAt), desc(ticketTypes.id))
    .all()
    .map(toTicket);
}
