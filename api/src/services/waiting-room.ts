// The waiting room of a sell-out on-sale (issue 29, decision 032). Per event, staff set the on-sale
// time, the admission rate, the time an admitted browser has to order and the caps. Browsers that
// join before the on-sale wait in a pre-queue; at the on-sale the admission job shuffles it with a
// recorded seed (waiting-room-shuffle.ts) and numbers it 1..n; later arrivals take the next numbers
// in arrival order. The job then admits the next numbers at the rate, each with a signed entry
// token bound to its browser (waiting-room-tokens.ts), while seats are left; a token unused in
// time lapses and the turn passes on. Create-order for a queued sale wants a valid token and keeps
// the caps (tickets per buyer e-mail and per phone across the sale). Everything lives in the
// database, so any instance answers any browser and the job runs under a lease on one of them.
import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  WAITING_ROOM_DEFAULTS,
  type AdminWaitingRoomResponse,
  type WaitingRoomFigures,
  type WaitingRoomSettings,
  type WaitingRoomSettingsInput,
  type WaitingRoomState,
} from '../contract';
import type { Db } from '../db/client';
import { lockKey } from '../db/functions';
import { auditLog, events, orderLines, orders, ticketTypes, waitingRoomVisitors, waitingRooms } from '../db/schema';
import { changedFields, recordAudit, type AuditEntryInput } from './audit';
import { indiaWallClock as indiaDateTimeText, instantOfIndiaTime } from './india-time';
import { newShuffleSeed, seededShuffle } from './waiting-room-shuffle';
import { seatCapacity } from './inventory';
import { checkEntryToken } from './waiting-room-tokens';
import { purposeKey, type KeyEnv } from '../signing/purpose-keys';

type RoomRow = typeof waitingRooms.$inferSelect;
type VisitorRow = typeof waitingRoomVisitors.$inferSelect;

export type WaitingRoomRefusalReason =
  | 'not_found'
  | 'off'
  | 'opened'
  | 'too_many_browsers'
  | 'sold_out'
  | 'queue_required'
  | 'entry_token_invalid'
  | 'entry_token_expired'
  | 'cap_exceeded';

