import { Hono } from 'hono';
import {
  encodeEventsCursor,
  EVENTS_PAGE_SIZE,
  eventsQuerySchema,
  idParamSchema,
  indiaToday,
  type EventResponse,
  type EventsResponse,
  type TicketsResponse,
} from '../contract';
import type { RouteDeps } from '../deps';
import { cachedJson } from '../http/db-cache';
import { notFound } from '../http/errors';
import { validate, validateQuery } from '../http/validate';
import { getPublicEvent, isPublicEvent, listPublicEvents } from '../services/events';
import { listActiveTicketsForEvent } from '../services/tickets';

const EVENT_NOT_FOUND = 'Event not found';

export const eventRoutes = ({ db, cache }: RouteDeps) =>
  new Hono()
    .get('/', validateQuery(eventsQuerySchema), async (c) => {
      const query = c.req.valid('query');
      // Every filter is case-insensitive, so case variants share one cache entry. The day is in the
      // key: at India's midnight yesterday's events leave the list without any write to the database.
      const now = new Date();
      // The page (limit, cursor) is in it too, the cursor re-encoded from its key so one position
      // has one entry.
      const page = `${query.limit ?? EVENTS_PAGE_SIZE}:${query.cursor ? encodeEventsCursor(query.cursor) : ''}`;
      const filters = [query.category, query.city, query.q].map((v) => v?.toLowerCase() ?? '').join('\u0000');
      const key = `events:${indiaToday(now)}:${page}:${filters}`;
      return cachedJson<EventsResponse>(c, cache, key, () => db.query((q) => listPublicEvents(q, query, now)));
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      // "No such public event" is remembered too, until the next write.
      const response = await cachedJson<EventResponse>(c, cache, `event:${id}`, async () => {
        const event = await db.query((q) => getPublicEvent(q, id));
        return event && { event };
      });
      if (!response) throw notFound(EVENT_NOT_FOUND);
      return response;
    })
    .get('/:id/tickets', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const response = await cachedJson<TicketsResponse>(c, cache, `tickets:${id}`, () =>
        db.query(async (q) => ((await isPublicEvent(q, id)) ? { tickets: await listActiveTicketsForEvent(q, id) } : undefined)),
      );
      if (!response) throw notFound(EVENT_NOT_FOUND);
      return response;
    });
