// Promo codes (issue 25, decision 033): staff's codes per event, what checkout may take of them,
// and a sponsor's block of seats kept out of the general sale.
//
// A use is one ticket (attendee) the code applied to. An unpaid order holding its seats counts its
// `promo_uses` against the code's limits while its hold lasts; a paid attendee (a registration with
// `promo_code_id`) counts until cancelled (refunded, or cancelled by staff or the buyer). The checks
// of the limits run under the event's seat lock (inventory.lockEventSeats), the lock every hold of
// the event takes, in the order's own transaction: two buyers never both take a code's last use.
//
// A block (`reserved_seats`, one ticket type) is counted in that type's `held` (`reserved_held`
// seats of it), so the general sale, the public availability and the waiting list's offers, which
// all count `held`, leave it alone. A holder of the code takes their seats out of the block; a hold
// that lapses gives them back to it; a paid seat leaves it for good.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  indiaDateTimeToIso,
  isoToIndiaDateTime,
  PROMO_WRONG_TRIES,
  PROMO_WRONG_TRIES_WINDOW_MINUTES,
  promoCodeKey,
  type PromoCode,
  type PromoCodeKind,
  type PromoCodeStatus,
  type PromoCodeValues,
  type PromoRefusal,
} from '../contract';
import { isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { events, orders, promoCodes, promoCodeTicketTypes, rateLimits, registrations, ticketTypes } from '../db/schema';
import { recordAudit, type AuditEntryInput } from './audit';
import { hit } from './checkout-limits';
import { lockEventSeats, releaseHeldSeats, seatCapacity } from './inventory';
import { toPaise, toRupees } from '../contract/money';
import type { PromoTerms } from './pricing';
import { promoCodesCsv } from './promo-csv';

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;
/** A code with the ticket types it names (rows of promo_code_ticket_types; none: all of its event's). */
export type PromoRow = typeof promoCodes.$inferSelect & { ticketTypeIds: number[] };

/** The codes `where` selects, oldest first, each with the ticket types it names. */
export async function promoRows(db: Db, where: SQL | undefined): Promise<PromoRow[]> {
  const rows = await db.select().from(promoCodes).where(where).orderBy(asc(promoCodes.id));
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(promoCodeTicketTypes)
    .where(
      inArray(
        promoCodeTicketTypes.promoCodeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(promoCodeTicketTypes.ticketTypeId));
  return rows.map((row) => ({
    ...row,
    ticketTypeIds: links.filter((l) => l.promoCodeId === row.id).map((l) => l.ticketTypeId),
  }));
}

/** One code with its ticket types; undefined when there is none. */
export const promoRow = async (db: Db, id: number): Promise<PromoRow | undefined> =>
  (await promoRows(db, eq(promoCodes.id, id)))[0];

/** Makes the ticket types a code names exactly `ids`. */
async function nameTicketTypes(tx: Db, codeId: number, ids: readonly number[]) {
  await tx.delete(promoCodeTicketTypes).where(eq(promoCodeTicketTypes.promoCodeId, codeId));
  if (ids.length > 0) {
    await tx.insert(promoCodeTicketTypes).values(ids.map((ticketTypeId) => ({ promoCodeId: codeId, ticketTypeId })));
  }
}

/** Why a staff change was refused: the route maps it to its status. */
export class PromoCodeRefusal extends Error {
  override name = 'PromoCodeRefusal';
  constructor(
    readonly reason: 'not_found' | 'invalid' | 'conflict',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Why a buyer's code does not apply, with the values its message needs. */
export interface BuyerPromoProblem {
  reason: PromoRefusal;
  values?: Record<string, number>;
}

const appliesTo = (ids: readonly number[], ticketId: number) => ids.length === 0 || ids.includes(ticketId);

/** The terms the pricing function takes. */
export const promoTermsOf = (row: PromoRow): PromoTerms => ({
  id: row.id,
  code: row.code,
  kind: row.kind as PromoCodeKind,
  value: row.value,
  ticketTypeIds: row.ticketTypeIds,
});

/** The event's code as typed by a buyer (case-insensitive); undefined when there is none. */
export async function findPromoCode(db: Db, eventId: number, typed: string): Promise<PromoRow | undefined> {
  const key = promoCodeKey(typed);
  if (!/^[A-Z0-9_-]{3,32}$/.test(key)) return undefined;
  const [row] = await promoRows(db, and(eq(promoCodes.eventId, eventId), eq(promoCodes.codeKey, key)));
  return row;
}

/** A code's name as staff wrote it (an order's console view); null without one. */
export async function promoCodeName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.id, id));
  return row?.code ?? null;
}

/** Whether a code can be used at `now`, apart from its limits. */
function timeProblem(row: PromoRow, now: Date): BuyerPromoProblem | undefined {
  if (!row.active) return { reason: 'expired' };
  if (row.validFrom && row.validFrom > now.toISOString()) return { reason: 'notYetValid' };
  if (row.validUntil && row.validUntil <= now.toISOString()) return { reason: 'expired' };
  return undefined;
}

/** How many of an order's attendees a code applies to. */
export const promoUsesOf = (row: Pick<PromoRow, 'ticketTypeIds'>, attendees: readonly { ticketId: number }[]) =>
  attendees.filter((a) => appliesTo(row.ticketTypeIds, a.ticketId)).length;

const holdingOrder = and(eq(orders.status, 'CREATED'), isNull(orders.holdReleasedAt));

/** Tickets of paid attendees not cancelled, and of unpaid orders still holding, of these codes. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, { uses: number; held: number }>> {
  const counts = new Map(ids.map((id) => [id, { uses: 0, held: 0 }]));
  if (ids.length === 0) return counts;
  const used = await db
    .select({ id: registrations.promoCodeId, n: sql<number>`count(*)` })
    .from(registrations)
    .where(and(isAttendee, inArray(registrations.promoCodeId, ids), ne(registrations.status, 'Cancelled')))
    .groupBy(registrations.promoCodeId);
  for (const row of used) counts.get(row.id!)!.uses = Number(row.n);
  const held = await db
    .select({ id: orders.promoCodeId, n: sql<number>`coalesce(sum(${orders.promoUses}), 0)` })
    .from(orders)
    .where(and(inArray(orders.promoCodeId, ids), holdingOrder))
    .groupBy(orders.promoCodeId);
  for (const row of held) counts.get(row.id!)!.held = Number(row.n);
  return counts;
}

/** The code's tickets taken with one buyer e-mail: paid and not cancelled, or held now. */
async function usesByEmail(db: Db, codeId: number, email: string): Promise<number> {
  const lower = email.trim().toLowerCase();
  const [paid] = await db
    .select({ n: sql<number>`count(*)` })
    .from(registrations)
    .innerJoin(orders, eq(orders.id, registrations.orderId))
    .where(
      and(
        isAttendee,
        eq(registrations.promoCodeId, codeId),
        ne(registrations.status, 'Cancelled'),
        sql`lower(${orders.customerEmail}) = ${lower}`,
      ),
    );
  const [held] = await db
    .select({ n: sql<number>`coalesce(sum(${orders.promoUses}), 0)` })
    .from(orders)
    .where(and(eq(orders.promoCodeId, codeId), holdingOrder, sql`lower(${orders.customerEmail}) = ${lower}`));
  return Number(paid?.n ?? 0) + Number(held?.n ?? 0);
}

/**
 * Whether a known code applies to an order of these attendees now: its window, its ticket types,
 * and its limits. `counting` says whether `orderId`'s own hold is already written (create-order
 * checks after writing the order; the quote before any). Create-order calls it under the event's
 * seat lock, so what it counts cannot change before the commit.
 */
export async function promoProblem(
  db: Db,
  row: PromoRow,
  order: { attendees: readonly { ticketId: number }[]; email?: string; ownOrderWritten: boolean },
  now: Date,
): Promise<BuyerPromoProblem | undefined> {
  const early = timeProblem(row, now);
  if (early) return early;
  const wanted = promoUsesOf(row, order.attendees);
  if (wanted === 0) return { reason: 'notForTickets' };
  const own = order.ownOrderWritten ? wanted : 0;
  if (row.maxUses !== null) {
    const { uses, held } = (await countsOf(db, [row.id])).get(row.id)!;
    const left = row.maxUses - (uses + held - own);
    if (left <= 0) return { reason: 'usedUp' };
    if (left < wanted) return { reason: 'usesLeft', values: { count: left } };
  }
  // More than one e-mail may take, in this order alone: said without reading anyone's history.
  if (row.maxUsesPerEmail !== null && wanted > row.maxUsesPerEmail) {
    return { reason: 'perEmail', values: { max: row.maxUsesPerEmail } };
  }
  if (row.maxUsesPerEmail !== null && order.email) {
    const taken = (await usesByEmail(db, row.id, order.email)) - own;
    if (taken + wanted > row.maxUsesPerEmail) return { reason: 'perEmail', values: { max: row.maxUsesPerEmail } };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// A sponsor's block.

/** The one ticket type a block is of (the contract allows a block only with one). */
const blockTypeOf = (row: Pick<PromoRow, 'ticketTypeIds'>): number | undefined =>
  row.ticketTypeIds.length === 1 ? row.ticketTypeIds[0] : undefined;

/** Seats the block should keep now: its size less the code's tickets paid or held; 0 when the code cannot be used. */
async function blockWanted(db: Db, row: PromoRow, now: Date): Promise<number> {
  if (!row.reservedSeats || blockTypeOf(row) === undefined || timeProblem(row, now)?.reason === 'expired') return 0;
  const { uses, held } = (await countsOf(db, [row.id])).get(row.id)!;
  return Math.max(0, row.reservedSeats - uses - held);
}

/** Room for more seats in a ticket type and its event, now (the caller holds the event's seat lock). */
async function roomIn(db: Db, ticketTypeId: number): Promise<number> {
  const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId));
  if (!type) return 0;
  const capacity = seatCapacity(type);
  const [event] = await db.select({ max: events.maxParticipants }).from(events).where(eq(events.id, type.eventId));
  const [taken] = await db
    .select({ seats: sql<number>`coalesce(sum(${ticketTypes.sold} + ${ticketTypes.held}), 0)` })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, type.eventId));
  return Math.max(0, Math.min(capacity - type.sold - type.held, (event?.max ?? 0) - Number(taken?.seats ?? 0)));
}

