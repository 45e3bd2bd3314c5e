// The waiting list of a sold-out ticket type (decision 024): who waits, in which order, their
// offers' e-mails, and staff's changes to the list. The seats themselves (offering freed seats,
// ending an offer, an order taking one over) are counted by inventory.ts, like every other seat.
// Every function runs in the transaction it is handed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { purposeKey, type KeyEnv } from '../signing/purpose-keys';
import type { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_QUERY,
  parseLanguage,
  type joinWaitingListBodySchema,
  type JoinWaitingListResponse,
  type Language,
  type WaitingListEntryView,
  type WaitingListOfferResponse,
  type WaitingListResponse,
} from '../contract';
import type { Db } from '../db/client';
import { forUpdate, forUpdateSkipLocked } from '../db/functions';
import { announceOutbox } from '../db/notify';
import { emailOutbox, events, orderLines, organisations, ticketTypes, waitingListEntries } from '../db/schema';
import type { Env } from '../env';
import { EMAIL_KINDS } from '../mail/outbox';
import {
  waitingListEndedEmail,
  waitingListJoinedEmail,
  waitingListOfferEmail,
  type WaitingListEmailPayload,
} from '../mail/templates';
import { selfBaseUrl } from '../urls';
import { recordAudit, type AuditEntryInput } from './audit';
import { hit } from './checkout-limits';
import { endOffer, lockEventSeats, offerFreedSeats, reinstateOffer, seatCapacity } from './inventory';
import { readSettings } from './settings';

type EntryRow = typeof waitingListEntries.$inferSelect;
type JoinInput = z.output<typeof joinWaitingListBodySchema>;
type LinkEnv = Pick<Env, 'publicUrl' | 'port'>;
/** The staff member acting, as the audit log names them. */
export type WaitingListActor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

