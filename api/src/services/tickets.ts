import { and, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import {
  DEFAULT_TICKET_INCLUSIONS,
  MAX_ATTENDEES_PER_ORDER,
  MAX_TICKETS_PER_LINE,
  type Ticket,
  type TicketInput,
  ticketStatusOf,
} from '../contract';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { events, groupDiscounts, groupDiscountTicketTypes, promoCodes, promoCodeTicketTypes, ticketTypes } from '../db/schema';
import { indiaDay } from './india-time';
import { offerFreedSeats, seatCapacity } from './inventory';
import { toPaise, toRupees } from '../contract/money';
import { formatRaceTime, parseRaceTime } from '../contract/race-times';
import { StaleEditError } from './stale-edit';
import { organisationOfEvent } from '../db/tenancy';

export const ticketWithEvent = {
  ...getTableColumns(ticketTypes),
  eventName: sql<string>`coalesce(${events.title}, 'Unknown Event')`.as('event_name'),
  eventDate: events.date,
};

type TicketRow = typeof ticketTypes.$inferSelect & { eventName: string; eventDate: string | null };

/** The seats a type can still sell: its quantity, and its bib range when it has one, less what is sold and held. */
const seatsLeftOf = (row: Pick<TicketRow, 'quantity' | 'sold' | 'held' | 'bibFrom' | 'bibTo'>) =>
  Math.max(0, seatCapacity(row) - row.sold - row.held);

/** A ticket type as the API shows it; its status derived (decision 036), `available` capped by `eventLeft` when given. */
export function toTicket(row: TicketRow, now = new Date(), eventLeft = Infinity): Ticket {
  const available = Math.min(seatsLeftOf(row), eventLeft);
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
    available,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    status: ticketStatusOf(
      { setting: row.status, available, validFrom: row.validFrom, validUntil: row.validUntil },
      indiaDay(now),
    ),
    setting: row.status,
    category: row.category,
    minAge: row.minAge,
    maxAge: row.maxAge,
    gender: row.gender,
    teamMin: row.teamMin,
    teamMax: row.teamMax,
    teamPricing: row.teamPricing,
    inclusions: row.inclusions,
    bibFrom: row.bibFrom,
    bibTo: row.bibTo,
    maxPerOrder: row.maxPerOrder,
    ageGroups: row.ageGroups,
    distanceKm: row.distanceMetres === null ? null : row.distanceMetres / 1000,
    cutOff: row.cutOffTenths === null ? null : formatRaceTime(row.cutOffTenths),
    waves: row.waves,
    waveQuestionId: row.waveQuestionId,
    gstRate: row.gstRate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The tickets the public sees for an event: those on sale and not past their last day, cheapest
 * first; a sold-out one is listed (Sold Out, with its waiting list).
 */
export async function listActiveTicketsForEvent(db: Db, eventId: number, now = new Date()): Promise<Ticket[]> {
  const today = indiaDay(now);
  const rows = await db
    .select(ticketWithEvent)
    .from(ticketTypes)
    .leftJoin(events, eq(events.id, ticketTypes.eventId))
    .where(
      and(
        eq(ticketTypes.eventId, eventId),
        eq(ticketTypes.status, 'Active'),
        or(isNull(ticketTypes.validUntil), sql`substr(${ticketTypes.validUntil}, 1, 10) >= ${today}`),
      ),
    )
    .orderBy(ticketTypes.pricePaise, ticketTypes.id);
  // What a buyer can buy: the type's own seats, within what is left of the event's max
  // participants (every type's sold and held seats, waiting-list offers included).
  const [room] = await db
    .select({
      max: events.maxParticipants,
      taken: sql<number>`coalesce((select sum(tt.sold + tt.held) from ticket_types tt where tt.event_id = ${eventId}), 0)`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const eventLeft = room ? Math.max(0, room.max - Number(room.taken)) : 0;
  return rows.map((row) => toTicket(row, now, eventLeft));
}

/** A ticket type with its event's title (the admin screens); undefined when there is none. */
export async function getTicket(db: Db, id: number): Promise<Ticket | undefined> {
  const [row] = await db
    .select(ticketWithEvent)
    .from(ticketTypes)
    .leftJoin(events, eq(events.id, ticketTypes.eventId))
    .where(eq(ticketTypes.id, id));
  return row && toTicket(row);
}

/** Why a ticket write was refused; the route maps each reason to its status. */
export class TicketChangeRefused extends Error {
  override name = 'TicketChangeRefused';
  constructor(
    readonly reason: 'unknown_event' | 'below_taken' | 'bib_overlap' | 'in_use',
    message: string,
  ) {
    super(message);
  }
}

const ticketColumns = (input: TicketInput) => ({
  eventId: input.eventId,
  name: input.name,
  description: input.description,
  category: input.category,
  pricePaise: toPaise(input.price),
  quantity: input.quantity,
  validFrom: input.validFrom || null,
  validUntil: input.validUntil || null,
  status: input.status,
  minAge: input.minAge ?? null,
  maxAge: input.maxAge ?? null,
  gender: input.gender ?? null,
  teamMin: input.teamMin ?? null,
  teamMax: input.teamMax ?? null,
  teamPricing: input.teamPricing ?? 'member',
  ...(input.inclusions !== undefined ? { inclusions: input.inclusions } : {}),
  bibFrom: input.bibFrom ?? null,
  bibTo: input.bibTo ?? null,
  ...(input.maxPerOrder != null ? { maxPerOrder: input.maxPerOrder } : {}),
  ...(input.gstRate !== undefined ? { gstRate: input.gstRate } : {}),
  ...(input.ageGroups !== undefined ? { ageGroups: input.ageGroups?.length ? input.ageGroups : null } : {}),
  ...(input.distanceKm !== undefined
    ? { distanceMetres: input.distanceKm === null ? null : Math.round(input.distanceKm * 1000) }
    : {}),
  ...(input.cutOff !== undefined ? { cutOffTenths: input.cutOff ? (parseRaceTime(input.cutOff) ?? null) : null } : {}),
  ...(input.waves !== undefined ? { waves: input.waves?.length ? input.waves : null } : {}),
  ...(input.waveQuestionId !== undefined ? { waveQuestionId: input.waveQuestionId || null } : {}),
});

/**
 * A new type's maximum per order when the form gives none (decision 027): 10, or a whole team of its
 * most members (up to an order's 25 attendees).
 */
const defaultMaxPerOrder = (input: TicketInput) =>
  input.maxPerOrder ?? Math.min(MAX_ATTENDEES_PER_ORDER, Math.max(MAX_TICKETS_PER_LINE, input.teamMax ?? 0));

async function requireEvent(tx: Db, eventId: number) {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new TicketChangeRefused('unknown_event', 'Event not found');
}

/** Two ticket types of one event never share a bib: their ranges may not overlap. */
async function requireOwnBibs(tx: Db, input: TicketInput, exceptId?: number) {
  if (input.bibFrom == null || input.bibTo == null) return;
  const [other] = await tx
    .select({ name: ticketTypes.name, bibFrom: ticketTypes.bibFrom, bibTo: ticketTypes.bibTo })
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventId, input.eventId),
        exceptId === undefined ? undefined : ne(ticketTypes.id, exceptId),
        sql`${ticketTypes.bibFrom} <= ${input.bibTo} and ${ticketTypes.bibTo} >= ${input.bibFrom}`,
      ),
    )
    .limit(1);
  if (other) {
    throw new TicketChangeRefused(
      'bib_overlap',
      `Bibs ${input.bibFrom}–${input.bibTo} overlap "${other.name}" (${other.bibFrom}–${other.bibTo}): each ticket type needs its own range`,
    );
  }
}

export async function createTicket(tx: Db, input: TicketInput, now = new Date()): Promise<Ticket> {
  await requireEvent(tx, input.eventId);
  await requireOwnBibs(tx, input);
  const at = now.toISOString();
  const [created] = await tx
    .insert(ticketTypes)
    .values({
      ...ticketColumns(input),
      organisationId: organisationOfEvent(input.eventId),
      inclusions: input.inclusions ?? [...DEFAULT_TICKET_INCLUSIONS],
      maxPerOrder: defaultMaxPerOrder(input),
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: ticketTypes.id });
  return (await getTicket(tx, created!.id))!;
}

/**
 * Saves the ticket form; undefined when there is none. Refuses a stale form, an unknown event and
 * a quantity below what is already sold plus held by unpaid orders (the seats exist).
 */
export async function updateTicket(tx: Db, id: number, input: TicketInput & { updatedAt: string }, now = new Date()) {
  // Locked: a checkout taking seats waits, so the quantity is checked against what is held now.
  const [before] = await forUpdate(tx.select().from(ticketTypes).where(eq(ticketTypes.id, id)));
  if (!before) return undefined;
  if (before.updatedAt !== input.updatedAt) throw new StaleEditError('ticket');
  await requireEvent(tx, input.eventId);
  await requireOwnBibs(tx, input, id);
  const sold = before.sold;
  if (input.quantity < sold + before.held) {
    throw new TicketChangeRefused(
      'below_taken',
      `Quantity cannot be below the ${sold} sold and ${before.held} held by unpaid orders, offers and promo codes' reserved seats (${sold + before.held} in all)`,
    );
  }
  const [after] = await tx
    .update(ticketTypes)
    .set({ ...ticketColumns(input), updatedAt: now.toISOString() })
    .where(eq(ticketTypes.id, id))
    .returning();
  // Seats the change freed (a raised quantity, a type back on sale) go to the waiting list first.
  await offerFreedSeats(tx, after!.eventId, now);
  if (before.eventId !== after!.eventId) await offerFreedSeats(tx, before.eventId, now);
  const [offered] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, id));
  return { before, after: offered! };
}

