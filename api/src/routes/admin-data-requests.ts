// Buyers' personal-data requests (decisions 030, 055), the acting organisation's, admin only (the
// guards are in admin.ts; another organisation's request answers 404):
//   GET  /api/admin/data-requests               → { requests }, pending first
//   POST /api/admin/data-requests/:id/erase     → { request } (the buyer's orders erased; audited)
//   POST /api/admin/data-requests/:id/decline   { note } → { request } (audited)
import { Hono } from 'hono';
import { z } from 'zod';
import { declineDataRequestSchema, type DataRequestsResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { removeMailFiles } from '../mail/transport';
import { completeErasure, DataRequestRefusal, declineErasure, listDataRequests } from '../services/personal-data';

const idParam = z.object({ id: z.coerce.number().int().positive('Request not found') });

async function answering<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof DataRequestRefusal)) throw error;
    if (error.reason === 'not_found') throw new ApiError(404, 'not_found', error.message);
    throw new ApiError(409, 'conflict', error.message);
  }
}

export const adminDataRequestRoutes = ({ db, env }: RouteDeps) =>
  new Hono()
    .get('/', async (c) => {
      const body: DataRequestsResponse = { requests: await db.query((q) => listDataRequests(q, organisationOf(c))) };
      return c.json(body, 200);
    })
    .post('/:id/erase', validate('param', idParam), async (c) => {
      const actor = auditActor(c);
      const { request, mailIds } = await answering(() =>
        db.transaction((tx) => completeErasure(tx, organisationOf(c), c.req.valid('param').id, actor)),
      );
      // After the commit: the erased e-mails' .eml copies in DATA_DIR/outbox (issue 40).
      removeMailFiles(env.dataDir, mailIds);
      return c.json({ request }, 200);
    })
    .post('/:id/decline', validate('param', idParam), validate('json', declineDataRequestSchema), async (c) => {
      const actor = auditActor(c);
      const { note } = c.req.valid('json');
      const request = await answering(() =>
        db.transaction((tx) => declineErasure(tx, organisationOf(c), c.req.valid('param').id, note, actor)),
      );
      return c.json({ request }, 200);
    });
