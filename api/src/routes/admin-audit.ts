// GET /api/admin/audit?limit=&before= → { entries, nextBefore } newest first (admin only).
// `limit` 1-200 (default 50); `before` is an entry id: pass the last page's nextBefore for the next.
import { Hono } from 'hono';
import { z } from 'zod';
import type { RouteDeps } from '../deps';
import { validate } from '../http/validate';
import { listAudit, MAX_AUDIT_PAGE } from '../services/audit';

const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_AUDIT_PAGE, `Limit must be at most ${MAX_AUDIT_PAGE}`)
    .default(50),
  before: z.coerce
    .number({ error: 'Before must be an entry id' })
    .int('Before must be an entry id')
    .positive('Before must be an entry id')
    .optional(),
});

export const adminAuditRoutes = ({ db }: RouteDeps) =>
  new Hono().get('/', validate('query', auditQuerySchema), async (c) => {
    const { limit, before } = c.req.valid('query');
    const entries = await db.query((db) => listAudit(db, { limit, before }));
    return c.json({ entries, nextBefore: entries.length === limit ? entries[entries.length - 1].id : null }, 200);
  });
