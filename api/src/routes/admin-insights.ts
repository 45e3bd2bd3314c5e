import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { dashboardSummary } from '../services/insights';

export const adminInsightRoutes = ({ db }: RouteDeps) => new Hono().get('/dashboard', (c) => c.json(dashboardSummary(db)));