/** Why the waiting list refused; the route maps each reason to its status. */
export class WaitingListRefusal extends Error {
  override name = 'WaitingListRefusal';
  constructor(
    readonly reason: 'not_found' | 'not_open' | 'on_sale' | 'invalid',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Joins one address may make per window (a repeat counts): shared by every instance (rate_limits). */
export const JOINS_PER_ADDRESS = 10;
const JOIN_WINDOW_MS = 15 * 60_000;

/** 0 when this address may join now, else the seconds to wait. */
export const joinRetryAfter = (db: Db, address: string, now = new Date()) =>
  hit(db, `waiting-list-ip:${address}`, JOINS_PER_ADDRESS, JOIN_WINDOW_MS, now);

/** Entries that still hold a place in line: confirmed ones only (issue 40). */
const inLine = and(inArray(waitingListEntries.status, ['waiting', 'offered']), isNotNull(waitingListEntries.confirmedAt));

/** Confirmation mails one e-mail is sent per window, whoever asks: a stranger cannot mail-bomb an address. */
export const CONFIRM_MAILS_PER_EMAIL = 3;
const CONFIRM_WINDOW_MS = 60 * 60_000;

/** The secret of an entry's confirmation link (stateless: a new join changes `createdAt` and ends it). */
const confirmSignature = (env: KeyEnv, entry: Pick<EntryRow, 'id' | 'email' | 'createdAt'>) =>
  createHmac('sha256', purposeKey(env, 'tdk:waiting-list-confirm:v1'))
    .update(`${entry.id}:${entry.email}:${entry.createdAt}`)
    .digest('base64url')
    .slice(0, 32);
export const confirmToken = (env: KeyEnv, entry: Pick<EntryRow, 'id' | 'email' | 'createdAt'>) =>
  `${entry.id}.${confirmSignature(env, entry)}`;

export const CONFIRM_MESSAGES = {
  invalid: 'This confirmation link is not valid: join the waiting list again for a new one',
} as const;

/**
 * Confirms the e-mail of an entry from the link mailed to it (issue 40): only now does it take a
 * place, at the end of its line, and may it be offered seats. A second click answers the same.
 */
export async function confirmWaitingListEntry(
  tx: Db,
  env: KeyEnv,
  eventId: number,
  token: string,
  now = new Date(),
): Promise<JoinWaitingListResponse> {
  const [idText, signature] = token.split('.');
  const id = Number(idText);
  const invalid = () => new WaitingListRefusal('invalid', CONFIRM_MESSAGES.invalid, { token: CONFIRM_MESSAGES.invalid });
  if (!Number.isSafeInteger(id) || !signature) throw invalid();
  const [entry] = await forUpdate(tx.select().from(waitingListEntries).where(eq(waitingListEntries.id, id)));
  if (!entry || entry.eventId !== eventId || entry.email === '') throw invalid();
  const expected = Buffer.from(confirmSignature(env, entry));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let confirmed = entry;
  if (!entry.confirmedAt && entry.status === 'waiting') {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${waitingListEntries.position}), 0)` })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.ticketTypeId, entry.ticketTypeId));
    [confirmed] = (await tx
      .update(waitingListEntries)
      .set({ confirmedAt: now.toISOString(), position: Number(last?.position ?? 0) + 1, updatedAt: now.toISOString() })
      .where(eq(waitingListEntries.id, entry.id))
      .returning()) as [EntryRow];
    // Seats free now go to the line, this entry included.
    await offerFreedSeats(tx, entry.eventId, now);
  }
  const [type] = await tx.select({ name: ticketTypes.name }).from(ticketTypes).where(eq(ticketTypes.id, entry.ticketTypeId));
  return {
    ticketId: entry.ticketTypeId,
    ticketName: type?.name ?? '',
    quantity: confirmed.quantity,
    place: await placeOf(tx, confirmed),
    confirmed: true,
  };
}

/** The entry's place among those still in line of its ticket type (1 for the first). */
async function placeOf(tx: Db, entry: Pick<EntryRow, 'id' | 'ticketTypeId' | 'position'>): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.ticketTypeId, entry.ticketTypeId),
        inLine,
        or(
          lt(waitingListEntries.position, entry.position),
          and(eq(waitingListEntries.position, entry.position), sql`${waitingListEntries.id} <= ${entry.id}`),
        ),
      ),
    );
  return Number(row?.n ?? 1);
}

const eventUrl = (env: LinkEnv, eventId: number, language: Language, query: Record<string, string> = {}) => {
  const params = new URLSearchParams(query);
  if (language !== DEFAULT_LANGUAGE) params.set(LANGUAGE_QUERY, language);
  const search = params.toString();
  return `${selfBaseUrl(env)}/event/${eventId}${search ? `?${search}` : ''}`;
};

/**
 * Puts the buyer on the waiting list of a sold-out ticket type, or updates their entry (one per
 * e-mail per type): the same answer either way. Refuses a type that still has seats (buy them
 * instead). Queues the confirmation with their place.
 */
export async function joinWaitingList(
  tx: Db,
  env: LinkEnv & KeyEnv,
  eventId: number,
  input: JoinInput,
  now = new Date(),
): Promise<JoinWaitingListResponse> {
  const [event] = await tx
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      max: events.maxParticipants,
      organisationId: events.organisationId,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event || event.status === 'Draft') throw new WaitingListRefusal('not_found', 'Event not found');
  if (event.status !== 'Active') throw new WaitingListRefusal('not_open', 'Registration is not open for this event');
  const [ticket] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, input.ticketId));
  if (!ticket || ticket.eventId !== eventId) {
    throw new WaitingListRefusal('invalid', 'Ticket not found', { ticketId: 'validation.waitingListTicket' });
  }
  if (ticket.status !== 'Active') {
    const message = `"${ticket.name}" is not on sale`;
    throw new WaitingListRefusal('not_open', message, { ticketId: message });
  }
  // An offer is booked in one order: no more than the type's maximum per order (decision 027).
  if (input.quantity > ticket.maxPerOrder) {
    const message = `At most ${ticket.maxPerOrder} "${ticket.name}" ${ticket.maxPerOrder === 1 ? 'ticket' : 'tickets'} per order`;
    throw new WaitingListRefusal('invalid', message, { quantity: message });
  }
  // Counted under the event's seat lock, as a buyer counts them.
  await lockEventSeats(tx, eventId);
  const [taken] = await tx
    .select({ seats: sql<number>`coalesce(sum(${ticketTypes.sold} + ${ticketTypes.held}), 0)` })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
  const [fresh] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, ticket.id));
  const capacity = seatCapacity(fresh!);
  const left = Math.min(capacity - fresh!.sold - fresh!.held, event.max - Number(taken?.seats ?? 0));
  if (left > 0) {
    const message = `"${ticket.name}" is not sold out: ${left} ${left === 1 ? 'ticket is' : 'tickets are'} still on sale. Buy them instead.`;
    throw new WaitingListRefusal('on_sale', message, { ticketId: message });
  }

  const email = input.email.trim().toLowerCase();
  const language = input.language ?? DEFAULT_LANGUAGE;
  const at = now.toISOString();
  const [existing] = await forUpdate(
    tx
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.ticketTypeId, ticket.id), eq(waitingListEntries.email, email))),
  );
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${waitingListEntries.position}), 0)` })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.ticketTypeId, ticket.id));
  const nextPosition = Number(last?.position ?? 0) + 1;
  let entry: EntryRow;
  if (!existing) {
    [entry] = (await tx
      .insert(waitingListEntries)
      .values({
        eventId,
        ticketTypeId: ticket.id,
        name: input.fullName,
        email,
        phone: input.phone,
        quantity: input.quantity,
        language,
        position: nextPosition,
        status: 'waiting',
        confirmedAt: null,
        createdAt: at,
        updatedAt: at,
      })
      .returning()) as [EntryRow];
  } else if (existing.status === 'waiting' || existing.status === 'offered') {
    // A repeat keeps its place; an offered entry keeps the seats it was offered.
    [entry] = (await tx
      .update(waitingListEntries)
      .set({
        name: input.fullName,
        phone: input.phone,
        language,
        ...(existing.status === 'waiting' ? { quantity: input.quantity } : {}),
        updatedAt: at,
      })
      .where(eq(waitingListEntries.id, existing.id))
      .returning()) as [EntryRow];
  } else {
    // Their offer was used, lapsed or ended: they join again, at the end of the line.
    [entry] = (await tx
      .update(waitingListEntries)
      .set({
        name: input.fullName,
        phone: input.phone,
        quantity: input.quantity,
        language,
        position: nextPosition,
        status: 'waiting',
        offerToken: null,
        offeredAt: null,
        offerExpiresAt: null,
        offerMailedAt: null,
        orderId: null,
        confirmedAt: null,
        createdAt: at,
        updatedAt: at,
      })
      .where(eq(waitingListEntries.id, existing.id))
      .returning()) as [EntryRow];
  }
  const confirmed = entry.confirmedAt !== null;
  // Unconfirmed (issue 40): no place yet; the place it would take is the end of the confirmed line.
  const place = confirmed
    ? await placeOf(tx, entry)
    : Number(
        (
          await tx
            .select({ n: sql<number>`count(*)` })
            .from(waitingListEntries)
            .where(and(eq(waitingListEntries.ticketTypeId, ticket.id), inLine))
        )[0]?.n ?? 0,
      ) + 1;
  const settings = await readSettings(tx);
  // An unconfirmed address is mailed its link (confirmation is always needed), a few times an hour at most.
  const [organisation] = await tx
    .select({ emailNotifications: organisations.emailNotifications })
    .from(organisations)
    .where(eq(organisations.id, event.organisationId));
  // A confirmed entry's notice follows its event's organisation's Email Notifications (decision 056).
  const mayMail = confirmed
    ? (organisation?.emailNotifications ?? true)
    : (await hit(tx, `waiting-list-confirm:${email}`, CONFIRM_MAILS_PER_EMAIL, CONFIRM_WINDOW_MS, now)) === 0;
  if (mayMail) {
    const payload = payloadOf(env, entry, event.title, ticket.name, settings.platformName);
    const mail = waitingListJoinedEmail({
      ...payload,
      place,
      ...(!confirmed && { confirmUrl: confirmUrl(env, entry, payload.language) }),
    });
    await tx.insert(emailOutbox).values({
      kind: EMAIL_KINDS.waitingListJoined,
      to: entry.email,
      ...mail,
      organisationId: event.organisationId,
      nextAttemptAt: at,
      createdAt: at,
    });
    await announceOutbox(tx);
  }
  return { ticketId: ticket.id, ticketName: ticket.name, quantity: entry.quantity, place, confirmed };
}

