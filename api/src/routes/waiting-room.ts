// /api/events/:id/queue (issue 29, decision 032): a browser joins an event's waiting room and reads
// where it stands. A read is answered from the room's cached snapshot and the browser's signed place
// cookie: the database is read for a browser only when it has no place cookie yet, when the shuffle
// has just given it a number, or once it is admitted (its entry token).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { idParamSchema, type QueueStatusResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { clientIp, isHttps } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { QUEUE_COOKIE, queueVisitorOf, roomRefusal } from '../http/waiting-room';
import { joinWaitingRoom, visitorRow, WaitingRoomRefusal, type RoomSnapshot } from '../services/waiting-room';
import { createSnapshotCache, type SnapshotCache } from '../services/waiting-room-snapshots';
import { newVisitorCookie, placeCookie, placeFromCookie, signEntryToken } from '../services/waiting-room-tokens';

export const queuePlaceCookie = (eventId: number) => `tdk_queue_${eventId}`;
const COOKIE_SECONDS = 3 * 24 * 3600;

const NO_ROOM = 'This event has no queue';

/** The answer for an event without a waiting room (or with it off): book as usual. */
const offStatus = (eventId: number): QueueStatusResponse => ({
  eventId,
  state: 'off',
  onSaleAt: null,
  place: 'none',
  position: null,
  ahead: null,
  inLine: 0,
  estimatedWaitMinutes: null,
  ratePerMinute: 0,
  seatsLeft: 0,
  entryToken: null,
  entryExpiresAt: null,
  retryAfterMs: 60_000,
});

/** When a browser should ask again: soon near the front and at the opening, seldom far back. */
function retryAfterMs(snapshot: RoomSnapshot, ahead: number | null, now: number): number {
  if (snapshot.state === 'before') return Math.max(1_000, Math.min(15_000, Date.parse(snapshot.onSaleAt) - now));
  if (snapshot.state === 'closed') return 60_000;
  if (ahead === null) return 5_000;
  const secondsToFront = (ahead / Math.max(1, snapshot.ratePerMinute)) * 60;
  return Math.round(Math.min(30_000, Math.max(2_000, secondsToFront * 100)));
}

interface Place {
  number: number | null;
  status: QueueStatusResponse['place'];
  token?: { value: string; expiresAt: string } | null;
}

export function statusBody(snapshot: RoomSnapshot, place: Place, now: number): QueueStatusResponse {
  const waiting = place.status === 'waiting' && place.number !== null && snapshot.opened;
  const position = waiting ? Math.max(1, place.number! - snapshot.admittedThrough) : null;
  const ahead = position === null ? null : position - 1;
  const moving = snapshot.state === 'open';
  return {
    eventId: snapshot.eventId,
    state: snapshot.state,
    onSaleAt: snapshot.onSaleAt,
    place: place.status,
    position,
    ahead,
    inLine: snapshot.inLine,
    estimatedWaitMinutes: moving && ahead !== null ? Math.ceil((ahead + 1) / Math.max(1, snapshot.ratePerMinute)) : null,
    ratePerMinute: snapshot.ratePerMinute,
    seatsLeft: snapshot.seatsLeft,
    entryToken: place.token?.value ?? null,
    entryExpiresAt: place.token?.expiresAt ?? null,
    retryAfterMs: retryAfterMs(snapshot, ahead, now),
  };
}

export const waitingRoomRoutes = (
  { db, env }: RouteDeps,
  snapshots: SnapshotCache = createSnapshotCache(db, env.waitingRoomSnapshotMs),
) => {
  const cookieOptions = (c: Context) => ({
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: isHttps(c, env),
    path: '/',
    maxAge: COOKIE_SECONDS,
  });
  const rememberPlace = (c: Context, eventId: number, visitorId: string, number: number | null) =>
    setCookie(c, queuePlaceCookie(eventId), placeCookie(env, eventId, visitorId, number ?? 0), cookieOptions(c));

  /** This browser's place, from its cookies where they suffice, else from its row. */
  async function placeOf(c: Context, snapshot: RoomSnapshot, visitorId: string | undefined): Promise<Place> {
    if (!visitorId) return { number: null, status: 'none' };
    const remembered = placeFromCookie(env, snapshot.eventId, visitorId, getCookie(c, queuePlaceCookie(snapshot.eventId)));
    if (remembered !== undefined) {
      if (remembered === 0 && !snapshot.opened) return { number: null, status: 'waiting' };
      if (remembered > snapshot.admittedThrough) return { number: remembered, status: 'waiting' };
    }
    const row = await db.query((q) => visitorRow(q, snapshot.eventId, visitorId));
    if (!row) return { number: null, status: 'none' };
    if (remembered !== (row.number ?? 0)) rememberPlace(c, snapshot.eventId, visitorId, row.number);
    const live =
      (row.status === 'admitted' || row.status === 'in_checkout') &&
      row.tokenExpiresAt &&
      Date.parse(row.tokenExpiresAt) > Date.now();
    return {
      number: row.number,
      status: row.status,
      token: live
        ? {
            value: signEntryToken(env, snapshot.eventId, visitorId, new Date(row.tokenExpiresAt!)),
            expiresAt: row.tokenExpiresAt!,
          }
        : null,
    };
  }

  // Cache-Control is set before the handler, so the response is made with it: a header added to a
  // finished response makes Hono copy it into a streamed one, which cost each status read more than
  // the status itself did (decision 032, "The status a browser reads").
  return new Hono()
    .use('/:id/queue', async (c, next) => {
      c.header('Cache-Control', 'no-store');
      await next();
    })
    .get('/:id/queue', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const snapshot = await snapshots.get(id);
      // No room (or none on): the event page asks of every event, so this is an answer, not a 404.
      if (!snapshot) return c.json(offStatus(id), 200);
      const place = await placeOf(c, snapshot, queueVisitorOf(c, env));
      return c.json(statusBody(snapshot, place, Date.now()), 200);
    })
    .post('/:id/queue', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      let visitorId = queueVisitorOf(c, env);
      if (!visitorId) {
        const fresh = newVisitorCookie(env);
        visitorId = fresh.visitorId;
        setCookie(c, QUEUE_COOKIE, fresh.cookie, cookieOptions(c));
      }
      const browser = visitorId;
      const row = await db
        .transaction((tx) => joinWaitingRoom(tx, env, id, browser, clientIp(c, env)))
        .catch((error: unknown) => {
          throw error instanceof WaitingRoomRefusal ? roomRefusal(error) : error;
        });
      rememberPlace(c, id, browser, row.number);
      const snapshot = await snapshots.get(id);
      if (!snapshot) throw new ApiError(404, 'not_found', NO_ROOM);
      const token =
        (row.status === 'admitted' || row.status === 'in_checkout') &&
        row.tokenExpiresAt &&
        Date.parse(row.tokenExpiresAt) > Date.now()
          ? { value: signEntryToken(env, id, browser, new Date(row.tokenExpiresAt)), expiresAt: row.tokenExpiresAt }
          : null;
      return c.json(statusBody(snapshot, { number: row.number, status: row.status, token }, Date.now()), 200);
    });
};
