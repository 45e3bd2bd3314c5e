// GET /api/admin/participants → { participants, stats } (admin only; the guard is in admin.ts).
import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { listParticipants } from '../services/participants';

export const adminParticipantRoutes = ({ db }: RouteDeps) => new Hono().get('/', (c) => c.json(listParticipants(db), 200));
