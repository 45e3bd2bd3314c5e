// GET /api/admin/insights/dashboard (support and above) and /analytics?period= (manager and
// above; the guard is in admin.ts): the figures of services/insights.ts.
import { Hono } from 'hono';
import { analyticsQuerySchema, seesRevenue, withoutField, type DashboardSummary } from '../contract';
import { organisationOf, staffRoleOf } from '../http/auth';
import type { RouteDeps } from '../deps';
import { validate } from '../http/validate';
import { analyticsReport, dashboardSummary } from '../services/insights';

export const adminInsightRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/dashboard', async (c) => {
      const summary = await db.query((q) => dashboardSummary(q, organisationOf(c)));
      // Revenue is for managers and admins (decision 047): gate staff and support see the rest.
      const shown: DashboardSummary = seesRevenue(staffRoleOf(c)) ? summary : withoutField(summary, 'totalRevenue');
      return c.json(shown, 200);
    })
    .get('/analytics', validate('query', analyticsQuerySchema), async (c) => {
      const { period } = c.req.valid('query');
      return c.json(await db.query((q) => analyticsReport(q, organisationOf(c), period)), 200);
    });