/** The storefront page that confirms an entry's e-mail; the token in the fragment, never sent to a server's logs. */
const confirmUrl = (env: LinkEnv & KeyEnv, entry: EntryRow, language: Language) =>
  `${selfBaseUrl(env)}/event/${entry.eventId}/waiting-list/confirm${language === DEFAULT_LANGUAGE ? '' : `?${LANGUAGE_QUERY}=${language}`}#${confirmToken(env, entry)}`;

function payloadOf(
  env: LinkEnv,
  entry: Pick<EntryRow, 'name' | 'quantity' | 'language' | 'eventId'>,
  eventName: string,
  ticketName: string,
  platformName: string,
): WaitingListEmailPayload {
  const language = parseLanguage(entry.language) ?? DEFAULT_LANGUAGE;
  return {
    name: entry.name,
    eventName,
    ticketName,
    quantity: entry.quantity,
    platformName,
    language,
    eventUrl: eventUrl(env, entry.eventId, language),
  };
}

/**
 * Whether any offer waits for its e-mail: one indexed read, so that an outbox run with nothing to
 * offer (nearly every run, on every instance a wake-up reaches) opens no transaction for it.
 */
export async function offersAwaitingMail(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.status, 'offered'), isNull(waitingListEntries.offerMailedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Queues the e-mail of every offer not yet mailed, each exactly once (claimed by a conditional
 * update; several outbox workers skip each other's rows). The outbox worker calls it before each
 * run: the seats were offered by whichever transaction freed them, which may not know the site's
 * address. Returns how many were queued.
 */
export async function queueOfferEmails(tx: Db, env: LinkEnv, now = new Date(), limit = 100): Promise<number> {
  const at = now.toISOString();
  const claimed = await tx
    .update(waitingListEntries)
    .set({ offerMailedAt: at })
    .where(
      inArray(
        waitingListEntries.id,
        forUpdateSkipLocked(
          tx
            .select({ id: waitingListEntries.id })
            .from(waitingListEntries)
            .where(and(eq(waitingListEntries.status, 'offered'), isNull(waitingListEntries.offerMailedAt)))
            .limit(limit),
        ),
      ),
    )
    .returning();
  if (claimed.length === 0) return 0;
  const names = await tx
    .select({ id: ticketTypes.id, ticketName: ticketTypes.name, eventName: events.title, organisationId: events.organisationId })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(
      inArray(
        ticketTypes.id,
        claimed.map((c) => c.ticketTypeId),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.id, n]));
  const { platformName } = await readSettings(tx);
  const rows = claimed.flatMap((entry) => {
    const named = nameOf.get(entry.ticketTypeId);
    if (!named || !entry.offerToken || !entry.offerExpiresAt) return [];
    const payload = payloadOf(env, entry, named.eventName, named.ticketName, platformName);
    const mail = waitingListOfferEmail({
      ...payload,
      expiresAt: entry.offerExpiresAt,
      offerUrl: eventUrl(env, entry.eventId, payload.language, { offer: entry.offerToken }),
    });
    return [
      {
        kind: EMAIL_KINDS.waitingListOffer,
        to: entry.email,
        ...mail,
        organisationId: named.organisationId,
        nextAttemptAt: at,
        createdAt: at,
      },
    ];
  });
  if (rows.length > 0) {
    await tx.insert(emailOutbox).values(rows);
    await announceOutbox(tx);
  }
  return rows.length;
}

/** The offer a link names, as checkout fills it in; undefined when there is none. */
export async function offerByToken(db: Db, token: string, now = new Date()): Promise<WaitingListOfferResponse | undefined> {
  const [row] = await db
    .select({ entry: waitingListEntries, ticketName: ticketTypes.name })
    .from(waitingListEntries)
    .innerJoin(ticketTypes, eq(ticketTypes.id, waitingListEntries.ticketTypeId))
    .where(eq(waitingListEntries.offerToken, token));
  if (!row) return undefined;
  const { entry } = row;
  const lapsed = entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt <= now.toISOString();
  return {
    eventId: entry.eventId,
    ticketId: entry.ticketTypeId,
    ticketName: row.ticketName,
    quantity: entry.quantity,
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    status: lapsed ? 'expired' : entry.status,
    expiresAt: entry.offerExpiresAt,
  };
}

export type OfferProblem = 'unknown' | 'expired' | 'used' | 'ended' | 'foreign' | 'other_event';

export const OFFER_MESSAGES: Record<OfferProblem, string> = {
  unknown: 'This waiting-list offer is not valid',
  expired: 'This waiting-list offer has expired: its seats passed to the next person on the waiting list',
  used: 'This waiting-list offer has already been used',
  ended: 'This waiting-list offer is no longer valid',
  foreign: 'This waiting-list offer was sent to another e-mail address: book with the address it was sent to',
  other_event: 'This waiting-list offer is for another event',
};

/**
 * Before a buyer's own unpaid orders are replaced: when the offer they name was taken over by one
 * of them and its time still runs, it is theirs again (inventory's reinstateOffer).
 */
export async function reclaimOwnOffer(tx: Db, token: string, buyerEmail: string, unpaidOrderIds: string[], now: Date) {
  const [entry] = await forUpdate(tx.select().from(waitingListEntries).where(eq(waitingListEntries.offerToken, token)));
  if (!entry || entry.status !== 'used' || !entry.orderId || !unpaidOrderIds.includes(entry.orderId)) return;
  if (entry.email !== buyerEmail.trim().toLowerCase() || !entry.offerExpiresAt || entry.offerExpiresAt <= now.toISOString())
    return;
  const [line] = await tx
    .select({ quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, entry.orderId), eq(orderLines.ticketTypeId, entry.ticketTypeId)));
  const seats = Math.min(line?.quantity ?? 0, entry.quantity);
  if (seats > 0) await reinstateOffer(tx, entry, seats, now);
}

