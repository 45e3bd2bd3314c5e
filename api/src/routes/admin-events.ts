import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { listAllEvents } from '../services/events';

export const adminEventRoutes = ({ db }: RouteDeps) => new Hono().get('/', (c) => c.json({ events: listAllEvents(db) }));
