// Inventory (issue 23): every seat is counted here, and only here. A seat is held by an unpaid
// order (ticket_types.held), sold when it is paid (sold), released when a hold lapses or fails, and
// given back or taken again when staff cancel or restore an attendee. Each change is a conditional
// UPDATE of the ticket type's counters, so two buyers can never both take the last seat; an
// event's max participants caps the seats of all its ticket types together (the event's seats are
// locked while they are counted, so two ticket types cannot both take the event's last seat), and a
// type numbered with bibs has no more seats than bibs. Every function runs in the transaction it is
// handed.
// Waiting list (decision 024): seats that come free (a hold lapses, a sold seat is given back, staff
// raise a capacity) are first offered, in the same transaction, to the waiting list's next entries
// whose number fits; an offered entry's seats count in `held` until the offer is used or lapses, so
// nobody else can take them. Offers are made under the event's seat lock, so two releases never
// offer one seat twice nor one entry two offers.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lte, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { flag, forUpdate, greatest, lockKey } from '../db/functions';
import { announceOutbox } from '../db/notify';
import {
  events,
  orderLines,
  orders,
  promoCodes,
  promoCodeTicketTypes,
  registrations,
  ticketTypes,
  waitingListEntries,
} from '../db/schema';

export interface SeatLine {
  ticketTypeId: number;
  quantity: number;
}

/** A ticket type's seats: its quantity, and no more than its bib range numbers when it has one. */
export const seatCapacity = (t: { quantity: number; bibFrom: number | null; bibTo: number | null }) =>
  t.bibFrom !== null && t.bibTo !== null ? Math.min(t.quantity, t.bibTo - t.bibFrom + 1) : t.quantity;

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
/**
 * Locks the event's seats until the transaction ends. A lock on the event's seats, not its row:
 * orders being written hold a key-share lock on that row (their foreign key), which a row lock
 * would wait on, two buyers each for the other.
 */
export const lockEventSeats = (tx: Db, eventId: number) => lockKey(tx, `event-seats:${eventId}`);

async function eventRoom(tx: Db, eventId: number, seats: number): Promise<SeatRefusal | undefined> {
  await lockEventSeats(tx, eventId);
  // One read under the lock: the event's cap and the seats its ticket types have taken.
  const [event] = await tx
    .select({
      max: events.maxParticipants,
      taken: sql<number>`(${tx
        .select({ seats: sql`coalesce(sum(${ticketTypes.sold} + ${ticketTypes.held}), 0)` })
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, eventId))})`.mapWith(Number),
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return undefined;
  const left = event.max - event.taken;
  return left >= seats ? undefined : { kind: 'event', left: Math.max(0, left) };
}

async function seatsLeft(tx: Db, ticketTypeId: number): Promise<SeatRefusal> {
  const [t] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
  if (!t) return { kind: 'ticket', ticketTypeId, name: 'This ticket', left: 0 };
  const capacity = seatCapacity(t);
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

/** The events of these ticket types, each one's seats locked (in id order, as every releaser locks them). */
async function lockEventsOf(tx: Db, ticketTypeIds: number[]): Promise<number[]> {
  if (ticketTypeIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ eventId: ticketTypes.eventId })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...new Set(ticketTypeIds)]));
  const ids = rows.map((r) => r.eventId).sort((a, b) => a - b);
  for (const id of ids) await lockEventSeats(tx, id);
  return ids;
}

/** Takes `quantity` seats out of `held` (never below 0). */
async function unhold(tx: Db, line: SeatLine) {
  await tx
    .update(ticketTypes)
    .set({ held: greatest(sql`${ticketTypes.held} - ${line.quantity}`, 0) })
    .where(eq(ticketTypes.id, line.ticketTypeId));
}

/** A lapsed or failed order's held seats go back on sale: first to the waiting list's offers. */
export async function releaseHeldSeats(tx: Db, lines: SeatLine[], now = new Date()): Promise<void> {
  const eventIds = await lockEventsOf(
    tx,
    lines.map((l) => l.ticketTypeId),
  );
  for (const line of lines) await unhold(tx, line);
  for (const eventId of eventIds) await offerFreedSeats(tx, eventId, now);
}

/** A cancelled (or refunded) attendee's seat goes back on sale: first to the waiting list's offers. */
export async function releaseSoldSeat(tx: Db, line: SeatLine, now: string): Promise<void> {
  const eventIds = await lockEventsOf(tx, [line.ticketTypeId]);
  await tx
    .update(ticketTypes)
    .set({ sold: greatest(sql`${ticketTypes.sold} - ${line.quantity}`, 0), updatedAt: now })
    .where(eq(ticketTypes.id, line.ticketTypeId));
  for (const eventId of eventIds) await offerFreedSeats(tx, eventId, new Date(now));
}