/** A refusal of the waiting room, with the fields to mark; the route decides the HTTP status. */
export class WaitingRoomRefusal extends Error {
  override name = 'WaitingRoomRefusal';
  constructor(
    readonly reason: WaitingRoomRefusalReason,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export type WaitingRoomActor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

/** The admission job's interval: the rate is per minute, admissions go out every second. */
export const ADMIT_INTERVAL_MS = 1_000;
/** At most this many seconds of admissions are owed after a pause or a slow turn (no burst). */
const CREDIT_SECONDS = 10;
const NUMBER_BATCH = 500;

const SYSTEM: WaitingRoomActor = { actorUserId: null, actorEmail: 'system', ip: null };

const settingsOf = (room: RoomRow): WaitingRoomSettings => {
  const { date, time } = indiaDateTimeText(new Date(room.onSaleAt));
  return {
    enabled: room.enabled,
    onSaleDate: date,
    onSaleTime: time,
    onSaleAt: room.onSaleAt,
    ratePerMinute: room.ratePerMinute,
    finishMinutes: room.finishMinutes,
    capPerEmail: room.capPerEmail,
    capPerPhone: room.capPerPhone,
    browsersPerAddress: room.browsersPerAddress,
  };
};

export function roomState(room: Pick<RoomRow, 'enabled' | 'openedAt' | 'paused' | 'soldOutAt' | 'closedAt'>): WaitingRoomState {
  if (!room.enabled) return 'off';
  if (room.closedAt) return 'closed';
  if (!room.openedAt) return 'before';
  if (room.soldOutAt) return 'sold_out';
  if (room.paused) return 'paused';
  return 'open';
}

/** The seats an event has left for anyone (every Active type's room, under the event's maximum), sold and held. */
export async function seatsOf(db: Db, eventId: number): Promise<{ left: number; sold: number; held: number }> {
  const [event] = await db.select({ max: events.maxParticipants }).from(events).where(eq(events.id, eventId));
  const types = await db
    .select({
      quantity: ticketTypes.quantity,
      sold: ticketTypes.sold,
      held: ticketTypes.held,
      status: ticketTypes.status,
      bibFrom: ticketTypes.bibFrom,
      bibTo: ticketTypes.bibTo,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
  const sold = types.reduce((n, t) => n + t.sold, 0);
  const held = types.reduce((n, t) => n + t.held, 0);
  const typeLeft = types.reduce((n, t) => {
    if (t.status !== 'Active') return n;
    const capacity = seatCapacity(t);
    return n + Math.max(0, capacity - t.sold - t.held);
  }, 0);
  const eventLeft = (event?.max ?? 0) - sold - held;
  return { left: Math.max(0, Math.min(typeLeft, eventLeft)), sold, held };
}

export const readRoom = async (db: Db, eventId: number): Promise<RoomRow | undefined> =>
  (await db.select().from(waitingRooms).where(eq(waitingRooms.eventId, eventId)))[0];

// ---------------------------------------------------------------------------------------------
// Staff: settings, pause and resume, figures and audit.

/** Creates or changes an event's room; the on-sale time may change only before the shuffle. */
export async function saveWaitingRoom(
  tx: Db,
  eventId: number,
  input: WaitingRoomSettingsInput,
  actor: WaitingRoomActor,
  now = new Date(),
): Promise<WaitingRoomSettings> {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new WaitingRoomRefusal('not_found', 'Event not found');
  await lockKey(tx, `waiting-room:${eventId}`);
  const onSaleAt = instantOfIndiaTime(input.onSaleDate, input.onSaleTime);
  if (Number.isNaN(onSaleAt.getTime())) {
    throw new WaitingRoomRefusal('opened', 'Enter a valid on-sale date and time', { onSaleTime: 'Enter a valid on-sale time' });
  }
  const values = {
    enabled: input.enabled,
    onSaleAt: onSaleAt.toISOString(),
    ratePerMinute: input.ratePerMinute,
    finishMinutes: input.finishMinutes,
    capPerEmail: input.capPerEmail,
    capPerPhone: input.capPerPhone,
    browsersPerAddress: input.browsersPerAddress,
  };
  const before = await readRoom(tx, eventId);
  if (before?.openedAt && before.onSaleAt !== values.onSaleAt) {
    const message = 'The sale has opened and its queue is drawn: the on-sale time can no longer change';
    throw new WaitingRoomRefusal('opened', message, { onSaleDate: message });
  }
  const nowIso = now.toISOString();
  if (before) {
    await tx
      .update(waitingRooms)
      .set({ ...values, updatedAt: nowIso })
      .where(eq(waitingRooms.eventId, eventId));
  } else {
    await tx.insert(waitingRooms).values({ eventId, ...values, lastAdmitAt: null, createdAt: nowIso, updatedAt: nowIso });
  }
  const after = (await readRoom(tx, eventId))!;
  const fields = [
    'enabled',
    'onSaleAt',
    'ratePerMinute',
    'finishMinutes',
    'capPerEmail',
    'capPerPhone',
    'browsersPerAddress',
  ] as const;
  await recordAudit(tx, {
    ...actor,
    action: before ? 'update' : 'create',
    entity: 'waiting_room',
    entityId: eventId,
    detail: before ? changedFields(before, after, fields) : values,
  });
  return settingsOf(after);
}

/** Pauses or resumes admissions (browsers keep their places). */
export async function setWaitingRoomPaused(
  tx: Db,
  eventId: number,
  paused: boolean,
  actor: WaitingRoomActor,
  now = new Date(),
): Promise<void> {
  await lockKey(tx, `waiting-room:${eventId}`);
  const room = await readRoom(tx, eventId);
  if (!room) throw new WaitingRoomRefusal('not_found', 'This event has no waiting room');
  if (room.paused === paused) return;
  // Resuming owes nothing for the paused time.
  await tx
    .update(waitingRooms)
    .set({ paused, lastAdmitAt: now.toISOString(), updatedAt: now.toISOString() })
    .where(eq(waitingRooms.eventId, eventId));
  await recordAudit(tx, { ...actor, action: paused ? 'pause' : 'resume', entity: 'waiting_room', entityId: eventId });
}

async function figuresOf(db: Db, room: RoomRow): Promise<WaitingRoomFigures> {
  const counts = await db
    .select({ status: waitingRoomVisitors.status, n: sql<number>`count(*)` })
    .from(waitingRoomVisitors)
    .where(eq(waitingRoomVisitors.eventId, room.eventId))
    .groupBy(waitingRoomVisitors.status);
  const of = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const seats = await seatsOf(db, room.eventId);
  return {
    state: roomState(room),
    paused: room.paused,
    waiting: of('waiting'),
    admitted: of('admitted'),
    inCheckout: of('in_checkout'),
    bought: of('bought'),
    expired: of('expired'),
    sold: seats.sold,
    seatsLeft: seats.left,
    openedAt: room.openedAt,
    shuffleSeed: room.shuffleSeed,
    preQueueCount: room.preQueueCount,
    soldOutAt: room.soldOutAt,
    closedAt: room.closedAt,
  };
}

/** The console's view: settings, live figures and the room's audit, newest first. */
export async function adminWaitingRoom(db: Db, eventId: number): Promise<AdminWaitingRoomResponse | undefined> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const room = await readRoom(db, eventId);
  const audit = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'waiting_room'), eq(auditLog.entityId, String(eventId))))
    .orderBy(desc(auditLog.id))
    .limit(100);
  return {
    eventId,
    settings: room ? settingsOf(room) : null,
    figures: room ? await figuresOf(db, room) : null,
    audit: audit.map((a) => ({
      id: a.id,
      at: a.createdAt,
      action: a.action,
      actorEmail: a.actorEmail,
      detail: a.detail ?? null,
    })),
  };
}

