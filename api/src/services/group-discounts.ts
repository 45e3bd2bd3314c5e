// Group discounts (decision 031): staff's rules per event, read by the pricing function's callers.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { GroupDiscount, groupDiscountInputSchema } from '../contract';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { events, groupDiscounts, groupDiscountTicketTypes, ticketTypes } from '../db/schema';
import { recordAudit, type AuditEntryInput } from './audit';
import type { GroupDiscountTerms } from './pricing';

type Input = z.output<typeof groupDiscountInputSchema>;
type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;
/** A rule with the ticket types it names (rows of group_discount_ticket_types; none: all of its event's). */
type Row = typeof groupDiscounts.$inferSelect & { ticketTypeIds: number[] };

async function discountRows(db: Db, where: SQL | undefined): Promise<Row[]> {
  const rows = await db.select().from(groupDiscounts).where(where).orderBy(asc(groupDiscounts.id));
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(groupDiscountTicketTypes)
    .where(
      inArray(
        groupDiscountTicketTypes.groupDiscountId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(groupDiscountTicketTypes.ticketTypeId));
  return rows.map((row) => ({
    ...row,
    ticketTypeIds: links.filter((l) => l.groupDiscountId === row.id).map((l) => l.ticketTypeId),
  }));
}

/** Makes the ticket types a rule names exactly `ids`. */
async function nameTicketTypes(tx: Db, id: number, ids: readonly number[]) {
  await tx.delete(groupDiscountTicketTypes).where(eq(groupDiscountTicketTypes.groupDiscountId, id));
  if (ids.length > 0) {
    await tx.insert(groupDiscountTicketTypes).values(ids.map((ticketTypeId) => ({ groupDiscountId: id, ticketTypeId })));
  }
}

/** Why a change was refused: the route maps it to its status. */
export class GroupDiscountRefusal extends Error {
  override name = 'GroupDiscountRefusal';
  constructor(
    readonly reason: 'not_found' | 'invalid',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const view = (row: Row): GroupDiscount => ({
  id: row.id,
  eventId: row.eventId,
  name: row.name,
  minQuantity: row.minQuantity,
  percent: row.percent,
  ticketTypeIds: row.ticketTypeIds,
  active: row.active,
  updatedAt: row.updatedAt,
});

export async function listGroupDiscounts(db: Db, eventId: number): Promise<GroupDiscount[]> {
  const rows = await discountRows(db, eq(groupDiscounts.eventId, eventId));
  return rows.map(view);
}

/** The event's active rules as the pricing function takes them. */
export async function activeGroupDiscounts(db: Db, eventId: number): Promise<GroupDiscountTerms[]> {
  const rows = await discountRows(db, and(eq(groupDiscounts.eventId, eventId), eq(groupDiscounts.active, true)));
  return rows.map((r) => ({ id: r.id, minQuantity: r.minQuantity, percent: r.percent, ticketTypeIds: r.ticketTypeIds }));
}

async function requireEventTypes(tx: Db, eventId: number, ticketTypeIds: number[]) {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new GroupDiscountRefusal('not_found', 'Event not found');
  if (ticketTypeIds.length === 0) return;
  const own = await tx
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ticketTypeIds)));
  if (own.length !== new Set(ticketTypeIds).size) {
    const message = 'Choose ticket types of this event';
    throw new GroupDiscountRefusal('invalid', message, { ticketTypeIds: message });
  }
}

export async function createGroupDiscount(tx: Db, eventId: number, input: Input, actor: Actor): Promise<GroupDiscount> {
  await requireEventTypes(tx, eventId, input.ticketTypeIds);
  const now = new Date().toISOString();
  const { ticketTypeIds: asked, ...own } = input;
  const ticketTypeIds = [...new Set(asked)];
  const [written] = await tx
    .insert(groupDiscounts)
    .values({ eventId, ...own, createdAt: now, updatedAt: now })
    .returning();
  await nameTicketTypes(tx, written!.id, ticketTypeIds);
  const row = { ...written!, ticketTypeIds };
  await recordAudit(tx, {
    ...actor,
    action: 'create',
    entity: 'group_discount',
    entityId: row!.id,
    detail: { eventId, ...input },
  });
  return view(row);
}

export async function updateGroupDiscount(
  tx: Db,
  eventId: number,
  id: number,
  input: Input,
  actor: Actor,
): Promise<GroupDiscount> {
  await requireEventTypes(tx, eventId, input.ticketTypeIds);
  const { ticketTypeIds: asked, ...own } = input;
  const ticketTypeIds = [...new Set(asked)];
  const [written] = await tx
    .update(groupDiscounts)
    .set({ ...own, updatedAt: new Date().toISOString() })
    .where(and(eq(groupDiscounts.id, id), eq(groupDiscounts.eventId, eventId)))
    .returning();
  if (!written) throw new GroupDiscountRefusal('not_found', 'Group discount not found');
  await nameTicketTypes(tx, id, ticketTypeIds);
  const row = { ...written, ticketTypeIds };
  await recordAudit(tx, { ...actor, action: 'update', entity: 'group_discount', entityId: id, detail: { eventId, ...input } });
  return view(row);
}

export async function deleteGroupDiscount(tx: Db, eventId: number, id: number, actor: Actor): Promise<void> {
  const [row] = await tx
    .delete(groupDiscounts)
    .where(and(eq(groupDiscounts.id, id), eq(groupDiscounts.eventId, eventId)))
    .returning({ id: groupDiscounts.id });
  if (!row) throw new GroupDiscountRefusal('not_found', 'Group discount not found');
  await recordAudit(tx, { ...actor, action: 'delete', entity: 'group_discount', entityId: id, detail: { eventId } });
}