/**
 * An attendee moves to another ticket type of the same event (a race swap, decision 071): one seat
 * is taken in `to` while it is Active and has room, then the seat in `from` goes back on sale (the
 * waiting list is offered it). The event's total is unchanged, so its cap is not asked. False, with
 * nothing changed, when `to` has no room.
 */
export async function moveSoldSeat(tx: Db, eventId: number, from: SeatLine, to: SeatLine, now: string): Promise<boolean> {
  await lockEventSeats(tx, eventId);
  const taken = await tx
    .update(ticketTypes)
    .set({ sold: sql`${ticketTypes.sold} + ${to.quantity}`, updatedAt: now })
    .where(and(eq(ticketTypes.id, to.ticketTypeId), eq(ticketTypes.status, 'Active'), roomFor(to.quantity)))
    .returning({ id: ticketTypes.id });
  if (taken.length !== 1) return false;
  await releaseSoldSeat(tx, from, now);
  return true;
}

/** A new offer's secret: the link's only key to the offered seats. */
export const newOfferToken = () => randomBytes(18).toString('base64url');

/**
 * Offers the event's free seats to its waiting lists: each Active ticket type's entries in their
 * order, every one whose number fits what is left of the type and the event (an entry wanting more
 * than is free is passed over, not skipped for ever: it keeps its place for the next release).
 * Each offered entry holds its seats until its offer lapses. Returns how many entries were offered.
 * Called by every release and capacity change, in its transaction.
 */
export async function offerFreedSeats(tx: Db, eventId: number, now = new Date()): Promise<number> {
  await lockEventSeats(tx, eventId);
  const [event] = await tx
    .select({ max: events.maxParticipants, status: events.status, offerHours: events.offerHours })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event || event.status !== 'Active') return 0;
  const waiting = await forUpdate(
    tx
      .select({ id: waitingListEntries.id, ticketTypeId: waitingListEntries.ticketTypeId, quantity: waitingListEntries.quantity })
      .from(waitingListEntries)
      .where(
        and(
          eq(waitingListEntries.eventId, eventId),
          eq(waitingListEntries.status, 'waiting'),
          // An address not yet confirmed holds nothing (issue 40).
          isNotNull(waitingListEntries.confirmedAt),
        ),
      )
      .orderBy(asc(waitingListEntries.ticketTypeId), asc(waitingListEntries.position), asc(waitingListEntries.id)),
  );
  if (waiting.length === 0) return 0;
  const types = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
  let eventLeft = event.max - types.reduce((n, t) => n + t.sold + t.held, 0);
  const typeLeft = new Map(
    types.map((t) => {
      const capacity = seatCapacity(t);
      return [t.id, t.status === 'Active' ? capacity - t.sold - t.held : 0];
    }),
  );
  const expiresAt = new Date(now.getTime() + event.offerHours * 3_600_000).toISOString();
  let offered = 0;
  for (const entry of waiting) {
    if (eventLeft <= 0) break;
    const left = Math.min(typeLeft.get(entry.ticketTypeId) ?? 0, eventLeft);
    if (entry.quantity > left) continue;
    const held = await tx
      .update(ticketTypes)
      .set({ held: sql`${ticketTypes.held} + ${entry.quantity}` })
      .where(and(eq(ticketTypes.id, entry.ticketTypeId), roomFor(entry.quantity)))
      .returning({ id: ticketTypes.id });
    if (held.length !== 1) continue;
    await tx
      .update(waitingListEntries)
      .set({
        status: 'offered',
        offerToken: newOfferToken(),
        offeredAt: now.toISOString(),
        offerExpiresAt: expiresAt,
        offerMailedAt: null,
        updatedAt: now.toISOString(),
      })
      .where(and(eq(waitingListEntries.id, entry.id), eq(waitingListEntries.status, 'waiting')));
    typeLeft.set(entry.ticketTypeId, (typeLeft.get(entry.ticketTypeId) ?? 0) - entry.quantity);
    eventLeft -= entry.quantity;
    offered++;
  }
  // The outbox worker writes the offers' e-mails (it knows the site's address): wake it.
  if (offered > 0) await announceOutbox(tx);
  return offered;
}

/**
 * Ends an offer that still holds seats (it lapsed, staff removed its entry, or its event is being
 * cancelled): its seats leave `held` and, unless `reoffer` is false, pass to the next entries.
 * The entry must be locked by the caller and still 'offered'; it moves to `status`.
 */
