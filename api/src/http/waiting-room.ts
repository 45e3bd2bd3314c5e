// The waiting room's HTTP pieces that two routes share (decision 032): the browser's waiting-room
// cookie, which the queue's routes set and create-order reads, and the API's error for a refusal,
// which the queue's routes, create-order and staff's waiting-room routes answer alike.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Env } from '../env';
import type { WaitingRoomRefusal } from '../services/waiting-room';
import { visitorFromCookie } from '../services/waiting-room-tokens';
import { ApiError } from './errors';

export const QUEUE_COOKIE = 'tdk_queue';

/** The browser's waiting-room id, when its cookie holds. */
export const queueVisitorOf = (c: Context, env: Env) => visitorFromCookie(env, getCookie(c, QUEUE_COOKIE));

const ROOM_REFUSALS = {
  not_found: [404, 'not_found'],
  off: [404, 'not_found'],
  opened: [409, 'conflict'],
  too_many_browsers: [429, 'rate_limited'],
  sold_out: [409, 'sold_out'],
  queue_required: [403, 'queue_required'],
  entry_token_invalid: [403, 'entry_token_invalid'],
  entry_token_expired: [403, 'entry_token_expired'],
  cap_exceeded: [409, 'cap_exceeded'],
} as const;

/** The API's error for a waiting-room refusal. */
export const roomRefusal = (error: WaitingRoomRefusal) => {
  const [status, code] = ROOM_REFUSALS[error.reason];
  return new ApiError(status, code, error.message, error.fields);
};
