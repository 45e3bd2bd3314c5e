// Check-in lists (decision 065): an event's built-in lists ('entry', 'kit') and the organiser's
// own (rows of check_in_lists, with the ticket types they admit in check_in_list_ticket_types).
// The event's organisation owns them (decision 051): the route's path is owned before it runs
// (routes/admin.ts), and every read here is by the event's id, so a list of another event or
// organisation is not found.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ENTRY_LIST_ID,
  KIT_LIST_ID,
  isBuiltInList,
  type CheckInCountsResponse,
  type CheckInListView,
  type checkInListInputSchema,
} from '../contract';
import type { Db } from '../db/client';
import { isAttendee } from '../db/attendee-rows';
import { checkIns, checkInLists, checkInListTicketTypes, events, registrations, ticketTypes } from '../db/schema';
import { recordAudit, type AuditEntryInput } from './audit';

type Input = z.output<typeof checkInListInputSchema>;
type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

/** Why a change was refused: the route maps it to its status. */
export class CheckInListRefusal extends Error {
  override name = 'CheckInListRefusal';
  constructor(
    readonly reason: 'not_found' | 'invalid',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const BUILT_IN: CheckInListView[] = [
  { id: ENTRY_LIST_ID, name: '', builtIn: true, ticketTypeIds: [] },
  { id: KIT_LIST_ID, name: '', builtIn: true, ticketTypeIds: [] },
];

/** The organiser's lists of an event, with the ticket types each admits. */
async function ownLists(db: Db, eventId: number, id?: number): Promise<CheckInListView[]> {
  const rows = await db
    .select({ id: checkInLists.id, name: checkInLists.name })
    .from(checkInLists)
    .where(id === undefined ? eq(checkInLists.eventId, eventId) : and(eq(checkInLists.eventId, eventId), eq(checkInLists.id, id)))
    .orderBy(asc(checkInLists.id));
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(checkInListTicketTypes)
    .where(
      inArray(
        checkInListTicketTypes.checkInListId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(checkInListTicketTypes.ticketTypeId));
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    builtIn: false,
    ticketTypeIds: links.filter((l) => l.checkInListId === row.id).map((l) => l.ticketTypeId),
  }));
}

/** Every list of the event: entry, kit, then the organiser's in the order they were added. */
export async function listCheckInLists(db: Db, eventId: number): Promise<CheckInListView[]> {
  return [...BUILT_IN, ...(await ownLists(db, eventId))];
}

/**
 * The list a check-in names, for the event it is made at; undefined when the event has no such
 * list. An organiser's list names its event: a check-in on it admits only that event's tickets.
 */
export async function resolveCheckInList(
  db: Db,
  list: string,
  eventId: number | undefined,
): Promise<(CheckInListView & { eventId: number | undefined }) | undefined> {
  if (isBuiltInList(list)) return { ...BUILT_IN.find((l) => l.id === list)!, eventId };
  const [row] = await db
    .select({ eventId: checkInLists.eventId })
    .from(checkInLists)
    .where(eq(checkInLists.id, Number(list)));
  if (!row || (eventId !== undefined && row.eventId !== eventId)) return undefined;
  const [own] = await ownLists(db, row.eventId, Number(list));
  return own && { ...own, eventId: row.eventId };
}

async function requireEventTypes(tx: Db, eventId: number, ticketTypeIds: number[]) {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new CheckInListRefusal('not_found', 'Event not found');
  if (ticketTypeIds.length === 0) return;
  const own = await tx
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ticketTypeIds)));
  if (own.length !== new Set(ticketTypeIds).size) {
    const message = 'Choose ticket types of this event';
    throw new CheckInListRefusal('invalid', message, { ticketTypeIds: message });
  }
}

async function nameTicketTypes(tx: Db, id: number, ids: readonly number[]) {
  await tx.delete(checkInListTicketTypes).where(eq(checkInListTicketTypes.checkInListId, id));
  if (ids.length > 0) {
    await tx.insert(checkInListTicketTypes).values(ids.map((ticketTypeId) => ({ checkInListId: id, ticketTypeId })));
  }
}