/**
 * The offer an order names, locked, while it may be used by this buyer for this event; else what
 * is wrong with it. Ending and taking it over is inventory's (takeOverOffer).
 */
export async function offerForOrder(
  tx: Db,
  token: string,
  eventId: number,
  buyerEmail: string,
  now: Date,
): Promise<{ entry: EntryRow } | { problem: OfferProblem }> {
  const [entry] = await forUpdate(tx.select().from(waitingListEntries).where(eq(waitingListEntries.offerToken, token)));
  if (!entry) return { problem: 'unknown' };
  if (entry.eventId !== eventId) return { problem: 'other_event' };
  if (entry.email !== buyerEmail.trim().toLowerCase()) return { problem: 'foreign' };
  if (entry.status === 'used') return { problem: 'used' };
  if (entry.status === 'expired') return { problem: 'expired' };
  if (entry.status !== 'offered') return { problem: 'ended' };
  if (entry.offerExpiresAt === null || entry.offerExpiresAt <= now.toISOString()) return { problem: 'expired' };
  return { entry };
}

/**
 * What is wrong with an order that names an offer (issue 40), or null: an offer buys only what it
 * offered, its ticket type and at most its seats, nothing beside them. Those seats were held for
 * its entry, which is why an order with an offer may pass a live waiting room (checkQueuedOrder);
 * anything more would jump the queue.
 */