/**
 * Brings a code's block to what it should keep: seats it no longer needs go back on sale (first to
 * the waiting list), seats it lacks are taken while there is room. Under the event's seat lock, in
 * the caller's transaction. Returns the seats the block keeps.
 */
export async function syncBlock(tx: Db, codeId: number, now: Date, options: { release?: boolean } = {}): Promise<number> {
  const [first] = await tx.select({ eventId: promoCodes.eventId }).from(promoCodes).where(eq(promoCodes.id, codeId));
  if (!first) return 0;
  await lockEventSeats(tx, first.eventId);
  const row = await promoRow(tx, codeId);
  if (!row) return 0;
  const type = blockTypeOf(row);
  const wanted = options.release ? 0 : await blockWanted(tx, row, now);
  if (wanted === row.reservedHeld) return wanted;
  if (wanted < row.reservedHeld || type === undefined) {
    const surplus = row.reservedHeld - wanted;
    await tx.update(promoCodes).set({ reservedHeld: wanted }).where(eq(promoCodes.id, row.id));
    if (type !== undefined && surplus > 0) await releaseHeldSeats(tx, [{ ticketTypeId: type, quantity: surplus }], now);
    return wanted;
  }
  const more = Math.min(wanted - row.reservedHeld, await roomIn(tx, type));
  if (more > 0) {
    await tx
      .update(ticketTypes)
      .set({ held: sql`${ticketTypes.held} + ${more}` })
      .where(eq(ticketTypes.id, type));
    await tx
      .update(promoCodes)
      .set({ reservedHeld: row.reservedHeld + more })
      .where(eq(promoCodes.id, row.id));
  }
  return row.reservedHeld + more;
}