/** A new room's settings, as the console offers them: the defaults, on sale in an hour. */
export const defaultWaitingRoomSettings = (now = new Date()): WaitingRoomSettingsInput => {
  const { date, time } = indiaDateTimeText(new Date(now.getTime() + 3_600_000));
  return { enabled: true, onSaleDate: date, onSaleTime: time, ...WAITING_ROOM_DEFAULTS };
};

// ---------------------------------------------------------------------------------------------
// Browsers: joining, and where a browser stands.

/** A keyed hash of an address: the limit per address counts these, never the address. */
export const addressHashOf = (env: KeyEnv, address: string) =>
  createHmac('sha256', purposeKey(env, 'tdk:queue-visitor:v1')).update(`address|${address}`).digest('base64url').slice(0, 22);

/**
 * Puts a browser in the event's line (or gives back its place: a reload or a second tab keeps it).
 * Before the on-sale it waits in the pre-queue (no number until the shuffle); after, it takes the
 * next number. A new browser from an address that has `browsersPerAddress` already is refused, and
 * nobody joins once the seats are gone.
 *
 * A join is a few statements whatever the length of the line: one read of the room, the event and
 * this browser's row; the address's lock and its count (an index range of at most a few rows); the
 * insert; and the room's counter (`pre_queue_count` before the opening, `last_number` after).
 */
