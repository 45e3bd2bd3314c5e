// GET /api/admin/insights/dashboard (support and above) and /analytics?period= (manager and
// above; the guard is in admin.ts): the figures of services/insights.ts.
import { Hono } from 'hono';
import { analyticsQuerySchema } from '../contract';
import type { RouteDeps } from '../deps';
import { validate } from '../http/validate';
import { analyticsReport, dashboardSummary } from '../services/insights';

export const adminInsightRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/dashboard', (c) => c.json(dashboardSummary(db), 200))
    .get('/analytics', validate('query', analyticsQuerySchema), (c) =>
      c.json(analyticsReport(db, c.req.valid('query').period), 200),
    );
