// /api/admin/events/:id/group-discounts (guards declared in routes/admin.ts, under /events/*: reads
// for everyone, changes for managers): an event's automatic group discounts (decision 031).
import { Hono } from 'hono';
import { z } from 'zod';
import { groupDiscountInputSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import {
  createGroupDiscount,
  deleteGroupDiscount,
  GroupDiscountRefusal,
  listGroupDiscounts,
  updateGroupDiscount,
} from '../services/group-discounts';

const id = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number);
const eventParam = z.object({ id: id('Event not found') });
const discountParam = z.object({ id: id('Event not found'), discountId: id('Group discount not found') });

async function answering<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof GroupDiscountRefusal)) throw error;
    throw new ApiError(
      error.reason === 'not_found' ? 404 : 400,
      error.reason === 'not_found' ? 'not_found' : 'validation_error',
      error.message,
      error.fields,
    );
  }
}

export const adminGroupDiscountRoutes = (deps: RouteDeps) =>
  new Hono()
    .get('/:id/group-discounts', validate('param', eventParam), async (c) =>
      c.json({ groupDiscounts: await deps.db.query((db) => listGroupDiscounts(db, c.req.valid('param').id)) }),
    )
    .post('/:id/group-discounts', validate('param', eventParam), validate('json', groupDiscountInputSchema), async (c) => {
      const groupDiscount = await answering(() =>
        deps.db.transaction((tx) => createGroupDiscount(tx, c.req.valid('param').id, c.req.valid('json'), auditActor(c))),
      );
      return c.json({ groupDiscount }, 201);
    })
    .put(
      '/:id/group-discounts/:discountId',
      validate('param', discountParam),
      validate('json', groupDiscountInputSchema),
      async (c) => {
        const { id: eventId, discountId } = c.req.valid('param');
        const groupDiscount = await answering(() =>
          deps.db.transaction((tx) => updateGroupDiscount(tx, eventId, discountId, c.req.valid('json'), auditActor(c))),
        );
        return c.json({ groupDiscount });
      },
    )
    .delete('/:id/group-discounts/:discountId', validate('param', discountParam), async (c) => {
      const { id: eventId, discountId } = c.req.valid('param');
      await answering(() => deps.db.transaction((tx) => deleteGroupDiscount(tx, eventId, discountId, auditActor(c))));
      return c.body(null, 204);
    });
