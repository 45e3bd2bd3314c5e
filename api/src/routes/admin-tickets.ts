import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { listAllTickets } from '../services/tickets';

export const adminTicketRoutes = ({ db }: RouteDeps) => new Hono().get('/', (c) => c.json({ tickets: listAllTickets(db) }));