export async function joinWaitingRoom(
  tx: Db,
  env: KeyEnv,
  eventId: number,
  visitorId: string,
  address: string,
  now = new Date(),
): Promise<VisitorRow> {
  const [found] = await tx
    .select({ room: waitingRooms, eventStatus: events.status, mine: waitingRoomVisitors })
    .from(waitingRooms)
    .innerJoin(events, eq(events.id, waitingRooms.eventId))
    .leftJoin(
      waitingRoomVisitors,
      and(eq(waitingRoomVisitors.eventId, waitingRooms.eventId), eq(waitingRoomVisitors.visitorId, visitorId)),
    )
    .where(eq(waitingRooms.eventId, eventId));
  const room = found?.room;
  if (!room || !room.enabled) throw new WaitingRoomRefusal('off', 'This event has no queue');
  if (found.eventStatus !== 'Active') throw new WaitingRoomRefusal('not_found', 'Event not found');
  if (found.mine) return found.mine;
  if (room.closedAt || room.soldOutAt) {
    throw new WaitingRoomRefusal(
      'sold_out',
      'This event is sold out. Join the waiting list to be offered a seat that comes back.',
    );
  }
  const addressHash = addressHashOf(env, address);
  // One address's browsers join one at a time, so a burst of them cannot pass the limit together.
  await lockKey(tx, `waiting-room-address:${eventId}:${addressHash}`);
  // The address's browsers, and whether this one is among them (a second tab that joined while
  // this request waited for the lock).
  const [fromAddress] = await tx
    .select({
      n: sql<number>`count(*)`,
      mine: sql<number>`coalesce(sum(case when ${waitingRoomVisitors.visitorId} = ${visitorId} then 1 else 0 end), 0)`,
    })
    .from(waitingRoomVisitors)
    .where(and(eq(waitingRoomVisitors.eventId, eventId), eq(waitingRoomVisitors.addressHash, addressHash)));
  if (Number(fromAddress?.mine ?? 0) > 0) return (await visitorRow(tx, eventId, visitorId))!;
  if (Number(fromAddress?.n ?? 0) >= room.browsersPerAddress) {
    throw new WaitingRoomRefusal(
      'too_many_browsers',
      'Too many browsers from your network are in this queue already. Keep using the one that joined first.',
    );
  }
  const nowIso = now.toISOString();
  const values = { eventId, visitorId, addressHash, status: 'waiting' as const, joinedAt: nowIso, updatedAt: nowIso };
  if (room.openedAt) {
    // After the opening: the next number, taken under the room's row lock (held to the commit on
    // PostgreSQL), so numbers follow arrival. Only the same browser joining from two addresses in
    // the same moment leaves a number unused: a gap the admission steps over.
    const [taken] = await tx
      .update(waitingRooms)
      .set({ lastNumber: sql`${waitingRooms.lastNumber} + 1` })
      .where(eq(waitingRooms.eventId, eventId))
      .returning({ lastNumber: waitingRooms.lastNumber });
    const [row] = await tx
      .insert(waitingRoomVisitors)
      .values({ ...values, number: taken!.lastNumber })
      .onConflictDoNothing()
      .returning();
    return row ?? (await visitorRow(tx, eventId, visitorId))!;
  }
  // Before the opening: a row without a number, then one more on the pre-queue's counter (the room's
  // row, written last so that on PostgreSQL it is locked only for the commit).
  const [row] = await tx
    .insert(waitingRoomVisitors)
    .values({ ...values, number: null })
    .onConflictDoNothing()
    .returning();
  // The same browser from another address in the same moment: its row stands, this adds nothing.
  if (!row) return (await visitorRow(tx, eventId, visitorId))!;
  // Counted on the room as it is now: an opening that committed meanwhile (on PostgreSQL) did not
  // draw this row, so it takes the next number instead, behind the drawn pre-queue. (A row the
  // opening did not see whose count came first is numbered at the job's next turn, as it is.)
  const [counted] = await tx
    .update(waitingRooms)
    .set({
      preQueueCount: sql`case when ${waitingRooms.openedAt} is null then ${waitingRooms.preQueueCount} + 1 else ${waitingRooms.preQueueCount} end`,
      lastNumber: sql`case when ${waitingRooms.openedAt} is null then ${waitingRooms.lastNumber} else ${waitingRooms.lastNumber} + 1 end`,
    })
    .where(eq(waitingRooms.eventId, eventId))
    .returning({ openedAt: waitingRooms.openedAt, lastNumber: waitingRooms.lastNumber });
  if (!counted?.openedAt) return row;
  await tx.update(waitingRoomVisitors).set({ number: counted.lastNumber }).where(eq(waitingRoomVisitors.id, row.id));
  return { ...row, number: counted.lastNumber };
}

export const visitorRow = async (db: Db, eventId: number, visitorId: string): Promise<VisitorRow | undefined> =>
  (
    await db
      .select()
      .from(waitingRoomVisitors)
      .where(and(eq(waitingRoomVisitors.eventId, eventId), eq(waitingRoomVisitors.visitorId, visitorId)))
  )[0];

/** What a waiting browser reads, shared by every browser for a moment (waiting-room-snapshots.ts). */
export interface RoomSnapshot {
  eventId: number;
  state: WaitingRoomState;
  onSaleAt: string;
  ratePerMinute: number;
  finishMinutes: number;
  opened: boolean;
  admittedThrough: number;
  lastNumber: number;
  /** Browsers in the pre-queue (before the shuffle) or in line. */
  inLine: number;
  seatsLeft: number;
}

