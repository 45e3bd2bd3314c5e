// GET /api/admin/participants → { participants, stats } (admin only; the guard is in admin.ts).
import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { listParticipants } from '../services/participants';
import { organisationOf } from '../http/auth';

export const adminParticipantRoutes = ({ db }: RouteDeps) =>
  new Hono().get('/', async (c) => c.json(await db.query((db) => listParticipants(db, organisationOf(c))), 200));
