import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { platformConfig } from '../services/config';

export const configRoutes = ({ db, env }: RouteDeps) =>
  new Hono().get('/', (c) => c.json(platformConfig(db, env.payments.mode), 200, { 'Cache-Control': 'no-cache' }));
