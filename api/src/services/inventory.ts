// Inventory (issue 23): every seat is counted here, and only here. A seat is held by an unpaid
// order (ticket_types.held), sold when it is paid (sold), released when a hold lapses or fails, and
// given back or taken again when staff cancel or restore an attendee. Each change is a conditional
// UPDATE of the ticket type's counters, so two buyers can never both take the last seat; an
// event's max participants caps the seats of all its ticket types together (the event's seats are
// locked while they are counted, so two ticket types cannot both take the event's last seat), and a
// type numbered with bibs has no more seats than bibs. Every function runs in the transaction it is
// handed.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { greatest, lockKey } from '../db/functions';
import { events, ticketTypes } from '../db/schema';

export interface SeatLine {
  ticketTypeId: number;
  quantity: number;
}

export type SeatRefusal = { kind: 'ticket'; ticketTypeId: number; name: string; left: number } | { kind: 'event'; left: number };

/** Room under the type's quantity, and under its bib range when it has one. */
const roomFor = (q: number) =>
  and(
    sql`${ticketTypes.sold} + ${ticketTypes.held} + ${q} <= ${ticketTypes.quantity}`,
    sql`(${ticketTypes.bibTo} is null or ${ticketTypes.sold} + ${ticketTypes.held} + ${q} <= ${ticketTypes.bibTo} - ${ticketTypes.bibFrom} + 1)`,
  );

/**
 * Whether the event has room for `seats` more, with its row locked until the transaction ends
 * (the next buyer of any of its ticket types waits here); the seats left when it has not.
 */
async function eventRoom(tx: Db, eventId: number, seats: number): Promise<SeatRefusal | undefined> {
  // A lock on the event's seats, not its row: orders being written hold a key-share lock on that
  // row (their foreign key), which a row lock would wait on, two buyers each for the other.
  await lockKey(tx, `event-seats:${eventId}`);
  const [event] = await tx.select({ max: events.maxParticipants }).from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const [taken] = await tx
    .select({ seats: sql<number>`coalesce(sum(${ticketTypes.sold} + ${ticketTypes.held}), 0)` })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
  const left = event.max - Number(taken?.seats ?? 0);
  return left >= seats ? undefined : { kind: 'event', left: Math.max(0, left) };
}

async function seatsLeft(tx: Db, ticketTypeId: number): Promise<SeatRefusal> {
  const [t] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
  if (!t) return { kind: 'ticket', ticketTypeId, name: 'This ticket', left: 0 };
  const capacity = t.bibFrom !== null && t.bibTo !== null ? Math.min(t.quantity, t.bibTo - t.bibFrom + 1) : t.quantity;
  return { kind: 'ticket', ticketTypeId, name: t.name, left: Math.max(0, capacity - t.sold - t.held) };
}

/**
 * Holds seats for an unpaid order: the event's room first, then each line in ticket order (two
 * orders for the same tickets lock them in the same order), each only while it is Active and has
 * room. Undefined when every seat was held; else why not (the caller's transaction then rolls back
 * what was held before it).
 */
export async function holdSeats(tx: Db, eventId: number, lines: SeatLine[]): Promise<SeatRefusal | undefined> {
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  const full = await eventRoom(tx, eventId, total);
  if (full) return full;
  for (const line of [...lines].sort((a, b) => a.ticketTypeId - b.ticketTypeId)) {
    const held = await tx
      .update(ticketTypes)
      .set({ held: sql`${ticketTypes.held} + ${line.quantity}` })
      .where(and(eq(ticketTypes.id, line.ticketTypeId), eq(ticketTypes.status, 'Active'), roomFor(line.quantity)))
      .returning({ id: ticketTypes.id });
    if (held.length !== 1) return seatsLeft(tx, line.ticketTypeId);
  }
  return undefined;
}

/**
 * A paid order's seats become sold: held ones move to sold; for a payment after its hold lapsed
 * they are taken while there is room (in the event too). All or none: a line that cannot be sold
 * gives back those before it. Returns why not, or undefined when sold.
 */
export async function sellSeats(
  tx: Db,
  eventId: number,
  lines: SeatLine[],
  holding: boolean,
  now: Date,
): Promise<string | undefined> {
  if (
    !holding &&
    (await eventRoom(
      tx,
      eventId,
      lines.reduce((n, l) => n + l.quantity, 0),
    ))
  ) {
    return 'No capacity left in the event for a late payment';
  }
  const done: SeatLine[] = [];
  for (const line of [...lines].sort((a, b) => a.ticketTypeId - b.ticketTypeId)) {
    const q = line.quantity;
    const changed = holding
      ? await tx
          .update(ticketTypes)
          .set({ held: sql`${ticketTypes.held} - ${q}`, sold: sql`${ticketTypes.sold} + ${q}`, updatedAt: now.toISOString() })
          .where(and(eq(ticketTypes.id, line.ticketTypeId), sql`${ticketTypes.held} >= ${q}`))
          .returning({ id: ticketTypes.id })
      : await tx
          .update(ticketTypes)
          .set({ sold: sql`${ticketTypes.sold} + ${q}`, updatedAt: now.toISOString() })
          .where(and(eq(ticketTypes.id, line.ticketTypeId), roomFor(q)))
          .returning({ id: ticketTypes.id });
    if (changed.length !== 1) {
      for (const sold of done) {
        await tx
          .update(ticketTypes)
          .set(
            holding
              ? { held: sql`${ticketTypes.held} + ${sold.quantity}`, sold: sql`${ticketTypes.sold} - ${sold.quantity}` }
              : { sold: sql`${ticketTypes.sold} - ${sold.quantity}` },
          )
          .where(eq(ticketTypes.id, sold.ticketTypeId));
      }
      return 'No capacity left for a late payment';
    }
    done.push(line);
  }
  return undefined;
}

/** A lapsed or failed order's held seats go back on sale. */
export async function releaseHeldSeats(tx: Db, lines: SeatLine[]): Promise<void> {
  for (const line of lines) {
    await tx
      .update(ticketTypes)
      .set({ held: greatest(sql`${ticketTypes.held} - ${line.quantity}`, 0) })
      .where(eq(ticketTypes.id, line.ticketTypeId));
  }
}

/** A cancelled attendee's seat goes back on sale. */
export async function releaseSoldSeat(tx: Db, line: SeatLine, now: string): Promise<void> {
  await tx
    .update(ticketTypes)
    .set({ sold: greatest(sql`${ticketTypes.sold} - ${line.quantity}`, 0), updatedAt: now })
    .where(eq(ticketTypes.id, line.ticketTypeId));
}

/** A restored attendee takes their seat again, only while there is room (in the event too); false when not. */
export async function retakeSoldSeat(tx: Db, eventId: number, line: SeatLine, now: string): Promise<boolean> {
  if (await eventRoom(tx, eventId, line.quantity)) return false;
  const taken = await tx
    .update(ticketTypes)
    .set({ sold: sql`${ticketTypes.sold} + ${line.quantity}`, updatedAt: now })
    .where(and(eq(ticketTypes.id, line.ticketTypeId), roomFor(line.quantity)))
    .returning({ id: ticketTypes.id });
  return taken.length === 1;
}
