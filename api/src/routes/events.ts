import { Hono } from 'hono';
import { eventsQuerySchema, idParamSchema, indiaToday, type EventsResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { cachedJson } from '../http/db-cache';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import { getPublicEvent, isPublicEvent, listPublicEvents } from '../services/events';
import { listActiveTicketsForEvent } from '../services/tickets';

const EVENT_NOT_FOUND = 'Event not found';

export const eventRoutes = ({ db, cache }: RouteDeps) =>
  new Hono()
    .get('/', validate('query', eventsQuerySchema), (c) => {
      const query = c.req.valid('query');
      // Every filter is case-insensitive, so case variants share one cache entry. The day is in the
      // key: at India's midnight yesterday's events leave the list without any write to the database.
      const now = new Date();
      const key = `events:${indiaToday(now)}:${[query.category, query.city, query.q].map((v) => v?.toLowerCase() ?? '').join('\u0000')}`;
      return cachedJson<EventsResponse>(c, cache, key, () => ({ events: listPublicEvents(db, query, now) }));
    })
    .get('/:id', validate('param', idParamSchema), (c) => {
      const event = getPublicEvent(db, c.req.valid('param').id);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      return c.json({ event });
    })
    .get('/:id/tickets', validate('param', idParamSchema), (c) => {
      const { id } = c.req.valid('param');
      if (!isPublicEvent(db, id)) throw notFound(EVENT_NOT_FOUND);
      return c.json({ tickets: listActiveTicketsForEvent(db, id) });
    });