/**
 * A holder of the code takes up to `seats` of its block for their order: those seats leave the
 * block's count and `held`, and the order's hold (or late sale) takes them again at once, in the
 * same transaction under the same lock. Returns how many were taken.
 */
export async function takeFromBlock(tx: Db, codeId: number, ticketTypeId: number, seats: number): Promise<number> {
  const row = await promoRow(tx, codeId);
  if (!row || blockTypeOf(row) !== ticketTypeId || row.reservedHeld === 0 || seats <= 0) return 0;
  await lockEventSeats(tx, row.eventId);
  const taken = Math.min(seats, row.reservedHeld);
  await tx
    .update(promoCodes)
    .set({ reservedHeld: sql`${promoCodes.reservedHeld} - ${taken}` })
    .where(eq(promoCodes.id, row.id));
  await tx
    .update(ticketTypes)
    .set({ held: sql`${ticketTypes.held} - ${taken}` })
    .where(eq(ticketTypes.id, ticketTypeId));
  return taken;
}

/**
 * An order's hold is being released (lapsed, failed, replaced): of its seats, those its code's
 * block should keep again stay held, now counted in the block. Returns the lines left to release.
 * The order must already be marked released (its hold no longer counts).
 */
export async function returnToBlock(
  tx: Db,
  order: { promoCodeId: number | null; promoUses: number },
  lines: { ticketTypeId: number; quantity: number }[],
  now: Date,
): Promise<{ ticketTypeId: number; quantity: number }[]> {
  if (order.promoCodeId === null || order.promoUses === 0) return lines;
  const row = await promoRow(tx, order.promoCodeId);
  const type = row ? blockTypeOf(row) : undefined;
  if (!row || !row.reservedSeats || type === undefined) return lines;
  await lockEventSeats(tx, row.eventId);
  const line = lines.find((l) => l.ticketTypeId === type);
  if (!line) return lines;
  const back = Math.min(line.quantity, order.promoUses, Math.max(0, (await blockWanted(tx, row, now)) - row.reservedHeld));
  if (back === 0) return lines;
  await tx
    .update(promoCodes)
    .set({ reservedHeld: sql`${promoCodes.reservedHeld} + ${back}` })
    .where(eq(promoCodes.id, row.id));
  return lines.map((l) => (l === line ? { ...l, quantity: l.quantity - back } : l)).filter((l) => l.quantity > 0);
}

