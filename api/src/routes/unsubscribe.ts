// The unsubscribe link of an announcement (decision 072), public:
//   POST /api/messages/unsubscribe  { token } → { unsubscribed: true }; 404 link_invalid for a token not ours.
// The e-mail's link opens the storefront's /unsubscribe page with the token in the fragment (never
// logged, decision 043), which posts it here. The opt-out is per address and organisation, kept,
// and honoured by every later message; tickets, refunds and legal notices still go.
import { Hono } from 'hono';
import { MESSAGE_MESSAGES, unsubscribeSchema, type UnsubscribeResponse } from '../contract/messages';
import type { RouteDeps } from '../deps';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { unsubscribe } from '../services/event-messages';

export const unsubscribeRoutes = ({ db, env }: RouteDeps) =>
  new Hono().post('/unsubscribe', validate('json', unsubscribeSchema), async (c) => {
    const { token } = c.req.valid('json');
    const done = await db.transaction((tx) => unsubscribe(tx, env, token));
    if (!done) throw new ApiError(404, 'link_invalid', MESSAGE_MESSAGES.unsubscribeInvalid);
    c.header('Cache-Control', 'no-store');
    return c.json({ unsubscribed: true } satisfies UnsubscribeResponse, 200);
  });