/** The room as every browser sees it now: a handful of reads, whatever the length of the line. */
export async function readSnapshot(db: Db, eventId: number): Promise<RoomSnapshot | undefined> {
  const room = await readRoom(db, eventId);
  if (!room || !room.enabled) return undefined;
  const seats = await seatsOf(db, eventId);
  // Before the opening, the pre-queue's counter (kept by each join); after, the numbers not yet admitted.
  const inLine = room.openedAt ? room.lastNumber - room.admittedThrough : room.preQueueCount;
  return {
    eventId,
    state: roomState(room),
    onSaleAt: room.onSaleAt,
    ratePerMinute: room.ratePerMinute,
    finishMinutes: room.finishMinutes,
    opened: room.openedAt !== null,
    admittedThrough: room.admittedThrough,
    lastNumber: room.lastNumber,
    inLine,
    seatsLeft: seats.left,
  };
}

// ---------------------------------------------------------------------------------------------
// The admission job.

/** Numbers rows `ids` from `first` on, in the order given, a batch per statement (both engines). */
async function numberInOrder(tx: Db, ids: number[], first: number): Promise<void> {
  for (let at = 0; at < ids.length; at += NUMBER_BATCH) {
    const batch = ids.slice(at, at + NUMBER_BATCH);
    const cases = sql.join(
      batch.map((id, i) => sql`when ${id} then cast(${first + at + i} as integer)`),
      sql` `,
    );
    await tx
      .update(waitingRoomVisitors)
      .set({ number: sql`case ${waitingRoomVisitors.id} ${cases} end` })
      .where(inArray(waitingRoomVisitors.id, batch));
  }
}

/** Gives the next numbers to browsers without one (those that joined as the room opened), in arrival order. */
async function numberLateArrivals(tx: Db, eventId: number): Promise<void> {
  const late = await tx
    .select({ id: waitingRoomVisitors.id })
    .from(waitingRoomVisitors)
    .where(and(eq(waitingRoomVisitors.eventId, eventId), isNull(waitingRoomVisitors.number)))
    .orderBy(asc(waitingRoomVisitors.id));
  if (late.length === 0) return;
  const [taken] = await tx
    .update(waitingRooms)
    .set({ lastNumber: sql`${waitingRooms.lastNumber} + ${late.length}` })
    .where(eq(waitingRooms.eventId, eventId))
    .returning({ lastNumber: waitingRooms.lastNumber });
  await numberInOrder(
    tx,
    late.map((r) => r.id),
    taken!.lastNumber - late.length + 1,
  );
}

/**
 * Opens the sale: the pre-queue, in arrival order (row id), is shuffled with a new seed and
 * numbered 1..n; the seed is recorded on the room and in the audit, so the order can be drawn again.
 */
export async function openWaitingRoom(tx: Db, room: RoomRow, now: Date): Promise<void> {
  const pre = await tx
    .select({ id: waitingRoomVisitors.id })
    .from(waitingRoomVisitors)
    .where(and(eq(waitingRoomVisitors.eventId, room.eventId), isNull(waitingRoomVisitors.number)))
    .orderBy(asc(waitingRoomVisitors.id));
  const seed = newShuffleSeed();
  const order = seededShuffle(
    pre.map((r) => r.id),
    seed,
  );
  await numberInOrder(tx, order, room.lastNumber + 1);
  const nowIso = now.toISOString();
  await tx
    .update(waitingRooms)
    .set({
      openedAt: nowIso,
      shuffleSeed: seed,
      preQueueCount: pre.length,
      lastNumber: sql`${waitingRooms.lastNumber} + ${pre.length}`,
      lastAdmitAt: nowIso,
      updatedAt: nowIso,
    })
    .where(eq(waitingRooms.eventId, room.eventId));
  await recordAudit(tx, {
    ...SYSTEM,
    action: 'open',
    entity: 'waiting_room',
    entityId: room.eventId,
    detail: {
      shuffleSeed: seed,
      preQueue: pre.length,
      firstVisitorRow: pre[0]?.id ?? null,
      lastVisitorRow: pre.at(-1)?.id ?? null,
      algorithm: 'Fisher-Yates over the pre-queue in row-id order; draws from HMAC-SHA256(seed, counter), rejection-sampled',
    },
  });
}