/** Blocks of codes that ended or were switched off give their seats back (the hold sweeper calls it). */
export async function releaseEndedBlocks(tx: Db, now = new Date()): Promise<number> {
  const due = await tx
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(
      and(
        gt(promoCodes.reservedHeld, 0),
        or(eq(promoCodes.active, false), and(isNotNull(promoCodes.validUntil), lte(promoCodes.validUntil, now.toISOString()))),
      ),
    )
    .orderBy(asc(promoCodes.eventId));
  for (const code of due) await syncBlock(tx, code.id, now);
  return due.length;
}

// ---------------------------------------------------------------------------------------------
// Guessing: wrong codes per client address, across instances (rate_limits).

const WRONG_WINDOW_MS = PROMO_WRONG_TRIES_WINDOW_MINUTES * 60_000;
const wrongKey = (address: string) => `promo-wrong:${address}`;

/** Seconds this address must wait before trying a code again (it tried too many wrong ones); 0 when it may. */
export async function promoTriesWait(db: Db, address: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, wrongKey(address)));
  if (!row || row.resetAt <= now.toISOString() || row.hits < PROMO_WRONG_TRIES) return 0;
  return Math.max(1, Math.ceil((Date.parse(row.resetAt) - now.getTime()) / 1000));
}

/** Counts a wrong code from this address (its own statement: the refused order's rollback keeps it). */
export const countWrongPromo = (db: Db, address: string, now = new Date()) =>
  hit(db, wrongKey(address), PROMO_WRONG_TRIES, WRONG_WINDOW_MS, now);

// ---------------------------------------------------------------------------------------------
// Staff.

function statusOf(row: PromoRow, uses: number, held: number, now: Date): PromoCodeStatus {
  if (!row.active) return 'disabled';
  if (row.validUntil && row.validUntil <= now.toISOString()) return 'expired';
  if (row.validFrom && row.validFrom > now.toISOString()) return 'scheduled';
  if (row.maxUses !== null && uses + held >= row.maxUses) return 'used_up';
  return 'active';
}

interface Money {
  revenuePaise: number;
  discountPaise: number;
}

async function moneyOf(db: Db, ids: number[]): Promise<Map<number, Money>> {
  const money = new Map<number, Money>();
  if (ids.length === 0) return money;
  const rows = await db
    .select({
      id: registrations.promoCodeId,
      revenue: sql<number>`coalesce(sum(${registrations.amountPaise} - ${registrations.refundedPaise}), 0)`,
      discount: sql<number>`coalesce(sum(${registrations.promoDiscountPaise}), 0)`,
    })
    .from(registrations)
    .where(and(isAttendee, inArray(registrations.promoCodeId, ids)))
    .groupBy(registrations.promoCodeId);
  for (const row of rows) money.set(row.id!, { revenuePaise: Number(row.revenue), discountPaise: Number(row.discount) });
  return money;
}