export async function offerLinesProblem(
  tx: Db,
  offer: Pick<EntryRow, 'ticketTypeId' | 'quantity'>,
  lines: ReadonlyMap<number, { quantity: number }>,
): Promise<string | null> {
  const offered = lines.get(offer.ticketTypeId);
  if (!offered) return 'This waiting-list offer is for another ticket: choose the ticket it was offered for';
  if (lines.size === 1 && offered.quantity <= offer.quantity) return null;
  const [type] = await tx.select({ name: ticketTypes.name }).from(ticketTypes).where(eq(ticketTypes.id, offer.ticketTypeId));
  const n = offer.quantity;
  return `This waiting-list offer is for ${n} "${type?.name ?? ''}" ticket${n === 1 ? '' : 's'}: an order with it buys only ${n === 1 ? 'that' : 'those'}`;
}

function toView(entry: EntryRow, place: number | null): WaitingListEntryView {
  return {
    id: entry.id,
    place,
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    quantity: entry.quantity,
    status: entry.status,
    joinedAt: entry.createdAt,
    offeredAt: entry.offeredAt,
    offerExpiresAt: entry.offerExpiresAt,
    orderId: entry.orderId,
  };
}

/** The console's view of a ticket type's waiting list; undefined when the type does not exist. */
export async function waitingListOf(db: Db, ticketId: number): Promise<WaitingListResponse | undefined> {
  const [ticket] = await db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      eventId: ticketTypes.eventId,
      eventName: events.title,
      quantity: ticketTypes.quantity,
      sold: ticketTypes.sold,
      held: ticketTypes.held,
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(eq(ticketTypes.id, ticketId));
  if (!ticket) return undefined;
  const live = await db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.ticketTypeId, ticketId), inLine))
    .orderBy(asc(waitingListEntries.position), asc(waitingListEntries.id));
  const past = await db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.ticketTypeId, ticketId), inArray(waitingListEntries.status, ['used', 'expired'])))
    .orderBy(desc(waitingListEntries.updatedAt), desc(waitingListEntries.id))
    .limit(200);
  const waiting = live.filter((e) => e.status === 'waiting');
  return {
    ticket: {
      id: ticket.id,
      name: ticket.name,
      eventId: ticket.eventId,
      eventName: ticket.eventName,
      available: Math.max(0, ticket.quantity - ticket.sold - ticket.held),
    },
    entries: [...live.map((e, i) => toView(e, i + 1)), ...past.map((e) => toView(e, null))],
    waiting: { people: waiting.length, seats: waiting.reduce((n, e) => n + e.quantity, 0) },
  };
}