/** What one turn did, for the job's log and the tests. */
export interface AdmitTurn {
  opened: boolean;
  admitted: number;
  expired: number;
  bought: number;
}

/**
 * One turn of one room, in one transaction: open it at its on-sale time; tokens unused past their
 * end lapse (the turn passes on); checkouts whose orders were paid count as bought, and those whose
 * hold ended go back to their token (or lapse with it); then the next browsers in line are
 * admitted, as many as the rate owes since the last turn and the seats left allow, unless paused.
 * With no seat left the room is sold out (nobody new joins; a seat back from a lapsed hold goes to
 * the front of the line again); with every seat sold it closes.
 */
export async function admitTurn(tx: Db, eventId: number, now = new Date()): Promise<AdmitTurn> {
  const result: AdmitTurn = { opened: false, admitted: 0, expired: 0, bought: 0 };
  await lockKey(tx, `waiting-room:${eventId}`);
  let room = await readRoom(tx, eventId);
  if (!room || !room.enabled || room.closedAt) return result;
  const nowIso = now.toISOString();
  if (!room.openedAt) {
    if (now.getTime() < Date.parse(room.onSaleAt)) return result;
    await openWaitingRoom(tx, room, now);
    result.opened = true;
    room = (await readRoom(tx, eventId))!;
  } else {
    await numberLateArrivals(tx, eventId);
    room = (await readRoom(tx, eventId))!;
  }

  const lapsed = await tx
    .update(waitingRoomVisitors)
    .set({ status: 'expired', updatedAt: nowIso })
    .where(
      and(
        eq(waitingRoomVisitors.eventId, eventId),
        eq(waitingRoomVisitors.status, 'admitted'),
        lte(waitingRoomVisitors.tokenExpiresAt, nowIso),
      ),
    )
    .returning({ id: waitingRoomVisitors.id });
  result.expired += lapsed.length;

  const checkouts = await tx
    .select({
      id: waitingRoomVisitors.id,
      tokenExpiresAt: waitingRoomVisitors.tokenExpiresAt,
      orderStatus: orders.status,
      holdReleasedAt: orders.holdReleasedAt,
      holdExpiresAt: orders.holdExpiresAt,
    })
    .from(waitingRoomVisitors)
    .leftJoin(orders, eq(orders.id, waitingRoomVisitors.orderId))
    .where(and(eq(waitingRoomVisitors.eventId, eventId), eq(waitingRoomVisitors.status, 'in_checkout')));
  const bought: number[] = [];
  const back: number[] = [];
  const ended: number[] = [];
  for (const c of checkouts) {
    if (c.orderStatus === 'PAID') bought.push(c.id);
    else if (c.orderStatus === 'CREATED' && !c.holdReleasedAt && c.holdExpiresAt && c.holdExpiresAt > nowIso) continue;
    else if (c.tokenExpiresAt && c.tokenExpiresAt > nowIso) back.push(c.id);
    else ended.push(c.id);
  }
  const move = async (ids: number[], status: VisitorRow['status']) => {
    if (ids.length > 0) {
      await tx.update(waitingRoomVisitors).set({ status, updatedAt: nowIso }).where(inArray(waitingRoomVisitors.id, ids));
    }
  };
  await move(bought, 'bought');
  await move(back, 'admitted');
  await move(ended, 'expired');
  result.bought = bought.length;
  result.expired += ended.length;

  const seats = await seatsOf(tx, eventId);
  const [outstanding] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(waitingRoomVisitors)
    .where(and(eq(waitingRoomVisitors.eventId, eventId), eq(waitingRoomVisitors.status, 'admitted')));
  const admittedUnused = Number(outstanding?.n ?? 0);

  let soldOutAt = room.soldOutAt;
  let closedAt: string | null = null;
  if (seats.left === 0) {
    soldOutAt ??= nowIso;
    // Every seat sold and none held: nothing can come back to the line (a refund's seat goes to the waiting list).
    if (seats.held === 0) closedAt = nowIso;
  } else {
    soldOutAt = null;
  }

  // What the rate owes since the last turn, in thousandths, capped so a pause or a slow turn never bursts.
  const last = room.lastAdmitAt ? Date.parse(room.lastAdmitAt) : now.getTime();
  const elapsed = Math.max(0, now.getTime() - last);
  const cap = Math.max(1000, Math.round((room.ratePerMinute * 1000 * CREDIT_SECONDS) / 60));
  let credit = room.paused ? room.admitCredit : Math.min(cap, room.admitCredit + Math.floor((room.ratePerMinute * elapsed) / 60));
  let admittedThrough = room.admittedThrough;
  const through = room.admittedThrough;
  const canAdmit = Math.min(Math.floor(credit / 1000), Math.max(0, seats.left - admittedUnused));
  if (!room.paused && canAdmit > 0) {
    const next = await tx
      .select({ id: waitingRoomVisitors.id, number: waitingRoomVisitors.number })
      .from(waitingRoomVisitors)
      .where(
        and(
          eq(waitingRoomVisitors.eventId, eventId),
          eq(waitingRoomVisitors.status, 'waiting'),
          gt(waitingRoomVisitors.number, through),
        ),
      )
      .orderBy(asc(waitingRoomVisitors.number))
      .limit(canAdmit);
    if (next.length > 0) {
      const tokenEnd = new Date(now.getTime() + room.finishMinutes * 60_000).toISOString();
      await tx
        .update(waitingRoomVisitors)
        .set({ status: 'admitted', admittedAt: nowIso, tokenExpiresAt: tokenEnd, updatedAt: nowIso })
        .where(
          inArray(
            waitingRoomVisitors.id,
            next.map((n) => n.id),
          ),
        );
      admittedThrough = next.at(-1)!.number!;
      credit -= next.length * 1000;
      result.admitted = next.length;
    } else {
      // Nobody waiting: nothing is owed for the empty time.
      credit = Math.min(credit, 1000);
    }
  }
  await tx
    .update(waitingRooms)
    .set({
      admitCredit: credit,
      admittedThrough,
      lastAdmitAt: nowIso,
      soldOutAt,
      closedAt,
      ...(soldOutAt !== room.soldOutAt || closedAt ? { updatedAt: nowIso } : {}),
    })
    .where(eq(waitingRooms.eventId, eventId));
  if (soldOutAt && !room.soldOutAt) {
    await recordAudit(tx, {
      ...SYSTEM,
      action: 'sold_out',
      entity: 'waiting_room',
      entityId: eventId,
      detail: { waiting: room.lastNumber - admittedThrough },
    });
  }
  if (!soldOutAt && room.soldOutAt) {
    await recordAudit(tx, {
      ...SYSTEM,
      action: 'seats_back',
      entity: 'waiting_room',
      entityId: eventId,
      detail: { seatsLeft: seats.left },
    });
  }
  if (closedAt) {
    await recordAudit(tx, {
      ...SYSTEM,
      action: 'close',
      entity: 'waiting_room',
      entityId: eventId,
      detail: { sold: seats.sold },
    });
  }
  return result;
}