const view = (row: PromoRow, counts: { uses: number; held: number }, money: Money | undefined, now: Date): PromoCode => ({
  id: row.id,
  eventId: row.eventId,
  code: row.code,
  kind: row.kind as PromoCodeKind,
  value: row.kind === 'percent' ? row.value : toRupees(row.value),
  ticketTypeIds: row.ticketTypeIds,
  validFrom: row.validFrom ? isoToIndiaDateTime(row.validFrom) : null,
  validUntil: row.validUntil ? isoToIndiaDateTime(row.validUntil) : null,
  maxUses: row.maxUses,
  maxUsesPerEmail: row.maxUsesPerEmail,
  reservedSeats: row.reservedSeats,
  active: row.active,
  status: statusOf(row, counts.uses, counts.held, now),
  uses: counts.uses,
  held: counts.held,
  usesLeft: row.maxUses === null ? null : Math.max(0, row.maxUses - counts.uses - counts.held),
  revenuePaise: money?.revenuePaise ?? 0,
  discountPaise: money?.discountPaise ?? 0,
  reservedLeft: row.reservedSeats === null ? null : row.reservedHeld,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

async function requireEvent(db: Db, eventId: number) {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new PromoCodeRefusal('not_found', 'Event not found');
}

/** Every code of an event, newest first, with its uses, holds and revenue. */
export async function listPromoCodes(db: Db, eventId: number, now = new Date()): Promise<PromoCode[]> {
  await requireEvent(db, eventId);
  const rows = await promoRows(db, eq(promoCodes.eventId, eventId));
  const ids = rows.map((r) => r.id);
  const [counts, money] = [await countsOf(db, ids), await moneyOf(db, ids)];
  return rows.reverse().map((row) => view(row, counts.get(row.id)!, money.get(row.id), now));
}

/** The staff export (CSV) of an event's codes. */
export async function promoCodesExport(db: Db, eventId: number, now = new Date()): Promise<string> {
  const codes = await listPromoCodes(db, eventId, now);
  const types = await db
    .select({ id: ticketTypes.id, name: ticketTypes.name })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
  return promoCodesCsv(codes, new Map(types.map((t) => [t.id, t.name])));
}

async function promoView(db: Db, row: PromoRow, now: Date): Promise<PromoCode> {
  return view(row, (await countsOf(db, [row.id])).get(row.id)!, (await moneyOf(db, [row.id])).get(row.id), now);
}

/** The columns of staff's input, the ticket types checked to be the event's. */
async function columnsOf(tx: Db, eventId: number, input: PromoCodeValues) {
  const ticketTypeIds = [...new Set(input.ticketTypeIds)];
  if (ticketTypeIds.length > 0) {
    const own = await tx
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ticketTypeIds)));
    if (own.length !== ticketTypeIds.length) {
      const message = 'Choose ticket types of this event';
      throw new PromoCodeRefusal('invalid', message, { ticketTypeIds: message });
    }
  }
  return {
    code: input.code,
    codeKey: promoCodeKey(input.code),
    kind: input.kind,
    value: input.kind === 'percent' ? input.value : toPaise(input.value),
    ticketTypeIds,
    validFrom: input.validFrom ? indiaDateTimeToIso(input.validFrom) : null,
    validUntil: input.validUntil ? indiaDateTimeToIso(input.validUntil) : null,
    maxUses: input.maxUses,
    maxUsesPerEmail: input.maxUsesPerEmail,
    reservedSeats: input.reservedSeats,
    active: input.active,
  };
}

async function refuseTakenCode(tx: Db, eventId: number, codeKey: string, except?: number) {
  const [other] = await tx
    .select({ id: promoCodes.id, code: promoCodes.code })
    .from(promoCodes)
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.codeKey, codeKey)));
  if (other && other.id !== except) {
    const message = `This event already has the code ${other.code} (codes are matched without regard to case)`;
    throw new PromoCodeRefusal('invalid', message, { code: message });
  }
}

/** A block staff asked for must fit in what is free now; a smaller one is refused rather than kept short. */
async function requireBlock(tx: Db, row: PromoRow, now: Date, asked: number | null) {
  const kept = await syncBlock(tx, row.id, now);
  if (asked === null || !row.active || timeProblem(row, now)?.reason === 'expired') return;
  const wanted = await blockWanted(tx, row, now);
  if (kept < wanted) {
    const [type] = await tx.select({ name: ticketTypes.name }).from(ticketTypes).where(eq(ticketTypes.id, row.ticketTypeIds[0]!));
    const message = `Only ${kept} seats of "${type?.name ?? 'this ticket'}" are free to reserve`;
    throw new PromoCodeRefusal('invalid', message, { reservedSeats: message });
  }
}

