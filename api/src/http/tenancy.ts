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
  waitingListEntry: 'Waiting list entry not found',
  dataRequest: 'Request not found',
};

/** An id of the path's records, as the routes accept it: digits (an order's id is its own text). */
const looksLikeId = (kind: OwnedKind, value: string) => (kind === 'order' ? value.length > 0 : /^\d{1,15}$/.test(value));

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
