import { Hono } from 'hono';
import {
  joinWaitingListBodySchema,
  confirmWaitingListBodySchema,
  offerTokenSchema,
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
import { clientIp } from '../http/auth';
import { cachedJson } from '../http/db-cache';
import { ApiError, errorBody, notFound } from '../http/errors';
import { validate, validateQuery } from '../http/validate';
import { getPublicEvent, isPublicEvent, listPublicEvents } from '../services/events';
import { listActiveTicketsForEvent } from '../services/tickets';
import { hasPublishedResults } from '../services/results';
import {
  confirmWaitingListEntry,
  joinRetryAfter,
  joinWaitingList,
  offerByToken,
  WaitingListRefusal,
} from '../services/waiting-list';

const EVENT_NOT_FOUND = 'Event not found';

const WAITING_LIST_REFUSALS = {
  not_found: [404, 'not_found'],
  not_open: [400, 'validation_error'],
  on_sale: [409, 'conflict'],
  invalid: [400, 'validation_error'],
} as const;

const offerParamSchema = idParamSchema.extend({ token: offerTokenSchema });

export const eventRoutes = ({ db, cache, env }: RouteDeps) =>
  new Hono()
    .get('/', validateQuery(eventsQuerySchema), async (c) => {
      const query = c.req.valid('query');
      // Every filter is case-insensitive, so case variants share one cache entry. The day is in the
      // key: at India's midnight yesterday's events leave the list without any write to the database.
      const now = new Date();
      // The page (limit, cursor) is in it too, the cursor re-encoded from its key so one position
      // has one entry.
      const page = `${query.limit ?? EVENTS_PAGE_SIZE}:${query.cursor ? encodeEventsCursor(query.cursor) : ''}`;
      const filters = [query.category, query.city, query.q, query.organiser].map((v) => v?.toLowerCase() ?? '').join('\u0000');
      const key = `events:${indiaToday(now)}:${page}:${filters}`;
      return cachedJson<EventsResponse>(c, cache, key, () => db.query((q) => listPublicEvents(q, query, now)));
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      // "No such public event" is remembered too, until the next write.
      // The day is in the key: a ticket type past its last day leaves the prices at India's midnight.
      const response = await cachedJson<EventResponse>(c, cache, `event:${indiaToday(new Date())}:${id}`, async () => {
        return db.query(async (q) => {
          const event = await getPublicEvent(q, id);
          // Published results (decision 063): the event page links to them.
          return event && { event: (await hasPublishedResults(q, id)) ? { ...event, resultsPublished: true } : event };
        });
      });
      if (!response) throw notFound(EVENT_NOT_FOUND);
      return response;
    })
    .get('/:id/tickets', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const response = await cachedJson<TicketsResponse>(c, cache, `tickets:${indiaToday(new Date())}:${id}`, () =>
        db.query(async (q) => ((await isPublicEvent(q, id)) ? { tickets: await listActiveTicketsForEvent(q, id) } : undefined)),
      );
      if (!response) throw notFound(EVENT_NOT_FOUND);
      return response;
    })
    // The waiting list of a sold-out ticket type (decision 024): public, limited per address on
    // every instance (rate_limits), the same answer for a new entry and a repeat.
    .post('/:id/waiting-list', validate('param', idParamSchema), validate('json', joinWaitingListBodySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      const wait = await db.query((q) => joinRetryAfter(q, clientIp(c, env)));
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        return c.json(
          errorBody(
            'rate_limited',
            `Too many requests in a short time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
          ),
          429,
          { 'Retry-After': String(wait) },
        );
      }
      try {
        const joined = await db.transaction((tx) => joinWaitingList(tx, env, c.req.valid('param').id, c.req.valid('json')));
        return c.json(joined, 200);
      } catch (error) {
        if (!(error instanceof WaitingListRefusal)) throw error;
        const [status, code] = WAITING_LIST_REFUSALS[error.reason];
        throw new ApiError(status, code, error.message, error.fields);
      }
    })
    // The link mailed to a new entry (issue 40): its place counts from now. A POST from the
    // storefront's page, so a mail scanner fetching the link confirms nothing.
    .post(
      '/:id/waiting-list/confirm',
      validate('param', idParamSchema),
      validate('json', confirmWaitingListBodySchema),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        try {
          const confirmed = await db.transaction((tx) =>
            confirmWaitingListEntry(tx, env, c.req.valid('param').id, c.req.valid('json').token),
          );
          return c.json(confirmed, 200);
        } catch (error) {
          if (!(error instanceof WaitingListRefusal)) throw error;
          const [status, code] = WAITING_LIST_REFUSALS[error.reason];
          throw new ApiError(status, code, error.message, error.fields);
        }
      },
    )
    // What an offer's link fills in at checkout; never cached (it changes when used or lapsed).
    .get('/:id/waiting-list/offers/:token', validate('param', offerParamSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { id, token } = c.req.valid('param');
      const offer = await db.query((q) => offerByToken(q, token));
      if (!offer || offer.eventId !== id) throw notFound('Waiting-list offer not found');
      return c.json({ offer }, 200);
    });
