// Paging of the public event list (GET /api/events, issue 14): a page is `limit` events in the
// list's own order (date, time, id: soonest first) and an opaque cursor naming the last one, so the
// next page is "after this key" (keyset), an index range however deep the visitor reads, and never
// shifts by one when an event is added or removed while they read (as an OFFSET would).
import { z } from 'zod';
import { queryNumber } from './list-query';

/**
 * The storefront grid is 1 column at 360 px, 2 at 768 px, 3 or 4 from 1024 px: twelve cards fill
 * whole rows at every one of those widths.
 */
export const EVENTS_PAGE_SIZE = 12;
export const MAX_EVENTS_PAGE_SIZE = 48;

/** Where the previous page ended: the last event's sort key. */
export interface EventsCursor {
  date: string;
  time: string;
  id: number;
}

export const CURSOR_MESSAGE = 'This list position is not valid; start again from the first page';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;
const MAX_CURSOR_LENGTH = 80;

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(value: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  try {
    return atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

export const encodeEventsCursor = ({ date, time, id }: EventsCursor): string => toBase64Url(`${date}|${time}|${id}`);

/** The cursor's key, or undefined when it is not one this API wrote. */
function decodeEventsCursor(value: string): EventsCursor | undefined {
  if (value.length > MAX_CURSOR_LENGTH) return undefined;
  const [date, time, id, ...rest] = fromBase64Url(value)?.split('|') ?? [];
  if (rest.length > 0 || !DATE.test(date ?? '') || !TIME.test(time ?? '') || !/^[1-9]\d{0,15}$/.test(id ?? '')) return undefined;
  return { date: date!, time: time!, id: Number(id) };
}

export const eventsLimitSchema = queryNumber('Limit', 1, MAX_EVENTS_PAGE_SIZE);

export const eventsCursorSchema = z.string().transform((value, ctx) => {
  const cursor = decodeEventsCursor(value);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return z.NEVER;
  }
  return cursor;
});
