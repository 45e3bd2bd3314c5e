// The tenancy guards of routes/admin.ts (decision 051): an id in a path or a query string that the
// acting organisation does not own answers 404 with the words a missing one gets, before any route
// runs, so that no route reads another organisation's record by its id. The ownership itself is
// db/tenancy.ts's.
import type { MiddlewareHandler } from 'hono';
import { owns, type OwnedKind } from '../db/tenancy';
import { organisationOf } from './auth';
import { ApiError } from './errors';

const NOT_FOUND: Record<OwnedKind, string> = {
  event: 'Event not found',
  ticketType: 'Ticket not found',
  registration: 'Registration not found',
  order: 'Order not found',
  invoice: 'Invoice not found',
  promoCode: 'Promo code not found',
  groupDiscount: 'Group discount not found',
  checkInList: 'Check-in list not found',
  waitingListEntry: 'Waiting list entry not found',
  registrationNumber: 'Registration not found',
  dataRequest: 'Request not found',
  apiToken: 'API token not found',
  webhookEndpoint: 'Webhook endpoint not found',
};

/** An id of the path's records, as the routes accept it: digits (an order's id is its own text). */
const looksLikeId = (kind: OwnedKind, value: string) =>
  kind === 'order' || kind === 'registrationNumber' ? value.length > 0 : /^\d{1,15}$/.test(value);

/** 404 unless the acting organisation owns the record the path parameter names (a word such as 'options' is left to its route). */
export const ownedParam =
  (kind: OwnedKind, param: string): MiddlewareHandler =>
  async (c, next) => {
    const value = c.req.param(param);
    if (value !== undefined && looksLikeId(kind, value)) {
      const { db } = c.get('auth');
      if (!(await db.query((q) => owns(q, organisationOf(c), kind, value))))
        throw new ApiError(404, 'not_found', NOT_FOUND[kind]);
    }
    await next();
  };

/** 404 unless the acting organisation owns every record the query string names by these keys. */
export const ownedQuery =
  (keys: Record<string, OwnedKind>): MiddlewareHandler =>
  async (c, next) => {
    for (const [key, kind] of Object.entries(keys)) {
      for (const value of c.req.queries(key) ?? []) {
        if (!looksLikeId(kind, value.trim())) continue;
        const { db } = c.get('auth');
        if (!(await db.query((q) => owns(q, organisationOf(c), kind, value.trim()))))
          throw new ApiError(404, 'not_found', NOT_FOUND[kind]);
      }
    }
    await next();
  };

/**
 * Refuses a JSON body naming, by these keys, a record the acting organisation does not own (a
 * number, a text id, or a list of them), with the answer the route gives for one that does not
 * exist: `status` and the key as the field, so that the two cannot be told apart. A body that is not
 * JSON, or a key that is absent, is left to the route's validation.
 */
export const ownedBody =
  (keys: Record<string, OwnedKind>, status: 400 | 404 = 400): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header('content-type')?.includes('application/json')) {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        body = undefined;
      }
      if (body && typeof body === 'object') {
        const { db } = c.get('auth');
        for (const [key, kind] of Object.entries(keys)) {
          const given = (body as Record<string, unknown>)[key];
          for (const value of Array.isArray(given) ? given : [given]) {
            if ((typeof value !== 'number' && typeof value !== 'string') || !looksLikeId(kind, String(value).trim())) continue;
            if (!(await db.query((q) => owns(q, organisationOf(c), kind, String(value).trim())))) {
              const message = NOT_FOUND[kind];
              throw new ApiError(status, status === 404 ? 'not_found' : 'validation_error', message, { [key]: message });
            }
          }
        }
      }
    }
    await next();
  };