/** The rooms the job looks after: on, and not closed. */
export const liveRoomIds = async (db: Db): Promise<number[]> =>
  (
    await db
      .select({ eventId: waitingRooms.eventId })
      .from(waitingRooms)
      .where(and(eq(waitingRooms.enabled, true), isNull(waitingRooms.closedAt)))
  ).map((r) => r.eventId);

// ---------------------------------------------------------------------------------------------
// Create-order during a queued sale.

/** What create-order hands the waiting room: the body's token and the browser its cookie names. */
export interface QueuedOrderInput {
  eventId: number;
  buyer: { email: string; phone: string };
  attendees: readonly unknown[];
  offerToken?: string;
  entryToken?: string;
  /** The browser's id from its waiting-room cookie (set by the route, never by the body). */
  queueVisitor?: string;
}

const ENTRY_MESSAGES = {
  required: 'This sale has a queue. Join it on the event page: you can order when it is your turn.',
  forged: 'This entry pass is not valid. Join the queue on the event page.',
  foreign: 'This entry pass belongs to another browser. Join the queue on the event page in this browser.',
  expired: 'Your time to order has ended and your turn passed to the next in line. Join the queue again on the event page.',
  used: 'This entry pass has already been used for a booking.',
} as const;

/**
 * Create-order's one call into the waiting room, in its transaction, after the order `orderId` and
 * its lines are written: nothing to do without a room; before the on-sale nobody orders; while the
 * queue runs the order needs this browser's valid entry token (a waiting-list offer is its own
 * admission); and the sale's caps hold, counting this order with every paid or still-held order of
 * the event by the same e-mail, and by the same phone.
 */
