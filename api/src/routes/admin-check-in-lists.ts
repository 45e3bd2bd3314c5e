// /api/admin/events/:id/check-in-lists and /check-in-counts (guards declared in routes/admin.ts,
// under /events/*: reads for everyone, changes for managers): an event's check-in lists, built-in
// and the organiser's, and the live counts per list and gate (decision 065).
import { Hono } from 'hono';
import { z } from 'zod';
import { checkInListInputSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import {
  checkInCounts,
  CheckInListRefusal,
  createCheckInList,
  deleteCheckInList,
  listCheckInLists,
  updateCheckInList,
} from '../services/check-in-lists';

const id = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number);
const eventParam = z.object({ id: id('Event not found') });
const listParam = z.object({ id: id('Event not found'), listId: id('Check-in list not found') });

async function answering<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof CheckInListRefusal)) throw error;
    throw new ApiError(
      error.reason === 'not_found' ? 404 : 400,
      error.reason === 'not_found' ? 'not_found' : 'validation_error',
      error.message,
      error.fields,
    );
  }
}

export const adminCheckInListRoutes = (deps: RouteDeps) =>
  new Hono()
    .get('/:id/check-in-lists', validate('param', eventParam), async (c) =>
      c.json({ lists: await deps.db.query((db) => listCheckInLists(db, c.req.valid('param').id)) }),
    )
    .get('/:id/check-in-counts', validate('param', eventParam), async (c) =>
      c.json(await deps.db.query((db) => checkInCounts(db, c.req.valid('param').id))),
    )
    .post('/:id/check-in-lists', validate('param', eventParam), validate('json', checkInListInputSchema), async (c) => {
      const list = await answering(() =>
        deps.db.transaction((tx) => createCheckInList(tx, c.req.valid('param').id, c.req.valid('json'), auditActor(c))),
      );
      return c.json({ list }, 201);
    })
    .put('/:id/check-in-lists/:listId', validate('param', listParam), validate('json', checkInListInputSchema), async (c) => {
      const { id: eventId, listId } = c.req.valid('param');
      const list = await answering(() =>
        deps.db.transaction((tx) => updateCheckInList(tx, eventId, listId, c.req.valid('json'), auditActor(c))),
      );
      return c.json({ list });
    })
    .delete('/:id/check-in-lists/:listId', validate('param', listParam), async (c) => {
      const { id: eventId, listId } = c.req.valid('param');
      await answering(() => deps.db.transaction((tx) => deleteCheckInList(tx, eventId, listId, auditActor(c))));
      return c.body(null, 204);
    });