export async function createCheckInList(tx: Db, eventId: number, input: Input, actor: Actor): Promise<CheckInListView> {
  await requireEventTypes(tx, eventId, input.ticketTypeIds);
  const ticketTypeIds = [...new Set(input.ticketTypeIds)].sort((a, b) => a - b);
  const now = new Date().toISOString();
  const [row] = await tx
    .insert(checkInLists)
    .values({ eventId, name: input.name, createdAt: now, updatedAt: now })
    .returning({ id: checkInLists.id });
  await nameTicketTypes(tx, row!.id, ticketTypeIds);
  await recordAudit(tx, {
    ...actor,
    action: 'create',
    entity: 'check_in_list',
    entityId: row!.id,
    detail: { eventId, name: input.name, ticketTypeIds },
  });
  return { id: String(row!.id), name: input.name, builtIn: false, ticketTypeIds };
}

export async function updateCheckInList(
  tx: Db,
  eventId: number,
  id: number,
  input: Input,
  actor: Actor,
): Promise<CheckInListView> {
  await requireEventTypes(tx, eventId, input.ticketTypeIds);
  const ticketTypeIds = [...new Set(input.ticketTypeIds)].sort((a, b) => a - b);
  const [row] = await tx
    .update(checkInLists)
    .set({ name: input.name, updatedAt: new Date().toISOString() })
    .where(and(eq(checkInLists.id, id), eq(checkInLists.eventId, eventId)))
    .returning({ id: checkInLists.id });
  if (!row) throw new CheckInListRefusal('not_found', 'Check-in list not found');
  await nameTicketTypes(tx, id, ticketTypeIds);
  await recordAudit(tx, {
    ...actor,
    action: 'update',
    entity: 'check_in_list',
    entityId: id,
    detail: { eventId, name: input.name, ticketTypeIds },
  });
  return { id: String(id), name: input.name, builtIn: false, ticketTypeIds };
}

/** Deletes a list no one was admitted to; one with check-ins is kept (its admissions are history). */
export async function deleteCheckInList(tx: Db, eventId: number, id: number, actor: Actor): Promise<void> {
  const [used] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(checkIns)
    .where(eq(checkIns.list, String(id)));
  if (Number(used?.n ?? 0) > 0) {
    throw new CheckInListRefusal('invalid', 'Attendees were checked in on this list: it cannot be deleted');
  }
  const [row] = await tx
    .delete(checkInLists)
    .where(and(eq(checkInLists.id, id), eq(checkInLists.eventId, eventId)))
    .returning({ id: checkInLists.id });
  if (!row) throw new CheckInListRefusal('not_found', 'Check-in list not found');
  await recordAudit(tx, { ...actor, action: 'delete', entity: 'check_in_list', entityId: id, detail: { eventId } });
}

/**
 * Per list of the event, the attendees admitted, by gate, and those the list admits (confirmed and
 * paid, of its ticket types): two grouped reads over check_ins and registrations by the event.
 */
export async function checkInCounts(db: Db, eventId: number): Promise<CheckInCountsResponse> {
  const lists = await listCheckInLists(db, eventId);
  const byGate = await db
    .select({ list: checkIns.list, gate: checkIns.gate, count: sql<number>`count(*)` })
    .from(checkIns)
    .innerJoin(registrations, eq(registrations.id, checkIns.registrationId))
    .where(eq(registrations.eventId, eventId))
    .groupBy(checkIns.list, checkIns.gate)
    .orderBy(checkIns.list, checkIns.gate);
  const byType = await db
    .select({ ticketTypeId: registrations.ticketId, count: sql<number>`count(*)` })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        isAttendee,
        eq(registrations.paymentStatus, 'Paid'),
        sql`${registrations.status} <> 'Cancelled'`,
      ),
    )
    .groupBy(registrations.ticketId);
  return {
    lists: lists.map((list) => {
      const gates = byGate.filter((row) => row.list === list.id).map((row) => ({ gate: row.gate, count: Number(row.count) }));
      const eligible = byType
        .filter(
          (row) =>
            list.ticketTypeIds.length === 0 || (row.ticketTypeId !== null && list.ticketTypeIds.includes(row.ticketTypeId)),
        )
        .reduce((sum, row) => sum + Number(row.count), 0);
      return {
        id: list.id,
        name: list.name,
        builtIn: list.builtIn,
        checkedIn: gates.reduce((sum, g) => sum + g.count, 0),
        eligible,
        gates,
      };
    }),
  };
}