export async function endOffer(
  tx: Db,
  entry: { id: number; eventId: number; ticketTypeId: number; quantity: number },
  status: 'expired' | 'removed' | 'ended',
  now: Date,
  reoffer = true,
): Promise<boolean> {
  await lockEventSeats(tx, entry.eventId);
  const ended = await tx
    .update(waitingListEntries)
    .set({ status, updatedAt: now.toISOString() })
    .where(and(eq(waitingListEntries.id, entry.id), eq(waitingListEntries.status, 'offered')))
    .returning({ id: waitingListEntries.id });
  if (ended.length !== 1) return false;
  await unhold(tx, entry);
  if (reoffer) await offerFreedSeats(tx, entry.eventId, now);
  return true;
}

const lapsedOffer = (now: Date) =>
  and(eq(waitingListEntries.status, 'offered'), lte(waitingListEntries.offerExpiresAt, now.toISOString()));

/** 1 when a waiting-list offer has lapsed, else 0: a column for another read (as anyLapsedHoldColumn). */
export const anyLapsedOfferColumn = (db: Db, now: Date) =>
  flag(exists(db.select({ id: waitingListEntries.id }).from(waitingListEntries).where(lapsedOffer(now))));

/**
 * Offers whose time has run out pass to the next entries (the background job, and lazily before
 * every new order). Rows are locked and re-checked, so two workers never end one offer twice.
 * Returns how many lapsed.
 */
export async function expireOffers(tx: Db, now = new Date(), limit = 200): Promise<number> {
  const lapsed = lapsedOffer(now);
  const [any] = await tx.select({ id: waitingListEntries.id }).from(waitingListEntries).where(lapsed).limit(1);
  if (!any) return 0;
  const due = await tx
    .select({ eventId: waitingListEntries.eventId })
    .from(waitingListEntries)
    .where(lapsed)
    .orderBy(asc(waitingListEntries.offerExpiresAt))
    .limit(limit);
  // Each event's seats first (in id order, as releases take them), then its lapsed entries.
  let count = 0;
  for (const eventId of [...new Set(due.map((d) => d.eventId))].sort((a, b) => a - b)) {
    await lockEventSeats(tx, eventId);
    const entries = await forUpdate(
      tx
        .select()
        .from(waitingListEntries)
        .where(and(lapsed, eq(waitingListEntries.eventId, eventId)))
        .orderBy(asc(waitingListEntries.offerExpiresAt), asc(waitingListEntries.id)),
    );
    for (const entry of entries) if (await endOffer(tx, entry, 'expired', now, false)) count++;
    await offerFreedSeats(tx, eventId, now);
  }
  return count;
}

/**
 * An order takes over an offer's seats: they stay in `held` and become the order's hold. The
 * entry must be locked by the caller and still 'offered' within its time. `using` of its seats go
 * to the order; any it does not use pass to the next entries. False when the offer was already
 * ended (then nothing changed).
 */
