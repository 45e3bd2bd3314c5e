import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { ApiError } from '../http/errors';
import { freeBytes, MIN_FREE_BYTES, probeWrite, writeFailure } from '../services/health';
import { VERSION } from '../version';

/** Seconds a load balancer waits before asking again when storage is full. */
const FULL_RETRY_SECONDS = 60;

export const healthRoutes = ({ db, env }: RouteDeps) =>
  new Hono().get('/', async (c) => {
    try {
      await db.ping();
    } catch (error) {
      console.error('[api] health check: database unavailable:', error);
      throw new ApiError(503, 'service_unavailable', 'Database unavailable');
    }
    // Issue 40: answering is not enough; an order must be writable (the database and DATA_DIR).
    const unwritable = (detail: string) => {
      c.header('Retry-After', String(FULL_RETRY_SECONDS));
      c.header('Cache-Control', 'no-store');
      return new ApiError(503, 'service_unavailable', `Database unwritable: ${detail}`);
    };
    try {
      await db.transaction((tx) => probeWrite(tx));
    } catch (error) {
      console.error('[api] health check: the database cannot be written:', error);
      throw unwritable(writeFailure(error));
    }
    const free = await freeBytes(env.dataDir);
    if (free !== undefined && free < MIN_FREE_BYTES) throw unwritable(`DATA_DIR has ${Math.floor(free / 1024)} KB free`);
    return c.json({ status: 'ok', db: 'ok', storage: 'ok', version: VERSION } as const, 200, { 'Cache-Control': 'no-store' });
  });
