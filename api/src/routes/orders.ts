// /api/orders: the Booking Summary's quote (decision 031). The server prices the order with the
// same function create-order uses, so the browser never computes money.
import { Hono } from 'hono';
import { orderQuoteBodySchema } from '../contract';
import type { RouteDeps } from '../deps';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { QuoteRefusal, quoteOrder } from '../services/order-pricing';

export const orderRoutes = (deps: RouteDeps) =>
  new Hono()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .post('/quote', validate('json', orderQuoteBodySchema), async (c) => {
      try {
        return c.json(await deps.db.query((db) => quoteOrder(db, c.req.valid('json'))));
      } catch (error) {
        if (!(error instanceof QuoteRefusal)) throw error;
        throw new ApiError(
          error.reason === 'not_found' ? 404 : 400,
          error.reason === 'not_found' ? 'not_found' : 'validation_error',
          error.message,
          error.fields,
        );
      }
    });
