import { Hono } from 'hono';
import { newsletterSubscribeSchema, type NewsletterSubscribeResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { validate } from '../http/validate';
import { subscribeToNewsletter } from '../services/newsletter';

/** POST /api/newsletter { email }: 201 when new, 200 when the address was already on the list. */
export const newsletterRoutes = ({ db }: RouteDeps) =>
  new Hono().post('/', validate('json', newsletterSubscribeSchema), async (c) => {
    const { email } = c.req.valid('json');
    const { alreadySubscribed } = await db.transaction((tx) => subscribeToNewsletter(tx, email));
    const body: NewsletterSubscribeResponse = { subscribed: true, alreadySubscribed };
    return c.json(body, alreadySubscribed ? 200 : 201);
  });
