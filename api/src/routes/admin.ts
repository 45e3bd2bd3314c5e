// Everything under /api/admin. The staff session and role guard (DESIGN.md section 6) belong in
// this file, once, ahead of the sub-routes.
import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { adminEventRoutes } from './admin-events';
import { adminInsightRoutes } from './admin-insights';
import { adminRegistrationRoutes } from './admin-registrations';
import { adminTicketRoutes } from './admin-tickets';

export const adminRoutes = (deps: RouteDeps) =>
  new Hono()
    .use(async (c, next) => {
      await next();
      // Staff data must never be kept by a shared cache or the back button's disk cache.
      c.header('Cache-Control', 'no-store');
    })
    .route('/events', adminEventRoutes(deps))
    .route('/tickets', adminTicketRoutes(deps))
    .route('/registrations', adminRegistrationRoutes(deps))
    .route('/insights', adminInsightRoutes(deps));
