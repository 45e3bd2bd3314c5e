import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { listRegistrations, registrationStats } from '../services/registrations';

export const adminRegistrationRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', (c) => c.json({ registrations: listRegistrations(db) }))
    .get('/stats', (c) => c.json(registrationStats(db)));
