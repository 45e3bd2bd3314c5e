// My bookings (issue 24, decision 023), public:
//   POST   /api/bookings/link                              { email, language? } → 202 { sent: true }, always alike
//   POST   /api/bookings/session                           { token } → { email, expiresAt } and the buyer's cookie
//   DELETE /api/bookings/session                           → 204, the cookie cleared
//   GET    /api/bookings                                   → MyBookingsResponse (the cookie's e-mail)
//   PUT    /api/bookings/attendees/:ticketNumber           { participant, answers? } → MyBookingsResponse
//   POST   /api/bookings/attendees/:ticketNumber/transfer  { participant, answers? } → MyBookingsResponse
//   POST   /api/bookings/attendees/:ticketNumber/cancel    → MyBookingsResponse (refunded less the event's fee)
//   POST   /api/bookings/attendees/:ticketNumber/kit-authorisation  { collectorName } → MyBookingsResponse
//   DELETE /api/bookings/attendees/:ticketNumber/kit-authorisation  → MyBookingsResponse (decision 069)
//   POST   /api/bookings/attendees/:ticketNumber/swap   { ticketTypeId } → MyBookingsResponse (decision 071)
//   POST   /api/bookings/attendees/:ticketNumber/defer  → MyBookingsResponse (a credit with the organiser)
//   GET    /api/bookings/data                              → PersonalDataExport, as a JSON download (audited)
//   GET    /api/bookings/erasure                           → { request: DataRequestView | null } (the latest)
//   POST   /api/bookings/erasure                           → 202 { request } (one pending per e-mail; audited)
// The cookie (tdk_buyer) is signed, HttpOnly, for /api/bookings only, and names one e-mail.
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import {
  bookingsLinkRequestSchema,
  bookingsSessionRequestSchema,
  changeAttendeeSchema,
  kitAuthorisationSchema,
  messageKey,
  raceSwapSchema,
  MY_BOOKINGS_MESSAGES,
  transferAttendeeSchema,
  type ApiErrorCode,
  type BookingsLinkSent,
  type BuyerSessionResponse,
} from '../contract';
import type { RouteDeps } from '../deps';
import { clientIp, isHttps } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { BUYER_SESSION_COOKIE, BUYER_SESSION_MS, buyerSessionValue, readBuyerSession } from '../services/buyer-sessions';
import { hit } from '../services/checkout-limits';
import { DataRequestRefusal, exportPersonalData, latestErasureRequest, requestErasure } from '../services/personal-data';
import { RefundRefusal, sendRefund } from '../services/refunds';
import { invoiceWithOriginal } from '../services/invoices';
import { deferAttendee, swapRace } from '../services/race-changes';
import { invoicePdf } from '../services/invoice-pdf';
import { pdfResponse } from '../http/pdf-response';
import {
  authoriseKitCollection,
  cancelAttendee,
  changeAttendeeDetails,
  listMyBookings,
  redeemBookingsLink,
  requestBookingsLink,
  SelfServiceRefusal,
  transferAttendee,
  withdrawKitAuthorisation,
  type SelfServiceRefusalReason,
} from '../services/my-bookings';

/** Sign-in links one address may ask for per window (a family or an office shares one). */
export const LINKS_PER_ADDRESS = 10;
/** Sign-in links one e-mail may be sent per window. */
export const LINKS_PER_EMAIL = 3;
export const LINK_WINDOW_MS = 15 * 60_000;

const REFUSALS: Record<SelfServiceRefusalReason, [ContentfulStatusCode, ApiErrorCode]> = {
  link_used: [410, 'link_used'],
  link_expired: [410, 'link_expired'],
  link_invalid: [404, 'link_invalid'],
  not_found: [404, 'not_found'],
  not_allowed: [403, 'not_allowed'],
  closed: [409, 'deadline_passed'],
  invalid: [400, 'validation_error'],
  sold_out: [409, 'sold_out'],
  payment_needed: [409, 'conflict'],
};