/** Staff's change to an entry was refused (it is gone, or cannot move further). */
export class WaitingListChangeRefused extends Error {
  override name = 'WaitingListChangeRefused';
  constructor(
    readonly reason: 'not_found' | 'not_in_line' | 'at_end',
    message: string,
  ) {
    super(message);
  }
}

async function entryInLine(tx: Db, ticketId: number, entryId: number): Promise<EntryRow> {
  const [entry] = await forUpdate(
    tx
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.id, entryId), eq(waitingListEntries.ticketTypeId, ticketId))),
  );
  if (!entry) throw new WaitingListChangeRefused('not_found', 'Waiting-list entry not found');
  if (entry.status !== 'waiting' && entry.status !== 'offered') {
    throw new WaitingListChangeRefused('not_in_line', 'This entry is no longer on the waiting list');
  }
  return entry;
}

/** Staff remove an entry: an offer it holds ends, and its seats pass to the next entries. Audited. */
export async function removeWaitingListEntry(
  tx: Db,
  actor: WaitingListActor,
  ticketId: number,
  entryId: number,
  now = new Date(),
) {
  const entry = await entryInLine(tx, ticketId, entryId);
  if (entry.status === 'offered') await endOffer(tx, entry, 'removed', now);
  else {
    await tx
      .update(waitingListEntries)
      .set({ status: 'removed', updatedAt: now.toISOString() })
      .where(eq(waitingListEntries.id, entry.id));
  }
  await recordAudit(tx, {
    ...actor,
    action: 'waiting_list_remove',
    entity: 'ticket',
    entityId: ticketId,
    detail: { entryId: entry.id, email: entry.email, quantity: entry.quantity, status: { from: entry.status, to: 'removed' } },
  });
}

/**
 * Staff move an entry one place up or down the line (it swaps with its neighbour). Moving a waiting
 * entry ahead may give it the next offer; an offer already made stands. Audited.
 */