export async function takeOverOffer(
  tx: Db,
  entry: { id: number; eventId: number; ticketTypeId: number; quantity: number },
  orderId: string,
  using: number,
  now: Date,
): Promise<boolean> {
  await lockEventSeats(tx, entry.eventId);
  const used = await tx
    .update(waitingListEntries)
    .set({ status: 'used', orderId, updatedAt: now.toISOString() })
    .where(and(eq(waitingListEntries.id, entry.id), eq(waitingListEntries.status, 'offered')))
    .returning({ id: waitingListEntries.id });
  if (used.length !== 1) return false;
  const spare = entry.quantity - Math.min(using, entry.quantity);
  if (spare > 0) {
    await unhold(tx, { ticketTypeId: entry.ticketTypeId, quantity: spare });
    await offerFreedSeats(tx, entry.eventId, now);
  }
  return true;
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

/**
 * The buyer of an unpaid order that took over an offer starts again (a failed payment, a new tab)
 * while the offer's time runs: the offer is theirs again. Its seats (those the order took) are
 * held for the entry once more, before the old order's hold is released, so they do not pass on.
 */
export async function reinstateOffer(
  tx: Db,
  entry: { id: number; eventId: number; ticketTypeId: number },
  seats: number,
  now: Date,
): Promise<void> {
  await lockEventSeats(tx, entry.eventId);
  const back = await tx
    .update(waitingListEntries)
    .set({ status: 'offered', orderId: null, quantity: seats, updatedAt: now.toISOString() })
    .where(and(eq(waitingListEntries.id, entry.id), eq(waitingListEntries.status, 'used')))
    .returning({ id: waitingListEntries.id });
  if (back.length !== 1) return;
  await tx
    .update(ticketTypes)
    .set({ held: sql`${ticketTypes.held} + ${seats}` })
    .where(eq(ticketTypes.id, entry.ticketTypeId));
}

/** A ticket type's seats as the positions count them. */
export interface SeatCount {
  sold: number;
  held: number;
}

/**
 * Every ticket type's seats (of one event, or all) recounted from what holds them (decision 036):
 * sold are the attendees paid for and not cancelled; held are the lines of orders whose hold is not
 * released, the seats of waiting-list offers not yet used, and promo codes' blocks. `sold` and
 * `held` on ticket_types are a cache of these figures, which every change above keeps in step and
 * the recount test compares after every step.
 */
export async function countSeats(db: Db, eventId?: number): Promise<Map<number, SeatCount>> {
  const types = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(eventId === undefined ? undefined : eq(ticketTypes.eventId, eventId));
  const counts = new Map<number, SeatCount>(types.map((t) => [t.id, { sold: 0, held: 0 }]));
  const add = (id: number | null, field: keyof SeatCount, n: number) => {
    const count = id === null ? undefined : counts.get(id);
    if (count) count[field] += Number(n);
  };
  const ofEvent = (column: SQLWrapper) => (eventId === undefined ? undefined : sql`${column} = ${eventId}`);
  for (const row of await db
    .select({ id: registrations.ticketId, n: sql<number>`sum(${registrations.quantity})` })
    .from(registrations)
    .where(and(eq(registrations.paymentStatus, 'Paid'), ne(registrations.status, 'Cancelled'), ofEvent(registrations.eventId)))
    .groupBy(registrations.ticketId)) {
    add(row.id, 'sold', row.n);
  }
  for (const row of await db
    .select({ id: orderLines.ticketTypeId, n: sql<number>`sum(${orderLines.quantity})` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(isNull(orders.holdReleasedAt), ofEvent(orders.eventId)))
    .groupBy(orderLines.ticketTypeId)) {
    add(row.id, 'held', row.n);
  }
  for (const row of await db
    .select({ id: waitingListEntries.ticketTypeId, n: sql<number>`sum(${waitingListEntries.quantity})` })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.status, 'offered'), ofEvent(waitingListEntries.eventId)))
    .groupBy(waitingListEntries.ticketTypeId)) {
    add(row.id, 'held', row.n);
  }
  const blocks = new Map<number, { n: number; types: number[] }>();
  for (const row of await db
    .select({ id: promoCodes.id, n: promoCodes.reservedHeld, type: promoCodeTicketTypes.ticketTypeId })
    .from(promoCodes)
    .innerJoin(promoCodeTicketTypes, eq(promoCodeTicketTypes.promoCodeId, promoCodes.id))
    .where(and(gt(promoCodes.reservedHeld, 0), ofEvent(promoCodes.eventId)))) {
    const block = blocks.get(row.id) ?? { n: row.n, types: [] };
    block.types.push(row.type);
    blocks.set(row.id, block);
  }
  // A code's block is of its one ticket type (promo-codes.ts).
  for (const block of blocks.values()) if (block.types.length === 1) add(block.types[0]!, 'held', block.n);
  return counts;
}

/**
 * Writes the recount over the cached `sold` and `held` where they differ (the seed, an operator's
 * repair); returns the ticket types it corrected. Under each event's seat lock, in `tx`.
 */
export async function recountSeats(tx: Db, eventId?: number): Promise<number[]> {
  const eventRows = await tx
    .selectDistinct({ eventId: ticketTypes.eventId })
    .from(ticketTypes)
    .where(eventId === undefined ? undefined : eq(ticketTypes.eventId, eventId));
  for (const id of eventRows.map((e) => e.eventId).sort((a, b) => a - b)) await lockEventSeats(tx, id);
  const counted = await countSeats(tx, eventId);
  const cached = await tx
    .select({ id: ticketTypes.id, sold: ticketTypes.sold, held: ticketTypes.held })
    .from(ticketTypes)
    .where(eventId === undefined ? undefined : eq(ticketTypes.eventId, eventId));
  const corrected: number[] = [];
  for (const type of cached) {
    const count = counted.get(type.id)!;
    if (count.sold === type.sold && count.held === type.held) continue;
    await tx.update(ticketTypes).set(count).where(eq(ticketTypes.id, type.id));
    corrected.push(type.id);
  }
  return corrected;
}