async function answering<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    // Refunding refuses an attendee refunded meanwhile (staff, a second click): already cancelled.
    if (error instanceof RefundRefusal && error.reason === 'already_refunded') {
      throw new ApiError(409, 'deadline_passed', MY_BOOKINGS_MESSAGES.cancelled);
    }
    // The order's money went back already (an older refund took more than its attendees paid).
    if (error instanceof RefundRefusal && error.reason === 'too_much') {
      throw new ApiError(409, 'conflict', MY_BOOKINGS_MESSAGES.refundTaken);
    }
    if (!(error instanceof SelfServiceRefusal)) throw error;
    const [status, code] = REFUSALS[error.reason];
    throw new ApiError(status, code, error.message, error.fields);
  }
}

const ticketParam = z.object({ ticketNumber: z.string().regex(/^[A-Z0-9]{4,48}$/, MY_BOOKINGS_MESSAGES.ticketUnknown) });

const invoiceParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Invoice not found')
    .transform(Number),
});

export const myBookingsRoutes = (deps: RouteDeps) => {
  const { db, env } = deps;
  const { provider } = deps;
  /** The e-mail of this request's buyer session; 401 without one. */
  const buyerOf = (c: Context) => {
    const session = readBuyerSession(env, getCookie(c, BUYER_SESSION_COOKIE), new Date());
    if (!session) throw new ApiError(401, 'unauthenticated', MY_BOOKINGS_MESSAGES.signInNeeded);
    return { email: session.email, ip: clientIp(c, env) };
  };
  const list = (email: string) => db.query((q) => listMyBookings(q, env, email, new Date()));

  return (
    new Hono()
      .use(async (c, next) => {
        await next();
        // Personal data: never in a shared cache, never indexed.
        c.header('Cache-Control', 'no-store');
        c.header('X-Robots-Tag', 'noindex');
      })
      .post('/link', validate('json', bookingsLinkRequestSchema), async (c) => {
        const input = c.req.valid('json');
        const now = new Date();
        const email = input.email.toLowerCase();
        // Shared by every instance (rate_limits): per address, then per e-mail, known or not.
        const wait =
          (await db.query((q) => hit(q, `bookings-ip:${clientIp(c, env)}`, LINKS_PER_ADDRESS, LINK_WINDOW_MS, now))) ||
          (await db.query((q) => hit(q, `bookings-email:${email}`, LINKS_PER_EMAIL, LINK_WINDOW_MS, now)));
        if (wait > 0) {
          c.header('Retry-After', String(wait));
          throw new ApiError(429, 'rate_limited', messageKey(MY_BOOKINGS_MESSAGES.tooMany, { minutes: Math.ceil(wait / 60) }));
        }
        await db.transaction((tx) => requestBookingsLink(tx, env, input, now));
        const body: BookingsLinkSent = { sent: true };
        return c.json(body, 202);
      })
      .post('/session', validate('json', bookingsSessionRequestSchema), async (c) => {
        const now = new Date();
        const email = await answering(() => db.transaction((tx) => redeemBookingsLink(tx, c.req.valid('json').token, now)));
        const expiresAt = new Date(now.getTime() + BUYER_SESSION_MS);
        setCookie(c, BUYER_SESSION_COOKIE, buyerSessionValue(env, email, expiresAt), {
          httpOnly: true,
          sameSite: 'Lax',
          secure: isHttps(c, env),
          path: '/api/bookings',
          maxAge: Math.floor(BUYER_SESSION_MS / 1000),
        });
        const body: BuyerSessionResponse = { email, expiresAt: expiresAt.toISOString() };
        return c.json(body, 200);
      })
      .delete('/session', (c) => {
        deleteCookie(c, BUYER_SESSION_COOKIE, {
          httpOnly: true,
          sameSite: 'Lax',
          secure: isHttps(c, env),
          path: '/api/bookings',
        });
        return c.body(null, 204);
      })
      .get('/', async (c) => c.json(await list(buyerOf(c).email), 200))
      // The tax invoice or credit note of one of the buyer's own orders (decision 031), as a PDF.
      .get('/invoices/:id/pdf', validate('param', invoiceParam), async (c) => {
        const buyer = buyerOf(c);
        const found = await db.query((q) => invoiceWithOriginal(q, c.req.valid('param').id));
        if (!found || found.invoice.buyerEmail.toLowerCase() !== buyer.email.toLowerCase()) {
          throw new ApiError(404, 'not_found', 'Invoice not found');
        }
        return pdfResponse(await invoicePdf(found.invoice, found.original), found.invoice.number);
      })
      // Personal data (decision 030): everything held about the buyer's orders, and their erasure.
      .get('/data', async (c) => {
        const buyer = buyerOf(c);
        const now = new Date();
        const data = await db.transaction((tx) => exportPersonalData(tx, buyer.email, buyer.ip, now));
        c.header('Content-Disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`);
        return c.json(data, 200);
      })
      .get('/erasure', async (c) => {
        const email = buyerOf(c).email;
        const data = await db.query((q) => latestErasureRequest(q, email));
        return c.json({ request: data }, 200);
      })
      .post('/erasure', async (c) => {
        const buyer = buyerOf(c);
        try {
          const request = await db.transaction((tx) => requestErasure(tx, buyer.email, buyer.ip, new Date()));
          return c.json({ request }, 202);
        } catch (error) {
          if (error instanceof DataRequestRefusal) throw new ApiError(404, 'not_found', MY_BOOKINGS_MESSAGES.nothingHeld);
          throw error;
        }
      })
      .put('/attendees/:ticketNumber', validate('param', ticketParam), validate('json', changeAttendeeSchema), async (c) => {
        const buyer = buyerOf(c);
        const input = c.req.valid('json');
        await answering(() =>
          db.transaction((tx) => changeAttendeeDetails(tx, env, buyer, c.req.valid('param').ticketNumber, input, new Date())),
        );
        return c.json(await list(buyer.email), 200);
      })
      .post(
        '/attendees/:ticketNumber/transfer',
        validate('param', ticketParam),
        validate('json', transferAttendeeSchema),
        async (c) => {
          const buyer = buyerOf(c);
          const input = c.req.valid('json');
          await answering(() =>
            db.transaction((tx) => transferAttendee(tx, env, buyer, c.req.valid('param').ticketNumber, input, new Date())),
          );
          return c.json(await list(buyer.email), 200);
        },
      )
      .post('/attendees/:ticketNumber/cancel', validate('param', ticketParam), async (c) => {
        const buyer = buyerOf(c);
        const { refundId } = await answering(() =>
          db.transaction((tx) => cancelAttendee(tx, env, buyer, c.req.valid('param').ticketNumber, new Date())),
        );
        // After the commit; a failure leaves the refund pending for the refunds worker.
        if (refundId !== null) await sendRefund({ db, provider }, refundId);
        return c.json(await list(buyer.email), 200);
      })
      // Decision 071: another race of the event (a cheaper one refunds the difference less the fee).
      .post('/attendees/:ticketNumber/swap', validate('param', ticketParam), validate('json', raceSwapSchema), async (c) => {
        const buyer = buyerOf(c);
        const { ticketTypeId } = c.req.valid('json');
        const { refundId } = await answering(() =>
          db.transaction((tx) => swapRace(tx, env, buyer, c.req.valid('param').ticketNumber, ticketTypeId, new Date())),
        );
        // After the commit; a failure leaves the refund pending for the refunds worker.
        if (refundId !== null) await sendRefund({ db, provider }, refundId);
        return c.json(await list(buyer.email), 200);
      })
      // Decision 071: the organiser's next edition, as a credit of what was paid less the fee.
      .post('/attendees/:ticketNumber/defer', validate('param', ticketParam), async (c) => {
        const buyer = buyerOf(c);
        await answering(() =>
          db.transaction((tx) => deferAttendee(tx, env, buyer, c.req.valid('param').ticketNumber, new Date())),
        );
        return c.json(await list(buyer.email), 200);
      })
      .post(
        '/attendees/:ticketNumber/kit-authorisation',
        validate('param', ticketParam),
        validate('json', kitAuthorisationSchema),
        async (c) => {
          const buyer = buyerOf(c);
          const { collectorName } = c.req.valid('json');
          await answering(() =>
            db.transaction((tx) =>
              authoriseKitCollection(tx, env, buyer, c.req.valid('param').ticketNumber, collectorName, new Date()),
            ),
          );
          return c.json(await list(buyer.email), 200);
        },
      )
      .delete('/attendees/:ticketNumber/kit-authorisation', validate('param', ticketParam), async (c) => {
        const buyer = buyerOf(c);
        await answering(() =>
          db.transaction((tx) => withdrawKitAuthorisation(tx, buyer, c.req.valid('param').ticketNumber, new Date())),
        );
        return c.json(await list(buyer.email), 200);
      })
  );
};