const auditDetail = (eventId: number, input: PromoCodeValues) => ({ eventId, ...input });

export async function createPromoCode(tx: Db, eventId: number, input: PromoCodeValues, actor: Actor, now = new Date()) {
  await requireEvent(tx, eventId);
  const columns = await columnsOf(tx, eventId, input);
  await refuseTakenCode(tx, eventId, columns.codeKey);
  const nowIso = now.toISOString();
  const { ticketTypeIds, ...own } = columns;
  let row: PromoRow;
  try {
    const [written] = await tx
      .insert(promoCodes)
      .values({ eventId, ...own, createdAt: nowIso, updatedAt: nowIso })
      .returning();
    await nameTicketTypes(tx, written!.id, ticketTypeIds);
    row = { ...written!, ticketTypeIds };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = `This event already has the code ${input.code}`;
    throw new PromoCodeRefusal('invalid', message, { code: message });
  }
  await requireBlock(tx, row, now, input.reservedSeats);
  await recordAudit(tx, {
    ...actor,
    action: 'create',
    entity: 'promo_code',
    entityId: row.id,
    detail: auditDetail(eventId, input),
  });
  return promoView(tx, (await promoRow(tx, row.id))!, now);
}

async function requireCode(tx: Db, eventId: number, id: number): Promise<PromoRow> {
  const [row] = await promoRows(tx, and(eq(promoCodes.id, id), eq(promoCodes.eventId, eventId)));
  if (!row) throw new PromoCodeRefusal('not_found', 'Promo code not found');
  return row;
}

export async function updatePromoCode(
  tx: Db,
  eventId: number,
  id: number,
  input: PromoCodeValues,
  actor: Actor,
  now = new Date(),
): Promise<PromoCode> {
  const before = await requireCode(tx, eventId, id);
  const columns = await columnsOf(tx, eventId, input);
  await refuseTakenCode(tx, eventId, columns.codeKey, id);
  // A block moved to another ticket type gives its seats back first.
  if (before.reservedHeld > 0 && blockTypeOf(before) !== blockTypeOf(columns)) await syncBlock(tx, id, now, { release: true });
  const { ticketTypeIds, ...own } = columns;
  const [written] = await tx
    .update(promoCodes)
    .set({ ...own, updatedAt: now.toISOString() })
    .where(eq(promoCodes.id, id))
    .returning();
  await nameTicketTypes(tx, id, ticketTypeIds);
  const row: PromoRow = { ...written!, ticketTypeIds };
  await requireBlock(tx, row, now, (input.reservedSeats ?? 0) > (before.reservedSeats ?? 0) ? input.reservedSeats : null);
  await recordAudit(tx, { ...actor, action: 'update', entity: 'promo_code', entityId: id, detail: auditDetail(eventId, input) });
  return promoView(tx, (await promoRow(tx, id))!, now);
}

/** Switches a code off (its block goes back on sale) or on again (its block is taken while there is room). */
export async function setPromoCodeActive(
  tx: Db,
  eventId: number,
  id: number,
  active: boolean,
  actor: Actor,
  now = new Date(),
): Promise<PromoCode> {
  await requireCode(tx, eventId, id);
  await tx.update(promoCodes).set({ active, updatedAt: now.toISOString() }).where(eq(promoCodes.id, id));
  await syncBlock(tx, id, now);
  await recordAudit(tx, {
    ...actor,
    action: active ? 'enable' : 'disable',
    entity: 'promo_code',
    entityId: id,
    detail: { eventId },
  });
  return promoView(tx, (await promoRow(tx, id))!, now);
}

/** Deletes a code no order ever used; a used one is refused (disable it: what its orders used stays readable). */
export async function deletePromoCode(tx: Db, eventId: number, id: number, actor: Actor, now = new Date()): Promise<void> {
  const row = await requireCode(tx, eventId, id);
  const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.promoCodeId, id)).limit(1);
  if (used) {
    throw new PromoCodeRefusal('conflict', `The code ${row.code} has been used in orders: disable it instead of deleting it`);
  }
  await syncBlock(tx, id, now, { release: true });
  await tx.delete(promoCodes).where(eq(promoCodes.id, id));
  await recordAudit(tx, { ...actor, action: 'delete', entity: 'promo_code', entityId: id, detail: { eventId, code: row.code } });
}
