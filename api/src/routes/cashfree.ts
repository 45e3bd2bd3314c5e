// /api/cashfree/* (DESIGN.md sections 3 and 5): create-order, verify, and the provider's webhooks
// (payments, and refunds since decision 022). The paths keep the provider's name, as the spec
// fixes them; what is behind them talks to the app's PaymentProvider (payments/provider.ts).
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { confirmEmailBodySchema, createOrderBodySchema } from '../contract';
import type { RouteDeps } from '../deps';
import { clientIp, isHttps } from '../http/auth';
import { ApiError, errorBody } from '../http/errors';
import { validate } from '../http/validate';
import { createCheckoutLimits } from '../services/checkout-limits';
import {
  CHECKOUT_COOKIE,
  CHECKOUT_COOKIE_MAX_AGE_SECONDS,
  CHECKOUT_COOKIE_PATH,
  holderHashOf,
  newHolderToken,
} from '../services/hold-ownership';
import { CheckoutRefusal, createCheckoutOrder, type CheckoutRefusalReason } from '../services/checkout';
import { confirmFreeRegistration, handlePaymentWebhook, UnknownRefund, verifyCheckoutPayment } from '../services/payment-events';
import type { ApiErrorCode } from '../contract';
import { WaitingRoomRefusal } from '../services/waiting-room';
import { queueVisitorOf, roomRefusal } from '../http/waiting-room';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const REFUSALS: Record<CheckoutRefusalReason, [ContentfulStatusCode, ApiErrorCode]> = {
  not_found: [404, 'not_found'],
  invalid: [400, 'validation_error'],
  amount_mismatch: [400, 'amount_mismatch'],
  sold_out: [409, 'sold_out'],
  conflict: [409, 'conflict'],
  too_many_holds: [429, 'rate_limited'],
  provider_failed: [502, 'payment_provider_error'],
  offer: [409, 'conflict'],
  promo_invalid: [422, 'unprocessable'],
  promo_used_up: [409, 'conflict'],
};

/** A checkout refusal as the API's error; anything else as it is. */
function asApiError(error: unknown): unknown {
  if (error instanceof WaitingRoomRefusal) return roomRefusal(error);
  if (!(error instanceof CheckoutRefusal)) return error;
  const [status, code] = REFUSALS[error.reason];
  return new ApiError(status, code, error.message, error.fields);
}

/** Runs a checkout step, turning its refusal into the API's error. */
async function answering<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asApiError(error);
  }
}

/** The hash of this browser's checkout cookie (decision 027); null when it has none (or a forged one). */
const holderOf = (c: Context) => holderHashOf(getCookie(c, CHECKOUT_COOKIE));

/**
 * This browser's checkout cookie, issued when it has none: random, HttpOnly, SameSite=Lax, Secure
 * behind https, sent only to /api/cashfree. Returns its hash, which the order keeps.
 */
function ensureHolder(c: Context, deps: Pick<RouteDeps, 'env'>): string {
  const known = holderOf(c);
  if (known) return known;
  const token = newHolderToken();
  setCookie(c, CHECKOUT_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, deps.env),
    path: CHECKOUT_COOKIE_PATH,
    maxAge: CHECKOUT_COOKIE_MAX_AGE_SECONDS,
  });
  return holderHashOf(token)!;
}

export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';

const orderIdParam = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid order id') });
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const cashfreeRoutes = (deps: RouteDeps) => {
  const checkout = { db: deps.db, env: deps.env, provider: deps.provider };
  const limits = createCheckoutLimits(deps.db);
  return (
    new Hono()
      // Set before the handler, so each response (an error's too) is made with it: a header added to a
      // finished response makes Hono copy it into a streamed one (decision 032).
      .use(async (c, next) => {
        c.header('Cache-Control', 'no-store');
        await next();
      })
      .post('/create-order', validate('json', createOrderBodySchema), async (c) => {
        const key = c.req.header('idempotency-key');
        if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
          throw new ApiError(400, 'bad_request', 'Idempotency-Key must be 1 to 255 visible characters');
        }
        const wait = await limits.retryAfter(clientIp(c, deps.env), c.req.valid('json').buyer.email);
        if (wait > 0) {
          const minutes = Math.ceil(wait / 60);
          return c.json(
            errorBody(
              'rate_limited',
              `Too many orders in a short time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
            ),
            429,
            { 'Retry-After': String(wait) },
          );
        }
        const client = { address: clientIp(c, deps.env), holderHash: ensureHolder(c, deps) };
        const input = { ...c.req.valid('json'), queueVisitor: queueVisitorOf(c, deps.env) };
        try {
          return c.json(await createCheckoutOrder(checkout, input, key, new Date(), client), 201);
        } catch (error) {
          // A seat limit (decision 027): 429 with how long to wait, like the order-count limit above.
          // Too many wrong promo codes (decision 033) likewise; its message is a key, said in the buyer's language.
          if (error instanceof CheckoutRefusal && error.retryAfter) {
            c.header('Retry-After', String(error.retryAfter));
            throw new ApiError(429, 'rate_limited', error.message);
          }
          throw asApiError(error);
        }
      })
      .get('/verify-payment/:orderId', validate('param', orderIdParam), async (c) =>
        c.json(await answering(() => verifyCheckoutPayment(checkout, c.req.valid('param').orderId, holderOf(c)))),
      )
      .post('/confirm-email/:orderId', validate('param', orderIdParam), validate('json', confirmEmailBodySchema), async (c) =>
        c.json(await answering(() => confirmFreeRegistration(checkout, c.req.valid('param').orderId, c.req.valid('json').token))),
      )
      .post('/webhook', async (c) => {
        // The signature covers the raw bytes: read them before any JSON parsing.
        const raw = await c.req.text();
        if (!deps.provider.verifyWebhook(raw, (name) => c.req.header(name)))
          throw new ApiError(401, 'invalid_signature', INVALID_SIGNATURE_MESSAGE);
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw new ApiError(400, 'bad_request', 'Webhook body is not JSON');
        }
        const read = deps.provider.readWebhook(json);
        if (!read.ok) throw new ApiError(400, 'bad_request', `Malformed webhook: ${read.problem}`);
        try {
          return c.json({ received: true, ...(await handlePaymentWebhook(checkout, read.event)) });
        } catch (error) {
          // A refund we never asked for: refused, so it shows in the provider's delivery log.
          if (error instanceof UnknownRefund) throw new ApiError(404, 'not_found', `Unknown refund: ${error.message}`);
          throw error;
        }
      })
  );
};
