import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { ApiError } from '../http/errors';
import { VERSION } from '../version';

export const healthRoutes = ({ db }: RouteDeps) =>
  new Hono().get('/', async (c) => {
    try {
      await db.ping();
    } catch (error) {
      console.error('[api] health check: database unavailable:', error);
      throw new ApiError(503, 'service_unavailable', 'Database unavailable');
    }
    return c.json({ status: 'ok', db: 'ok', version: VERSION } as const, 200, { 'Cache-Control': 'no-store' });
  });
