// GET /api/admin/audit?limit=&before=&actor=&entity=&action=&from=&to= → { entries, nextBefore }
// newest first (admin only). `limit` 1-200 (default 50); `before` is an entry id: pass the last
// page's nextBefore for the next; `actor` a staff id, `entity` a kind of record, `from`/`to` India days.
import { Hono } from 'hono';
import { auditQuerySchema } from '../contract';
import type { RouteDeps } from '../deps';
import { validate } from '../http/validate';
import { listAudit } from '../services/audit';
import { organisationOf } from '../http/auth';

export const adminAuditRoutes = ({ db }: RouteDeps) =>
  new Hono().get('/', validate('query', auditQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { limit } = query;
    const entries = await db.query((db) => listAudit(db, organisationOf(c), c.get('staff').platformRole !== null, query));
    return c.json({ entries, nextBefore: entries.length === limit ? entries[entries.length - 1].id : null }, 200);
  });