/**
 * Deletes a ticket type (registrations keep their snapshot of it); the deleted row, or undefined.
 * Refused while a promo code or group discount names it: without it, a rule of that type alone
 * would apply to every type of the event.
 */
export async function deleteTicket(tx: Db, id: number) {
  const codes = await tx
    .select({ name: promoCodes.code })
    .from(promoCodeTicketTypes)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeTicketTypes.promoCodeId))
    .where(eq(promoCodeTicketTypes.ticketTypeId, id));
  const discounts = await tx
    .select({ name: groupDiscounts.name })
    .from(groupDiscountTicketTypes)
    .innerJoin(groupDiscounts, eq(groupDiscounts.id, groupDiscountTicketTypes.groupDiscountId))
    .where(eq(groupDiscountTicketTypes.ticketTypeId, id));
  const rules = [...codes.map((c) => `promo code ${c.name}`), ...discounts.map((d) => `group discount "${d.name}"`)];
  if (rules.length > 0) {
    throw new TicketChangeRefused(
      'in_use',
      `This ticket type is named by ${rules.join(', ')}: take it out of ${rules.length === 1 ? 'that rule' : 'those rules'} first`,
    );
  }
  const [row] = await tx.delete(ticketTypes).where(eq(ticketTypes.id, id)).returning();
  return row;
}
