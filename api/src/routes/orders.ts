// /api/orders: the Booking Summary's quote (decision 031). The server prices the order with the
// same function create-order uses, so the browser never computes money.
import { Hono } from 'hono';
import { orderQuoteBodySchema } from '../contract';
import type { RouteDeps } from '../deps';
import { ApiError } from '../http/errors';
import { clientIp } from '../http/auth';
import { validate } from '../http/validate';
import { QuoteRefusal, quoteOrder } from '../services/order-pricing';

export const orderRoutes = (deps: RouteDeps) =>
  new Hono()
    // Set before the handler, so each response (an error's too) is made with it: a header added to a
    // finished response makes Hono copy it into a streamed one (decision 032).
    .use(async (c, next) => {
      c.header('Cache-Control', 'no-store');
      await next();
    })
    .post('/quote', validate('json', orderQuoteBodySchema), async (c) => {
      try {
        const client = { address: clientIp(c, deps.env) };
        return c.json(await deps.db.query((db) => quoteOrder(db, c.req.valid('json'), client)));
      } catch (error) {
        if (!(error instanceof QuoteRefusal)) throw error;
        // Too many wrong promo codes from this address (decision 033): 429 with how long to wait.
        if (error.reason === 'rate_limited') {
          c.header('Retry-After', String(error.retryAfter ?? 60));
          throw new ApiError(429, 'rate_limited', error.message);
        }
        throw new ApiError(
          error.reason === 'not_found' ? 404 : 400,
          error.reason === 'not_found' ? 'not_found' : 'validation_error',
          error.message,
          error.fields,
        );
      }
    });