export async function moveWaitingListEntry(
  tx: Db,
  actor: WaitingListActor,
  ticketId: number,
  entryId: number,
  direction: 'up' | 'down',
  now = new Date(),
) {
  const entry = await entryInLine(tx, ticketId, entryId);
  const up = direction === 'up';
  const [neighbour] = await forUpdate(
    tx
      .select()
      .from(waitingListEntries)
      .where(
        and(
          eq(waitingListEntries.ticketTypeId, ticketId),
          inLine,
          up
            ? or(
                lt(waitingListEntries.position, entry.position),
                and(eq(waitingListEntries.position, entry.position), lt(waitingListEntries.id, entry.id)),
              )
            : or(
                gt(waitingListEntries.position, entry.position),
                and(eq(waitingListEntries.position, entry.position), gt(waitingListEntries.id, entry.id)),
              ),
        ),
      )
      .orderBy(
        up ? desc(waitingListEntries.position) : asc(waitingListEntries.position),
        up ? desc(waitingListEntries.id) : asc(waitingListEntries.id),
      )
      .limit(1),
  );
  if (!neighbour) {
    throw new WaitingListChangeRefused('at_end', up ? 'This entry is already first' : 'This entry is already last');
  }
  // Equal positions (two joins at once) are told apart by id: give them distinct ones first.
  const [mine, theirs] =
    entry.position === neighbour.position
      ? up
        ? [entry.position, entry.position + 1]
        : [entry.position + 1, entry.position]
      : [neighbour.position, entry.position];
  if (entry.position === neighbour.position) {
    // Everyone after the pair moves one back, so the pair's new positions stay unique.
    await tx
      .update(waitingListEntries)
      .set({ position: sql`${waitingListEntries.position} + 1` })
      .where(and(eq(waitingListEntries.ticketTypeId, ticketId), gt(waitingListEntries.position, entry.position)));
  }
  await tx
    .update(waitingListEntries)
    .set({ position: mine, updatedAt: now.toISOString() })
    .where(eq(waitingListEntries.id, entry.id));
  await tx
    .update(waitingListEntries)
    .set({ position: theirs, updatedAt: now.toISOString() })
    .where(eq(waitingListEntries.id, neighbour.id));
  await recordAudit(tx, {
    ...actor,
    action: 'waiting_list_move',
    entity: 'ticket',
    entityId: ticketId,
    detail: { entryId: entry.id, email: entry.email, direction },
  });
  // Seats may be free that the entry now ahead fits.
  await offerFreedSeats(tx, entry.eventId, now);
}

/** An entry as the event's cancellation e-mails it. */
export interface EndedWaitingListEntry {
  id: number;
  name: string;
  email: string;
  language: Language;
  ticketName: string;
  quantity: number;
}

/**
 * The event's waiting list ends (the event is cancelled): every entry still in line is ended, an
 * offer's seats leave `held` without passing to anyone, and each is told by e-mail (queued here,
 * in the entry's language). Returns who was on it. For the cancellation of an event (issue 24).
 */
export async function endWaitingListForEvent(
  tx: Db,
  env: LinkEnv,
  eventId: number,
  now = new Date(),
): Promise<EndedWaitingListEntry[]> {
  await lockEventSeats(tx, eventId);
  const entries = await forUpdate(
    tx
      .select({
        entry: waitingListEntries,
        ticketName: ticketTypes.name,
        eventName: events.title,
        organisationId: events.organisationId,
      })
      .from(waitingListEntries)
      .innerJoin(ticketTypes, eq(ticketTypes.id, waitingListEntries.ticketTypeId))
      .innerJoin(events, eq(events.id, waitingListEntries.eventId))
      .where(and(eq(waitingListEntries.eventId, eventId), inLine))
      .orderBy(asc(waitingListEntries.ticketTypeId), asc(waitingListEntries.position), asc(waitingListEntries.id)),
  );
  const at = now.toISOString();
  const { platformName } = await readSettings(tx);
  const mails: (typeof emailOutbox.$inferInsert)[] = [];
  for (const { entry, ticketName, eventName, organisationId } of entries) {
    if (entry.status === 'offered') await endOffer(tx, entry, 'ended', now, false);
    else await tx.update(waitingListEntries).set({ status: 'ended', updatedAt: at }).where(eq(waitingListEntries.id, entry.id));
    const mail = waitingListEndedEmail(payloadOf(env, entry, eventName, ticketName, platformName));
    mails.push({
      kind: EMAIL_KINDS.waitingListEnded,
      to: entry.email,
      ...mail,
      organisationId,
      nextAttemptAt: at,
      createdAt: at,
    });
  }
  if (mails.length > 0) {
    await tx.insert(emailOutbox).values(mails);
    await announceOutbox(tx);
  }
  // Entries whose address was never confirmed end too, unmailed (issue 40: nobody mails an unconfirmed address twice).
  await tx
    .update(waitingListEntries)
    .set({ status: 'ended', updatedAt: at })
    .where(
      and(
        eq(waitingListEntries.eventId, eventId),
        eq(waitingListEntries.status, 'waiting'),
        isNull(waitingListEntries.confirmedAt),
      ),
    );
  return entries.map(({ entry, ticketName }) => ({
    id: entry.id,
    name: entry.name,
    email: entry.email,
    language: parseLanguage(entry.language) ?? DEFAULT_LANGUAGE,
    ticketName,
    quantity: entry.quantity,
  }));
}