export async function checkQueuedOrder(tx: Db, env: KeyEnv, orderId: string, input: QueuedOrderInput, now: Date): Promise<void> {
  const room = await readRoom(tx, input.eventId);
  if (!room || !room.enabled) return;
  if (!room.openedAt) {
    const { date, time } = indiaDateTimeText(new Date(room.onSaleAt));
    const message = `Sales open on ${date} at ${time} (India time). Join the queue on the event page.`;
    throw new WaitingRoomRefusal('queue_required', message, { eventId: message });
  }
  if (!room.closedAt && !input.offerToken) {
    if (!input.entryToken)
      throw new WaitingRoomRefusal('queue_required', ENTRY_MESSAGES.required, { entryToken: ENTRY_MESSAGES.required });
    const check = checkEntryToken(env, input.entryToken, input.eventId, input.queueVisitor, now);
    if (!check.ok) {
      const message = ENTRY_MESSAGES[check.problem];
      throw new WaitingRoomRefusal(check.problem === 'expired' ? 'entry_token_expired' : 'entry_token_invalid', message, {
        entryToken: message,
      });
    }
    const visitor = await visitorRow(tx, input.eventId, check.visitorId);
    if (!visitor || visitor.tokenExpiresAt !== check.expiresAt.toISOString()) {
      throw new WaitingRoomRefusal('entry_token_invalid', ENTRY_MESSAGES.forged, { entryToken: ENTRY_MESSAGES.forged });
    }
    if (visitor.status === 'bought') {
      throw new WaitingRoomRefusal('entry_token_invalid', ENTRY_MESSAGES.used, { entryToken: ENTRY_MESSAGES.used });
    }
    if (visitor.status === 'in_checkout' && visitor.orderId) {
      // Paid a moment ago (before the job counted it): one purchase per place in line.
      const [paid] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, visitor.orderId));
      if (paid?.status === 'PAID') {
        throw new WaitingRoomRefusal('entry_token_invalid', ENTRY_MESSAGES.used, { entryToken: ENTRY_MESSAGES.used });
      }
    }
    if (visitor.status !== 'admitted' && visitor.status !== 'in_checkout') {
      throw new WaitingRoomRefusal('entry_token_expired', ENTRY_MESSAGES.expired, { entryToken: ENTRY_MESSAGES.expired });
    }
    await tx
      .update(waitingRoomVisitors)
      .set({ status: 'in_checkout', orderId, updatedAt: now.toISOString() })
      .where(eq(waitingRoomVisitors.id, visitor.id));
  }
  const live = or(
    eq(orders.status, 'PAID'),
    and(eq(orders.status, 'CREATED'), isNull(orders.holdReleasedAt), gt(orders.holdExpiresAt, now.toISOString())),
  );
  const tickets = async (who: ReturnType<typeof eq>) => {
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.eventId, input.eventId), live, who));
    return Number(row?.n ?? 0);
  };
  const these = input.attendees.length;
  const byEmail = await tickets(
    sql`lower(${orders.customerEmail}) = lower(${input.buyer.email})` as unknown as ReturnType<typeof eq>,
  );
  if (byEmail > room.capPerEmail) {
    const before = byEmail - these;
    const message = `This sale allows ${room.capPerEmail} tickets per e-mail address; ${before === 0 ? 'choose fewer' : `this one has ${before} already`}.`;
    throw new WaitingRoomRefusal('cap_exceeded', message, { 'buyer.email': message });
  }
  const byPhone = await tickets(eq(orders.customerPhone, input.buyer.phone));
  if (byPhone > room.capPerPhone) {
    const before = byPhone - these;
    const message = `This sale allows ${room.capPerPhone} tickets per phone number; ${before === 0 ? 'choose fewer' : `this one has ${before} already`}.`;
    throw new WaitingRoomRefusal('cap_exceeded', message, { 'buyer.phone': message });
  }
}
