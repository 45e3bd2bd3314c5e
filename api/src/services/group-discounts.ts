// Group discounts (decision 031): staff's rules per event, read by the pricing function's callers.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { GroupDiscount, groupDiscountInputSchema } from '../contract';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { events, groupDiscounts, ticketTypes } from '../db/schema';
import { recordAudit, type AuditEntryInput } from './audit';
import type { GroupDiscountTerms } from './pricing';

type Input = z.output<typeof groupDiscountInputSchema>;
type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;
type Row = typeof groupDiscounts.$inferSelect;

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
  const rows = await db.select().from(groupDiscounts).where(eq(groupDiscounts.eventId, eventId)).orderBy(asc(groupDiscounts.id));
  return rows.map(view);
}

/** The event's active rules as the pricing function takes them. */
export async function activeGroupDiscounts(db: Db, eventId: number): Promise<GroupDiscountTerms[]> {
  const rows = await db
    .select()
    .from(groupDiscounts)
    .where(and(eq(groupDiscounts.eventId, eventId), eq(groupDiscounts.active, true)));
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
  const [row] = await tx
    .insert(groupDiscounts)
    .values({ eventId, ...input, ticketTypeIds: [...new Set(input.ticketTypeIds)], createdAt: now, updatedAt: now })
    .returning();
  await recordAudit(tx, {
    ...actor,
    action: 'create',
    entity: 'group_discount',
    entityId: row!.id,
    detail: { eventId, ...input },
  });
  return view(row!);
}

export async function updateGroupDiscount(
  tx: Db,
  eventId: number,
  id: number,
  input: Input,
  actor: Actor,
): Promise<GroupDiscount> {
  await requireEventTypes(tx, eventId, input.ticketTypeIds);
  const [row] = await tx
    .update(groupDiscounts)
    .set({ ...input, ticketTypeIds: [...new Set(input.ticketTypeIds)], updatedAt: new Date().toISOString() })
    .where(and(eq(groupDiscounts.id, id), eq(groupDiscounts.eventId, eventId)))
    .returning();
  if (!row) throw new GroupDiscountRefusal('not_found', 'Group discount not found');
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
